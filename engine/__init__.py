"""Kozyr's rules engine: pure Python, no pygame, no clock, no file I/O, no global random."""
