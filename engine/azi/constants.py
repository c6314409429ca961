"""Azi's action numbers, phase names and event kinds, shared by the engine, the AI and the UI."""

from __future__ import annotations

# Actions. A card 0..26 is itself an action: discard it (4-card deal) or play it to a trick.
FOLD = 100
CALL = 101
LOOK = 102  # a blind player looks at his cards; it stays his turn
JOIN_AZI = 103  # pay the azi buy-in and play the azi game
SKIP_AZI = 104
ALL_IN = 105  # only when the player cannot afford to call (or to open): puts in all he has
BET_BASE = 1000  # BET_BASE + L opens at, or raises to, bid level L

MAX_RAISES = 3  # raises per player per game (the opening bet is not a raise)
TRICKS_PER_GAME = 3
TRICKS_TO_WIN = 2

# CLOCKWISE[n][s]: the seats of an n-player table clockwise from seat s (s first); seats are
# numbered clockwise, so the player to the left of s is s + 1.
CLOCKWISE = {n: tuple(tuple((s + k) % n for k in range(n)) for s in range(n)) for n in range(2, 7)}

# Phases, as ``observation(seat)["phase"]`` reports them.
BUY_IN = "buy_in"
DISCARD = "discard"
BIDDING = "bidding"
TRICKS = "tricks"
OVER = "over"  # the session is over

# Event kinds, in the order a game produces them.
GAME_STARTED = "game_started"  # amount = game number
SAT_OUT = "sat_out"  # seat cannot pay the ante / the azi buy-in, or declined it
ANTE = "ante"  # seat, amount
AZI_JOINED = "azi_joined"  # seat, amount = buy-in paid
AZI_DECLINED = "azi_declined"  # seat, amount = buy-in asked
SHUFFLED = "shuffled"  # amount = game number; the commitment is AziSession.deal_commitment
DEALT = "dealt"  # seat, cards = (card,) private (HIDDEN when the table plays blind)
TRUMP = "trump"  # cards = (turned card,)
SIX_ON_STAGE = "six_on_stage"  # cards = (six of trumps,)
DISCARDED = "discarded"  # seat, cards = (card,) private
LOOKED = "looked"  # seat, cards = his hand, private; amount 1 when shown automatically
BET = "bet"  # opening bet: seat, amount = level, target = chips paid now
RAISED = "raised"  # seat, amount = level, target = chips paid now
CALLED = "called"  # seat, amount = level, target = chips paid now
FOLDED = "folded"  # seat
ALL_IN_EVENT = "all_in"  # seat, amount = level reached, target = chips paid now
LEAD_WON = "lead_won"  # seat
PLAYED = "played"  # seat, cards = (card,)
TRICK_WON = "trick_won"  # seat, cards = the trick in play order
BANK_PAID = "bank_paid"  # seat (the winner), amount
REFUND = "refund"  # seat, amount (all-in remainder, or a carried bank given back on leaving)
AZI = "azi"  # amount = bank carried to the next game
PLAYER_OUT = "player_out"  # seat has no chips left: he has left the session
SESSION_OVER = "session_over"  # seat = the player holding all the chips, -1 if the table left
