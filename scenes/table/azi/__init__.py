"""The Azi table: its scene (``table``), chips, bidding panels, words and shown numbers."""

from .table import AziTable

__all__ = ["AziTable"]
