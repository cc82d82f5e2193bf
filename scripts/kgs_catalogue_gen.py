"""Generate ``igs_tui/backends/kgs/protocol/catalogue.py`` from the KGS protocol spec text.

Usage: ``python3 scripts/kgs_catalogue_gen.py [SPEC] [OUT]`` (defaults below). The spec text is a
text rendering of the KGS protocol XML: each table row is one line whose cells are separated by
no-break spaces (U+00A0), and long descriptions continue on the following paragraphs.

Only two things are not read from the text, because the rendering lost them; both are listed
below with their reasons, and the generated module marks them (``repeated=True``):

* REPEATED: the trailing fields that hold a list (the rendering has no array marker).
* The second ``name`` in new_room and ``_unused`` in update_userinfo get a ``_2`` suffix so that
  every message's fields form a dict (``spec_name`` keeps the name as written).

Nothing else is inferred: blank enum values stay ``None``, blank CONSTANT texts stay ``None``.
"""

from __future__ import annotations

import re
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

DEFAULT_SPEC = Path("/work/shared/specs/kgs-protocol.txt")
DEFAULT_OUT = Path(__file__).resolve().parent.parent / "igs_tui/backends/kgs/protocol/catalogue.py"

NBSP = "\u00a0"
PRIMITIVES = {"U8", "U16", "U32", "U64", "I8", "I16", "I32"}
PRIMITIVES |= {"ZSTRING", "STRING", "DATA", "TREE", "CONSTANT"}

#: (origin, code, field): why the field is a list that fills the rest of the message.
REPEATED: dict[tuple[str, int, str], str] = {
    ("SERVER", 0x001E, "data"): "'If empty, no graph is available' ... 'one entry per day'",
    ("SERVER", 0x0318, "rooms"): "plural name, last field, no count",
    ("SERVER", 0x0414, "games"): "'Game records, from oldest to newest'",
    ("SERVER", 0x043A, "games"): "plural name, last field, no count",
    ("SERVER", 0x4300, "users"): "plural name, last field, no count",
    ("SERVER", 0x4304, "games"): "plural name, last field, no count",
    ("SERVER", 0x4403, "users"): "plural name, last field, no count",
}

SECTION_HEADINGS = {
    "Stream and message structure.",
    "Primitive types used in the protocol.",
    "Enumeration and set types used in the protocol.",
    "Structs used in send & receive messages",
    "Structs used in messages from the client",
    "Client-generated messages",
    "Structs mainly used in messages send by the server",
    "Server-generated messages",
    "Room messages",
    "Game messages",
}

RE_TYPE = re.compile(r"^TYPE (\w+)$")
RE_BASE = re.compile(r"^BASE TYPE (\w+), LENGTH (\d*), MULTIPLIER ?(\d*)$")
RE_ENUM = re.compile(r"^(enum|set): (\w+)$")
RE_STRUCT = re.compile(r"^STRUCTURE (\w+)$")
RE_MESSAGE = re.compile(r"^ORIGIN: (CLIENT|SERVER); MESSAGE: (\w+)$")
RE_CODE = re.compile(
    r"^NUMERIC TYPE \(hex\): ([0-9a-fA-F]{4})(?: \(possibly in response to (.*?)\s*\))?$"
)
RE_GUARD = re.compile(r"^(\w+) (==|!=|<=|>=|<|>) (-?(?:0x[0-9a-fA-F]+|\d+))$")
RE_IDENT = re.compile(r"^[a-z_][a-z0-9_]*$")
RE_ENUM_NAME = re.compile(r"^[A-Z][A-Z0-9_]*$")
RE_INT = re.compile(r"^(?:0x[0-9a-fA-F]+|\d+)$")
HEADER = "NAME TYPE VALUE DESCRIPTION GUARD"


@dataclass
class Row:
    name: str
    type: str
    value: str | None
    description: list[str] = field(default_factory=list)
    guard: tuple[str, str, int] | None = None


@dataclass
class Section:
    kind: str  # type, enum, set, struct, message
    name: str
    origin: str = ""
    code: int = -1
    in_response_to: str = ""
    base: tuple[str, int | None, int | None] | None = None
    description: list[str] = field(default_factory=list)
    rows: list[Row] = field(default_factory=list)
    in_table: bool = False


def clean(text: str) -> str:
    return " ".join(text.replace(NBSP, " ").split())


def split_sections(lines: list[str]) -> list[Section]:
    sections: list[Section] = []
    current: Section | None = None
    for raw in lines:
        line = raw.rstrip("\n")
        stripped = clean(line)
        if stripped in SECTION_HEADINGS:
            current = None
            continue
        if m := RE_TYPE.match(stripped):
            current = Section("type", m[1])
            sections.append(current)
            continue
        if m := RE_ENUM.match(stripped):
            current = Section(m[1], m[2])
            sections.append(current)
            continue
        if m := RE_STRUCT.match(stripped):
            current = Section("struct", m[1])
            sections.append(current)
            continue
        if m := RE_MESSAGE.match(stripped):
            current = Section("message", m[2], origin=m[1])
            sections.append(current)
            continue
        if current is None:
            continue
        if current.kind == "message" and current.code < 0 and (m := RE_CODE.match(stripped)):
            current.code = int(m[1], 16)
            current.in_response_to = m[2] or ""
            continue
        if current.kind == "type" and (m := RE_BASE.match(stripped)):
            length = int(m[2]) if m[2] else None
            mult = int(m[3]) if m[3] else None
            current.base = (m[1], length, mult)
            continue
        if stripped == HEADER:
            current.in_table = True
            continue
        if not current.in_table:
            if stripped and not stripped.startswith("CLASS:"):
                current.description.append(stripped)
            continue
        add_table_line(current, line, stripped)
    return sections


def add_table_line(section: Section, line: str, stripped: str) -> None:
    if not stripped:
        return
    if section.kind in ("enum", "set"):
        tokens = stripped.split(" ")
        is_row = RE_ENUM_NAME.match(tokens[0]) and (NBSP in line or len(tokens) == 1)
        if is_row:
            cells = line.split(NBSP)
            first = cells[0].split()
            value = first[1] if len(first) > 1 and RE_INT.match(first[1]) else None
            rest = cells[0].split(None, 2 if value else 1)[2 if value else 1 :]
            desc = [clean(" ".join(rest + cells[1:]))]
            section.rows.append(Row(first[0], "", value, [d for d in desc if d]))
        elif section.rows:
            section.rows[-1].description.append(stripped)
        return
    cells = line.split(NBSP)
    first = cells[0].split(None, 2)
    if NBSP in line and len(first) >= 2 and RE_IDENT.match(first[0]) and is_type(first[1]):
        value = first[2].strip() if len(first) == 3 and first[2].strip() else None
        row = Row(first[0], first[1], value)
        rest = [clean(c) for c in cells[1:]]
        if rest and rest[0]:
            row.description.append(rest[0])
        for cell in rest[1:]:
            if cell and (g := RE_GUARD.match(cell)):
                row.guard = (g[1], g[2], int(g[3], 0))
            elif cell:
                row.description.append(cell)
        section.rows.append(row)
        return
    if section.rows:
        last = section.rows[-1]
        if g := RE_GUARD.match(stripped):
            last.guard = (g[1], g[2], int(g[3], 0))
        else:
            last.description.append(stripped)


KNOWN_TYPES: set[str] = set(PRIMITIVES)


def is_type(token: str) -> bool:
    return token in KNOWN_TYPES


def unquote(value: str | None) -> str | None:
    if value is not None and len(value) >= 2 and value[0] == value[-1] == '"':
        return value[1:-1]
    return value


def render(sections: list[Section]) -> str:
    out: list[str] = [
        '"""The KGS message catalogue, as data. GENERATED by scripts/kgs_catalogue_gen.py from',
        "/work/shared/specs/kgs-protocol.txt ($Revision: 1.80 $): do not edit by hand; edit the",
        "script and run it again.",
        "",
        "Where the spec text is blank (enum values, some CONSTANT texts) the value is ``None``.",
        '"""',
        "",
        "# ruff: noqa: E501",
        "",
        "from igs_tui.backends.kgs.protocol.schema import (",
        "    EnumMember,",
        "    EnumSpec,",
        "    FieldSpec,",
        "    Guard,",
        "    MessageSpec,",
        "    Origin,",
        "    StructSpec,",
        "    TypeAlias,",
        ")",
        "",
        "TYPES: dict[str, TypeAlias] = {",
    ]
    for s in sections:
        if s.kind == "type" and s.base is not None:
            base, length, mult = s.base
            desc = clean(" ".join(s.description))
            out.append(
                f"    {s.name!r}: TypeAlias({s.name!r}, {base!r}, {length!r}, {mult!r}, {desc!r}),"
            )
    out += ["}", "", "ENUMS: dict[str, EnumSpec] = {"]
    for s in sections:
        if s.kind in ("enum", "set"):
            out.append(f"    {s.name!r}: EnumSpec(")
            out.append(f"        {s.name!r},")
            out.append(f"        is_set={s.kind == 'set'},")
            out.append("        members=(")
            for r in s.rows:
                value = int(r.value, 0) if r.value else None
                desc = clean(" ".join(r.description))
                out.append(f"            EnumMember({r.name!r}, {value!r}, {desc!r}),")
            out.append("        ),")
            out.append(f"        description={clean(' '.join(s.description))!r},")
            out.append("    ),")
    out += ["}", "", "STRUCTS: dict[str, StructSpec] = {"]
    for s in sections:
        if s.kind == "struct" and s.name != "message_header":
            out.append(f"    {s.name!r}: StructSpec(")
            out.append(f"        {s.name!r},")
            out.append("        (")
            out += render_fields(s, None)
            out.append("        ),")
            out.append(f"        {clean(' '.join(s.description))!r},")
            out.append("    ),")
    out += ["}", "", "MESSAGES: tuple[MessageSpec, ...] = ("]
    for s in sections:
        if s.kind == "message":
            if s.code < 0:
                raise SystemExit(f"message {s.name} has no NUMERIC TYPE")
            out.append("    MessageSpec(")
            out.append(f"        {s.name!r},")
            out.append(f"        0x{s.code:04X},")
            out.append(f"        Origin.{s.origin},")
            out.append("        (")
            out += render_fields(s, (s.origin, s.code))
            out.append("        ),")
            out.append(f"        {clean(' '.join(s.description))!r},")
            out.append(f"        {s.in_response_to!r},")
            out.append("    ),")
    out += [")", ""]
    return "\n".join(out)


def render_fields(s: Section, message: tuple[str, int] | None) -> list[str]:
    out: list[str] = []
    seen: dict[str, int] = {}
    for index, r in enumerate(s.rows):
        seen[r.name] = seen.get(r.name, 0) + 1
        name = r.name if seen[r.name] == 1 else f"{r.name}_{seen[r.name]}"
        desc = clean(" ".join(r.description))
        args = [repr(name), repr(r.type), repr(r.name)]
        default = unquote(r.value)
        if default is not None:
            args.append(f"default={default!r}")
        if desc:
            args.append(f"description={desc!r}")
        if r.guard is not None:
            args.append(f"guard=Guard{r.guard!r}")
        if message is not None and (message[0], message[1], r.name) in REPEATED:
            if index != len(s.rows) - 1:
                raise SystemExit(f"repeated field {r.name} of {s.name} is not last")
            args.append("repeated=True")
        if "This field is optional" in desc:
            args.append("optional=True")
        out.append(f"            FieldSpec({', '.join(args)}),")
    return out


def main(argv: list[str]) -> int:
    spec = Path(argv[1]) if len(argv) > 1 else DEFAULT_SPEC
    target = Path(argv[2]) if len(argv) > 2 else DEFAULT_OUT
    lines = spec.read_text(encoding="utf-8").splitlines()
    # Every type name must be known before rows are read: collect aliases and structures first.
    for line in lines:
        stripped = clean(line)
        if m := RE_TYPE.match(stripped) or RE_STRUCT.match(stripped):
            KNOWN_TYPES.add(m[1])
    sections = split_sections(lines)
    target.write_text(render(sections), encoding="utf-8")
    # The committed module is ruff-formatted; format the fresh one the same way (best effort).
    subprocess.run(["ruff", "format", "--quiet", str(target)], check=False)
    messages = sum(1 for s in sections if s.kind == "message")
    print(f"wrote {target}: {messages} messages", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
