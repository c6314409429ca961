"""Durak, the throw-in variant of docs/rules/durak.md (36 cards, 2–6 players, no transfer).

Import everything Durak from here: ``DurakGame``, ``DurakSeries``, the actions ``TAKE`` and
``PASS`` and the event kinds. The pieces live in ``game`` (state and rules), ``dealing`` (a new
game's deal), ``observe`` (observation, result, returns), ``parts`` (the blank state, positions
from explicit parts), ``text`` (reasons and action texts),
``events`` (event kinds), ``tables`` (card bitmasks), ``seats`` (who
defends, who is asked and who draws in a battle), ``saves`` (the state as JSON and back),
``playout`` (a game played to its end by random legal actions: benchmarks, searches)
and ``series``.

Actions
    A card int 0..35 plays that card: the lead, a throw-in, or the defence of the one unbeaten
    attack card. ``TAKE = 36``: the defender will pick up the table. ``PASS = 37``: an attacker
    adds nothing (more).

Protocol (our decisions where the rules page leaves the turn structure open)
    * One card at a time. The primary attacker must lead one card (no pass).
    * The defender answers each attack card before more are thrown in, so at most one attack
      card is unbeaten at any moment. The defender's choices: a card that beats it, or TAKE.
    * When every attack card is beaten, or the defender has said take, the attackers are asked
      in order: the primary attacker, then the other active players clockwise, skipping the
      defender. Each throws in one card of a rank on the table (attack or defence cards), within
      the limit (attack cards ≤ 6 and ≤ the defender's hand size at the battle's start), or
      passes. Any card played resets the passes: the first attacker in order is asked again.
    * When every attacker has passed since the last card: the table is discarded and the
      defender attacks next, or (after take) the defender picks it all up and the player after
      the defender attacks next.
    * Every attacker is asked in his turn, also one who holds no card of a rank on the table:
      his only legal action is then PASS (rules, Information [decided]: whose turn it is and the
      order players are asked in never depend on hidden cards). The engine passes by itself
      only where everybody can see there is nothing to ask: an attacker with an empty hand, and
      every attacker once the attack limit is reached; it emits the same "passed" event. A table
      may answer a forced PASS for a player, but no faster or slower than a chosen one
      (scenes/controller.py).
    * After a battle: draw up to 6, primary attacker first, then the other attackers clockwise,
      the defender last. The indicator is the talon's last card ("trump_taken" says who drew it).
    * A player with no cards after the battle (talon then empty) is out. When several leave in
      the same battle, the one whose hand emptied first during the battle gets the better place.
      The next attacker is the first active seat clockwise from the one the rules name; the
      defender is always the next active seat after the attacker.
    * The last player holding cards is the Durak; if nobody is left, the game is a draw (the
      places still follow the order in which the hands emptied).
    * Repetition (drawing and leaving 6): each battle-start position (the attacker, every
      hand, the talon and the discard pile) is counted, whether or not the talon is empty;
      when one stands for the third time the game ends in a draw ("game_over" with amount
      REPETITION), the players still holding cards sharing the last place. Only positions
      with the current talon and pile are kept (the pile only grows, the talon only shrinks),
      so the counts stay small. A position built by ``from_parts`` counts from there.
      ``to_json`` keeps the counts ("positions_seen").
    * 6 players: the dealer's sixth card is the trump, public, kept in hand; the talon is empty.
      ``trump_card_taken`` turns True once that card is played.
    * First attack: the holder of the lowest trump ("first_attack" shows the card); nobody holds
      a trump → the player left of the dealer ("first_attack" with no card).
    * ``apply(action)`` acts for the seat to move, as in every game (engine/core.py); a table
      acting for a given seat uses ``core.apply_by(game, seat, action)``, which says "wait for
      your turn" instead of a misleading card reason.

Events (``Event`` NamedTuples, kinds below; field use in engine/durak/events.py), in the order
things happen: shuffled, dealt × cards (private), trump, first_attack; then per move attacked /
beat / take / passed; at a battle's end discarded or picked_up, drew (private) per seat,
trump_taken, out per leaving seat, and game_over. The opening events are in ``game.history``.

Observation (``observation(seat)``): exactly the keys of docs/ARCHITECTURE.md's Durak table.
``history`` is a list of events as dicts (``Event.to_json()``) as that seat saw them (other seats'
dealt and drawn
cards are -1). ``known[s]`` holds the cards publicly known to be in seat s's hand: picked up
from the table, the drawn indicator, the 6-player dealer's trump, the shown lowest trump; a card
leaves it when played. ``observation(None)`` is the shared-screen view (no hand).

Fairness: ``game.deal_commitment`` is the deal seed's SHA-256 commitment from the start;
``result()`` reveals the seed and the deck order once the game is over (``verify_deal``).

Positions: ``DurakGame.from_parts(hands, talon, trump_card, attacker, …)`` builds any position
(stacked tests, the Hard AI's sampled worlds); ``DurakGame.from_observation(obs, hands, talon)``
builds the world a seat's observation describes with a guess of the hidden cards, and raises
ValueError when the guess contradicts it. ``stacked.stacked(["6S 7S", "8S"], "AH", 0, …)``
writes a position in card text; ``stacked.deck_for_deal`` orders a FixedDealer deck.

Full-knowledge helpers (tests, tools, the UI's own bookkeeping; never for a computer player):
``game.hand(seat)``, ``game.talon`` (top first), ``game.table_pairs()``, ``game.history`` (every
event unfiltered), ``game.is_legal(action)``. ``legal_actions()`` builds a fresh list from the
legal-action mask kept with the state (``legal_mask_from_state()`` derives the same mask from
scratch; the tests check they agree).

Speed: the state is a few ints (hands, discard and known cards as 36-bit masks) and short lists;
the talon is a tuple shared by clones. ``clone()`` copies a handful of lists. The hot modules
(engine/compiled.py's MODULES) may run compiled by mypyc (``python -m tools.build_fast``): keep
them mypy-clean with Final constants and typed slots, and let public methods take ``object``
where a caller may pass junk (the compiled build would raise TypeError before the check).
"""

from __future__ import annotations

from .events import (
                           ATTACKED,
                           BEAT,
                           DEALT,
                           DISCARDED,
                           DREW,
                           FIRST_ATTACK,
                           GAME_OVER,
                           OUT,
                           PASSED,
                           PICKED_UP,
                           REPETITION,
                           SHUFFLED,
                           TAKE_DECLARED,
                           TRUMP_SHOWN,
                           TRUMP_TAKEN,
)
from .game import DurakGame
from .series import DurakSeries
from .tables import HAND_SIZE, PASS, TAKE, beats

__all__ = [
    "DurakGame", "DurakSeries", "TAKE", "PASS", "HAND_SIZE", "beats",
    "SHUFFLED", "DEALT", "TRUMP_SHOWN", "FIRST_ATTACK", "ATTACKED", "BEAT", "TAKE_DECLARED",
    "PASSED", "DISCARDED", "PICKED_UP", "DREW", "TRUMP_TAKEN", "OUT", "GAME_OVER", "REPETITION",
]
