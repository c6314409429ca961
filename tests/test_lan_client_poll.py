"""The window's client never waits; a console may wait for the next message instead of spinning."""

import threading

from net.client import NetClient


def unstarted_client() -> NetClient:
    """A client whose network thread is not started: messages are put in its inbox by hand."""
    return NetClient("ws://127.0.0.1:9", name="Anna")


def test_a_frame_loop_poll_returns_at_once_when_nothing_came():
    assert unstarted_client().poll() == []


def test_a_console_poll_waits_for_the_next_message_and_takes_what_came_with_it():
    client = unstarted_client()

    def later():  # as the network thread does: the state takes a message in, then the queue
        for message in ({"type": "your_turn", "legal": [3, 7], "texts": ["a", "b"], "turn": 0},
                        {"type": "notice", "text": "hello"}):
            client.state.handle(message)
            client._inbox.put(message)

    threading.Timer(0.1, later).start()
    messages = client.poll(wait=5.0)
    assert messages[0]["type"] == "your_turn" and client.legal == [3, 7]
    if len(messages) == 1:  # the second message may land just after the first was taken
        messages += client.poll(wait=5.0)
    assert [m["type"] for m in messages] == ["your_turn", "notice"]
