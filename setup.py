"""Build the C extensions; everything else about the package is in pyproject.toml.

An extension marked optional that fails to build (no C compiler or no Python
headers) does not stop the install: the feature that needs it says so when used.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "ludoteca.games.texas42._solver",
            ["src/ludoteca/games/texas42/_solver.c"],
            extra_compile_args=["-O3", "-Wall"],
            depends=["src/ludoteca/_cpython.h"],
            optional=True,
        ),
        Extension(
            "ludoteca.games.bingo._solver",
            ["src/ludoteca/games/bingo/_solver.c"],
            extra_compile_args=["-O3", "-Wall"],
            depends=["src/ludoteca/_cpython.h"],
            optional=True,
        ),
        Extension(
            "ludoteca.games.fiveup._solver",
            ["src/ludoteca/games/fiveup/_solver.c"],
            extra_compile_args=["-O3", "-Wall"],
            depends=["src/ludoteca/_cpython.h"],
            optional=True,
        ),
        Extension(
            "ludoteca.games._tensor",
            ["src/ludoteca/games/_tensor.c"],
            extra_compile_args=["-O3", "-Wall"],
            depends=["src/ludoteca/_cpython.h"],
            optional=True,
        ),
        Extension(
            "ludoteca.rl._observe",
            ["src/ludoteca/rl/_observe.c"],
            extra_compile_args=["-O3", "-Wall"],
            depends=["src/ludoteca/_cpython.h"],
            optional=True,
        ),
    ],
)
