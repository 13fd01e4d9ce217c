"""Build the C extensions; everything else about the package is in pyproject.toml."""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "ludoteca.games.texas42._solver",
            ["src/ludoteca/games/texas42/_solver.c"],
            extra_compile_args=["-O3", "-Wall"],
        ),
        Extension(
            "ludoteca.games.bingo._solver",
            ["src/ludoteca/games/bingo/_solver.c"],
            extra_compile_args=["-O3", "-Wall"],
        ),
    ],
)
