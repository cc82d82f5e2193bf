"""A Backend for when there is no connection: every intent just reports that it went nowhere.

Lets the UI run (demos, screenshots, a failed login) without ``None`` checks in every pane.
"""

from __future__ import annotations

from collections.abc import Callable

from igs_tui.go import Point
from igs_tui.model.backend import MatchTerms


class OfflineBackend:
    """Implements :class:`igs_tui.model.backend.Backend`; calls ``report(intent_name)``."""

    def __init__(self, report: Callable[[str], None] | None = None) -> None:
        self.report = report or (lambda _name: None)

    def check_terms(self, terms: MatchTerms) -> str | None:
        return None  # nothing is sent anyway: the intent reports "not connected"

    def send_raw(self, line: str) -> None:
        self.report("send_raw")

    def refresh_games(self) -> None:
        self.report("refresh_games")

    def refresh_players(self) -> None:
        self.report("refresh_players")

    def observe(self, game: int) -> None:
        self.report("observe")

    def unobserve(self, game: int) -> None:
        self.report("unobserve")

    def fetch_moves(self, game: int) -> None:
        self.report("fetch_moves")

    def tell(self, name: str, text: str) -> None:
        self.report("tell")

    def say(self, game: int, text: str) -> None:
        self.report("say")

    def kibitz(self, game: int, text: str) -> None:
        self.report("kibitz")

    def shout(self, text: str) -> None:
        self.report("shout")

    def yell(self, channel: str, text: str) -> None:
        self.report("yell")

    def join_channel(self, channel: str) -> None:
        self.report("join_channel")

    def player_stats(self, name: str) -> None:
        self.report("player_stats")

    def play(self, game: int, point: Point | None) -> None:
        self.report("play")

    def resign(self, game: int) -> None:
        self.report("resign")

    def request_undo(self, game: int) -> None:
        self.report("request_undo")

    def answer_undo(self, game: int, accept: bool) -> None:
        self.report("answer_undo")

    def remove_dead(self, game: int, point: Point) -> None:
        self.report("remove_dead")

    def restore_scoring(self, game: int) -> None:
        self.report("restore_scoring")

    def done_scoring(self, game: int) -> None:
        self.report("done_scoring")

    def set_komi(self, game: int, komi: float) -> None:
        self.report("set_komi")

    def add_time(self, game: int, minutes: int) -> None:
        self.report("add_time")

    def adjourn(self, game: int) -> None:
        self.report("adjourn")

    def load(self, opponent: str) -> None:
        self.report("load")

    def challenge(self, terms: MatchTerms) -> None:
        self.report("challenge")

    def accept_challenge(self, terms: MatchTerms) -> None:
        self.report("accept_challenge")

    def decline_challenge(self, opponent: str) -> None:
        self.report("decline_challenge")

    def set_open(self, value: bool) -> None:
        self.report("set_open")

    def set_looking(self, value: bool) -> None:
        self.report("set_looking")

    def quit(self) -> None:
        self.report("quit")
