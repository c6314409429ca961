"""Joint deals (docs/lan.md): the seed needs every part, and a player's checks catch any change."""

import hashlib

import pytest

from engine.cards import DURAK_DECK
from engine.core import Event
from engine.durak import DurakGame
from engine.joint_seed import (
    JointDealer,
    contribution_matches,
    host_commitment_of,
    joint_seed,
    names_digest,
)
from engine.shuffle import commitment_of, drawn_seat, shuffled
from net.deal_check import check_contributions, check_proof
from net.protocol import ProtocolError, parse_client

HOST = bytes(range(32))
PARTS = [(0, b"\x01" * 32), (1, b"\x02" * 32)]
NAMES = ["Anna", "Boris"]


def test_the_joint_seed_is_a_domain_separated_hash_of_host_seed_and_parts_in_seat_order():
    expected = hashlib.sha256(b"kozyr-joint-deal-v1\0" + HOST + b"\x02"
                              + b"\x00" + b"\x01" * 32 + b"\x01" + b"\x02" * 32).digest()
    assert joint_seed(HOST, PARTS) == expected
    assert joint_seed(HOST, list(reversed(PARTS))) == expected  # seat order, not arrival order


def test_changing_any_single_part_changes_the_seed():
    base = joint_seed(HOST, PARTS)
    assert joint_seed(bytes(32), PARTS) != base
    assert joint_seed(HOST, [(0, b"\x03" * 32), PARTS[1]]) != base
    assert joint_seed(HOST, [(0, PARTS[1][1]), (1, PARTS[0][1])]) != base  # swapped parts
    assert joint_seed(HOST, PARTS[:1]) != base


def test_a_contribution_must_be_32_bytes_matching_its_commitment():
    part = b"\x07" * 32
    assert contribution_matches(part.hex(), commitment_of(part))
    assert not contribution_matches((b"\x08" * 32).hex(), commitment_of(part))
    assert not contribution_matches("zz", commitment_of(part))
    with pytest.raises(ValueError):
        joint_seed(HOST, [(0, b"short")])


def test_the_joint_dealer_deals_only_a_supplied_seed_and_uses_it_once():
    dealer = JointDealer()
    with pytest.raises(RuntimeError):
        dealer.deal(DURAK_DECK)
    seed = joint_seed(HOST, PARTS)
    dealer.supply(seed)
    assert dealer.next_commitment() == commitment_of(seed)
    assert dealer.draw_seat([0, 1, 2]) == drawn_seat(seed, [0, 1, 2])
    deal = dealer.deal(DURAK_DECK)
    assert list(deal.order) == shuffled(DURAK_DECK, seed) and not dealer.ready


def _played_deal():
    """A Durak deal from a joint seed, with seat 0's view of it and the proof the host sends."""
    dealer = JointDealer()
    seed = joint_seed(HOST, PARTS)
    dealer.supply(seed)
    game = DurakGame.new(2, dealer)
    while not game.is_over():
        game.apply(game.legal_actions()[0])
    seen = [Event.from_json(e) for e in game.observation(0)["history"]]  # as the client keeps it
    contributions = {str(s): c.hex() for s, c in PARTS}
    proof = {"deal": 1, "host_seed": HOST.hex(), "contributions": contributions,
             "seed": seed.hex(), "order": list(game.result()["deck_order"])}
    return host_commitment_of(HOST, names_digest(NAMES)), contributions, proof, seen


def test_a_player_verifies_an_honest_deal():
    host_commitment, contributions, proof, seen = _played_deal()
    assert check_proof("durak", 0, host_commitment, contributions, proof, seen,
                       names_digest(NAMES)) == []


def test_a_player_who_saw_other_seat_names_than_the_host_committed_to_catches_it():
    host_commitment, contributions, proof, seen = _played_deal()
    swapped = names_digest(list(reversed(NAMES)))
    problems = check_proof("durak", 0, host_commitment, contributions, proof, seen, swapped)
    assert problems == ["the host's revealed seed and the seat names this program saw do not "
                        "match the host's commitment"]


def test_a_host_seed_other_than_the_committed_one_is_caught():
    host_commitment, contributions, proof, seen = _played_deal()
    proof["host_seed"] = bytes(32).hex()
    assert check_proof("durak", 0, host_commitment, contributions, proof, seen,
                       names_digest(NAMES))


def test_an_order_that_the_joint_seed_does_not_deal_is_caught():
    host_commitment, contributions, proof, seen = _played_deal()
    proof["order"] = proof["order"][1:] + proof["order"][:1]
    assert check_proof("durak", 0, host_commitment, contributions, proof, seen,
                       names_digest(NAMES))


def test_cards_dealt_to_the_seat_that_the_deck_does_not_give_it_are_caught():
    host_commitment, contributions, proof, seen = _played_deal()
    first_own = next(i for i, e in enumerate(seen) if e.kind == "dealt" and e.seat == 0)
    wrong = next(c for c in DURAK_DECK if c != seen[first_own].cards[0])
    seen[first_own] = seen[first_own]._replace(cards=(wrong,))
    problems = check_proof("durak", 0, host_commitment, contributions, proof, seen,
                       names_digest(NAMES))
    assert any("dealt card" in p for p in problems)


def test_a_revealed_part_that_breaks_its_commitment_is_caught_at_reveal_time():
    commitments = {"0": commitment_of(b"\x01" * 32), "1": commitment_of(b"\x02" * 32)}
    assert check_contributions(commitments, {"0": ("01" * 32), "1": ("02" * 32)}) == []
    assert check_contributions(commitments, {"0": ("01" * 32), "1": ("03" * 32)})
    assert check_contributions(commitments, {"0": ("01" * 32)})


@pytest.mark.parametrize("frame", [
    b"\x00\xff binary", "not json", "[1, 2]", '{"type": "hello"}',
    '{"type": "launch", "v": 4}', '{"type": "action", "v": 4, "action": "36", "turn": 0}',
    '{"type": "action", "v": 4, "action": 36}',
    '{"type": "action", "v": 4, "action": 36, "turn": 0, "seat": 1}',
    '{"type": "commit", "v": 4, "deal": 1, "commitment": "XYZ"}',
    '{"type": "hello", "v": 4, "name": "' + "x" * 100 + '"}', "{" * 70000,
])
def test_malformed_messages_are_refused_at_the_door(frame):
    with pytest.raises(ProtocolError):
        parse_client(frame)


def test_a_well_formed_action_passes_the_door():
    assert parse_client('{"type": "action", "v": 4, "action": 36, "turn": 4}')["action"] == 36
