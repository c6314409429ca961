"""The card table both games share: one scene fed by an event source (live game or record).

``scene`` joins the parts: ``source`` (where events come from), ``motion`` (card tweens),
``hands`` (cards in hands and piles), ``input`` (mouse and keys), ``overlays`` (log, peek,
banner, toast, Watch panel, game-over flow); ``durak/`` and ``azi/`` hold each game's parts.
"""
