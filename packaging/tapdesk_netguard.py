"""Refuse and record every network connection attempted from Python.

TapDesk is an offline application. The bundled self-test (and the test
``tests/packaging/test_bundle.py``) runs with this guard installed: any DNS
lookup or connect to an internet address raises ``OSError`` and is recorded,
and :func:`attempts` lists them so the caller can fail. Local UNIX sockets
(used by the desktop session) stay allowed. Qt's own networking (QtNetwork)
is not shipped in the bundle at all, so C++ code cannot open connections
behind Python's back.

Enable with ``install()``; the bundle's entry script does that for
``--selftest`` and whenever ``TAPDESK_BLOCK_NETWORK=1``.
"""

from __future__ import annotations

import socket

_ATTEMPTS: list[str] = []
_INSTALLED = False


def _refuse(what: str):
    _ATTEMPTS.append(what)
    raise OSError(f"TapDesk is offline: network access refused ({what})")


def install() -> None:
    """Patch the socket module so internet connections and DNS lookups fail and are recorded."""
    global _INSTALLED
    if _INSTALLED:
        return
    _INSTALLED = True
    original_connect = socket.socket.connect
    original_connect_ex = socket.socket.connect_ex

    def is_local(sock) -> bool:
        return getattr(socket, "AF_UNIX", None) is not None and sock.family == socket.AF_UNIX

    def connect(self, address):
        if is_local(self):
            return original_connect(self, address)
        return _refuse(f"connect {address!r}")

    def connect_ex(self, address):
        if is_local(self):
            return original_connect_ex(self, address)
        return _refuse(f"connect_ex {address!r}")

    def sendto(self, *args):
        return _refuse(f"sendto {args[-1]!r}")

    def getaddrinfo(host, *args, **kwargs):
        return _refuse(f"getaddrinfo {host!r}")

    def create_connection(address, *args, **kwargs):
        return _refuse(f"create_connection {address!r}")

    socket.socket.connect = connect
    socket.socket.connect_ex = connect_ex
    socket.socket.sendto = sendto
    socket.getaddrinfo = getaddrinfo
    socket.create_connection = create_connection


def attempts() -> list[str]:
    """Network accesses refused since :func:`install` (empty when none were tried)."""
    return list(_ATTEMPTS)
