"""One telnet connection to an IGS server, turned into decoded lines in and command lines out.

telnetlib3 handles telnet option negotiation; we open it in *bytes* mode because IGS never
negotiates BINARY, and in telnetlib3's text mode the effective codec would then be US-ASCII
(every Chinese name would arrive as U+FFFD). Framing (:class:`LineSplitter`) and decoding
(:class:`LineDecoder`) are ours. ``client_factory=TelnetClient`` keeps telnetlib3 from choosing
its terminal client when stdin is a tty (as under Textual), which would negotiate window sizes.

Lines are written with CR LF: the telnet NVT end of line, which IGS (like every telnet server)
accepts, whereas a bare LF is only accepted by lenient ones.

:meth:`TelnetTransport.over_stream` runs the same transport over a stream that is already open
and has no telnet library in it (the local server's in-memory link in tests): the splitter then
drops telnet commands itself.
"""

from __future__ import annotations

import asyncio
import errno
import logging
import socket
from typing import Protocol

import telnetlib3

from igs_tui.backends.igs.net.decoding import DEFAULT_LEGACY_ENCODING, LineDecoder, encode_command
from igs_tui.backends.igs.net.linesplit import LineSplitter
from igs_tui.backends.igs.net.servers import ServerAddress

__all__ = [
    "ByteReader",
    "ByteWriter",
    "ReceiveFailed",
    "TelnetTransport",
    "TransportClosed",
    "TransportError",
]

_log = logging.getLogger(__name__)

_READ_SIZE = 64 * 1024
_LINE_END = b"\r\n"


class ByteReader(Protocol):
    """The reading half of a byte stream (telnetlib3's reader, an asyncio StreamReader)."""

    async def read(self, n: int = -1) -> bytes: ...


class ByteWriter(Protocol):
    """The writing half of a byte stream (telnetlib3's writer, an asyncio StreamWriter)."""

    def write(self, data: bytes) -> None: ...

    def is_closing(self) -> bool: ...

    async def drain(self) -> None: ...

    def close(self) -> None: ...

    async def wait_closed(self) -> None: ...


class TransportError(ConnectionError):
    """The connection could not be made or broke (network-level, not an IGS error)."""


def connect_failure_text(address: object, exc: OSError) -> str:
    """Why a connection to ``address`` could not be made, as a sentence a user can act on.

    asyncio's own text ("Connect call failed ('127.0.0.1', 6969)") names no cause and repeats
    the address as a Python tuple; the cause is in the error number or the exception's type.
    """
    if isinstance(exc, socket.gaierror):
        return f"{address}: the host name is unknown (or there is no network)"
    number = exc.errno
    if number is None and "Multiple exceptions" in str(exc):
        number = errno.ECONNREFUSED if "refused" in str(exc).lower() else None
    if number == errno.ECONNREFUSED or "Connect call failed" in str(exc):
        return f"nothing is listening at {address} (connection refused)"
    if number in (errno.ENETUNREACH, errno.EHOSTUNREACH):
        return f"{address} cannot be reached (no network or no route to it)"
    reason = exc.strerror or str(exc) or type(exc).__name__
    return f"{address}: {reason}"


class TransportClosed(TransportError):
    """The peer closed the connection (end of stream), or we did."""


class ReceiveFailed(Exception):
    """A stage of the transport (line splitter, decoder) raised on received data: a bug, since
    neither ever raises by design, and not a broken link.

    Like :class:`asyncio.IncompleteReadError`'s ``partial``, it carries what could still be
    read: ``lines`` are the lines of the data (a line the decoder failed on is kept as
    Latin-1; a chunk the splitter failed on is lost, and the splitter starts afresh).
    ``problems`` are ``(data as text, reason)`` pairs for the log and the console.
    """

    def __init__(self, lines: list[str], problems: list[tuple[str, str]]) -> None:
        super().__init__("; ".join(reason for _, reason in problems))
        self.lines = lines
        self.problems = problems


SHOWN_BYTES = 1024
"""How much of the data a stage failed on is kept for the log and the console."""


class TelnetTransport:
    """A connected telnet stream speaking in lines.

    Create it with :meth:`connect`. :meth:`receive` returns decoded lines as they complete;
    :meth:`send_line` writes one command.
    """

    def __init__(
        self,
        reader: ByteReader,
        writer: ByteWriter,
        address: ServerAddress,
        *,
        decoder: LineDecoder | None = None,
        splitter: LineSplitter | None = None,
    ) -> None:
        self._reader = reader
        self._writer = writer
        self.address = address
        self._decoder = decoder or LineDecoder()
        # telnetlib3 has already consumed IAC sequences (and unescaped IAC IAC).
        self._splitter = splitter or LineSplitter(strip_telnet=False)
        self._eof = False
        self._closed = False

    @classmethod
    async def connect(
        cls,
        address: ServerAddress,
        *,
        timeout: float = 10.0,
        legacy_encoding: str | None = DEFAULT_LEGACY_ENCODING,
        connect_maxwait: float = 0.5,
    ) -> TelnetTransport:
        """Open a connection to ``address``.

        Raises:
            TransportError: on timeout, refusal, DNS failure or any other socket error (the
                message names the address, so a fallback list can report every failure).
            LookupError: if ``legacy_encoding`` is not a known codec.
        """
        decoder = LineDecoder(legacy_encoding)
        try:
            # asyncio.timeout rather than wait_for: on Python 3.11 wait_for can lose a
            # cancellation that races with completion (and leak the connection it made).
            async with asyncio.timeout(timeout):
                reader, writer = await telnetlib3.open_connection(
                    address.host,
                    address.port,
                    encoding=False,
                    connect_maxwait=connect_maxwait,
                    client_factory=telnetlib3.TelnetClient,
                )
        except TimeoutError as exc:
            raise TransportError(f"{address} did not answer within {timeout:g} s") from exc
        except OSError as exc:
            raise TransportError(connect_failure_text(address, exc)) from exc
        # open_connection is typed as returning TelnetReader | TelnetReaderUnicode; with
        # encoding=False it is the bytes reader and writer (the Unicode ones subclass them).
        byte_reader: telnetlib3.TelnetReader = reader
        byte_writer: telnetlib3.TelnetWriter = writer
        return cls(byte_reader, byte_writer, address, decoder=decoder)

    @classmethod
    def over_stream(
        cls,
        reader: ByteReader,
        writer: ByteWriter,
        address: ServerAddress,
        *,
        legacy_encoding: str | None = DEFAULT_LEGACY_ENCODING,
    ) -> TelnetTransport:
        """A transport over an open byte stream with no telnet library in between (such as
        the local server's in-memory link): the splitter strips telnet commands itself.

        Raises:
            LookupError: if ``legacy_encoding`` is not a known codec.
        """
        return cls(
            reader,
            writer,
            address,
            decoder=LineDecoder(legacy_encoding),
            splitter=LineSplitter(strip_telnet=True),
        )

    @property
    def closed(self) -> bool:
        return self._closed or self._eof

    async def receive(self) -> list[str]:
        """Wait for data and return the lines it completes (possibly an empty list).

        At end of stream a final unterminated line is returned first; the call after that raises.

        Raises:
            TransportClosed: the stream has ended or the transport was closed.
            TransportError: the connection broke (reset, ...).
            ReceiveFailed: the splitter or decoder failed on the data just read; the
                link lives on, and the exception carries the lines that could be read.
        """
        if self._eof or self._closed:
            raise TransportClosed(f"{self.address}: connection closed")
        try:
            data = await self._reader.read(_READ_SIZE)
        except OSError as exc:
            self._eof = True
            raise TransportError(f"{self.address}: {exc.strerror or exc}") from exc
        problems: list[tuple[str, str]] = []
        if not data:
            self._eof = True
            raw = self._split(None, problems)
            if not raw and not problems:
                raise TransportClosed(f"{self.address}: connection closed by server")
        else:
            raw = self._split(data, problems)
        lines = [self._decode(line, problems) for line in raw]
        if problems:
            raise ReceiveFailed(lines, problems)
        return lines

    def _split(self, data: bytes | None, problems: list[tuple[str, str]]) -> list[bytes]:
        """The splitter's lines for ``data`` (None: end of stream). It never raises by design;
        should it anyway, the chunk is lost and noted in ``problems``, and the splitter starts
        afresh, rather than the connection ending."""
        try:
            return self._splitter.close() if data is None else self._splitter.feed(data)
        except Exception as exc:
            shown = (data or b"")[:SHOWN_BYTES]
            _log.exception("line splitter failed on %r", shown)
            self._splitter.reset()
            problems.append((shown.decode("utf-8", "replace"), f"{type(exc).__name__}: {exc}"))
            return []

    def _decode(self, line: bytes, problems: list[tuple[str, str]]) -> str:
        """The decoder never raises by design; should it anyway, the line is kept as Latin-1
        (every byte maps to a character) and noted in ``problems``."""
        try:
            return self._decoder.decode(line)
        except Exception as exc:
            _log.exception("decoder failed on %r", line[:SHOWN_BYTES])
            text = line.decode("latin-1")
            problems.append((text[:SHOWN_BYTES], f"{type(exc).__name__}: {exc}"))
            return text

    def send_line(self, text: str, *, credential: bool = False) -> None:
        """Write one command line (CR LF appended); see :func:`encode_command` for the encoding.

        Raises:
            TransportClosed: if the transport is closed.
        """
        if self.closed or self._writer.is_closing():
            raise TransportClosed(f"{self.address}: cannot send, connection closed")
        self._writer.write(encode_command(text, credential=credential) + _LINE_END)

    async def drain(self) -> None:
        """Wait until the socket buffer has room again (flow control)."""
        try:
            await self._writer.drain()
        except OSError as exc:
            raise TransportError(f"{self.address}: {exc.strerror or exc}") from exc

    async def close(self) -> None:
        """Close the connection; safe to call more than once."""
        if self._closed:
            return
        self._closed = True
        self._writer.close()
        try:
            async with asyncio.timeout(1.0):
                await self._writer.wait_closed()
        except (TimeoutError, OSError):
            pass
