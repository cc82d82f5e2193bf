"""Opening a record file for review and saving it again, from a typed path.

Both return an error message instead of raising, so a prompt can show it under the input and
stay open: a typo costs one more Enter. Reading names the line and column of the problem in a
malformed file (:class:`~igs_tui.records.RecordError`); writing is atomic (the records writer
replaces the target only once the new file is complete), so a failed save leaves no partial
file and an existing one untouched.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.app import App

from igs_tui.records import Collection, RecordError, read_record_file, write_record_file
from igs_tui.records.convert import RecordFormat, UnknownFormatError, format_for_path
from igs_tui.ui.game.game_prompts import SAVE_SUFFIXES, InputPrompt
from igs_tui.ui.safe_text import clean

__all__ = [
    "MAX_RECORD_BYTES",
    "ask_record",
    "ask_save_record",
    "export_name",
    "load_record",
    "save_record",
    "shown_path",
]

_log = logging.getLogger(__name__)

MAX_RECORD_BYTES = 16 * 1024 * 1024
"""The largest file opened for review (a long commented game is well under a megabyte)."""

TYPE_A_NAME = "Type a file name ending in .sgf, .go or .ishi"


def _path(text: str) -> Path:
    return Path(os.path.expanduser(text.strip()))


def shown_path(path: Path, width: int = 60) -> str:
    """A path to show, cut at the front when long: the file name is the part that matters."""
    text = clean(str(path))
    return text if len(text) <= width else "…" + text[-(width - 1) :]


def load_record(text: str) -> tuple[Path, Collection] | str:
    """The record at the path ``text`` names (``~`` expanded), or why it cannot be opened."""
    if not text.strip():
        return TYPE_A_NAME
    path = _path(text)
    shown = shown_path(path)
    try:
        format_for_path(path)
        if not path.is_file():  # also keeps /dev/zero and fifos from hanging the app
            what = "is a directory" if path.is_dir() else "is not a file"
            return f"{shown} {what}" if path.exists() else f"{shown}: no such file"
        if path.stat().st_size > MAX_RECORD_BYTES:
            return f"{shown} is too large for a game record"
        collection = read_record_file(path)
    except RecordError as exc:
        return f"Cannot read {shown}: {clean(str(exc), max_length=200)}"
    except UnknownFormatError as exc:
        return clean(str(exc), max_length=200)
    except OSError as exc:
        return f"Cannot read {shown}: {clean(exc.strerror or str(exc), max_length=100)}"
    except Exception as exc:  # a reader bug must not take the app down
        _log.exception("reading %s failed", path)
        return f"Cannot read {shown}: {clean(str(exc), max_length=200)}"
    return path, collection


def export_name(source: Path | None) -> str:
    """The name offered to save as: the source in the other format (export is conversion)."""
    if source is None:
        return "record.sgf"
    try:
        other = ".go" if format_for_path(source) is RecordFormat.SGF else ".sgf"
    except UnknownFormatError:
        other = ".sgf"
    return str(source.with_suffix(other))


def save_record(collection: Collection, text: str) -> str | None:
    """Write ``collection`` to the path ``text`` names; an error message, or None once written."""
    if not text.strip():
        return TYPE_A_NAME
    path = _path(text)
    if path.is_dir():
        return f"{shown_path(path)} is a directory: add a file name"
    if path.suffix.lower() not in SAVE_SUFFIXES:
        return "The name must end in .sgf (SGF) or .go/.ishi (Ishi)"
    try:
        write_record_file(collection, path)
    except OSError as exc:
        return f"Could not save: {clean(exc.strerror or str(exc), max_length=100)}"
    except ValueError as exc:  # a record the format cannot express
        return f"Could not save in this format: {clean(str(exc), max_length=100)}"
    return None


def ask_record(
    app: App[Any], opened: Callable[[Path, Collection], None], *, value: str = ""
) -> None:
    """Ask for a record's path, then call ``opened`` with what was read (nothing on Escape)."""
    loaded: list[tuple[Path, Collection]] = []

    def check(text: str) -> str | None:
        result = load_record(text)
        if isinstance(result, str):
            return result
        loaded.append(result)
        return None

    def done(text: str | None) -> None:
        if text is not None and loaded:
            opened(*loaded[-1])

    question = "Open record (.sgf for SGF, .go or .ishi for Ishi; ~ for home)"
    app.push_screen(InputPrompt(question, value, check, id="open-record"), done)


def ask_save_record(
    app: App[Any],
    collection: Collection,
    source: Path | None,
    saved: Callable[[str], None],
    *,
    name: str | None = None,
) -> None:
    """Ask for a path and save ``collection`` there; ``saved`` gets the path once written.
    ``name`` is offered when there is no ``source`` file (default ``record.sgf``)."""

    def done(text: str | None) -> None:
        if text is not None:
            saved(str(_path(text)))

    prompt = InputPrompt(
        "Save record as (.sgf for SGF, .go or .ishi for Ishi)",
        export_name(source) if source is not None or name is None else name,
        lambda text: save_record(collection, text),
        id="save-record",
    )
    app.push_screen(prompt, done)
