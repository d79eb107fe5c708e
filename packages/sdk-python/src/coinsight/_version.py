# The one place the version is written: pyproject.toml reads it, and the User-Agent sends it.
__version__ = "0.1.0"
