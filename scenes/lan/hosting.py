"""A LAN host inside the window's program: the host's event loop in a background thread.

The frame loop never waits on it: ``LocalHost.start()`` returns once the socket is bound (or
says why it could not bind), ``say_start()`` and ``stop()`` hand work to the host's loop and
return at once. The host's own window plays as a client of this host, like every friend's
(see scenes/lan/__init__.py for why).
"""

from __future__ import annotations

import asyncio
import logging
import threading
from typing import Any

from net.host import Host, HostConfig

log = logging.getLogger("kozyr.lan")
VERSION = 1  # the protocol version announced in the TXT record


class LocalHost:
    """One hosted table: bind, announce (best effort), run to the end, in a thread."""

    def __init__(self, config: HostConfig, announce: bool = True, secure: bool = True,
                 host: Host | None = None) -> None:
        """``host``: one already made (a resumed table, net/cli.py resume_host)."""
        self.host = host if host is not None else Host(config)
        self.left = False  # the host left on purpose: nothing to resume
        self.announce, self.secure = announce, secure
        self.loop = asyncio.new_event_loop()
        self.error: str | None = None  # why the table could not open
        self.result: dict[str, Any] | None = None
        self._bound = threading.Event()
        self.thread = threading.Thread(target=self._main, name="kozyr-host", daemon=True)

    def start(self, wait: float = 5.0) -> LocalHost:
        """Bind the socket (a moment; done before the waiting room opens) and start the table."""
        self.thread.start()
        self._bound.wait(wait)
        return self

    @property
    def address(self) -> str:
        """Where friends join."""
        return self.host.address

    def _main(self) -> None:
        asyncio.set_event_loop(self.loop)
        try:
            self.loop.run_until_complete(self._serve())
        finally:
            self.loop.close()

    @property
    def fingerprint(self) -> str | None:
        """The table certificate's fingerprint (None on a plain table)."""
        return self.host.config.fingerprint

    @property
    def save_problem(self) -> OSError | None:
        """Why the table could not be written for a resume just now (None: it was, or it need
        not be); the host's loop sets it, the frame only reads it."""
        return self.host.saver.problem

    async def _serve(self) -> None:
        try:
            if self.secure:  # the certificate is made (first time) and read off the frame loop
                from net.tls import host_context
                from storage.paths import config_dir

                config = self.host.config
                config.tls, config.fingerprint = await asyncio.to_thread(host_context,
                                                                         config_dir())
            await self.host.start()
        except (OSError, ValueError) as error:
            self.error = str(error)
            self._bound.set()
            return
        self._bound.set()
        announcer = await self._announce()
        try:
            self.result = await self.host.run()
        finally:
            if announcer is not None:
                await announcer.close()
        if self.left and self.host.config.save_path is not None:
            from net.table_save import forget_table

            # leaving on purpose told every friend the table ended: no crash to recover from
            forget_table(self.host.config.save_path)

    async def _announce(self) -> Any:
        if not self.announce:
            return None
        from net.discovery import Announcer, table_properties

        config = self.host.config
        port = self.host.port

        def properties(free: int) -> dict[str, str]:
            return table_properties(config.game, free, config.password is not None, VERSION,
                                    config.fingerprint)

        announcer = Announcer(config.name, config.bind, port)
        try:
            await announcer.start(properties(self.host.seats_free()))
        except Exception as error:  # no multicast here: joining by address still works
            log.warning("not announced on the network: %s", error)
            return None
        log.info("table '%s' (%s) announced on port %d", config.name, config.game, port)
        self.host.on_seats = lambda free: announcer.update(properties(free))  # seats taken
        return announcer

    def say_start(self) -> None:
        """The host pressed Start."""
        if not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self.host.say_start)

    def stop(self) -> None:
        """End the table on every client (returns at once); the host left on purpose, so its
        saved table is removed once the table has stopped."""
        self.left = True
        if not self.loop.is_closed() and self.thread.is_alive():
            try:
                asyncio.run_coroutine_threadsafe(self.host.stop("host_stopped"), self.loop)
            except RuntimeError:  # the loop closed between the check and the call
                pass
