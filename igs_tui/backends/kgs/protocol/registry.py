"""Lookups in the generated catalogue.

Codes are not unique: the client's 0x0007 is req_userinfo or update_userinfo, 0x0021 req_pic or
upload_pic; the server's 0x001c is login ("idle for too long") or idle_err. ``candidates`` keeps
them all, in spec order, and the codec picks the first whose layout consumes the body exactly.
"""

from __future__ import annotations

from collections import defaultdict
from types import MappingProxyType
from typing import Final

from igs_tui.backends.kgs.protocol.catalogue import ENUMS, MESSAGES, STRUCTS, TYPES
from igs_tui.backends.kgs.protocol.schema import (
    EnumSpec,
    MessageSpec,
    Origin,
    StructSpec,
    TypeAlias,
)


def _index() -> dict[tuple[Origin, int], tuple[MessageSpec, ...]]:
    grouped: defaultdict[tuple[Origin, int], list[MessageSpec]] = defaultdict(list)
    for spec in MESSAGES:
        grouped[spec.origin, spec.code].append(spec)
    return {key: tuple(specs) for key, specs in grouped.items()}


_BY_CODE: Final = MappingProxyType(_index())
_BY_KEY: Final = MappingProxyType({spec.key: spec for spec in MESSAGES})
_CLIENT_BY_NAME: Final = MappingProxyType(
    {spec.name: spec for spec in MESSAGES if spec.origin is Origin.CLIENT}
)


def candidates(origin: Origin, code: int) -> tuple[MessageSpec, ...]:
    """Every message ``origin`` may send with ``code`` (empty when the spec lists none)."""
    return _BY_CODE.get((origin, code), ())


def by_key(key: str) -> MessageSpec:
    """The message with this ``name@code`` key (``KeyError`` if none)."""
    return _BY_KEY[key]


def client(name: str) -> MessageSpec:
    """The client message called ``name`` (client names are unique)."""
    return _CLIENT_BY_NAME[name]


def server(name: str, code: int) -> MessageSpec:
    """The server message ``name`` with ``code`` (server names repeat: eight ``login``)."""
    return _BY_KEY[f"{name}@{code:04x}"]


def struct(name: str) -> StructSpec:
    return STRUCTS[name]


def alias(name: str) -> TypeAlias | None:
    return TYPES.get(name)


def enum(name: str) -> EnumSpec:
    return ENUMS[name]
