"""The authoritative game of a LAN table: the engine, its joint dealer, and what each seat may see.

``GameTable`` knows nothing of sockets. It wraps a Durak series or an Azi session behind one
shape (``to_move``, ``legal``, ``apply`` → events, ``observation_for``), says when the next deal
needs a joint seed (:attr:`needs_seed`) and collects each finished deal's proof for the
players. The host (host.py) runs the seed rounds and the connections around it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core import Event, apply_by, event_seen_by
from engine.games import rules_for
from engine.joint_seed import CHAIN_START, JointDealer, chain_link, host_commitment_of, joint_seed
from engine.record import DealRecord, GameRecord, JointDeal, record_of
from engine.shuffle import commitment_of


@dataclass
class DealRound:
    """One joint deal's parts: the host's seed, and by seat the commitments and contributions.

    A deal number has one round, ever: it is opened once with one host seed, its ``members``
    (the seats whose commitments were shown to everyone) are fixed when the commitments are
    in, and it is sealed only with every member's contribution. ``chain`` is set when sealed.
    """

    number: int
    host_seed: bytes
    contributions: dict[int, bytes] = field(default_factory=dict)
    commitments: dict[int, str] = field(default_factory=dict)  # what each seat committed to
    members: list[int] | None = None  # fixed once every commitment is in
    seed_commitment: str | None = None
    chain: str | None = None  # the deal chain's value once this deal is sealed
    names: str | None = None  # digest of the seat names its commitment binds (None: older save)

    @property
    def host_commitment(self) -> str:
        """What the host shows before the deal: its seed bound with the seat names' digest."""
        return host_commitment_of(self.host_seed, self.names)

    @property
    def sealed(self) -> bool:
        """True once the deal's seed is made (never again for this number)."""
        return self.chain is not None

    def joint(self) -> JointDeal:
        """The deal's chain as a game record keeps it (engine/record.py)."""
        return JointDeal(self.host_commitment, self.host_seed.hex(),
                         tuple((s, self.commitments.get(s) or commitment_of(c), c.hex())
                               for s, c in sorted(self.contributions.items())), self.names)

    def opened(self) -> dict[str, Any]:
        """What a player who joins mid-deal is told: the host's commitment, the commitments and
        parts revealed so far, and, once sealed, the seed's commitment and the chain value."""
        return {"deal": self.number, "host_commitment": self.host_commitment,
                "commitments": ({str(s): self.commitments[s] for s in self.members}
                                if self.members is not None else None),
                "contributions": ({str(s): c.hex() for s, c in sorted(self.contributions.items())}
                                  if self.sealed else None),
                "seed_commitment": self.seed_commitment, "chain": self.chain}

    def proof(self, seed_hex: str | None, order: list[int] | None) -> dict[str, Any]:
        """What a player needs to check this deal once its game is over."""
        return {"deal": self.number, "host_seed": self.host_seed.hex(),
                "contributions": {str(s): c.hex() for s, c in sorted(self.contributions.items())},
                "seed": seed_hex, "order": order}

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data for the host's save (holds the secret host seed)."""
        return {"number": self.number, "host_seed": self.host_seed.hex(),
                "contributions": {str(s): c.hex() for s, c in self.contributions.items()},
                "commitments": {str(s): c for s, c in self.commitments.items()},
                "members": self.members, "seed_commitment": self.seed_commitment,
                "chain": self.chain, "names": self.names}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> DealRound:
        """Inverse of :meth:`to_json`."""
        return cls(data["number"], bytes.fromhex(data["host_seed"]),
                   {int(s): bytes.fromhex(c) for s, c in data["contributions"].items()},
                   {int(s): c for s, c in data["commitments"].items()},
                   data.get("members"), data.get("seed_commitment"), data.get("chain"),
                   data.get("names"))


def events_json(events: list[Event], seat: int | None) -> list[dict[str, Any]]:
    """Events as ``seat`` may see them, as plain JSON data."""
    return [event_seen_by(e, seat).to_json() for e in events]


def observation_json(observation: dict[str, Any]) -> dict[str, Any]:
    """An observation as plain JSON data (its history as event objects)."""
    data = dict(observation)
    # Durak's history holds Event tuples, Azi's already holds their JSON form.
    data["history"] = [e if isinstance(e, dict) else Event(*e).to_json()
                       for e in observation.get("history", ())]
    return data


class GameTable:
    """A Durak series of ``games`` games (0: game after game until the host ends the table, the
    local table's Series) or an Azi session stopped after ``games`` games (0: to the end)."""

    def __init__(self, game: str, num_players: int, games: int = 1,
                 azi_options: dict[str, Any] | None = None) -> None:
        self._rules = rules_for(game)  # ValueError naming the known games
        # A game with a series (Durak) deals each game on its own, one after another in the
        # series; any other (Azi) plays one session that deals its games itself.
        self._one_by_one = self._rules.series is not None
        self.game_name = game
        self.num_players = num_players
        self.games = games
        self.azi_options = dict(azi_options or {})
        self.dealer = JointDealer()
        self.rounds: dict[int, DealRound] = {}  # by deal number, 1 for the first
        self.turn = 0  # actions applied so far: a client names it, so a stale click is refused
        self._state: Any = None  # DurakSeries or AziSession once the first deal is made
        self._proved = 0  # deals whose proof has been handed out
        self.actions: list[int] = []  # every action applied, in order
        self._game_start = 0  # where the Durak game being played began in ``actions``
        self._finished: list[tuple[Any, list[int], int]] = []  # not recorded yet: (game,
        #   its actions, its first deal)
        self._recorded = 0  # of those, how many have had their record handed out (older saves)
        self._standing: tuple[Any, dict[str, Any]] | None = None  # the score, for the game

    # --- the game's shape ---------------------------------------------------------------------
    @property
    def started(self) -> bool:
        """True once the first deal is made."""
        return self._state is not None

    @property
    def game(self) -> Any:
        """The object with to_move / legal_actions / apply (a DurakGame or the AziSession)."""
        return self._state.game if self._one_by_one else self._state

    @property
    def deal_number(self) -> int:
        """The number of the deal being played (0 before the first)."""
        return self.dealer.deals_made

    @property
    def to_move(self) -> int | None:
        """The seat whose decision it is; None between Durak games and at the end."""
        return self.game.to_move if self.started else None

    @property
    def over(self) -> bool:
        """True when the table has played all it will."""
        if not self.started:
            return False
        if self._one_by_one:
            return (self.games > 0 and self.game.is_over()
                    and len(self._state.results) + 1 >= self.games)
        return self._state.to_move is None

    @property
    def needs_seed(self) -> bool:
        """True when the next step deals a deck and no joint seed is ready for it."""
        if self.dealer.ready or self.over:
            return False
        if not self.started:
            return True
        if self._one_by_one:
            return self.game.is_over()  # the next game of the series
        return True  # an Azi session deals the next game inside an apply: keep a seed ready

    def legal(self) -> list[int]:
        """The legal actions now."""
        return self.game.legal_actions() if self.to_move is not None else []

    def action_texts(self, actions: list[int]) -> list[str]:
        """Short texts of ``actions``, for a text prompt."""
        return [self.game.action_text(a) for a in actions]

    @property
    def plays_series(self) -> bool:
        """A Durak table of more than one game keeps a series score, as the local Series does."""
        return not rules_for(self.game_name).sessions and self.games != 1

    def standing(self) -> dict[str, Any]:
        """The series score (engine/durak/series.py): the game being played, wins and losses.
        Counted once per game and its end, not for every seat at every move (the series
        counts every game played so far)."""
        series = self._state
        key = (series, series.game_number, series.game.is_over())
        if self._standing is None or self._standing[0] != key:
            self._standing = key, {"game_number": series.game_number, "games": self.games,
                                   "wins": series.wins, "losses": series.losses}
        score = self._standing[1]
        return {**score, "wins": list(score["wins"]), "losses": list(score["losses"])}

    def observation_for(self, seat: int, history: bool = True) -> dict[str, Any]:
        """What ``seat`` may know now, as plain JSON data (with the series score in a series).

        Without ``history`` the game's events are replaced by their count, ``history_len``: a
        seat that saw every event since the game began has them already (the last
        ``history_len`` it saw), so a move costs a few hundred bytes, not the whole game again."""
        if history:
            data = observation_json(self.game.observation(seat))
        else:  # not even built: one history entry per event of the game, each seat alike
            data = self.game.observation(seat, history=False)
            data["history_len"] = len(self.game.history)
        if self.plays_series:
            data["series"] = self.standing()  # public: every seat sees the same score
        return data

    def observations_for(self, seats: list[int]) -> dict[int, dict[str, Any]]:
        """``observation_for(seat, history=False)`` of each of ``seats``: what every seat sees
        alike built once, each seat's own keys (the game's ``seat_part``) put over it."""
        part = self._rules.seat_part
        if part is None or len(seats) < 2:
            return {seat: self.observation_for(seat, history=False) for seat in seats}
        first = self.observation_for(seats[0], history=False)
        return {seat: first if seat == seats[0] else {**first, **part(self.game, seat)}
                for seat in seats}

    # --- moving the game on -------------------------------------------------------------------
    def begin_round(self, host_seed: bytes, names: str | None = None) -> DealRound:
        """The joint round of the next deal: the one already open (a resumed host keeps its
        seed, so players see one host commitment per deal), else a new one with ``host_seed``
        bound with ``names``, the digest of the seat names (joint_seed.py ``names_digest``)."""
        number = self.dealer.deals_made + 1
        round_ = self.rounds.get(number)
        if round_ is None or round_.sealed:
            round_ = self.rounds[number] = DealRound(number, host_seed, names=names)
        return round_

    def seal(self, round_: DealRound) -> bytes:
        """Make the deal's joint seed from the host seed and every member's contribution, extend
        the deal chain, and hand the seed to the dealer; returns the seed."""
        if round_.sealed:
            raise RuntimeError(f"deal {round_.number} is already sealed")
        seed = joint_seed(round_.host_seed, round_.contributions.items())
        round_.seed_commitment = commitment_of(seed)
        round_.chain = chain_link(self.chain_head()[1], round_.number,
                                  round_.host_commitment, round_.seed_commitment)
        self.dealer.supply(seed)
        return seed

    def chain_head(self) -> tuple[int, str]:
        """The last sealed deal's number and chain value ((0, start) before the first)."""
        sealed = [r for r in self.rounds.values() if r.sealed]
        if not sealed:
            return 0, CHAIN_START
        last = max(sealed, key=lambda r: r.number)
        return last.number, last.chain or CHAIN_START

    def chain_value(self, number: int) -> str:
        """The chain value after deal ``number`` was sealed (the start value for 0)."""
        round_ = self.rounds.get(number)
        return round_.chain if round_ is not None and round_.chain else CHAIN_START

    def chain_links(self, limit: int = 200) -> dict[str, Any]:
        """The sealed deals as a player checks the chain: the value before the first listed
        deal, then (number, host commitment, seed commitment) of each, the last ``limit``."""
        sealed = sorted((r for r in self.rounds.values() if r.sealed), key=lambda r: r.number)
        shown = sealed[-limit:]
        before = self.rounds.get(shown[0].number - 1) if shown else None
        return {"base": before.chain if before is not None and before.chain else CHAIN_START,
                "links": [[r.number, r.host_commitment, r.seed_commitment]
                          for r in shown]}

    def deal_next(self) -> list[Event]:
        """Start the first game or the next Durak game; returns its opening events (all seats')."""
        if self._one_by_one:
            if self._state is None:
                self._state = self._rules.series(self.num_players, self.dealer)
            else:
                self._state.next_game()
            self._game_start = len(self.actions)
            return list(self.game.history)
        self._state = self._rules.new(self.num_players, self.azi_options, self.dealer)
        self._stop_if_last()
        return list(self._state.history)

    def apply(self, action: int, seat: int) -> list[Event]:
        """Apply ``seat``'s action (IllegalAction, state unchanged, if it is not legal)."""
        game = self.game
        events = apply_by(game, seat, action)
        self.turn += 1
        self.actions.append(action)
        if not self._one_by_one:
            self._stop_if_last()
            if self.over:
                self._finished.append((self._state, list(self.actions), 1))
        elif game.is_over():
            self._finished.append((game, self.actions[self._game_start:], self.deal_number))
        return events

    def _stop_if_last(self) -> None:
        session = self._state
        if self.games and session.game_number >= self.games and not session.stop_requested:
            session.stop_after_game()

    def new_proofs(self) -> list[dict[str, Any]]:
        """Proofs of deals whose game has ended since the last call."""
        if self._finished_count() == self._proved:  # most moves end no game: nothing to build
            return []
        finished = self._finished_deals()
        proofs = []
        for number, seed_hex, order in finished[self._proved:]:
            proofs.append(self.rounds[number].proof(seed_hex, order))
        self._proved = len(finished)
        return proofs

    def new_records(self, names: list[str]) -> list[GameRecord]:
        """Records of the games ended since the last call: each Durak game of the series, the
        Azi session once the table is over, every deal with its joint chain."""
        records = []
        for game, actions, first_deal in self._finished[self._recorded:]:
            record = record_of(game, actions, names, {"program": "Kozyr", "table": "lan"})
            record.deals = [DealRecord(d.commitment, d.seed, d.deck_order,
                                       self.rounds[first_deal + i].joint())
                            for i, d in enumerate(record.deals)]
            records.append(record)
        # Handed out: nothing needs these games again, and the table's save (written after
        # moves) would otherwise carry every game of a long series, ever longer.
        self._finished.clear()
        self._recorded = 0
        return records

    def _finished_count(self) -> int:
        """How many deals :meth:`_finished_deals` lists, without building the list."""
        if not self.started:
            return 0
        if self._one_by_one:
            return len(self._state.results) + (1 if self.game.is_over() else 0)
        return len(self._state.games)

    def _finished_deals(self) -> list[tuple[int, str | None, list[int] | None]]:
        if not self.started:
            return []
        if self._one_by_one:
            results = list(self._state.results)
            if self.game.is_over():
                results.append(self.game.result())
            return [(i, r["seed"], r["deck_order"]) for i, r in enumerate(results, 1)]
        return [(i, g["seed"], g["deck"]) for i, g in enumerate(self._state.games, 1)]

    def result(self) -> dict[str, Any]:
        """The table's outcome: Durak wins/losses per seat, or Azi stacks (nothing if never
        dealt)."""
        if not self.started:
            return {"game": self.game_name, "games": 0}
        if self._one_by_one:
            return {"game": self.game_name, "games": len(self._state.results) + 1,
                    "wins": self._state.wins, "losses": self._state.losses,
                    "last": self.game.result()}
        session = self._state.result()
        return {"game": self.game_name, "games": len(self._state.games),
                "stacks": session["stacks"],
                "winner": session["winner"], "game_number": session["game_number"],
                "stopped": session["stopped"]}
