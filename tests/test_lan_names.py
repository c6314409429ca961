"""A LAN record's seat names are bound in the host's commitment: swapping them is caught.

The host commits to each deal's seed together with the digest of the seat names in seat order
(engine/joint_seed.py), so a record in which two names were swapped (another player is the
Durak) fails ``verify`` and ``replay``; an older record, whose host committed to the bare seed,
still verifies its cards and says its names are not bound."""

import dataclasses

from test_lan_records import _verify, durak_states  # noqa: F401  (a fixture: a played table)

from engine.joint_seed import names_digest
from engine.record import replay_record, verify_record
from engine.shuffle import commitment_of
from net.lan_records import check_lan_record

SWAPPED = "the seat names in the record are not the ones the host committed to"


def _honest(states):
    return states[0][0].records[0][0]


def _swapped(record):
    seats = list(record.seats)
    seats[0], seats[1] = seats[1], seats[0]
    return dataclasses.replace(record, seats=seats)


def _per_deal(record, change):
    return dataclasses.replace(record, deals=[dataclasses.replace(d, joint=change(d.joint))
                                              for d in record.deals])


def test_an_honest_lan_record_binds_its_seat_names(durak_states, tmp_path):
    record = _honest(durak_states)
    assert record.seats[0] != record.seats[1]
    assert all(d.joint.names == names_digest(record.seats) for d in record.deals)
    code, text = _verify(record, tmp_path)
    assert code == 0, text
    assert "deck \u2713, names \u2713" in text
    assert "binds these seat names" in text


def test_two_swapped_names_fail_verify_and_replay(durak_states, tmp_path):
    forged = _swapped(_honest(durak_states))
    assert any(SWAPPED in p for p in verify_record(forged))
    assert not replay_record(forged).matches
    code, text = _verify(forged, tmp_path)
    assert code == 1
    assert f"deal 1: {SWAPPED} before the deal (names changed or swapped)" in text
    assert "names \u2717 FAIL" in text


def test_swapped_names_with_the_digest_removed_still_fail(durak_states, tmp_path):
    forged = _per_deal(_swapped(_honest(durak_states)),
                       lambda j: dataclasses.replace(j, names=None))
    code, text = _verify(forged, tmp_path)
    assert code == 1
    assert "the host seed does not match the commitment" in text
    assert "were they changed or swapped?" in text


def test_an_older_record_verifies_its_cards_and_says_names_are_not_bound(durak_states, tmp_path):
    # As a host before the binding wrote it: the bare SHA-256 of its seed, no names digest.
    older = _per_deal(_honest(durak_states), lambda j: dataclasses.replace(
        j, names=None, host_commitment=commitment_of(bytes.fromhex(j.host_seed))))
    assert verify_record(older) == [] and replay_record(older).matches
    code, text = _verify(older, tmp_path)
    assert code == 0, text
    assert "deck \u2713, names not bound (older record)" in text
    swapped = _swapped(older)  # its names are labels: a swap cannot be seen, and is not claimed
    assert verify_record(swapped) == []


def test_a_player_refuses_a_record_whose_names_are_not_the_ones_listed_at_the_table(
        durak_states):
    state = durak_states[0][0]
    data = _honest(durak_states).to_json()
    orders = {p["deal"]: p.get("order") for p in state.proofs}
    args = (state.seat, state.host_commitments, state.contributions, orders, state.unchecked)
    assert check_lan_record(data, *args, state.seat_names())[1] == []
    listed = list(reversed(state.seat_names()))
    problems = check_lan_record(data, *args, listed)[1]
    assert any("are not the ones the host listed at the table" in p for p in problems)
