"""Enum and set values to names, as far as the spec gives values; the rest stays a number.

The spec leaves most enum values blank (GAMETYPE but PRIVATE, RULESET, TIMESYS, COLOUR, GAMEFLAG,
SCORE's FORFEIT): those members can never match, so their values come out as plain integers.
Nothing is guessed from the order of the members.
"""

from __future__ import annotations

from igs_tui.backends.kgs.protocol.schema import EnumSpec


def enum_name(spec: EnumSpec, value: int) -> str | int:
    """The names of the members with ``value`` joined by ``|`` (SCORE gives JIGO and NO_RESULT
    the same value), or ``value`` itself when no documented member has it."""
    names = [m.name for m in spec.members if m.value is not None and m.value == value]
    return "|".join(names) if names else value


def set_names(spec: EnumSpec, value: int) -> tuple[tuple[str, ...], int]:
    """The documented bits of ``value`` by name, and the bits left that no member documents."""
    names: list[str] = []
    rest = value
    for member in spec.members:
        if member.value is not None and member.value and value & member.value == member.value:
            names.append(member.name)
            rest &= ~member.value
    return tuple(names), rest


def score_special(spec: EnumSpec, raw: int) -> tuple[str, int] | None:
    """A raw (unscaled) score that is a SCORE special value, with its sign (+1 black, -1 white
    where the spec says "also used negatively"), or ``None`` for a plain score."""
    for member in spec.members:
        if member.value is None:
            continue
        if raw == member.value:
            return str(enum_name(spec, raw)), 1
        if raw == -member.value:
            return str(enum_name(spec, member.value)), -1
    return None
