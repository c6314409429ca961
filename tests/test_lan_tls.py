"""Encrypted LAN tables (docs/lan.md): wss:// with the host's own certificate, its fingerprint
remembered by the player's program on first use, a changed certificate refused before any
secret is sent; passwords and tokens never on the command line."""

import asyncio
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from net import cli
from net.bots import SeatBot
from net.cli_secrets import read_secret_file, seat_token, table_password
from net.host import Host, HostConfig
from net.tls import KEY_FILE, KNOWN_FILE, KnownHosts, host_context

ROOT = Path(__file__).resolve().parent.parent
LOOPBACK = "127.0.0.1"


def _tls_host(folder, port=0, **options):
    context, fingerprint = host_context(folder)
    return Host(HostConfig(game="durak", seats=["human", "easy"], bind=LOOPBACK, port=port,
                           tls=context, fingerprint=fingerprint, **options))


def test_the_host_makes_its_certificate_once_and_keeps_the_key_private(tmp_path):
    _, first = host_context(tmp_path)
    _, again = host_context(tmp_path)
    assert first == again and len(first.split()) == 16  # made once, then read back
    assert stat.S_IMODE(os.stat(tmp_path / KEY_FILE).st_mode) == 0o600
    _, other = host_context(tmp_path / "elsewhere")
    assert other != first


def test_a_whole_game_over_wss_with_the_fingerprint_remembered_on_first_use(tmp_path):
    async def scenario():
        host = _tls_host(tmp_path / "host")
        await host.start()
        assert host.address.startswith("wss://")
        bot = SeatBot(host.address, "random", "anna")
        bot.link.known_hosts = tmp_path / KNOWN_FILE
        run = asyncio.create_task(bot.run())
        await asyncio.wait_for(host.run(), 60)
        state = await run
        return host, state

    host, state = asyncio.run(scenario())
    assert state.ended == "table_over" and state.verdicts == {1: []}
    assert state.fingerprint == host.config.fingerprint
    where = host.address.split("://")[1]
    assert KnownHosts(tmp_path / KNOWN_FILE).check(where, state.fingerprint) is None


def test_a_changed_certificate_is_refused_with_a_warning_before_the_hello(tmp_path):
    known = tmp_path / KNOWN_FILE

    async def scenario():
        host = _tls_host(tmp_path / "impostor")
        await host.start()
        where = host.address.split("://")[1]
        KnownHosts(known).trust(where, "AAAA " * 15 + "AAAA")  # seen here before: another one
        bot = SeatBot(host.address, "random", "anna", reconnect_for=0)
        bot.link.known_hosts = known
        said = []
        bot.echo = said.append
        state = await asyncio.wait_for(bot.run(), 10)
        seats_free = host.seats_free()
        trusting = SeatBot(host.address, "random", "anna", reconnect_for=0)
        trusting.link.known_hosts, trusting.link.trust_new = known, True
        table = asyncio.create_task(host.run())
        trusted = await asyncio.wait_for(trusting.run(), 60)
        await table
        return state, said, seats_free, trusted

    state, said, seats_free, trusted = asyncio.run(scenario())
    assert state.ended == "fingerprint_changed" and seats_free == 1  # no hello reached the host
    warning = next(m for m in said if m["type"] == "fingerprint")
    assert "not the one this computer saw" in warning["text"]
    assert trusted.ended == "table_over"  # the player compared it and chose to trust it


def test_the_host_and_join_options_take_no_secret_on_the_command_line():
    for parser in (cli.host_parser(), cli.join_parser()):
        options = {o for action in parser._actions for o in action.option_strings}
        assert not options & {"--password", "--token"}
        assert "--password-file" in options and "--ask-password" in options
    assert "--token-file" in {o for a in cli.join_parser()._actions for o in a.option_strings}


def test_a_secret_file_must_be_private(tmp_path, monkeypatch):
    secret = tmp_path / "password"
    secret.write_text("open sesame\n", encoding="utf-8")
    secret.chmod(0o644)
    with pytest.raises(SystemExit, match="chmod 600"):
        read_secret_file(str(secret))
    secret.chmod(0o600)
    args = cli.host_parser().parse_args(["--password-file", str(secret)])
    assert table_password(args) == "open sesame"
    monkeypatch.setenv("KOZYR_TABLE_PASSWORD", "from the environment")
    assert table_password(cli.host_parser().parse_args([])) == "from the environment"
    monkeypatch.setenv("KOZYR_SEAT_TOKEN", "T" * 32)
    assert seat_token(None) == "T" * 32


def test_a_password_table_from_the_command_line_keeps_the_password_out_of_the_process_list(
        tmp_path):
    secret = tmp_path / "password"
    secret.write_text("hunter2-hunter2\n", encoding="utf-8")
    secret.chmod(0o600)
    token_file = tmp_path / "seat-token"
    host = subprocess.Popen([sys.executable, "game.py", "host", "--seats", "human,easy",
                             "--port", "0", "--bind", LOOPBACK, "--no-announce",
                             "--password-file", str(secret)], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    join = None
    try:
        address = host.stdout.readline().split(" at ")[-1].strip()
        assert address.startswith("wss://")
        assert "Certificate fingerprint" in host.stdout.readline()  # for players to compare
        join = subprocess.Popen([sys.executable, "game.py", "join", address, "--bot", "easy",
                                 "--password-file", str(secret), "--token-file", str(token_file)],
                                cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                text=True)
        output, _ = join.communicate(timeout=60)
        assert join.returncode == 0, output
        host_output, _ = host.communicate(timeout=10)
    finally:
        for process in (host, join):
            if process is not None and process.poll() is None:
                process.kill()
    assert "hunter2" not in output + host_output  # nor in any log line
    token = token_file.read_text(encoding="utf-8").strip()
    assert stat.S_IMODE(os.stat(token_file).st_mode) == 0o600 and len(token) >= 16
    assert token not in output and str(token_file) in output
