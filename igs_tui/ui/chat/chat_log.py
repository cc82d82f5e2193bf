"""Chat logs on disk: one plain-text file per buffer, appended as messages arrive.

The model keeps only the latest messages per buffer in memory; the log keeps everything.
File names are derived from the buffer key but reduced to safe characters, because a user
name chosen by a stranger must never become a path like ``../../.bashrc``. A game's log is one
game's: game numbers are reused, so its name also says when the game's first line came.
Logging failures (disk full, permissions) turn logging off with a reason instead of breaking
the chat.

Logs hold private tells: the directory is 0700 and each file 0600 (modes are set again on
files and directories from older versions), and the password of the session is redacted
the same way as in session transcripts (:class:`~igs_tui.redaction.Redactor`), so a password
typed into a tell by mistake never reaches the disk.

What the logs hold is capped (:mod:`igs_tui.disk_caps`, README "Limits"): a log past its size
is rotated, the folder keeps a total size and a number of files (oldest deleted first, told
once), and beyond :data:`~igs_tui.model.limits.TELL_LOGS` tellers with a log of their own,
further tellers share ``tell-others.log`` (their history is then not read back).

The logs also give a buffer its history after a restart (:meth:`ChatLogger.history`, read
by :mod:`igs_tui.ui.chat.chat_history`): the lines logged before this session, since the lines of
this session are the buffer's own messages.
"""

from __future__ import annotations

import asyncio
import os
import re
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from igs_tui.disk_caps import CappedFolder, DiskCaps
from igs_tui.model import (
    TOPIC_CHAT_LIST,
    BufferKey,
    ChatBuffer,
    ChatKind,
    ChatMessage,
    ClientModel,
)
from igs_tui.private_dirs import private_dir
from igs_tui.redaction import Redactor
from igs_tui.ui.chat.tail import appended_since
from igs_tui.ui.safe_text import clean

if TYPE_CHECKING:
    from igs_tui.model.changes import Change, ChatAdded, SessionEnded
    from igs_tui.ui.chat.chat_history import LoggedLine

_UNSAFE = re.compile(r"[^A-Za-z0-9_-]")
_TELL_LOG = re.compile(r"tell-[A-Za-z0-9_-]+\.log")
OTHER_TELLS = "tell-others.log"
"""The log shared by the tellers beyond the cap on tell logs."""


def log_file_name(key: BufferKey, stamp: str = "") -> str:
    """``tell-alice.log``, ``shout.log``, ``game-12-20261128-061800.log`` (a game's log is
    named by when its first line came too, see :meth:`ChatLogger.path_for`); unsafe
    characters become ``_``."""
    target = _UNSAFE.sub("_", key.target)[:64]
    name = f"{key.kind.value}-{target}" if target else key.kind.value
    return f"{name}-{stamp}.log" if stamp else f"{name}.log"


_stamp: tuple[int, str] = (-1, "")


def _stamp_of(timestamp: float) -> str:
    """The log's time stamp, worked out once per second (a busy channel: hundreds a second)."""
    global _stamp
    second = int(timestamp)
    if _stamp[0] != second:
        _stamp = (second, time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(second)))
    return _stamp[1]


def format_log_line(message: ChatMessage) -> str:
    stamp = _stamp_of(message.timestamp)
    if message.kind == "notice":
        return f"{stamp} -- {clean(message.text)}\n"
    kind = "" if message.kind in ("message", "own") else f" ({message.kind})"
    return f"{stamp} <{clean(message.author)}>{kind} {clean(message.text)}\n"


_kinds: tuple[type[ChatAdded], type[SessionEnded]] | None = None


def _change_kinds() -> tuple[type[ChatAdded], type[SessionEnded]]:
    """The change classes the logger looks for: imported at its first change (not with the
    login screen), then kept (an import statement on every chat line cost ~3 % of a flood)."""
    global _kinds
    if _kinds is None:
        from igs_tui.model.changes import ChatAdded, SessionEnded

        _kinds = (ChatAdded, SessionEnded)
    return _kinds


class ChatLogger:
    """Appends every new chat message of ``model`` to ``directory/<buffer>.log``.

    In the app (a running event loop) the messages of a burst are written together once the
    burst has been handled: one open and write per buffer instead of one per message (a busy
    channel brings hundreds a second). Without a loop each message is written at once.
    """

    def __init__(self, model: ClientModel, directory: Path) -> None:
        self.model = model
        self.directory = directory
        self.error = ""
        self.writing = True
        """False while the session is not recorded (``--no-record``, the login form's "Record
        session" box): tells are private, and recording off means nothing of the session
        reaches the disk. The logs of earlier sessions are still read for history."""
        self.redact = Redactor()
        """Set by the app for each login (see :meth:`set_secret`)."""
        self._secured: set[Path] = set()
        self._last: dict[BufferKey, ChatMessage | None] = {}
        self._pending: dict[Path, list[ChatMessage]] = {}
        """Messages not written yet, by the file they go to (chosen when they came)."""
        self._game_logs: dict[BufferKey, tuple[ChatBuffer, Path]] = {}
        """Each game buffer's log, with the buffer it was chosen for: a new game under the
        number has a new buffer (BufferRestarted), and so a log of its own."""
        self._game_paths: set[Path] = set()
        self._paths: dict[BufferKey, Path] = {}
        """The log of each other buffer (named by its key alone)."""
        self._flush_due = False
        self._history_end: dict[Path, int] = {}
        """Each log's size before this session first wrote to it: where its history ends."""
        self._folder: CappedFolder | None = None
        self._tell_logs: set[str] | None = None
        """Names of the tell logs of their own (read from the folder once)."""
        self._unsubscribe: Callable[[], None] | None = model.hub.subscribe(
            TOPIC_CHAT_LIST, self._changed
        )
        for key, buf in model.buffers.items():  # history from before we started is not ours
            self._last[key] = buf.messages[-1] if buf.messages else None

    def close(self) -> None:
        self.flush()
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None

    def flush(self) -> None:
        """Write the messages not written yet."""
        self._flush_due = False
        pending, self._pending = self._pending, {}
        for path, messages in pending.items():
            if self._unsubscribe is None:
                return  # logging stopped (a failed write)
            self._write(path, messages)

    def set_secret(self, password: str | None, username: str = "") -> None:
        """The password of the session now logged in, to keep out of the logs."""
        self.redact = Redactor(password, username)

    def folder(self) -> CappedFolder:
        """The logs' folder with its caps (from the model's limits, once)."""
        if self._folder is None:
            self._folder = CappedFolder(
                self.directory,
                DiskCaps.from_limits(self.model.limits),
                self._notice,
                what="chat logs",
            )
        return self._folder

    def _notice(self, text: str) -> None:
        self.model.notify("warning", "Chat logs", text, bell=False)

    def path_for(self, key: BufferKey) -> Path:
        """The log of buffer ``key``. A game's buffer has a log of its own game: servers
        reuse game numbers, so ``game-12.log`` would mix every game numbered 12; the log is
        named by the number and the time of the buffer's first line, and a name no log has.
        Tellers beyond the cap on tell logs share one log."""
        if key.kind is not ChatKind.GAME:
            path = self._paths.get(key)
            if path is None:  # (worked out once: a busy channel brings hundreds of lines)
                path = self._paths[key] = self._plain_path(key)
            return path
        buf = self.model.buffers.get(key)
        chosen = self._game_logs.get(key)
        if chosen is not None and chosen[0] is buf:
            return chosen[1]
        first = buf.messages[0].timestamp if buf is not None and buf.messages else time.time()
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(first))
        path = self.directory / log_file_name(key, stamp)
        again = 1
        while path in self._game_paths or path.exists():
            again += 1
            path = self.directory / log_file_name(key, f"{stamp}-{again}")
        self._game_paths.add(path)
        if buf is not None:
            self._game_logs[key] = (buf, path)
        return path

    def _plain_path(self, key: BufferKey) -> Path:
        """The log of a buffer that is not a game's (``tell-others.log`` for a teller beyond
        the cap on tell logs)."""
        name = log_file_name(key)
        if key.kind is ChatKind.TELL:
            known = self._tell_logs
            if known is None:
                known = self._tell_logs = {
                    n for n in self.folder().names() if _TELL_LOG.fullmatch(n)
                } - {OTHER_TELLS}
            if name not in known:
                if len(known) >= self.folder().caps.tell_logs:
                    return self.directory / OTHER_TELLS
                known.add(name)
        return self.directory / name

    def history(self, key: BufferKey, limit: int | None = None) -> list[LoggedLine]:
        """The last ``limit`` lines logged for ``key`` before this session, oldest first
        (:data:`~igs_tui.ui.chat.chat_history.HISTORY_LINES` unless given)."""
        # imported when a buffer is first shown: the login screen does not need it
        from igs_tui.ui.chat.chat_history import HISTORY_LINES, read_history

        path = self.path_for(key)
        if path.name == OTHER_TELLS and key.kind is ChatKind.TELL:
            return []  # a shared log: its lines are several people's
        end = self._history_end.get(path)
        return read_history(path, HISTORY_LINES if limit is None else limit, end)

    def _changed(self, change: Change) -> None:
        chat_added, session_ended = _kinds or _change_kinds()
        if isinstance(change, session_ended):
            # What this session logged is history for the next one.
            self.flush()
            self._history_end.clear()
            self._last.clear()
            self._game_logs.clear()
            return
        if not isinstance(change, chat_added) or self._unsubscribe is None:
            return
        buf = self.model.buffers.get(change.key)
        if buf is not None:
            if len(self._last) > 2 * len(self.model.buffers) + 16:  # dropped buffers' marks
                self._last = {k: v for k, v in self._last.items() if k in self.model.buffers}
            new, _ = appended_since(buf.messages, self._last.get(change.key))
            if new:
                self._last[change.key] = new[-1]
                if not self.writing:
                    return
                path = self.path_for(change.key)
                if path.name == OTHER_TELLS and change.key.kind is ChatKind.TELL:
                    # a shared log says with whom each line was exchanged
                    tag = f"(with {change.key.target}) "
                    new = [replace(m, text=tag + m.text) for m in new]
                self._pending.setdefault(path, []).extend(new)
                self._flush_soon()

    def _flush_soon(self) -> None:
        if self._flush_due:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self.flush()
            return
        self._flush_due = True
        loop.call_soon(self.flush)

    def _write(self, path: Path, messages: list[ChatMessage]) -> None:
        try:
            if self.directory not in self._secured:
                private_dir(self.directory)  # also an older, wider directory
                self._secured.add(self.directory)
            # One string, redacted and encoded at once, and one write: a busy channel brings
            # hundreds of lines a second (a text file object and a redaction per line cost a
            # tenth of a flood's time). A password cannot span lines, so redacting the whole
            # text finds what redacting each line would.
            text = "".join([format_log_line(m) for m in messages])
            text = self.redact(text)
            data = text.encode("utf-8", "replace")
            folder = self.folder()
            if folder.before_write(path, len(data)):
                self._history_end[path] = 0  # begun anew: all of it is this session's
            view = memoryview(data)
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
            try:
                if path not in self._secured:
                    os.fchmod(fd, 0o600)  # the umask narrows open's mode; an old file may be wider
                    self._secured.add(path)
                if path not in self._history_end:
                    self._history_end[path] = os.fstat(fd).st_size
                while view:
                    view = view[os.write(fd, view) :]
            finally:
                os.close(fd)
                folder.wrote(path, len(data) - len(view))
        except OSError as exc:
            self.error = f"chat logging stopped: {exc}"
            self.close()
