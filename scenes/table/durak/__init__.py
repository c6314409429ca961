"""The Durak table: its scene (``table``) on the shared table of :mod:`scenes.table`."""

from .table import DurakTable

__all__ = ["DurakTable"]
