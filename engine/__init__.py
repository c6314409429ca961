"""Kozyr's rules engine: pure Python, no pygame, no clock, no file I/O, no global random.

(One exception, at import only: engine/compiled.py picks the compiled build of the hot modules
when one was built for today's sources, else the pure modules — the same rules either way.)
"""

from .compiled import choose

choose()
