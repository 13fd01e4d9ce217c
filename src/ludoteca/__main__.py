"""``python -m ludoteca``: the ``ludoteca`` command."""

from ludoteca.cli import main

raise SystemExit(main())
