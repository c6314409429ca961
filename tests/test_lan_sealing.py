"""A deal is sealed once (docs/lan.md): a host that deals a deal again, restarts its round after
seeing the parts, or carries on from an older copy of its table is caught by every player; an
honest table waits for a missing part instead of sealing without it."""

import asyncio
import json

from engine.joint_seed import CHAIN_START, JointDealer, chain_link
from net.bots import SeatBot
from net.cli import resume_host
from net.host import Host, HostConfig
from net.ledger import DealLedger
from net.sealing import Sealer
from net.table_save import read_table_data

LOOPBACK = "127.0.0.1"
H1, H2, S1, S2 = "a1" * 32, "b2" * 32, "c3" * 32, "d4" * 32


def _host(seats, sealer=None, **options):
    host = Host(HostConfig(game="durak", seats=seats, bind=LOOPBACK, port=0, **options))
    if sealer is not None:
        host.sealer = sealer(host)
    return host


async def _play(host, players, **bot_options):
    await host.start()
    bots = [SeatBot(host.address, "random", f"p{i}", **bot_options) for i in range(players)]
    runs = [asyncio.create_task(b.run()) for b in bots]
    await asyncio.wait_for(host.run(), 60)
    return await asyncio.wait_for(asyncio.gather(*runs), 10)


class ReDealer(Sealer):
    """A modified host: it seals deal 1, looks at the deck, and seals deal 1 again."""

    again = False

    async def seal_next(self):
        await super().seal_next()
        if not self.again:
            self.again = True
            self.host.table.dealer = JointDealer()  # forget the sealed seed
            del self.host.table.rounds[1]
            await super().seal_next()


class Restarter(Sealer):
    """A modified host: once every part is revealed (it knows the deck), it starts the round
    again with a fresh host seed, as if a player had stalled."""

    restarted = False

    async def _gather(self, phase):
        done = await super()._gather(phase)
        if phase == "reveal" and not self.restarted:
            self.restarted = True
            table = self.host.table
            del table.rounds[self.round.number]
            fresh = table.begin_round(bytes(32))
            self.round = fresh
            return await super()._gather("commit") and self._members() and \
                await super()._gather("reveal")
        return done

    def _members(self):
        self.round.members = sorted(self.round.commitments)
        return True


def test_a_host_that_seals_a_deal_twice_is_flagged_by_every_client():
    states = asyncio.run(_play(_host(["human", "human", "human", "easy"], ReDealer), 3))
    for state in states:
        assert {"deal": 1, "kind": "resealed"} in state.faults
        assert state.verdicts[1]  # its proof does not match the commitment shown first
        assert state.records and all(problems for _, problems in state.records)  # evidence


def test_a_host_that_restarts_a_round_after_the_reveal_is_flagged_by_every_client():
    states = asyncio.run(_play(_host(["human", "human", "easy"], Restarter), 2))
    for state in states:
        assert {"deal": 1, "kind": "recommitted"} in state.faults
        assert all(problems for _, problems in state.records)


def test_an_honest_table_shows_no_fault():
    states = asyncio.run(_play(_host(["human", "human", "easy"]), 2))
    for state in states:
        assert state.faults == [] and state.verdicts == {1: []}


def test_the_deal_waits_for_a_committed_part_and_a_new_program_with_the_token_reveals_it():
    async def scenario():
        host = _host(["human", "human"], drop_timeout=0.2, deal_timeout=0.5)
        await host.start()
        table = asyncio.create_task(host.run())
        steady = SeatBot(host.address, "random", "steady")
        leaver = SeatBot(host.address, "random", "leaver", reconnect_for=0)
        notices = []
        steady_on = steady._on_message

        async def note(message):
            if message["type"] == "notice":
                notices.append(message["key"])
            await steady_on(message)

        async def vanish_after_commit(message):
            if message["type"] == "deal_commit" and leaver.link._ws is not None:
                leaver.link._ws.transport.abort()  # committed, then gone before the reveal

        steady._on_message = note
        leaver._on_message = vanish_after_commit
        steady_run = asyncio.create_task(steady.run())
        await leaver.run()
        await asyncio.sleep(1.5)  # far past the drop and deal timeouts
        assert host.table.deal_number == 0 and not host.table.dealer.ready  # not sealed
        assert "net.notice.deal_waits" in notices  # the table says it is paused, and for whom
        back = SeatBot(host.address, "random", token=leaver.state.token)  # a new program
        state = await asyncio.wait_for(back.run(), 30)
        await steady_run
        await table
        assert state.faults == [] and steady.state.faults == []
        assert steady.state.verdicts == {1: []}  # sealed with the part committed before
        round_ = host.table.rounds[1]
        assert sorted(round_.contributions) == [0, 1]

    asyncio.run(scenario())


def test_a_seat_away_when_its_deal_is_sealed_is_told_and_the_record_names_who_contributed():
    async def scenario():
        host = _host(["human", "human", "easy"], drop_timeout=0.2, games=2)
        await host.start()
        table = asyncio.create_task(host.run())
        steady = SeatBot(host.address, "random", "steady")
        leaver = SeatBot(host.address, "random", "leaver", reconnect_for=0)
        leaver_on = leaver._on_message

        async def leave_after_first_game(message):
            await leaver_on(message)
            if message["type"] == "game_record" and leaver.link._ws is not None:
                leaver.link._ws.transport.abort()

        leaver._on_message = leave_after_first_game
        steady_run = asyncio.create_task(steady.run())
        await leaver.run()
        while 2 not in host.table.rounds or not host.table.rounds[2].sealed:
            await asyncio.sleep(0.05)
        back = SeatBot(host.address, "random", token=leaver.state.token)
        told = []
        back_on = back._on_message

        async def listen(message):
            told.append(message["type"])
            await back_on(message)

        back._on_message = listen
        state = await asyncio.wait_for(back.run(), 30)
        await steady_run
        await table
        assert "sealed_away" in told and 2 in state.unchecked
        record, problems = steady.state.records[1]
        contributed = [s for s, _, _ in record.deals[0].joint.contributions]
        assert problems == [] and contributed == [steady.state.seat]  # only the one present

    asyncio.run(scenario())


def test_a_host_resumed_from_an_older_copy_of_its_table_is_flagged_by_every_client(tmp_path):
    save = tmp_path / "table.json"

    async def scenario():
        config = HostConfig(game="durak", seats=["human", "human", "easy"], games=3,
                            bind=LOOPBACK, port=0, save_path=str(save), drop_timeout=30)
        first = Host(config)
        copies = []
        saving = first.save

        async def keep_copies():
            await saving()
            if save.exists():
                copies.append(save.read_bytes())

        first.save = keep_copies
        await first.start()
        run = asyncio.create_task(first.run())
        bots = [SeatBot(first.address, "random", f"p{i}", reconnect_for=30) for i in range(2)]
        runs = [asyncio.create_task(b.run()) for b in bots]
        while 2 not in first.table.rounds or not first.table.rounds[2].sealed:
            await asyncio.sleep(0.02)
        await asyncio.sleep(0.2)  # the players see deal 2 sealed
        port = first.port
        run.cancel()  # the host dies without a word...
        first.stopped = True
        for seat in first.seats:
            if seat.conn is not None:
                seat.conn.ws.transport.abort()
        first._server.close()
        await first._server.wait_closed()
        def deals_made(copy):
            older.write_bytes(copy)
            data = read_table_data(older)
            return max(data["dealer"]["deals_made"],
                       (data["state"] or {}).get("dealer", {}).get("deals_made", 0))

        older = tmp_path / "older.json"
        save.write_bytes(next(c for c in copies if deals_made(c) == 1))  # ...and comes back
        # from an older copy of its table
        config.port = port
        second = resume_host(config, save)
        await second.start()
        second_run = asyncio.create_task(second.run())
        for _ in range(200):
            if all(b.state.faults for b in bots):
                break
            await asyncio.sleep(0.05)
        await second.stop()
        second_run.cancel()
        await asyncio.gather(*runs, return_exceptions=True)
        return bots

    bots = asyncio.run(scenario())
    for bot in bots:
        assert any(f["kind"] in ("rewound", "resealed") and f["deal"] == 2
                   for f in bot.state.faults), bot.state.faults


def test_the_ledger_flags_a_second_host_commitment_and_a_second_sealing():
    ledger = DealLedger()
    assert ledger.opened(1, H1) == [] and ledger.opened(1, H1) == []  # asked again: the same
    assert ledger.part_for(1, H1) == ledger.part_for(1, H1)  # the same part, once committed
    assert ledger.opened(1, H2) == [{"deal": 1, "kind": "recommitted"}]
    ledger = DealLedger()
    chain = chain_link(CHAIN_START, 1, H1, S1)
    assert ledger.sealed_now(1, H1, S1, chain, CHAIN_START) == []
    assert ledger.sealed_now(1, H1, S1, chain, CHAIN_START) == []  # told again: the same
    assert ledger.sealed_now(1, H2, S2, chain, CHAIN_START) == [{"deal": 1, "kind": "resealed"}]
    assert ledger.opened(1, H1) == []  # the fault is said once
    assert {"deal": 1, "kind": "resealed"} in ledger.faults


def test_the_ledger_flags_a_chain_that_ends_before_a_deal_it_saw_sealed():
    ledger = DealLedger()
    one = chain_link(CHAIN_START, 1, H1, S1)
    two = chain_link(one, 2, H2, S2)
    ledger.sealed_now(1, H1, S1, one, CHAIN_START)
    ledger.sealed_now(2, H2, S2, two, one)
    assert ledger.chain_shown(CHAIN_START, [[1, H1, S1], [2, H2, S2]]) == []
    assert ledger.chain_shown(CHAIN_START, [[1, H1, S1]]) == [{"deal": 2, "kind": "rewound"}]
    fresh = DealLedger()
    fresh.sealed_now(1, H1, S1, one, CHAIN_START)
    assert fresh.sealed_now(2, H2, S2, "00" * 32, one) == [{"deal": 2, "kind": "chain"}]


def test_the_ledger_survives_a_new_program_through_its_json():
    ledger = DealLedger()
    ledger.opened(1, H1)
    part = ledger.part_for(1, H1)
    again = DealLedger()
    again.merge(json.loads(json.dumps(ledger.to_json())))
    assert again.kept_part(1, H1) == part and again.opened(1, H2) != []
