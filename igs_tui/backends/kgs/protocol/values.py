"""The values the codec reads and writes.

A field's value is an ``int`` (``bool`` for ``flag``), a ``Decimal`` (scaled types such as komi,
time, timestamp), a ``str`` (ASCII and UCS-2 strings), ``bytes`` (``DATA`` and the undocumented
``TREE``), a ``dict`` (a structure) or a ``tuple`` (a repeated field).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import TypeAlias

from igs_tui.backends.kgs.protocol.schema import MessageSpec

Value: TypeAlias = int | Decimal | str | bytes | dict[str, "Value"] | tuple["Value", ...]
Fields: TypeAlias = dict[str, Value]


@dataclass(frozen=True, slots=True)
class Message:
    """A catalogued message and its field values (guarded-off and absent optional fields are
    left out of ``fields``; ``CONSTANT`` fields are in ``spec.constants``, never here)."""

    spec: MessageSpec
    fields: Fields = field(default_factory=dict)

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def code(self) -> int:
        return self.spec.code

    @property
    def channel(self) -> int | None:
        """The header channel of a channel message (code >= 0x4000), else ``None``."""
        value = self.fields.get("channel")
        return value if self.spec.code >= 0x4000 and isinstance(value, int) else None

    def __getitem__(self, name: str) -> Value:
        return self.fields[name]

    def __repr__(self) -> str:
        # The password "hash" is reversible (the spec: "basically plaintext"): never show it.
        secret = {f.name for f in self.spec.fields if f.type == "password"}
        shown = {k: "<redacted>" if k in secret else v for k, v in self.fields.items()}
        return f"Message({self.spec.key}, {shown!r})"


@dataclass(frozen=True, slots=True)
class UnknownMessage:
    """A well-framed message whose code the catalogue does not list for its sender."""

    code: int
    payload: bytes
    channel: int | None = None


@dataclass(frozen=True, slots=True)
class UndecodableMessage:
    """A well-framed message with a catalogued code whose body fits no catalogue entry."""

    code: int
    payload: bytes
    reason: str
    candidates: tuple[str, ...] = ()


Received: TypeAlias = Message | UnknownMessage | UndecodableMessage
