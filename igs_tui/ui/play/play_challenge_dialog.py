"""The incoming-challenge dialog: accept, decline or counter a pending match request.

It reads the request from the model (:class:`~igs_tui.model.Challenge`), so what is shown is
exactly what accepting sends. When both players' requests disagree the server keeps both open
and reports a dispute; the dialog then shows the two sets of terms side by side.
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from igs_tui.backends.capabilities import Backend
from igs_tui.model import TOPIC_CHALLENGES, Challenge, ClientModel, Dispute
from igs_tui.model.terms import MatchTerms
from igs_tui.ui.capability import need
from igs_tui.ui.dialogs.dialog import Dialog
from igs_tui.ui.model_bridge import ModelWatcher
from igs_tui.ui.play.play_match_dialog import MatchDialog
from igs_tui.ui.safe_text import clean, plain
from igs_tui.ui.styles import stylesheet

ANSWER_KEY = "f7"
"""Shows a match request that arrived while a dialog was up (see :class:`ChallengeWatcher`);
the result screen takes it too (it closes, and the waiting request comes up)."""


def describe_terms(terms: MatchTerms) -> str:
    """One line a player can check at a glance: colour, board, handicap, time."""
    colour = "nigiri" if terms.color is None else ("black" if terms.color.value == "B" else "white")
    handicap = f", handicap {terms.handicap}" if terms.handicap else ""
    time = terms.time_settings().describe()
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


class ChallengeDialog(Dialog[str | None]):
    """Dismisses with ``"accept"``, ``"decline"``, ``"counter"``, ``"gone"`` or None (later).

    For our own (outgoing) offer that the other side disputed, only a new offer is possible:
    the server keeps both requests and starts the game when one matches the other's.
    The opponent's name and the dispute come from the server: they are shown as plain text.
    """

    DEFAULT_CSS = stylesheet(__file__, "challenge_dialog.tcss")
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
        kind = f" ({clean(self.challenge.kind, max_length=12)})" if self.challenge.kind else ""
        name = plain(self.challenge.opponent, "bold", max_length=20)
        player = self.model.players.get(self.challenge.opponent)
        if player is not None and player.rank:
            # the rank is what a player weighs first when answering a request
            name.append(f" [{clean(player.rank, max_length=6)}]")
        incoming = self.challenge.incoming
        if incoming:
            title = name.append(f" offers a game{kind}")
        else:
            title = Text("Your offer to ").append_text(name).append(" is disputed")
        terms = describe_terms(self.challenge.terms)
        with Vertical():
            yield Static(title, id="title")
            yield Static(plain(terms if incoming else f"you asked: {terms}"), id="terms")
            yield Static("", id="dispute")
            with Horizontal():
                if incoming:
                    yield Button("Accept (a)", variant="success", id="accept")
                    yield Button("Decline (d)", variant="error", id="decline")
                    yield Button("Counter (c)", id="counter")
                else:
                    yield Button("New offer (c)", id="counter")
                    yield Button("Close (esc)", id="later")

    def on_mount(self) -> None:
        self.show_dispute()

    def show_dispute(self) -> None:
        """Show (or hide) the side-by-side table for the model's current dispute."""
        dispute = self.model.disputes.get(self.challenge.opponent.lower())
        widget = self.query_one("#dispute", Static)
        widget.display = dispute is not None
        if dispute is not None:
            table = "Your requests differ:\n" + dispute_table(dispute)
            widget.update(plain(table, keep_newlines=True))

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.action_answer(event.button.id or "")

    def action_answer(self, answer: str) -> None:
        terms = self.challenge.terms
        if answer == "later":
            self.action_later()
            return
        if not self.challenge.incoming and answer != "counter":
            return  # nothing to accept or decline in our own offer
        if answer in ("accept", "decline"):
            matching = need(self, self.backend, self.backend.capabilities.matching, "Challenges")
            if matching is None:
                return
            if answer == "accept":
                matching.accept_challenge(terms)
            else:
                matching.decline_challenge(terms.opponent)
        elif answer != "counter":
            return
        app = self.app
        self.dismiss(answer)
        if answer == "counter":
            # A different request to the same player: the server reports a dispute to both.
            title = "Counter-offer" if self.challenge.incoming else "New offer"
            dialog = MatchDialog(
                self.backend, terms.opponent, title=title, initial=terms, me=self.model.me
            )
            app.push_screen(dialog)

    def action_later(self) -> None:
        self.dismiss(None)


class ChallengeWatcher(ModelWatcher):
    """Opens the challenge dialog for each new incoming request, one dialog at a time.

    A request that arrives while another dialog (or any modal screen) is up is only announced:
    stacking dialogs would hide what the user is doing, so it waits for :meth:`answer_next`
    (the "Answer challenge" key). A request the other side withdraws, or replaces with new
    terms, closes its dialog with a note; a dispute that arrives later is added to the dialog.
    """

    DEFAULT_CSS = stylesheet(__file__, "challenge_watcher.tcss")

    def __init__(self, model: ClientModel, backend: Backend, *, answer_key: str = "") -> None:
        super().__init__()
        self.model = model
        self.backend = backend
        self.answer_key = answer_key
        # Requests from before this screen existed were for another login; do not pop them up.
        self._seen: set[int] = {id(c) for c in model.challenges.values()}
        self._seen |= {id(d) for d in model.disputes.values()}
        self._waiting: list[str] = []
        """Opponents whose requests are announced but not shown yet, oldest first."""
        self._announced: tuple[str, ...] = ()

    def on_mount(self) -> None:
        self.watch_model(self.model.hub, TOPIC_CHALLENGES, self.model_changed)

    @property
    def dialog(self) -> ChallengeDialog | None:
        """The challenge dialog on screen, if any."""
        for screen in reversed(self.app.screen_stack):
            if isinstance(screen, ChallengeDialog):
                return screen
        return None

    def model_changed(self) -> None:
        dialog = self.dialog
        if dialog is not None:
            current = self.model.challenge_from(dialog.challenge.opponent)
            if current is not dialog.challenge:
                self._close_gone(dialog, replaced=current is not None and current.incoming)
                dialog = None
            else:
                dialog.show_dispute()
        # New requests, and new disputes (also of our own offers), each shown once.
        items = [(id(c), c.opponent) for c in self.model.challenges.values() if c.incoming]
        items += [(id(d), d.opponent) for d in self.model.disputes.values()]
        for key, name in items:
            if key in self._seen:
                continue
            self._seen.add(key)
            if dialog is not None and dialog.challenge.opponent.lower() == name.lower():
                continue  # already on screen (a dispute is added to it above)
            if name.lower() in self._waiting:
                self._waiting.remove(name.lower())
            self._waiting.append(name.lower())
        live = [*self.model.challenges.values(), *self.model.disputes.values()]
        self._seen &= {id(item) for item in live}
        self._waiting = [n for n in self._waiting if self._answerable(n) is not None]
        self.show_waiting()

    def show_waiting(self) -> None:
        """Open (or announce) the oldest waiting request once the screen has settled."""
        if self._waiting:
            self.call_after_refresh(self._show_next)

    def _answerable(self, name: str) -> Challenge | None:
        """A request from ``name``, or our own offer to ``name`` that is disputed."""
        challenge = self.model.challenge_from(name)
        if challenge is None:
            return None
        if challenge.incoming or name.lower() in self.model.disputes:
            return challenge
        return None

    def _close_gone(self, dialog: ChallengeDialog, *, replaced: bool) -> None:
        who = clean(dialog.challenge.opponent, max_length=20)
        if replaced:
            note = f"{who} changed the offer; showing the new terms."
        elif dialog.challenge.incoming:
            note = f"The offer from {who} is no longer open (withdrawn, declined or started)."
        else:
            note = f"Your offer to {who} is no longer open (declined, replaced or started)."
        if dialog.is_current:
            dialog.dismiss("gone")
        self.app.notify(note, markup=False)

    def _show_next(self) -> None:
        """Open the oldest waiting request if nothing modal is up, else announce it."""
        if not self._waiting:
            return
        if self.app.screen is not self.screen:
            self._announce()
            return
        self.answer_next()

    def _announce(self) -> None:
        """One toast per new set of waiting requests (not one per model change)."""
        if tuple(self._waiting) == self._announced:
            return
        self._announced = tuple(self._waiting)
        names = ", ".join(clean(n, max_length=20) for n in self._waiting[-3:])
        key = f" (press {self.answer_key})" if self.answer_key else ""
        self.app.notify(f"Waiting match requests: {names}{key}.", markup=False)

    def answer_next(self) -> ChallengeDialog | None:
        """Show the oldest request not answered yet (or the newest open one); None if none."""
        if self.dialog is not None:
            return None
        while self._waiting:
            challenge = self._answerable(self._waiting.pop(0))
            if challenge is not None:
                break
        else:
            incoming = [c for c in self.model.challenges.values() if c.incoming]
            challenge = incoming[-1] if incoming else None
        if challenge is None:
            return None
        dialog = ChallengeDialog(self.model, self.backend, challenge)
        self.app.push_screen(dialog)
        return dialog


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
