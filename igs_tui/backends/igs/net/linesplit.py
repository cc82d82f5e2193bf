"""Split the raw IGS byte stream into lines, whatever the packet boundaries.

Theory of operation
-------------------
The socket hands us bytes in arbitrary chunks. The protocol layer wants one line at a time
(``str``, no CR/LF). Between the two sits :class:`LineSplitter`, whose output is a *pure
function of the byte stream*: one chunk or one byte at a time, the same lines come out.
Every rule below was chosen so that no decision depends on where a chunk happens to end:

* **Terminators.** CR LF, a lone LF and a lone CR each end exactly one line. IGS sends CR LF,
  and the CR and the LF may arrive in different packets: after a CR we remember that an LF (or
  the NUL of telnet's "CR NUL") may follow and swallow it when it arrives, so a packet boundary
  between them never adds a phantom empty line.
* **Prompts without newline.** ``Login: ``, ``Password: `` and the non-client prompt ``#> `` are
  sent with no line end, so a newline search would wait forever. They are *known exact strings*,
  so we recognise them as a prefix at the start of a line: as soon as the buffered line starts
  with a prompt, the prompt is emitted as a line of its own. While the buffer is still a proper
  prefix of a prompt (``b"Logi"``) nothing is decided, because the next byte might make it an
  ordinary line. If a line end directly follows a prompt it is swallowed, so ``"#> \\r\\n"`` and
  ``"#> "`` give the same single line. We preferred this over "a prompt at the end of the data
  that is buffered right now", which depends on packet timing and so is not split-invariant.
  The price: an ordinary line that starts with a prompt string is split after it. In client
  mode every line starts with a numeric code, so there it cannot happen.
* **Telnet commands** (``strip_telnet=True``, for a raw socket): ``IAC IAC`` is a literal 0xFF
  byte, ``IAC SB ... IAC SE`` and two/three byte commands are dropped, across chunk boundaries
  too. Behind telnetlib3 this must be *off*: telnetlib3 has already consumed the commands and
  turned ``IAC IAC`` into a single 0xFF, so a second pass would eat that byte and the next one.
* **Length cap.** A line longer than ``max_line`` bytes is cut into ``max_line`` byte pieces, so a
  hostile peer cannot grow our memory without bound. Like h11's receive buffer, the splitter
  remembers how far it already searched for a line end, so a long line arriving in many small
  packets costs linear, not quadratic, time.

:meth:`LineSplitter.close` returns a final unterminated line at end of stream.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = ["DEFAULT_MAX_LINE", "DEFAULT_PROMPTS", "LineSplitter"]

DEFAULT_PROMPTS: tuple[bytes, ...] = (b"Login: ", b"Password: ", b"#> ")
"""Prompts IGS sends without a line end (see the spec's "Connection start")."""

DEFAULT_MAX_LINE = 64 * 1024
"""Longest line we buffer; real IGS lines are well under 1 KiB."""

_IAC = 0xFF
_SB = 0xFA
_SE = 0xF0
_WILL, _WONT, _DO, _DONT = 0xFB, 0xFC, 0xFD, 0xFE
_CR = 0x0D
_LF = 0x0A
_NUL = 0x00

_TERMINATOR = re.compile(rb"\r\n|\r|\n")

# States of the telnet command filter.
_DATA, _CMD, _OPTION, _SUBNEG, _SUBNEG_IAC = range(5)


class LineSplitter:
    """Turn a chunked byte stream into complete lines (``bytes`` without CR/LF).

    Args:
        prompts: exact byte strings that count as a whole line when a line starts with them.
            None of them may contain CR or LF.
        max_line: maximum line length in bytes; longer lines are split into pieces of this size.
        strip_telnet: interpret telnet IAC sequences (only for data that did not pass through a
            telnet library already).

    Raises:
        ValueError: for an empty prompt, a prompt with a line end, or a ``max_line`` shorter
            than 1 or than the longest prompt.
    """

    def __init__(
        self,
        prompts: Iterable[bytes] = DEFAULT_PROMPTS,
        max_line: int = DEFAULT_MAX_LINE,
        *,
        strip_telnet: bool = True,
    ) -> None:
        self._prompts = tuple(prompts)
        for prompt in self._prompts:
            if not prompt or b"\r" in prompt or b"\n" in prompt:
                raise ValueError(f"invalid prompt {prompt!r}: must be non-empty, without CR/LF")
        if max_line < max((len(p) for p in self._prompts), default=1):
            raise ValueError("max_line must be at least 1 and hold the longest prompt")
        self._max_line = max_line
        self._prompt_starts = frozenset(prompt[0] for prompt in self._prompts)
        self._buffer = bytearray()
        self._scanned = 0  # search for a line end resumes here (h11 _receivebuffer style)
        self._swallow_lf = False  # previous terminator was CR: a following LF/NUL belongs to it
        self._after_prompt = False  # previous line was a prompt: a following line end belongs to it
        self._telnet_state = _DATA
        self._strip = strip_telnet
        self._closed = False

    def feed(self, data: bytes) -> list[bytes]:
        """Add received bytes and return every line they complete (possibly none).

        Raises:
            RuntimeError: after :meth:`close`.
        """
        if self._closed:
            raise RuntimeError("LineSplitter is closed")
        if data:
            self._buffer += self._strip_telnet(data) if self._strip else data
        return self._extract_lines()

    def close(self) -> list[bytes]:
        """Signal end of stream; return the unterminated last line, if there is one."""
        lines = [] if self._closed else self._extract_lines()
        self._closed = True
        if self._buffer:
            lines.append(bytes(self._buffer))
            self._buffer.clear()
            self._scanned = 0
        return lines

    def reset(self) -> None:
        """Forget the partial line and any telnet or terminator state, as at a fresh start.

        For a caller that caught an exception out of :meth:`feed` (which never raises by
        design): whatever state led to it is dropped, so the next chunk is split afresh.
        """
        self._buffer.clear()
        self._scanned = 0
        self._swallow_lf = False
        self._after_prompt = False
        self._telnet_state = _DATA

    @property
    def pending(self) -> bytes:
        """Bytes of the current, not yet complete line (for diagnostics)."""
        return bytes(self._buffer)

    def _strip_telnet(self, data: bytes) -> bytes:
        """Remove telnet IAC sequences, keeping state across chunk boundaries."""
        if self._telnet_state == _DATA and _IAC not in data:
            return data
        out = bytearray()
        state = self._telnet_state
        for byte in data:
            if state == _DATA:
                if byte == _IAC:
                    state = _CMD
                else:
                    out.append(byte)
            elif state == _CMD:
                if byte == _IAC:
                    out.append(_IAC)  # IAC IAC: an escaped literal 0xFF
                    state = _DATA
                elif byte in (_WILL, _WONT, _DO, _DONT):
                    state = _OPTION
                elif byte == _SB:
                    state = _SUBNEG
                else:
                    state = _DATA  # two-byte command (NOP, GA, AYT, ...)
            elif state == _OPTION:
                state = _DATA
            elif state == _SUBNEG:
                if byte == _IAC:
                    state = _SUBNEG_IAC
            elif state == _SUBNEG_IAC:
                # IAC SE ends the subnegotiation; IAC IAC is an escaped byte inside it.
                state = _DATA if byte == _SE else _SUBNEG
        self._telnet_state = state
        return bytes(out)

    def _extract_lines(self) -> list[bytes]:
        # Walk the buffer with an index and delete the consumed prefix once at the end: deleting
        # per line would move the remaining bytes once per line.
        lines: list[bytes] = []
        buffer = self._buffer
        size = len(buffer)
        cap = self._max_line
        pos = 0
        with memoryview(buffer) as view:
            while pos < size:
                first = buffer[pos]
                if self._swallow_lf:
                    self._swallow_lf = False
                    if first in (_LF, _NUL):
                        pos += 1
                        continue
                if self._after_prompt:
                    self._after_prompt = False
                    if first in (_CR, _LF):
                        self._swallow_lf = first == _CR
                        pos += 1
                        continue
                if first in self._prompt_starts:
                    prompt_length = self._match_prompt(pos)
                    if prompt_length is None:
                        break  # a proper prefix of a prompt: wait for more bytes
                    if prompt_length:
                        lines.append(bytes(view[pos : pos + prompt_length]))
                        pos += prompt_length
                        self._scanned = pos
                        self._after_prompt = True
                        continue
                match = _TERMINATOR.search(buffer, max(pos, self._scanned))
                if match is None:
                    self._scanned = size
                    # Cut only once a byte *beyond* the cap is present: a terminator arriving
                    # right after exactly max_line bytes must end that line, not add an empty one.
                    if size - pos > cap:
                        lines.append(bytes(view[pos : pos + cap]))
                        pos += cap
                        self._scanned = pos
                        continue
                    break
                end = match.start()
                if end - pos > cap:
                    lines.append(bytes(view[pos : pos + cap]))
                    pos += cap
                    self._scanned = pos
                    continue
                lines.append(bytes(view[pos:end]))
                pos = match.end()
                # A lone CR: its LF (or NUL) may still come, possibly in the next packet.
                self._swallow_lf = pos - end == 1 and buffer[end] == _CR
                self._scanned = pos
        if pos:
            del buffer[:pos]
            self._scanned = max(0, self._scanned - pos)
        return lines

    def _match_prompt(self, pos: int) -> int | None:
        """Length of the prompt starting at ``pos``; 0 if none can; None if undecided yet."""
        buffer = self._buffer
        available = len(buffer) - pos
        undecided = False
        for prompt in self._prompts:
            if buffer.startswith(prompt, pos):
                return len(prompt)
            if available < len(prompt) and prompt.startswith(buffer[pos:]):
                undecided = True
        return None if undecided else 0
