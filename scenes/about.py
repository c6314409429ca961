"""What the program calls itself: its version (the main menu's footer, ``game.py --version``)."""

VERSION = "0.1"
