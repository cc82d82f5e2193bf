"""The shapes of the KGS protocol description: types, enums, structures and messages as data.

``catalogue.py`` is generated from the spec text (``scripts/kgs_catalogue_gen.py``) and holds only
values of these classes, so the codec can walk any message without one line of per-message code.
Everything the spec leaves blank stays ``None`` here: nothing is guessed.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Origin(Enum):
    """Who sends a message: the spec's ``ORIGIN: CLIENT`` or ``ORIGIN: SERVER``."""

    CLIENT = "CLIENT"
    SERVER = "SERVER"


#: Wire types the codec knows by name (the spec's "basic types").
PRIMITIVES = frozenset(
    {
        "U8",
        "U16",
        "U32",
        "U64",
        "I8",
        "I16",
        "I32",
        "ZSTRING",
        "STRING",
        "DATA",
        "TREE",
        "CONSTANT",
    }
)


@dataclass(frozen=True, slots=True)
class TypeAlias:
    """A ``TYPE`` entry: a base type with an optional fixed length and multiplier.

    ``base`` is ``A`` (fixed-length ASCII), ``S`` (fixed-length UCS-2) or a primitive integer.
    ``multiplier`` is ``None`` when the spec leaves it blank (the raw integer is the value).
    """

    name: str
    base: str
    length: int | None
    multiplier: int | None
    description: str = ""


@dataclass(frozen=True, slots=True)
class EnumMember:
    """One member of an enum or set; ``value`` is ``None`` where the spec gives none."""

    name: str
    value: int | None
    description: str = ""


@dataclass(frozen=True, slots=True)
class EnumSpec:
    """An ``enum:`` (one value) or ``set:`` (or-ed bits) from the spec."""

    name: str
    is_set: bool
    members: tuple[EnumMember, ...]
    description: str = ""


@dataclass(frozen=True, slots=True)
class Guard:
    """A field's GUARD: the field is on the wire only when ``<field> <op> <value>`` holds.

    ``field`` names an earlier field of the same structure or message (its raw integer).
    """

    field: str
    op: str
    value: int

    def holds(self, actual: int) -> bool:
        """Whether the guard holds for the earlier field's value ``actual``."""
        match self.op:
            case "<":
                return actual < self.value
            case ">":
                return actual > self.value
            case "<=":
                return actual <= self.value
            case ">=":
                return actual >= self.value
            case "==":
                return actual == self.value
            case "!=":
                return actual != self.value
        raise ValueError(f"unknown guard operator {self.op!r}")

    def __str__(self) -> str:
        return f"{self.field} {self.op} {self.value}"


@dataclass(frozen=True, slots=True)
class FieldSpec:
    """One row of a NAME/TYPE/VALUE/DESCRIPTION/GUARD table.

    ``name`` is unique within its structure or message; ``spec_name`` is the name as written
    (the spec repeats ``name`` in new_room and ``_unused`` in update_userinfo).
    ``default`` is the spec's VALUE column: a default for sent fields, the fixed text of a
    ``CONSTANT`` (which is never on the wire). ``repeated`` fields fill the rest of the message;
    ``optional`` fields may be missing at its end.
    """

    name: str
    type: str
    spec_name: str
    default: str | None = None
    description: str = ""
    guard: Guard | None = None
    repeated: bool = False
    optional: bool = False


@dataclass(frozen=True, slots=True)
class StructSpec:
    """A ``STRUCTURE``: named fields laid out one after the other."""

    name: str
    fields: tuple[FieldSpec, ...]
    description: str = ""


@dataclass(frozen=True, slots=True)
class MessageSpec:
    """A message: who sends it, its 16-bit type code and its fields (after the header).

    For codes >= 0x4000 the first wire field is the header's channel (``channel U16``).
    Names are not unique (the server has eight ``login`` messages); ``key`` is.
    """

    name: str
    code: int
    origin: Origin
    fields: tuple[FieldSpec, ...]
    description: str = ""
    in_response_to: str = ""

    @property
    def key(self) -> str:
        """A unique handle: ``name@code`` in hex, e.g. ``login@0001``."""
        return f"{self.name}@{self.code:04x}"

    @property
    def wire_fields(self) -> tuple[FieldSpec, ...]:
        """The fields that occupy bytes (every field but the ``CONSTANT`` ones)."""
        return tuple(f for f in self.fields if f.type != "CONSTANT")

    @property
    def constants(self) -> dict[str, str | None]:
        """The ``CONSTANT`` fields and their text (``None`` where the spec gives none)."""
        return {f.name: f.default for f in self.fields if f.type == "CONSTANT"}
