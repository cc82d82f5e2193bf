"""Hypothesis strategies for any catalogued KGS message, built from the catalogue itself."""

from __future__ import annotations

from decimal import Decimal

from hypothesis import strategies as st

from igs_tui.backends.kgs.protocol.catalogue import STRUCTS, TYPES
from igs_tui.backends.kgs.protocol.primitives import INT_FORMATS, int_range
from igs_tui.backends.kgs.protocol.schema import FieldSpec, MessageSpec
from igs_tui.backends.kgs.protocol.values import Fields, Message, Value

ASCII = st.characters(min_codepoint=1, max_codepoint=0x7F)
UCS2 = st.characters(
    min_codepoint=1,
    max_codepoint=0xFFFF,
    categories=("L", "M", "N", "P", "S", "Z", "Cc", "Cf", "Co", "Cn"),
)


def value_of(type_name: str) -> st.SearchStrategy[Value]:
    if type_name in STRUCTS:
        return fields_of(STRUCTS[type_name].fields)
    alias = TYPES.get(type_name)
    if alias is not None:
        if alias.base == "A":
            return st.text(ASCII, max_size=alias.length or 0)
        if alias.base == "S":
            return st.text(UCS2, max_size=min(alias.length or 0, 40))
        low, high = int_range(alias.base)
        if type_name == "flag":
            return st.booleans()
        multiplier = alias.multiplier
        if multiplier is not None and multiplier > 1:
            return st.integers(low, high).map(lambda raw: Decimal(raw) / multiplier)
        return st.integers(low, high)
    if type_name in INT_FORMATS:
        low, high = int_range(type_name)
        return st.integers(low, high)
    if type_name in ("ZSTRING", "STRING"):
        return st.text(UCS2, max_size=30)
    if type_name in ("DATA", "TREE"):
        return st.binary(max_size=40)
    raise AssertionError(f"no strategy for {type_name}")


def fields_of(specs: tuple[FieldSpec, ...]) -> st.SearchStrategy[Fields]:
    @st.composite
    def build(draw: st.DrawFn) -> Fields:
        fields: Fields = {}
        for f in specs:
            if f.type == "CONSTANT":
                continue
            if f.guard is not None:
                reference = fields[f.guard.field]
                assert isinstance(reference, int)
                if not f.guard.holds(reference):
                    continue
            if f.repeated:
                fields[f.name] = tuple(draw(st.lists(value_of(f.type), max_size=3)))
            elif f.optional:
                # An empty optional STRING at the end is the same bytes as no field at all.
                if draw(st.booleans()):
                    fields[f.name] = draw(st.text(UCS2, min_size=1, max_size=30))
            else:
                fields[f.name] = draw(value_of(f.type))
        return fields

    return build()


def message_of(spec: MessageSpec) -> st.SearchStrategy[Message]:
    return fields_of(spec.fields).map(lambda fields: Message(spec, fields))
