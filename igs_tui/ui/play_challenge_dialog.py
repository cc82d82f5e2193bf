"""The incoming-challenge dialog: accept, decline or counter a pending match request.

It reads the request from the model (:class:`~igs_tui.model.Challenge`), so what is shown is
exactly what accepting sends. When both players' requests disagree the server keeps both open
and reports a dispute; the dialog then shows the two sets of terms side by side.
"""

from __future__ import annotations

from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from igs_tui.model import Challenge, ClientModel, Dispute, TimeSettings
from igs_tui.model.backend import Backend, MatchTerms
from igs_tui.ui.play_match_dialog import MatchDialog


def describe_terms(terms: MatchTerms) -> str:
    """One line a player can check at a glance: colour, board, handicap, time."""
    colour = "nigiri" if terms.color is None else ("black" if terms.color.value == "B" else "white")
    handicap = f", handicap {terms.handicap}" if terms.handicap else ""
    time = TimeSettings.from_terms(terms).describe()
    return f"you play {colour}, {terms.size}x{terms.size}{handicap}, {time}"


def dispute_table(dispute: Dispute) -> str:
    """The two requests side by side, one nmatch field per row, differences marked ``*``."""
    names = (
        "colour",
        "handicap",
        "size",
        "main s",
        "byo s",
        "stones",
        "periods",
        "koryo s",
        "pre-byo s",
    )
    rows = [f"{'':<10}{'yours':>10}{dispute.opponent[:10]:>12}"]
    for i, name in enumerate(names):
        mine = dispute.mine[i] if i < len(dispute.mine) else "-"
        theirs = dispute.theirs[i] if i < len(dispute.theirs) else "-"
        mark = " *" if mine != theirs else ""
        rows.append(f"{name:<10}{mine:>10}{theirs:>12}{mark}")
    return "\n".join(rows)


class ChallengeDialog(ModalScreen[str | None]):
    """Dismisses with ``"accept"``, ``"decline"``, ``"counter"`` or None (later)."""

    DEFAULT_CSS = """
    ChallengeDialog { align: center middle; }
    ChallengeDialog > Vertical {
        width: 60; height: auto; border: round $warning; background: $surface; padding: 0 1;
    }
    ChallengeDialog Horizontal { height: auto; }
    """
    BINDINGS = [
        Binding("a", "answer('accept')", "Accept"),
        Binding("d", "answer('decline')", "Decline"),
        Binding("c", "answer('counter')", "Counter"),
        Binding("escape", "later", "Later"),
    ]

    def __init__(self, model: ClientModel, backend: Backend, challenge: Challenge) -> None:
        super().__init__()
        self.model = model
        self.backend = backend
        self.challenge = challenge

    def compose(self) -> ComposeResult:
        kind = "match" if self.challenge.classic else "nmatch"
        with Vertical():
            yield Static(f"{self.challenge.opponent} offers a game ({kind})", id="title")
            yield Static(describe_terms(self.challenge.terms), id="terms")
            dispute = self.model.disputes.get(self.challenge.opponent.lower())
            if dispute is not None:
                yield Static("Your requests differ:\n" + dispute_table(dispute), id="dispute")
            with Horizontal():
                yield Button("Accept (a)", variant="success", id="accept")
                yield Button("Decline (d)", variant="error", id="decline")
                yield Button("Counter (c)", id="counter")

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.action_answer(event.button.id or "")

    def action_answer(self, answer: str) -> None:
        terms = self.challenge.terms
        if answer == "accept":
            self.backend.accept_challenge(terms)
        elif answer == "decline":
            self.backend.decline_challenge(terms.opponent)
        elif answer != "counter":
            return
        app = self.app
        self.dismiss(answer)
        if answer == "counter":
            # A different request to the same player: the server reports a dispute to both.
            app.push_screen(
                MatchDialog(self.backend, terms.opponent, title="Counter-offer", initial=terms)
            )

    def action_later(self) -> None:
        self.dismiss(None)


def open_challenge_dialog(
    app: App[object], model: ClientModel, backend: Backend, opponent: str | None = None
) -> ChallengeDialog | None:
    """Show the request from ``opponent`` (or the newest incoming one); None if none is open."""
    if opponent is not None:
        challenge = model.challenge_from(opponent)
    else:
        incoming = [c for c in model.challenges.values() if c.incoming]
        challenge = incoming[-1] if incoming else None
    if challenge is None:
        return None
    dialog = ChallengeDialog(model, backend, challenge)
    app.push_screen(dialog)
    return dialog
