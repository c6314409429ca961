"""The game's messages in the player's language: they live in texts/messages.py (no pygame), so
the LAN host and the command line use them too; the screens import them from here or there."""

import sys

import texts.messages

sys.modules[__name__] = texts.messages
