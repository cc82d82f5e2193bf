"""Byte-level input handling: telnet negotiation filtering and line splitting.

Clients built on telnetlib3 open with option negotiation (``IAC DO ...``, ``IAC WILL ...``).
IGS negotiates nothing, so we refuse every option (``WONT``/``DONT``), which also lets the
client finish its negotiation wait early, and we make sure no negotiation byte ever reaches
the command parser as text. Lines may end in CRLF, LF, a lone CR or CR NUL.
"""

from __future__ import annotations

IAC = 255
DONT = 254
DO = 253
WONT = 252
WILL = 251
SB = 250
SE = 240

MAX_LINE_BYTES = 4096
"""Longer input lines are cut: IGS lines are short and a runaway client must not eat memory."""


class TelnetLineReader:
    """Feed raw bytes, get decoded command lines and the negotiation replies to send back."""

    def __init__(self) -> None:
        self._line = bytearray()
        self._state = "data"  # data | iac | option | sb | sb_iac
        self._option_verb = 0
        self._skip_lf = False
        self._answered: set[tuple[int, int]] = set()

    def feed(self, data: bytes) -> tuple[list[str], bytes]:
        """Return ``(lines, reply_bytes)`` for one chunk of received data."""
        lines: list[str] = []
        reply = bytearray()
        for byte in data:
            state = self._state
            if state == "data":
                if byte == IAC:
                    self._state = "iac"
                elif byte in (10, 13, 0):
                    if byte == 13:
                        self._finish(lines)
                        self._skip_lf = True
                    elif byte == 10:
                        if not self._skip_lf:
                            self._finish(lines)
                        self._skip_lf = False
                    # NUL after CR is the telnet "bare CR" filler: ignore.
                else:
                    self._skip_lf = False
                    if len(self._line) < MAX_LINE_BYTES:
                        self._line.append(byte)
            elif state == "iac":
                if byte == IAC:  # escaped literal 0xFF
                    self._line.append(byte)
                    self._state = "data"
                elif byte in (DO, DONT, WILL, WONT):
                    self._option_verb = byte
                    self._state = "option"
                elif byte == SB:
                    self._state = "sb"
                else:
                    self._state = "data"
            elif state == "option":
                self._state = "data"
                self._refuse(self._option_verb, byte, reply)
            elif state == "sb":
                if byte == IAC:
                    self._state = "sb_iac"
            else:  # sb_iac
                self._state = "data" if byte == SE else "sb"
        return lines, bytes(reply)

    def _refuse(self, verb: int, option: int, reply: bytearray) -> None:
        answer = {DO: WONT, WILL: DONT}.get(verb)
        if answer is None or (verb, option) in self._answered:
            return
        self._answered.add((verb, option))
        reply.extend((IAC, answer, option))

    def _finish(self, lines: list[str]) -> None:
        lines.append(self._line.decode("utf-8", errors="replace"))
        self._line.clear()
