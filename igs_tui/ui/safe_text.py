"""Turn untrusted server text into something that is safe to put on screen.

Everything a server sends (names, chat, game titles, raw console lines) is hostile until
proven otherwise: Rich/Textual markup such as ``[red]`` or ``[link=...]`` must show literally,
ANSI escape sequences must not move the cursor or recolour the terminal, control characters
must not ring bells or break lines, and bidirectional overrides must not reorder what the
user reads. Widgets therefore never build markup strings from server data; they call
:func:`plain` (a :class:`rich.text.Text`, which is never parsed as markup) or :func:`clean`
(a sanitised ``str`` for places that want plain strings, such as DataTable cells wrapped in
``Text`` or log files).
"""

from __future__ import annotations

import re

from rich.style import Style
from rich.text import Text

_ANSI = re.compile(
    r"""
    \x1b\[[0-?]*[ -/]*[@-~]            # CSI: ESC [ params intermediates final
    | \x9b[0-?]*[ -/]*[@-~]            # 8-bit CSI
    | \x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?   # OSC ... BEL or ST (hyperlinks, titles)
    | \x1b[PX^_][^\x1b]*(?:\x1b\\)?    # DCS / SOS / PM / APC strings
    | \x1b[ -/]*[0-~]                  # other two-byte escapes (ESC c, ESC ( B, ...)
    """,
    re.VERBOSE,
)

_CONTROL = re.compile(
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f"  # C0 (but tab, CR, LF), C1, DEL
    "\u200e\u200f\u202a-\u202e\u2066-\u2069"  # bidi marks, embeddings, overrides, isolates
    "\ufeff]"  # stray byte-order marks
)

ELLIPSIS = "…"


def clean(text: str, *, keep_newlines: bool = False, max_length: int | None = None) -> str:
    """Return ``text`` without escape sequences or control characters.

    Tabs become single spaces and CR/LF become spaces (one line per widget row) unless
    ``keep_newlines`` is set, in which case CRLF/CR become ``\\n``. ``max_length`` cuts very
    long text and marks the cut with an ellipsis, so one hostile line cannot make a row or
    a notification grow without bound.
    """
    if text.isprintable():
        # Nothing to take out: an escape sequence starts with a control character, and every
        # character removed or replaced below (C0/C1 controls, tab, CR, LF, bidi and format
        # marks) is one ``isprintable`` rejects. Most lines of a busy server take this way.
        if max_length is None or len(text) <= max_length:
            return text
    else:
        text = _ANSI.sub("", text)
        text = _CONTROL.sub("", text)
    if keep_newlines:
        text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\t", " ")
    else:
        text = text.replace("\r\n", " ").replace("\r", " ").replace("\n", " ").replace("\t", " ")
    if max_length is not None and len(text) > max_length:
        text = text[: max(0, max_length - 1)] + ELLIPSIS
    return text


def plain(
    text: str,
    style: str | Style = "",
    *,
    keep_newlines: bool = False,
    max_length: int | None = None,
) -> Text:
    """Return ``text`` cleaned as by :func:`clean`, as a :class:`Text` that is never markup.

    ``style`` is the *application's* styling for the whole span (for example a colour for
    one's own messages); server data never chooses styles.
    """
    return Text(clean(text, keep_newlines=keep_newlines, max_length=max_length), style=style)
