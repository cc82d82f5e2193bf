"""Where IGS lives: the published host/port list and a parser for user-given addresses.

The spec lists five equivalent entry points ("If one of the ports fail, try the other ones. Users,
games and everything is shared between these ports"), so the client tries them in order.
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["DEFAULT_PORT", "IGS_SERVERS", "ServerAddress", "parse_server"]

DEFAULT_PORT = 6969


class ServerAddress(NamedTuple):
    """A TCP endpoint. ``str()`` gives ``host:port`` (IPv6 hosts in brackets)."""

    host: str
    port: int

    def __str__(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{host}:{self.port}"


IGS_SERVERS: tuple[ServerAddress, ...] = (
    ServerAddress("igs.joyjoy.net", 6969),
    ServerAddress("igs.joyjoy.net", 7777),
    ServerAddress("210.155.158.200", 6969),
    ServerAddress("210.155.158.200", 7777),
    ServerAddress("igs.joyjoy.net", 28155),
)
"""The spec's host list, in the order to try them."""


def parse_server(text: str, default_port: int = DEFAULT_PORT) -> ServerAddress:
    """Parse ``host``, ``host:port``, ``[v6addr]`` or ``[v6addr]:port``.

    Raises:
        ValueError: naming the problem (empty host, bad or out-of-range port, unclosed bracket).
    """
    spec = text.strip()
    if not spec:
        raise ValueError("empty server address")
    if spec.startswith("["):
        close = spec.find("]")
        if close < 0:
            raise ValueError(f"unclosed '[' in server address {text!r}")
        host, rest = spec[1:close], spec[close + 1 :]
        if rest and not rest.startswith(":"):
            raise ValueError(f"unexpected {rest!r} after ']' in server address {text!r}")
        port_text = rest[1:] if rest else None
    elif spec.count(":") == 1:
        host, port_text = spec.split(":")
    else:
        host, port_text = spec, None  # a bare host, or a bare IPv6 address
    if not host:
        raise ValueError(f"missing host in server address {text!r}")
    if port_text is None:
        return ServerAddress(host, default_port)
    if not port_text.isdigit():
        raise ValueError(f"port must be a number in server address {text!r}")
    port = int(port_text)
    if not 0 < port < 65536:
        raise ValueError(f"port {port} out of range 1-65535 in server address {text!r}")
    return ServerAddress(host, port)
