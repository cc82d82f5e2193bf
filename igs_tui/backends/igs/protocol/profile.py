"""What an IGS-family server supports, learnt from what it says (sans-IO).

IGS and NNGS (the No Name Go Server) share one protocol family but not every command. A
:class:`ServerProfile` holds what this client has learnt about one server:

* from the ``39`` version line, when the server sends one (NNGS does at login): a server known
  by name gets all its known differences at once, before a single command is refused;
* from refusals, otherwise: ``5 nmatch: Unknown command.``, ``5 Unknown value for toggling.``
  after ``toggle newundo true``, the ``5 Usage: `` block after ``done 1``, ``5 You cannot load
  someone else's game.`` after ``load bob``.

:meth:`ServerProfile.learn_reply` turns a :class:`~.events.CommandReply` into a
:class:`Refusal` (and remembers it); the IGS session decides what to send instead, and
the session leaves refused setup commands out of the next login (:meth:`ServerProfile.allows`).
Profiles are kept per server (``host:port``) by :mod:`igs_tui.backends.igs.profiles`, as the
plain data of :meth:`ServerProfile.to_dict`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from igs_tui.backends.igs.protocol.commands import TOGGLES, Command, classify
from igs_tui.backends.igs.protocol.events import CommandReply, Error, ServerVersion

IGS_PASSES_TO_SCORE = 3
NNGS_PASSES_TO_SCORE = 2

LEARNABLE_COMMANDS = frozenset(
    {
        "nmatch",
        "undoplease",
        "noundo",
        "id",
        "match",
        "undo",
        "done",
        "resign",
        "adjourn",
        "load",
        "komi",
        "addtime",
        "decline",
        "withdraw",
        "moves",
        "observe",
        "unobserve",
        "games",
        "user",
        "who",
        "stats",
        "results",
        "time",
        "status",
        "score",
        "say",
        "kibitz",
        "tell",
        "shout",
        "yell",
        "channel",
        "seek",
        "stored",
        "room",
        "free",
        "teach",
    }
)
"""Commands this client sends on its own: only their refusals are remembered (a command a user
types at the console that the server does not know says nothing about the client's needs)."""

GAME_NUMBER_COMMANDS = frozenset({"done", "adjourn", "resign"})
"""Commands whose game number NNGS refuses (moves and ``pass N`` keep theirs)."""


class Family(StrEnum):
    UNKNOWN = ""
    IGS = "igs"
    NNGS = "nngs"


class RefusalKind(StrEnum):
    COMMAND = "command"
    """The server has no such command (``5 nmatch: Unknown command.``)."""
    TOGGLE = "toggle"
    """The server has no such toggle (``5 Unknown value for toggling.``)."""
    NUMBERED = "numbered"
    """The command takes no game number here (``done 1`` -> ``5 Usage: ``)."""
    LOAD_BY_NAME = "load_by_name"
    """``load <opponent>`` is refused: the game's ``white-black`` name is wanted."""


@dataclass(frozen=True, slots=True)
class Refusal:
    """The server refused ``command`` in a way that says what it does not support."""

    kind: RefusalKind
    command: Command
    name: str
    """The command's verb, or the toggle's name for a refused toggle."""


def family_of(event: ServerVersion) -> Family:
    """The family a version line names (NNGS by its name or its abbreviation)."""
    text = f"{event.server} {event.text}".lower()
    if "nngs" in text or "no name go server" in text:
        return Family.NNGS
    if "igs" in text or "pandanet" in text:
        return Family.IGS
    return Family.UNKNOWN


@dataclass
class ServerProfile:
    """What one server was found to support; empty means "assume IGS" (try, then learn)."""

    server: str = ""
    """What the server calls itself (``NNGS 1.1.22``), if it said."""
    family: Family = Family.UNKNOWN
    refused_commands: set[str] = field(default_factory=set)
    refused_toggles: set[str] = field(default_factory=set)
    unnumbered: set[str] = field(default_factory=set)
    """Commands that must go without a game number (``done``, ``adjourn``, ``resign``)."""
    load_by_pair: bool = False
    """``load`` needs ``white-black``; ``load <opponent>`` is refused."""
    passes_to_score: int = IGS_PASSES_TO_SCORE
    revision: int = field(default=0, compare=False)
    """Bumped on every change, so an owner knows when to save."""

    # --- questions ---------------------------------------------------------------------------

    def has_command(self, verb: str) -> bool:
        return verb.lower() not in self.refused_commands

    def takes_game_number(self, verb: str) -> bool:
        return verb.lower() not in self.unnumbered

    @property
    def unobserve_toggles(self) -> bool:
        """NNGS runs ``unobserve N`` as ``observe N`` (NNGS 1.1.22 src/command_list.h:190:
        both are ``com_observe``, a toggle): sent for a game the server already dropped from
        our observation list, it subscribes us again. IGS's ``unobserve N`` only stops."""
        return self.family is Family.NNGS

    def allows(self, command: Command | str) -> bool:
        """False for a command this server is known to refuse (a setup toggle, ``id``)."""
        if isinstance(command, str):
            command = classify(command)
        verb = command.verb
        if verb in self.refused_commands:
            return False
        if verb == "toggle":
            words = command.line.split()
            return len(words) < 2 or words[1].lower() not in self.refused_toggles
        return True

    @property
    def known(self) -> bool:
        """Anything learnt at all (a server that refused nothing yet looks like IGS)."""
        return bool(
            self.family
            or self.refused_commands
            or self.refused_toggles
            or self.unnumbered
            or self.load_by_pair
            or self.passes_to_score != IGS_PASSES_TO_SCORE
        )

    def describe(self) -> str:
        """One line for people: which server, and how it differs from IGS."""
        name = self.server or (self.family.upper() if self.family else "this server")
        parts = []
        if self.refused_commands:
            parts.append("no " + ", ".join(sorted(self.refused_commands)))
        if self.unnumbered:
            parts.append(", ".join(sorted(self.unnumbered)) + " without a game number")
        if self.load_by_pair:
            parts.append("load by white-black")
        if self.passes_to_score != IGS_PASSES_TO_SCORE:
            parts.append(f"{self.passes_to_score} passes to score")
        return f"{name}: " + ("; ".join(parts) if parts else "as IGS")

    # --- learning ----------------------------------------------------------------------------

    def _changed(self) -> None:
        self.revision += 1

    def learn_version(self, event: ServerVersion) -> bool:
        """The server named itself; a known family brings all its differences. True if
        anything changed."""
        server = f"{event.server} {event.version}".strip()
        family = family_of(event)
        before = self.to_dict()
        self.server = server
        if family is Family.NNGS:
            self.family = family
            self.refused_commands |= {"nmatch", "undoplease", "noundo", "id", "seek", "room"}
            self.refused_toggles |= {"newundo", "nmatch", "seek"}
            self.unnumbered |= set(GAME_NUMBER_COMMANDS)
            self.load_by_pair = True
            self.passes_to_score = NNGS_PASSES_TO_SCORE
        elif family is Family.IGS:
            self.family = family
        if self.to_dict() != before:
            self._changed()
            return True
        return False

    def learn_passes(self, passes: int) -> bool:
        """Scoring began after ``passes`` consecutive passes (2 on NNGS)."""
        if passes < 1 or passes == self.passes_to_score:
            return False
        self.passes_to_score = passes
        self._changed()
        return True

    def learn_reply(self, reply: CommandReply) -> Refusal | None:
        """The refusal ``reply`` shows, remembered; None if it shows none."""
        refusal = refusal_in(reply)
        if refusal is None:
            return None
        name = refusal.name
        if refusal.kind is RefusalKind.COMMAND:
            target = self.refused_commands
        elif refusal.kind is RefusalKind.TOGGLE:
            target = self.refused_toggles
        elif refusal.kind is RefusalKind.NUMBERED:
            target = self.unnumbered
        else:
            if not self.load_by_pair:
                self.load_by_pair = True
                self._changed()
            return refusal
        if name not in target:
            target.add(name)
            self._changed()
        return refusal

    # --- storage -----------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "server": self.server,
            "family": self.family.value,
            "refused_commands": sorted(self.refused_commands),
            "refused_toggles": sorted(self.refused_toggles),
            "unnumbered": sorted(self.unnumbered),
            "load_by_pair": self.load_by_pair,
            "passes_to_score": self.passes_to_score,
        }

    @classmethod
    def from_dict(cls, data: object) -> ServerProfile:
        """A profile from stored data; anything malformed is left out, never raised."""
        profile = cls()
        if not isinstance(data, dict):
            return profile
        server = data.get("server")
        if isinstance(server, str) and len(server) <= 80 and server.isprintable():
            profile.server = server
        family = data.get("family")
        if family in {f.value for f in Family}:
            profile.family = Family(family)
        profile.refused_commands = _words(data.get("refused_commands"), LEARNABLE_COMMANDS)
        profile.refused_toggles = _words(data.get("refused_toggles"), TOGGLES)
        profile.unnumbered = _words(data.get("unnumbered"), GAME_NUMBER_COMMANDS)
        profile.load_by_pair = data.get("load_by_pair") is True
        passes = data.get("passes_to_score")
        if isinstance(passes, int) and not isinstance(passes, bool) and 1 <= passes <= 4:
            profile.passes_to_score = passes
        return profile


def _words(value: object, allowed: frozenset[str]) -> set[str]:
    if not isinstance(value, list):
        return set()
    return {w for w in value if isinstance(w, str) and w in allowed}


def refusal_in(reply: CommandReply) -> Refusal | None:
    """Classify the errors answering a command (see :class:`RefusalKind`)."""
    errors = [e.text.strip() for e in reply.events if isinstance(e, Error)]
    if not errors:
        return None
    command = reply.command
    verb = command.verb
    words = command.line.split()
    lowered = [text.lower() for text in errors]
    if verb in LEARNABLE_COMMANDS and f"{verb}: unknown command." in lowered:
        return Refusal(RefusalKind.COMMAND, command, verb)
    if (
        verb == "toggle"
        and len(words) > 1
        and words[1].lower() in TOGGLES
        and any(text.startswith("unknown value for toggling") for text in lowered)
    ):
        return Refusal(RefusalKind.TOGGLE, command, words[1].lower())
    if (
        verb in GAME_NUMBER_COMMANDS
        and command.game is not None
        and any(text.startswith("usage:") or f"'help {verb}'" in text for text in lowered)
    ):
        return Refusal(RefusalKind.NUMBERED, command, verb)
    if (
        verb == "load"
        and len(words) == 2
        and "-" not in words[1]
        and any("cannot load someone else's game" in text for text in lowered)
    ):
        return Refusal(RefusalKind.LOAD_BY_NAME, command, verb)
    return None
