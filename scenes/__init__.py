"""The desktop program: the App and its scene stack, menus, settings, overlays and the table.

Start with :mod:`scenes.app` (the loop and stack) and :mod:`scenes.scene` (the base classes).
Nothing here is imported at package import time, so ``import scenes`` stays cheap.
"""
