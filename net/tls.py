"""Encrypted LAN tables: the host's own certificate, and trust on first use on the players' side.

A host makes a self-signed certificate (ECDSA P-256, ten years) the first time it opens a
table and keeps it in the config folder (the key readable by its owner only). There is no
authority to vouch for it on a home network, so people compare its *fingerprint* (SHA-256 of
the certificate, shown in the waiting room, on the join screen and by ``game.py host``), and a
player's program remembers the fingerprint it first saw at each address: a different one later
is refused with a warning (someone may be in the middle), until the player chooses to trust it.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import os
import ssl
from pathlib import Path

from storage.safe_files import write_atomically

CERT_FILE, KEY_FILE, KNOWN_FILE = "lan-cert.pem", "lan-key.pem", "lan-known-hosts.json"
TLS_READ_BUFFER = 32 * 1024  # bytes; asyncio's default is 256 KiB for every TLS connection


def lean_tls_buffers() -> None:
    """Give each asyncio TLS connection a 32 KiB read buffer instead of 256 KiB: 300 idle
    connections held 75 MiB in these buffers alone. A table's messages are a few KiB; a long
    record (up to 4 MiB) is simply read in more pieces. Process-wide, done once."""
    import asyncio.sslproto

    protocol = getattr(asyncio.sslproto, "SSLProtocol", None)
    if protocol is not None and getattr(protocol, "max_size", 0) > TLS_READ_BUFFER:
        protocol.max_size = TLS_READ_BUFFER


def fingerprint_of(der: bytes) -> str:
    """A certificate's SHA-256 fingerprint as people compare it: 16 groups of four hex digits."""
    digest = hashlib.sha256(der).hexdigest().upper()
    return " ".join(digest[i:i + 4] for i in range(0, 64, 4))


def short_fingerprint(fingerprint: str) -> str:
    """The first five groups: enough to compare by eye across a room."""
    return " ".join(fingerprint.split()[:5])


def make_certificate(folder: Path) -> None:
    """Write a new self-signed certificate and its private key (0600) into ``folder``."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Kozyr LAN table")])
    now = datetime.datetime.now(datetime.UTC)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name)
            .public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(days=1))
            .not_valid_after(now + datetime.timedelta(days=3650))
            .sign(key, hashes.SHA256()))
    key_pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                serialization.NoEncryption()).decode("ascii")
    write_atomically(folder / KEY_FILE, key_pem, ".lan-key-")  # created 0600
    write_atomically(folder / CERT_FILE, cert.public_bytes(serialization.Encoding.PEM)
                     .decode("ascii"), ".lan-cert-")


def host_context(folder: Path) -> tuple[ssl.SSLContext, str]:
    """The host's TLS context and its certificate's fingerprint (the certificate is made in
    ``folder`` on first use)."""
    lean_tls_buffers()
    if not (folder / CERT_FILE).exists() or not (folder / KEY_FILE).exists():
        make_certificate(folder)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.load_cert_chain(folder / CERT_FILE, folder / KEY_FILE)
    pem = (folder / CERT_FILE).read_text(encoding="ascii")
    return context, fingerprint_of(ssl.PEM_cert_to_DER_cert(pem))


def client_context() -> ssl.SSLContext:
    """A player's TLS context: encrypted, the certificate checked by fingerprint afterwards
    (trust on first use) rather than by an authority nobody has on a home network."""
    lean_tls_buffers()
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context


class KnownHosts:
    """Fingerprints a player's program has trusted, by table address (``host:port``)."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def _read(self) -> dict[str, str]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}

    def check(self, where: str, fingerprint: str) -> str | None:
        """None when ``fingerprint`` is the one known for ``where`` (or the first seen there,
        which is then remembered); else the fingerprint known before (a warning)."""
        known = self._read()
        before = known.get(where)
        if before is None:
            self.trust(where, fingerprint)
            return None
        return None if before == fingerprint else before

    def trust(self, where: str, fingerprint: str) -> None:
        """Remember ``fingerprint`` for ``where`` (the player compared it and trusts it)."""
        known = self._read()
        known[where] = fingerprint
        try:
            write_atomically(self.path, json.dumps(known, indent=1), ".lan-known-")
        except OSError:
            pass  # not remembered: the next connection asks again


def peer_fingerprint(ws: object) -> str | None:
    """The fingerprint of the certificate the host showed on this connection (None: plain ws)."""
    transport = getattr(ws, "transport", None)
    ssl_object = transport.get_extra_info("ssl_object") if transport is not None else None
    if ssl_object is None:
        return None
    der = ssl_object.getpeercert(binary_form=True)
    return fingerprint_of(der) if der else None


def private_folder(folder: Path) -> Path:
    """``folder``, created if missing, readable by its owner only where the OS allows."""
    folder.mkdir(parents=True, exist_ok=True)
    if os.name != "nt":
        try:
            os.chmod(folder, 0o700)
        except OSError:
            pass
    return folder
