"""Collection for the doctests of ``src/ludoteca``: a module that needs an optional
extra which is not installed is left out (its tests in ``tests/`` say so)."""

import importlib.util

collect_ignore = []
if importlib.util.find_spec("pyspiel") is None:
    collect_ignore.append("src/ludoteca/openspiel.py")
