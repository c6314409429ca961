"""LAN tables: one host holds the game, players join over websockets (docs/lan.md).

``protocol`` the JSON messages and their checks · ``table`` the authoritative game and its
joint deals · ``host`` the server · ``client`` a seat's connection, pollable from a frame loop ·
``deal_check`` what a client verifies after each deal · ``bots`` computer and text players for
a joined seat · ``discovery`` zeroconf announcements · ``cli`` ``game.py host`` / ``join``.
No pygame here: a host runs without a window.
"""
