"""The memory browser (``tiermem ui``): server-rendered pages on the REST app, under ``/ui``."""

from .routes import install

__all__ = ["install"]
