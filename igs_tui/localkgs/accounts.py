"""Who may log in: the built-in accounts, the robots, guests, and the login decision.

The reference documents four login failures; each one has a way to reach it here:

* ``LOGIN_FAILED_NO_SUCH_USER``: a password for a name that has no account, or a name that
  cannot be a KGS name (1-10 ASCII letters and digits, starting with a letter);
* ``LOGIN_FAILED_BAD_PASSWORD``: a registered name with the wrong password;
* ``LOGIN_FAILED_USER_ALREADY_EXISTS``: a guest login (no password) with a name that is
  registered, a robot, or logged in right now;
* ``LOGIN_FAILED_KEEP_OUT``: the account ``keptout`` (an admin has blocked it).

The reference does not say how a guest logs in; we take "no password, or an empty one" as the
guest form (the guest keeps the name it asked for and gets the ``g`` flag). Names compare
case-insensitively, as on KGS. Passwords are compared and never stored anywhere else or logged.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Enum

NAME_RE = re.compile(r"[A-Za-z][A-Za-z0-9]{0,9}")


@dataclass(frozen=True)
class Account:
    name: str
    password: str
    rank: str | None = None
    personal_name: str = ""
    personal_info: str = ""
    robot: bool = False
    keep_out: str | None = None
    """The reason an admin gave for blocking the account (LOGIN_FAILED_KEEP_OUT)."""
    reg_start: str = "2016-03-01T00:00:00.000Z"


ROBOTS: tuple[Account, ...] = (
    Account(
        "kumobot",
        "",
        rank="15k",
        personal_name="Kumo the robot",
        personal_info="I accept every free game up to 19x19. Say hello in a private chat.",
        robot=True,
    ),
    Account(
        "sorabot",
        "",
        rank="20k",
        personal_name="Sora the robot",
        personal_info="A weak robot for quick 9x9 games.",
        robot=True,
    ),
)
"""Robots: always online, answer private chats, own open challenges and play them."""

WATCHED_PLAYERS: tuple[Account, ...] = (
    Account("hikaru", "", rank="3d", personal_name="Hikaru", robot=True),
    Account("akira", "", rank="4d", personal_name="Akira", robot=True),
)
"""The two players of the game to observe (simulated: they only play that game)."""

DEFAULT_ACCOUNTS: tuple[Account, ...] = (
    Account("tester", "secret", rank="10k", personal_name="Test Account", personal_info="Hi!"),
    Account("alice", "wonderland", rank="2k", personal_name="Alice"),
    Account("bob", "builder", personal_name="Bob"),
    Account("keptout", "blocked", keep_out="Blocked for testing the KEEP_OUT message."),
)


class LoginOutcome(Enum):
    ACCOUNT = "account"
    GUEST = "guest"
    NO_SUCH_USER = "LOGIN_FAILED_NO_SUCH_USER"
    BAD_PASSWORD = "LOGIN_FAILED_BAD_PASSWORD"
    ALREADY_EXISTS = "LOGIN_FAILED_USER_ALREADY_EXISTS"
    KEEP_OUT = "LOGIN_FAILED_KEEP_OUT"


@dataclass
class AccountBook:
    accounts: dict[str, Account] = field(default_factory=dict)

    @classmethod
    def default(cls) -> AccountBook:
        book = cls()
        for account in (*DEFAULT_ACCOUNTS, *ROBOTS, *WATCHED_PLAYERS):
            book.accounts[account.name.lower()] = account
        return book

    def get(self, name: str) -> Account | None:
        return self.accounts.get(name.lower())

    def decide(self, name: str, password: str, connected: set[str]) -> LoginOutcome:
        """The answer to a LOGIN; ``connected`` holds the lower-cased names logged in now."""
        if not NAME_RE.fullmatch(name):
            return LoginOutcome.NO_SUCH_USER
        account = self.get(name)
        if not password:
            if account is not None or name.lower() in connected:
                return LoginOutcome.ALREADY_EXISTS
            return LoginOutcome.GUEST
        if account is None:
            return LoginOutcome.NO_SUCH_USER
        if account.robot or account.password != password:
            return LoginOutcome.BAD_PASSWORD
        if account.keep_out is not None:
            return LoginOutcome.KEEP_OUT
        return LoginOutcome.ACCOUNT
