"""Ishi Standard Format (17 March 1990, David Fotland): full reader and full writer.

The spec asks a full reader/writer to "recognize and store all data signalled by the keywords
described in Section 5, and write all that data into an output file without adding to, losing,
or modifying data in the file in any significant way" (§1). Whitespace, keyword case and line
grouping are not significant; everything else round-trips through :mod:`igs_tui.records.model`.

How the spec's structure maps onto the model:

* Each ``EVENT`` is a :class:`GameRecord`; data before any ``EVENT`` belongs to the implicit
  first event, and an ``EVENT`` line before any data names that first event instead of
  starting a second one. An empty file is one empty event.
* Header keywords fill :class:`GameInfo`. Textual data is summed over repeated lines (kept one
  per line, joined with ``"\\n"``): ``ANALYSIS``, ``DATE``, ``PLACE``, ``RECORDER``, ``SOURCE``,
  ``TIMELIMIT``. Once-only data takes the last line: ``BLACK``, ``WHITE``, ``HANDICAP``,
  ``KOMI``, ``RESULT``, ``RULES`` (and ``BOARDSIZE``).
* Commentary, marks and user data before any setup or move apply to the event: the root node.
  ``SETUP`` lines go into the root while the root carries no annotations yet; otherwise (the
  event has its own ``COM``, as in the spec sample's third event) they start a setup node, so
  the event's and the setup's commentary stay apart.
* ``B``/``W`` and ``DIAGRAM`` start a new node. ``VAR`` is an alternative to the current move
  (the spec: "the variation in question applies to the current move"), so its first node is a
  sibling of the current one; ``ENDVAR`` returns to the move the ``VAR`` followed.
* ``REMARK`` lines attach to the next ``EVENT``, ``SETUP``, ``B``/``W`` or ``DIAGRAM``.

Errors raise :class:`RecordError` with the 1-based line and column. The reader is strict about
the fields a keyword defines (``B 22 Q3 R7``, a bad location, move number 0, a duplicate or
decreasing move number in a sequence, an unclosed ``COM``/``VAR``/``USER``, an unmatched
``ENDVAR``) and ignores extra data after fields that end a line (``ENDVAR back to main game``).

Data the format has no keyword for (SGF properties such as ``GN``, time left, circle marks,
labels longer than two characters) is written in a ``USER igs-tui-sgf`` block of SGF property
text (:mod:`igs_tui.records.sgf_props`) and read back from it. So are commentary and user
blocks with a line that would close them early (a line starting with ``ENDCOM``/``ENDUSER``):
the writer never produces a file that reads back differently. Values that the format keeps
on one line (headers, titles, remarks) have their line breaks replaced by spaces.

Writing is lossless by default; pass ``captures`` (see :func:`write_ishi`) to add engine-computed
``PRISONER`` lines to a played game that has none.
"""

from igs_tui.records.ishi_read import parse_ishi, parse_komi, parse_mark_line, parse_refs
from igs_tui.records.ishi_syntax import SGF_USER_TITLE
from igs_tui.records.ishi_write import format_mark_lines, format_refs, write_ishi

__all__ = [
    "SGF_USER_TITLE",
    "format_mark_lines",
    "format_refs",
    "parse_ishi",
    "parse_komi",
    "parse_mark_line",
    "parse_refs",
    "write_ishi",
]
