"""A minimal scripted IGS lookalike for client tests: login, prompts, ayt, observe, moves.

Only what the client loop needs; the full server is igs_tui.localserver. Lines are the spec's:
"Login: ", "Password: ", "1 5" prompts, "9 yes" for ayt, 15 heading/move lines for games.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

from tests.net.fakeserver import FakeConnection, FakeServer

PASSWORD = "secret"


@dataclass
class FakeIgs:
    """Behaviour knobs shared by all connections; ``commands`` logs (connection index, line)."""

    answer_ayt: bool = True
    silent_after_login: bool = False
    own_game: tuple[int, str, str] | None = None  # (number, white, black) announced at login
    drop_after: dict[int, str] = field(default_factory=dict)  # conn index -> drop on this command
    commands: list[tuple[int, str]] = field(default_factory=list)
    logins: list[str] = field(default_factory=list)
    arrivals: list[tuple[str, float]] = field(default_factory=list)  # (line, loop time)
    server: FakeServer | None = None
    scripted: dict[str, list[str]] = field(default_factory=dict)
    """command -> raw lines to answer it with (a prompt is added), for hostile-input tests."""
    greeting: bytes = b""
    """Raw bytes sent once a login succeeded (legacy-encoded chat, for the decoding tests)."""

    async def __aenter__(self) -> FakeIgs:
        self.server = await FakeServer(self._handle).__aenter__()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        assert self.server is not None
        await self.server.__aexit__(*exc_info)

    @property
    def port(self) -> int:
        assert self.server is not None
        return self.server.port

    def sent_by(self, index: int) -> list[str]:
        return [line for i, line in self.commands if i == index]

    async def _handle(self, conn: FakeConnection) -> None:
        assert self.server is not None
        index = len(self.server.connections) - 1
        await conn.write(b"Welcome to the fake IGS\r\nLogin: ")
        name = (await conn.read_line()).decode()
        if name.startswith("guest"):
            name = "guest1234"
            await conn.write(b"9 Welcome guest1234\r\n1 5\r\n")
        else:
            await conn.write(b"Password: ")
            password = (await conn.read_line()).decode()
            if password != PASSWORD:
                await conn.write(b"Login: ")
                await conn.read_line()
                await conn.write(b"Password: ")
                await conn.read_line()
                await conn.write(b"Login: ")
                await conn.read_line(timeout=2)
                return
            await conn.write(b"1 5\r\n")
        self.logins.append(name)
        if self.greeting:
            await conn.write(self.greeting)
        if self.own_game is not None and name != "guest1234":
            number, white, black = self.own_game
            await conn.write(
                f"15 Game {number} I: {white} (0 600 -1) vs {black} (0 600 -1)\r\n"
                f"15   0(B): D4\r\n1 6\r\n".encode()
            )
        while True:
            line = (await conn.read_line(timeout=30)).decode()
            self.commands.append((index, line))
            self.arrivals.append((line, asyncio.get_running_loop().time()))
            if self.drop_after.get(index) == line:
                conn.abort()
                return
            if self.silent_after_login:
                continue
            if line == "quit":
                return  # IGS closes the connection
            words = line.split()
            if line in self.scripted:
                body = "".join(f"{text}\r\n" for text in self.scripted[line])
                await conn.write(f"{body}1 5\r\n".encode())
            elif line == "ayt":
                if self.answer_ayt:
                    await conn.write(b"9 yes\r\n1 5\r\n")
            elif words[:1] == ["observe"] and words[1:] == ["999"]:
                await conn.write(b"5 There is no such game.\r\n1 5\r\n")
            elif words[:1] == ["observe"] and len(words) == 2:
                game = words[1]
                heading = f"15 Game {game} I: w{game} (0 600 -1) vs b{game} (0 600 -1)"
                await conn.write(f"{heading}\r\n1 8\r\n".encode())
            elif words[:1] == ["moves"] and len(words) == 2:
                game = words[1]
                await conn.write(
                    f"15 Game {game} I: w{game} (0 600 -1) vs b{game} (0 600 -1)\r\n"
                    f"15   0(B): D4\r\n15   1(W): Q16\r\n1 8\r\n".encode()
                )
            elif words[:1] == ["load"]:
                number, white, black = self.own_game or (0, "a", "b")
                await conn.write(
                    f"15 Game {number + 100} I: {white} (0 590 -1) vs {black} (0 600 -1)\r\n"
                    f"1 6\r\n".encode()
                )
            else:
                await conn.write(b"1 5\r\n")
