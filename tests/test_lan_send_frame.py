"""A frame is written at once while the line keeps up, and waits for its reader when the line's
buffer is filling (net/connection.py ``send_frame``): flow control stays where it matters."""

import asyncio

from net import connection


class _Transport:
    def __init__(self, waiting: int) -> None:
        self.waiting = waiting

    def get_write_buffer_size(self) -> int:
        return self.waiting


class _Line:
    def __init__(self, waiting: int) -> None:
        self.transport = _Transport(waiting)
        self.awaited: list[str] = []

    async def send(self, text: str) -> None:
        self.awaited.append(text)


def test_a_line_that_keeps_up_gets_its_frame_at_once_and_a_filling_one_waits(monkeypatch):
    written: list[tuple] = []
    monkeypatch.setattr(connection, "broadcast", lambda lines, text: written.append((lines, text)))
    quick, slow = _Line(0), _Line(connection.QUICK_BUFFER)
    asyncio.run(connection.send_frame(quick, "a"))
    asyncio.run(connection.send_frame(slow, "b"))
    assert written == [((quick,), "a")] and quick.awaited == []
    assert slow.awaited == ["b"]  # ws.send: it waits until the reader catches up
