"""Match requests: ``match`` and ``nmatch`` offers, acceptance, disputes and cancellation.

A request is stored from the requester's point of view (their colour). Accepting means
sending the *complementary* request: the spec's "Use <match Soothie W 19 75 0>" hint names
the acceptor's colour. When an acceptance carries different parameters, IGS keeps both
requests open and tells both players about the dispute.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from igs_tui.go import Color
from igs_tui.localserver import lines
from igs_tui.localserver.lines import Line
from igs_tui.localserver.timecontrol import TimeControl

if TYPE_CHECKING:
    from igs_tui.localserver.hub import Hub
    from igs_tui.localserver.users import User

COLOR_WORDS = {Color.BLACK: "Black", Color.WHITE: "White"}


@dataclass(frozen=True, slots=True)
class MatchRequest:
    """``color`` is the requester's colour; None means nigiri (``N``)."""

    requester: User
    target: User
    color: Color | None
    size: int
    control: TimeControl
    handicap: int = 0
    nmatch: bool = False
    match_minutes: tuple[int, int] = (0, 0)

    @property
    def target_color(self) -> Color | None:
        return None if self.color is None else self.color.opponent

    def terms(self) -> tuple[Color | None, int, int, TimeControl]:
        """What must agree for an acceptance: colours, board, handicap and time."""
        return (self.color, self.size, self.handicap, self.control)

    def complement(self) -> MatchRequest:
        """The same terms as the target would send them."""
        return replace(self, requester=self.target, target=self.requester, color=self.target_color)

    def params(self, color: Color | None) -> str:
        """The argument text for ``color``'s side (``B 0 19 60 600 25 0 0 0`` / ``W 19 75 10``)."""
        letter = "N" if color is None else color.value
        if self.nmatch:
            return f"{letter} {self.handicap} {self.size} {self.control.nmatch_fields()}"
        minutes, byo = self.match_minutes
        return f"{letter} {self.size} {minutes} {byo}"

    def offer_lines(self) -> list[Line]:
        """What the target sees (spec: "Match[19x19] in 75 minutes requested with ...")."""
        mine = self.params(self.target_color)
        if self.nmatch:
            return lines.nmatch_offer(self.requester.name, mine)
        minutes = self.match_minutes[0]
        color = COLOR_WORDS[self.color] if self.color else "Nigiri"
        offer = lines.match_offer(self.requester.name, color, self.size, minutes, mine)
        return [*offer, (2, "\x07")]

    def requesting_line(self) -> str:
        """What the requester sees: "Requesting match in 75 min with OmegaGo2 as White."."""
        minutes = self.match_minutes[0] if not self.nmatch else self.control.main // 60
        target_color = self.target_color
        color = COLOR_WORDS[target_color] if target_color else "Nigiri"
        return f"Requesting match in {minutes} min with {self.target.name} as {color}."


def drop_requests_of(hub: Hub, user: User) -> None:
    """Forget every request made by or to ``user`` (logout); tell targets of nmatch offers."""
    for key, request in list(hub.requests.items()):
        if request.requester is user:
            del hub.requests[key]
            if request.nmatch:
                hub.send(
                    request.target, [(24, f"*SYSTEM*: {user.name} canceled the nmatch request.")]
                )
        elif request.target is user:
            del hub.requests[key]
    for key in [k for k in hub.automatch_offers if user.key in k]:
        del hub.automatch_offers[key]
