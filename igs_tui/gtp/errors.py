"""Exceptions of the GTP layer, split by *who* is at fault.

The split follows what a caller can do about each failure:

* :class:`GtpEngineError` — the engine understood us and answered ``? message`` (GTP v2 §2.7).
  The session is fine; the command simply failed (``illegal move``, ``cannot score``...).
* :class:`GtpProtocolError` — the engine sent something that is not GTP (garbage, a wrong id,
  an oversized response). The session may be out of step; retrying is a judgement call.
* :class:`GtpTransportError` / :class:`GtpEngineDied` — the pipe broke or the engine exited.
  Nothing more can be sent; the message carries the engine's last stderr lines because that is
  almost always where the reason is.
* :class:`GtpTimeout` — no complete response within the command's deadline. The engine may
  still answer later; the controller discards that late response automatically.
* :class:`GtpChannelClosed` — *we* closed the session (``close()`` or ``quit``) and then tried
  to use it again: a programming error on the caller's side, not an engine failure.
"""

from __future__ import annotations

from collections.abc import Sequence


class GtpError(Exception):
    """Base class of every error raised by :mod:`igs_tui.gtp`."""


class GtpEngineError(GtpError):
    """A failure response (``? message``) to ``command``; ``message`` is the engine's text."""

    def __init__(self, command: str, message: str) -> None:
        super().__init__(f"engine rejected {command!r}: {message}")
        self.command = command
        self.message = message


class GtpProtocolError(GtpError):
    """The engine's output does not follow GTP v2 (not a response, wrong id, too long...)."""


class GtpTransportError(GtpError):
    """The channel to the engine failed (cannot start, broken pipe)."""


class GtpEngineDied(GtpTransportError):
    """The engine closed its output or exited; ``stderr_tail`` holds its last stderr lines."""

    def __init__(
        self,
        reason: str,
        *,
        returncode: int | None = None,
        stderr_tail: Sequence[str] = (),
    ) -> None:
        self.reason = reason
        self.returncode = returncode
        self.stderr_tail = tuple(stderr_tail)
        parts = [reason]
        if returncode is not None:
            parts.append(f"(exit status {returncode})")
        message = " ".join(parts)
        if self.stderr_tail:
            message += "; last stderr lines:\n" + "\n".join(
                "  " + line for line in self.stderr_tail
            )
        super().__init__(message)


class GtpTimeout(GtpError):
    """No complete response to ``command`` within ``timeout`` seconds."""

    def __init__(self, command: str, timeout: float) -> None:
        super().__init__(f"no response to {command!r} within {timeout:g} s")
        self.command = command
        self.timeout = timeout


class GtpChannelClosed(GtpError):
    """The session was closed by us (``close()``/``quit``) and cannot take more commands."""
