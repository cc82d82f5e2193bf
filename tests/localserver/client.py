"""A tiny raw IGS test client: line reading with prompt detection, no telnet library.

It talks to the server through an in-memory link (:meth:`Client.connect_memory`, the default
of the ``connect`` fixture) or a TCP socket (:meth:`Client.connect`). Prompts that arrive
without a newline (``Login: ``, ``Password: ``, ``#> ``) are treated as lines, as the pitfalls
document tells clients to do.
"""

from __future__ import annotations

import asyncio
import re

from igs_tui.localserver.memory_link import MemoryWriter
from igs_tui.localserver.server import LocalServer

PARTIAL_PROMPTS = ("Login: ", "Password: ", "#> ")
CLIENT_PROMPT = re.compile(r"^1 \d+$")


class Client:
    def __init__(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter | MemoryWriter
    ) -> None:
        self.reader = reader
        self.writer = writer
        self._buffer = ""
        self._lines: list[str] = []
        self.history: list[str] = []

    @classmethod
    async def connect(cls, port: int) -> Client:
        """A client on a TCP connection to 127.0.0.1:``port``."""
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        return cls(reader, writer)

    @classmethod
    def connect_memory(cls, server: LocalServer) -> Client:
        """A client on an in-memory link to ``server`` (no socket)."""
        reader, writer = server.connect_in_memory()
        return cls(reader, writer)

    async def send(self, line: str) -> None:
        self.writer.write(line.encode("utf-8") + b"\r\n")
        await self.writer.drain()

    async def close(self) -> None:
        self.writer.close()
        try:
            await self.writer.wait_closed()
        except (ConnectionError, OSError):
            pass

    async def _fill(self, timeout: float) -> bool:
        try:
            data = await asyncio.wait_for(self.reader.read(65536), timeout)
        except TimeoutError:
            return False
        if not data:
            raise ConnectionError("server closed the connection")
        self._buffer += data.decode("utf-8")
        *complete, self._buffer = self._buffer.split("\r\n")
        self._lines.extend(complete)
        if self._buffer in PARTIAL_PROMPTS:
            self._lines.append(self._buffer)
            self._buffer = ""
        return True

    async def line(self, timeout: float = 5.0) -> str:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not self._lines:
            left = deadline - loop.time()
            if left <= 0 or not await self._fill(left):
                raise TimeoutError(f"no line within {timeout}s; seen: {self.history[-15:]}")
        text = self._lines.pop(0)
        self.history.append(text)
        return text

    async def until(self, pattern: str, timeout: float = 5.0) -> list[str]:
        """All lines up to and including the first matching ``pattern`` (a regex)."""
        regex = re.compile(pattern)
        out = []
        while True:
            text = await self.line(timeout)
            out.append(text)
            if regex.search(text):
                return out

    async def block(self, timeout: float = 5.0) -> list[str]:
        """Lines up to and including the next prompt."""
        out = []
        while True:
            text = await self.line(timeout)
            out.append(text)
            if CLIENT_PROMPT.match(text) or text in PARTIAL_PROMPTS:
                return out

    async def command(self, line: str, timeout: float = 5.0) -> list[str]:
        """Send a command and return its answer block (the prompt included)."""
        await self.send(line)
        return await self.block(timeout)

    async def quiet(self, timeout: float = 0.15) -> list[str]:
        """Whatever arrives within ``timeout`` (to check that nothing does)."""
        out = []
        try:
            while True:
                out.append(await self.line(timeout))
        except (TimeoutError, ConnectionError):
            return out

    async def login(self, name: str, password: str | None = None, *, client: bool = True) -> str:
        """Log in (guest if ``password`` is None) and switch client mode on; return the name."""
        assert await self.line() == "IGS-compatible local server (igs-tui)"
        await self.until("^Login: $")
        await self.send(name)
        logged_as = name
        if password is not None:
            prompt = await self.line()
            assert prompt in ("Password: ", "1 1"), prompt
            await self.send(password)
        lines = await self.until(r"^(#> |1 5)$")
        for text in lines:
            found = re.search(r"your name is (guest\d+)", text)
            if found:
                logged_as = found.group(1)
        if client:
            await self.send("toggle client on")
            assert await self.until("^1 5$") == ["9 Set client to be True.", "1 5"]
        return logged_as
