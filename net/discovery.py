"""Finding tables on the local network: DNS-SD service ``_kozyr._tcp.local.`` over zeroconf.

The host announces its table (game, seats free, whether a password is needed, protocol
version, and on an encrypted table the start of its certificate's fingerprint) on the
interface it listens on, and announces again whenever a seat is taken; ``join`` without an
address browses for a moment and lists what answered. Announcing is a courtesy: a table works
without it (``join ADDRESS``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import time
from typing import Any

log = logging.getLogger("kozyr.net.discovery")
SERVICE = "_kozyr._tcp.local."


def table_properties(game: str, seats_free: int, password: bool, version: int,
                     fingerprint: str | None = None) -> dict[str, str]:
    """The TXT record of a table (``fp``: the first groups of the certificate's fingerprint,
    to compare with the host's screen; a table without it is plain ``ws://``)."""
    properties = {"game": game, "free": str(seats_free), "password": "yes" if password else "no",
                  "v": str(version)}
    if fingerprint:
        properties["fp"] = " ".join(fingerprint.split()[:5])
    return properties


def read_properties(properties: dict[bytes, bytes | None]) -> dict[str, Any]:
    """A TXT record as a table description (unknown or broken fields become defaults)."""
    text = {k.decode("utf-8", "replace"): (v or b"").decode("utf-8", "replace")
            for k, v in properties.items()}
    free = text.get("free", "")
    entry: dict[str, Any] = {"game": text.get("game", "?"),
                             "free": int(free) if free.isdigit() else 0,
                             "password": text.get("password") == "yes", "v": text.get("v", "?")}
    if text.get("fp"):
        entry["fingerprint"] = text["fp"][:64]
    return entry


class Announcer:
    """Keeps one table announced while the host runs (asyncio)."""

    def __init__(self, name: str, bind: str, port: int) -> None:
        self.name, self.bind, self.port = name, bind, port
        self._zc: Any = None
        self._info: Any = None
        # zeroconf sends each announcement from a task of its own; a table closed within a
        # second of opening must settle them, or the closing loop destroys them pending
        self._broadcasts: list[Any] = []

    def _service_info(self, properties: dict[str, str]) -> Any:
        from zeroconf.asyncio import AsyncServiceInfo

        address = self.bind if self.bind not in ("0.0.0.0", "") else _lan_address() or "127.0.0.1"
        label = self.name.replace(".", " ")[:50]
        return AsyncServiceInfo(SERVICE, f"{label}.{SERVICE}", port=self.port,
                                addresses=[socket.inet_aton(address)], properties=properties,
                                server=f"kozyr-{self.port}.local.")

    async def start(self, properties: dict[str, str]) -> None:
        """Announce the table; only on the chosen interface unless the host listens on all."""
        from zeroconf import InterfaceChoice
        from zeroconf.asyncio import AsyncZeroconf

        interfaces = InterfaceChoice.All if self.bind in ("0.0.0.0", "") else [self.bind]
        self._zc = AsyncZeroconf(interfaces=interfaces)
        self._info = self._service_info(properties)
        self._broadcasts.append(
            await self._zc.async_register_service(self._info, allow_name_change=True))

    async def update(self, properties: dict[str, str]) -> None:
        """Announce changed facts (seats free)."""
        if self._zc is not None:
            self._info = self._service_info(properties) if self._info is None else self._info
            self._info.properties = properties  # zeroconf re-encodes the TXT record
            self._broadcasts = [b for b in self._broadcasts if not _settled(b)]
            self._broadcasts.append(await self._zc.async_update_service(self._info))

    async def close(self) -> None:
        """Withdraw the announcement."""
        if self._zc is not None:
            for broadcast in self._broadcasts:
                with contextlib.suppress(Exception):  # a failed announcement is moot now
                    await asyncio.wait_for(broadcast, timeout=2)
            self._broadcasts = []
            await self._zc.async_unregister_all_services()
            await self._zc.async_close()
            self._zc = None


def _settled(broadcast: Any) -> bool:
    """Whether an announcement's task has finished."""
    done = getattr(broadcast, "done", None)
    return bool(done()) if done is not None else False


def browse(seconds: float = 2.0, interfaces: Any = None) -> list[dict[str, Any]]:
    """Tables that answered within ``seconds``: name, address, game, seats free, password."""
    from zeroconf import InterfaceChoice, ServiceBrowser, Zeroconf

    zc = Zeroconf(interfaces=interfaces or InterfaceChoice.All)
    names: list[str] = []
    try:
        ServiceBrowser(zc, SERVICE, handlers=[lambda zeroconf, service_type, name, state_change:
                                              names.append(name)])
        time.sleep(seconds)  # a command-line listing, never inside a frame loop
        tables = []
        for name in sorted(set(names)):
            info = zc.get_service_info(SERVICE, name, timeout=1000)
            if info is None or not info.parsed_addresses():
                continue
            entry = read_properties(info.properties)
            entry["name"] = name.removesuffix("." + SERVICE)
            scheme = "wss" if entry.get("fingerprint") else "ws"
            entry["address"] = f"{scheme}://{info.parsed_addresses()[0]}:{info.port}"
            tables.append(entry)
        return tables
    finally:
        zc.close()


def _lan_address() -> str | None:
    """The IPv4 address of the interface that carries the default route, if there is one."""
    import ipaddress

    address = _default_route_address() or _routed_source_address()
    if address is None:
        return None
    parsed = ipaddress.ip_address(address)
    return None if parsed.is_loopback or parsed.is_unspecified else address


def _default_route_address() -> str | None:
    """Linux: the default route's interface in /proc/net/route, and that interface's address."""
    try:
        with open("/proc/net/route", encoding="ascii") as table:
            rows = [line.split() for line in table.readlines()[1:]]
    except OSError:
        return None
    interfaces = [r[0] for r in rows if len(r) > 7 and r[1] == "00000000" and r[7] == "00000000"]
    if not interfaces:
        return None
    import ifaddr

    for adapter in ifaddr.get_adapters():
        if adapter.nice_name == interfaces[0] or adapter.name == interfaces[0]:
            for ip in adapter.ips:
                if isinstance(ip.ip, str):
                    return ip.ip
    return None


def _routed_source_address() -> str | None:
    """Elsewhere: the source address the system would route an outside address from (a UDP
    socket's connect sends nothing; it only picks the route)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("8.8.8.8", 9))  # never contacted, only routed
        return probe.getsockname()[0]
    except OSError:
        return None
    finally:
        probe.close()


def default_bind() -> str:
    """Where a host listens when not told: the address of the interface carrying the default
    route (the local network, for a home router), else loopback only."""
    return _lan_address() or "127.0.0.1"
