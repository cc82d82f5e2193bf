"""Encode and decode any catalogued KGS message body, driven only by the catalogue.

A body is the message without its 4-byte header (length, type); for channel messages
(code >= 0x4000) it starts with the channel, which the catalogue lists as the first field.
Decoding never raises anything but ``KgsDecodeError``; encoding nothing but ``KgsEncodeError``.
"""

from __future__ import annotations

from collections.abc import Mapping

from igs_tui.backends.kgs.protocol import registry
from igs_tui.backends.kgs.protocol.catalogue import STRUCTS, TYPES
from igs_tui.backends.kgs.protocol.errors import KgsDecodeError, KgsEncodeError
from igs_tui.backends.kgs.protocol.primitives import (
    INT_FORMATS,
    Reader,
    Writer,
    scale_down,
    scale_up,
)
from igs_tui.backends.kgs.protocol.schema import FieldSpec, MessageSpec, Origin
from igs_tui.backends.kgs.protocol.values import (
    Fields,
    Message,
    Received,
    UndecodableMessage,
    Value,
)
from igs_tui.backends.kgs.protocol.values import UnknownMessage as Unknown

#: Nesting bound for structures (the catalogue nests two deep); guards against a bad catalogue.
_MAX_DEPTH = 8


def decode_body(spec: MessageSpec, body: bytes) -> Fields:
    """The field values of ``body`` read as ``spec``; every byte must be used."""
    reader = Reader(body)
    fields = _read_fields(spec.fields, reader, spec.key, 0)
    if reader.remaining:
        raise KgsDecodeError(f"{spec.key}: {reader.remaining} bytes left over", reader.pos)
    return fields


def encode_body(spec: MessageSpec, fields: Mapping[str, Value]) -> bytes:
    """The body of ``spec`` with ``fields`` (every wire field required, unless guarded off or
    optional; unknown names are refused so a typo never goes unnoticed)."""
    known = {f.name for f in spec.wire_fields}
    extra = sorted(set(fields) - known)
    if extra:
        raise KgsEncodeError(f"{spec.key}: no field(s) {', '.join(extra)}")
    writer = Writer()
    _write_fields(spec.fields, fields, writer, spec.key, 0)
    return writer.finish()


def decode_message(origin: Origin, code: int, body: bytes) -> Received:
    """The message ``origin`` sent with ``code``; never raises.

    A code the catalogue does not list gives an ``UnknownMessage``; a body that fits none of the
    code's entries an ``UndecodableMessage`` with the first entry's reason.
    """
    specs = registry.candidates(origin, code)
    if not specs:
        channel = int.from_bytes(body[:2], "little") if code >= 0x4000 and len(body) >= 2 else None
        return Unknown(code, body, channel)
    reasons: list[str] = []
    for spec in specs:
        try:
            return Message(spec, decode_body(spec, body))
        except KgsDecodeError as exc:
            reasons.append(str(exc))
    return UndecodableMessage(code, body, reasons[0], tuple(s.key for s in specs))


def with_defaults(spec: MessageSpec, fields: Mapping[str, Value]) -> Fields:
    """``fields`` completed with the spec's VALUE column where a field is missing.

    Only integer, string and ``DATA`` defaults exist (login's ver_micro, locale, clientver;
    new_room's b2, b3); the spec gives them as text, converted here to the field's type.
    """
    filled: Fields = dict(fields)
    for f in spec.wire_fields:
        if f.name in filled or f.default is None:
            continue
        base = _base(f.type)
        if base in INT_FORMATS:
            filled[f.name] = int(f.default)
        elif base == "DATA":
            filled[f.name] = f.default.encode("ascii")
        else:
            filled[f.name] = f.default
    return filled


def _base(type_name: str) -> str:
    alias = TYPES.get(type_name)
    return alias.base if alias is not None else type_name


def _read_fields(specs: tuple[FieldSpec, ...], reader: Reader, where: str, depth: int) -> Fields:
    if depth > _MAX_DEPTH:
        raise KgsDecodeError(f"{where}: structures nested too deep", reader.pos)
    fields: Fields = {}
    for f in specs:
        what = f"{where}.{f.name}"
        if f.type == "CONSTANT":
            continue
        if f.guard is not None and not f.guard.holds(_guard_value(fields, f, what, reader.pos)):
            continue
        if f.optional and not reader.remaining:
            continue
        if f.repeated:
            items: list[Value] = []
            while reader.remaining:
                items.append(_read_value(f.type, reader, f"{what}[{len(items)}]", depth))
            fields[f.name] = tuple(items)
        else:
            fields[f.name] = _read_value(f.type, reader, what, depth)
    return fields


def _guard_value(fields: Mapping[str, Value], f: FieldSpec, what: str, pos: int) -> int:
    assert f.guard is not None
    value = fields.get(f.guard.field)
    if isinstance(value, int):
        return value
    raise KgsDecodeError(f"{what}: guard '{f.guard}' names no integer field before it", pos)


def _read_value(type_name: str, reader: Reader, what: str, depth: int) -> Value:
    if type_name in STRUCTS:
        return _read_fields(STRUCTS[type_name].fields, reader, what, depth + 1)
    alias = TYPES.get(type_name)
    if alias is not None:
        if alias.base == "A":
            return reader.ascii_fixed(alias.length or 0, what)
        if alias.base == "S":
            return reader.ucs2_fixed(alias.length or 0, what)
        raw = reader.integer(alias.base)
        if type_name == "flag":
            return raw != 0
        if alias.multiplier is not None and alias.multiplier > 1:
            return scale_down(raw, alias.multiplier)
        return raw
    if type_name in INT_FORMATS:
        return reader.integer(type_name)
    if type_name in ("ZSTRING", "STRING"):
        return reader.ucs2_terminated(what)
    if type_name in ("DATA", "TREE"):
        return reader.rest()
    raise KgsDecodeError(f"{what}: the catalogue has no type {type_name!r}", reader.pos)


def _write_fields(
    specs: tuple[FieldSpec, ...],
    fields: Mapping[str, Value],
    writer: Writer,
    where: str,
    depth: int,
) -> None:
    if depth > _MAX_DEPTH:
        raise KgsEncodeError(f"{where}: structures nested too deep")
    for f in specs:
        what = f"{where}.{f.name}"
        if f.type == "CONSTANT":
            continue
        present = f.name in fields
        if f.guard is not None:
            reference = fields.get(f.guard.field)
            if not isinstance(reference, int):
                raise KgsEncodeError(f"{what}: guard '{f.guard}' needs an integer {f.guard.field}")
            if not f.guard.holds(reference):
                if present:
                    raise KgsEncodeError(f"{what}: present although '{f.guard}' does not hold")
                continue
        if not present:
            if f.optional:
                continue
            raise KgsEncodeError(f"{what}: missing")
        value = fields[f.name]
        if f.repeated:
            if not isinstance(value, tuple | list):
                raise KgsEncodeError(f"{what}: a repeated field needs a tuple")
            for index, item in enumerate(value):
                _write_value(f.type, item, writer, f"{what}[{index}]", depth)
        else:
            _write_value(f.type, value, writer, what, depth)


def _write_value(type_name: str, value: Value, writer: Writer, what: str, depth: int) -> None:
    if type_name in STRUCTS:
        if not isinstance(value, Mapping):
            raise KgsEncodeError(f"{what}: structure {type_name} needs a dict")
        spec = STRUCTS[type_name]
        extra = sorted(set(value) - {f.name for f in spec.fields})
        if extra:
            raise KgsEncodeError(f"{what}: {type_name} has no field(s) {', '.join(extra)}")
        _write_fields(spec.fields, value, writer, what, depth + 1)
        return
    alias = TYPES.get(type_name)
    if alias is not None:
        if alias.base == "A":
            writer.ascii_fixed(alias.length or 0, _as_str(value, what), what)
        elif alias.base == "S":
            writer.ucs2_fixed(alias.length or 0, _as_str(value, what), what)
        elif type_name == "flag":
            if not isinstance(value, bool):
                raise KgsEncodeError(f"{what}: flag needs a bool")
            writer.integer(alias.base, int(value), what)
        elif alias.multiplier is not None and alias.multiplier > 1:
            writer.integer(alias.base, scale_up(value, alias.multiplier, what), what)
        else:
            secret = type_name == "password"
            writer.integer(alias.base, _as_int(value, what), what, secret=secret)
        return
    if type_name in INT_FORMATS:
        writer.integer(type_name, _as_int(value, what), what)
    elif type_name in ("ZSTRING", "STRING"):
        writer.ucs2_terminated(_as_str(value, what), what, string=type_name == "STRING")
    elif type_name in ("DATA", "TREE"):
        if not isinstance(value, bytes):
            raise KgsEncodeError(f"{what}: {type_name} needs bytes")
        writer.raw(value, what)
    else:
        raise KgsEncodeError(f"{what}: the catalogue has no type {type_name!r}")


def _as_int(value: Value, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise KgsEncodeError(f"{what}: needs an int, got {type(value).__name__}")
    return value


def _as_str(value: Value, what: str) -> str:
    if not isinstance(value, str):
        raise KgsEncodeError(f"{what}: needs a str, got {type(value).__name__}")
    return value
