"""Record files for the rest of the program: read, write atomically, convert (``igs-tui convert``).

The format is chosen by the file name's extension: ``.sgf`` is SGF, ``.go`` and ``.ishi`` are
the Ishi Standard Format. Writes go to a temporary file in the target directory that replaces
the target only when complete (``os.replace`` is atomic on one file system), so a bad input or
a crash never leaves a partial record behind, and an existing file is never half-overwritten.

When Ishi is written from a played game (a record with no PRISONER data of its own, such as
any SGF game), each capturing move gets a ``PRISONER`` line computed by our rules engine, as
the spec's sample data has.
"""

from __future__ import annotations

import os
import sys
import tempfile
from enum import StrEnum
from pathlib import Path

from igs_tui.records.ishi import parse_ishi, write_ishi
from igs_tui.records.model import Collection, GameRecord, RecordError
from igs_tui.records.replay import captures_if_unannotated, check_record
from igs_tui.records.sgf import parse_sgf, write_sgf

__all__ = [
    "RecordFormat",
    "UnknownFormatError",
    "decode_ishi_bytes",
    "format_for_path",
    "read_record_file",
    "run_convert_cli",
    "save_sgf_atomic",
    "serialise",
    "write_record_file",
]


class RecordFormat(StrEnum):
    SGF = "sgf"
    ISHI = "ishi"


_EXTENSIONS = {".sgf": RecordFormat.SGF, ".go": RecordFormat.ISHI, ".ishi": RecordFormat.ISHI}


class UnknownFormatError(ValueError):
    """A file name whose extension names no record format we know."""


def format_for_path(path: str | os.PathLike[str]) -> RecordFormat:
    """The format a file name asks for; raises :class:`UnknownFormatError`."""
    suffix = Path(path).suffix.lower()
    try:
        return _EXTENSIONS[suffix]
    except KeyError:
        known = ", ".join(_EXTENSIONS)
        raise UnknownFormatError(
            f"unknown record format {suffix or '(no extension)'!r}: use one of {known}"
        ) from None


def decode_ishi_bytes(data: bytes) -> str:
    """Ishi files are ASCII by the spec; accept UTF-8 and fall back to Latin-1 (never fails)."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def read_record_file(path: str | os.PathLike[str]) -> Collection:
    """Read a record file and check it is a game our rules can replay.

    Raises :class:`UnknownFormatError`, ``OSError``, or :class:`RecordError` with the line and
    column of the problem: a file with no game, a value no Go game has (``GM[2]``,
    ``KM[nan]``, ``HA[999999999999]``), or a move the rules refuse (an occupied point, a
    suicide) in any variation.
    """
    fmt = format_for_path(path)
    data = Path(path).read_bytes()
    sgf = fmt is RecordFormat.SGF
    collection = parse_sgf(data) if sgf else parse_ishi(decode_ishi_bytes(data))
    if all(record == GameRecord() for record in collection.records):
        # an empty or remarks-only Ishi file reads as one blank game: there is nothing to keep
        raise RecordError("no game in this file", 1, 1)
    for record in collection.records:
        check_record(record)
    return collection


def serialise(collection: Collection | GameRecord, fmt: RecordFormat) -> bytes:
    """The bytes of a record file in ``fmt``."""
    if isinstance(collection, GameRecord):
        collection = Collection([collection])
    if fmt is RecordFormat.SGF:
        return write_sgf(collection)
    return write_ishi(collection, captures=captures_if_unannotated).encode("utf-8")


def write_bytes_atomic(data: bytes, path: str | os.PathLike[str]) -> Path:
    """Write ``data`` to ``path`` so that a crash at any moment leaves either the old file or
    the new one, complete: a temporary file in the same directory is written and fsynced, then
    renamed over the target, then the directory is fsynced so the rename itself is on disk."""
    target = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    _fsync_directory(target.parent)
    return target


def _fsync_directory(directory: Path) -> None:
    try:
        dir_fd = os.open(directory, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return  # a platform that cannot open directories cannot sync them either
    try:
        os.fsync(dir_fd)
    except OSError:
        pass
    finally:
        os.close(dir_fd)


def write_record_file(collection: Collection | GameRecord, path: str | os.PathLike[str]) -> None:
    """Write records in the format the extension names, atomically.

    Raises :class:`UnknownFormatError`, ``OSError``, or :class:`ValueError` for a record that
    cannot be expressed (e.g. a board size the format cannot hold); the target is then untouched.
    """
    data = serialise(collection, format_for_path(path))
    write_bytes_atomic(data, path)


def save_sgf_atomic(record: GameRecord | Collection, path: str | os.PathLike[str]) -> None:
    """Save as SGF whatever the extension (the app's "save game" command)."""
    write_bytes_atomic(serialise(record, RecordFormat.SGF), path)


def _where(path: str, exc: RecordError) -> str:
    if exc.line is None:
        return f"{path}: {exc.message}"
    return f"{path}:{exc.line}:{exc.column or 1}: {exc.message}"


def run_convert_cli(input: str, output: str) -> int:
    """``igs-tui convert IN OUT``: 0 on success; 1 with ``igs-tui: ...`` on stderr otherwise."""
    try:
        out_format = format_for_path(output)
        format_for_path(input)
    except UnknownFormatError as exc:
        print(f"igs-tui: {exc}", file=sys.stderr)
        return 1
    try:
        collection = read_record_file(input)
    except RecordError as exc:
        print(f"igs-tui: {_where(input, exc)}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"igs-tui: {input}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    try:
        write_bytes_atomic(serialise(collection, out_format), output)
    except OSError as exc:
        print(f"igs-tui: {output}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    except ValueError as exc:
        print(f"igs-tui: {output}: cannot write this record: {exc}", file=sys.stderr)
        return 1
    return 0
