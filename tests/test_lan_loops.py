"""A seat's program runs its connection on uvloop's loop where it is installed, else asyncio's
(net/loops.py): the same code either way."""

import asyncio
import sys

import pytest

from net import loops


async def _which_loop() -> str:
    await asyncio.sleep(0)
    return type(asyncio.get_running_loop()).__module__


def test_a_seat_runs_on_uvloop_when_it_is_installed():
    pytest.importorskip("uvloop")
    assert loops.run(_which_loop()).startswith("uvloop")


def test_without_uvloop_a_seat_runs_on_asyncio(monkeypatch):
    monkeypatch.setitem(sys.modules, "uvloop", None)  # import uvloop raises ImportError
    assert loops.run(_which_loop()).startswith("asyncio")
    loop = loops.new_loop()
    try:
        assert isinstance(loop, asyncio.AbstractEventLoop)
        assert type(loop).__module__.startswith("asyncio")
    finally:
        loop.close()
