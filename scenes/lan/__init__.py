"""LAN tables from the menus: host a table, wait for friends, join one announced on the network.

``host_scene.HostScene`` (from the new-game screen) opens a :class:`~scenes.lan.hosting.LocalHost`
and seats the host's own window at it; ``join_scene.JoinScene`` (main menu) finds tables with
zeroconf or takes an address; both lead to ``waiting_room.WaitingRoom``, which opens the table
(scenes/table/network_scene.py) when the first deal arrives.

The host's window plays as a client of its own host, over the socket like everybody else:
one table class and one source (NetworkSource) for every player, the host's seat checks each
joint deal like every other seat, and the engine has a single owner (the host's loop thread)
instead of being read from two threads.
"""
