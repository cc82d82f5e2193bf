"""The match dialog: offer a game (colour, size, handicap, komi, time system) to a player.

The form is turned into :class:`~igs_tui.model.terms.MatchTerms` by :func:`terms_from_form`,
a pure function, and checked by building the real ``nmatch`` command: the message the user
sees is the command builder's own, so the dialog never accepts terms the server would refuse.
"""

from __future__ import annotations

import re
from dataclasses import replace

from rich.text import Text
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button, Input, Label, Select, Static

from igs_tui.backends.capabilities import Backend
from igs_tui.go import Color
from igs_tui.model import ClientModel
from igs_tui.model.terms import GAME_KINDS, MatchTerms
from igs_tui.ui.dialogs.dialog import Dialog
from igs_tui.ui.safe_text import clean, plain
from igs_tui.ui.styles import stylesheet

TIME_SYSTEMS = ("absolute", "canadian", "japanese", "bronstein")
COLOURS = (("Black", "B"), ("White", "W"), ("Nigiri", "N"))
KINDS = (("Rated", "rated"), ("Free (unrated)", "free"), ("Teaching", "teaching"))


def _number(form: dict[str, str], key: str, what: str, *, real: bool = False) -> float:
    text = form.get(key, "").strip() or "0"
    try:
        value = float(text) if real else int(text)
    except ValueError:
        raise ValueError(f"{what} must be a number, not {text!r}") from None
    if value < 0:
        raise ValueError(f"{what} cannot be negative")
    return value


def terms_from_form(form: dict[str, str]) -> MatchTerms:
    """Terms from the dialog's text fields; ``ValueError`` names the field that is wrong.

    Minutes are typed for main time and Canadian periods (IGS wants multiples of 60 seconds),
    seconds for Japanese periods and the Bronstein delay.
    """
    opponent = form.get("opponent", "").strip()
    if not opponent:
        raise ValueError("opponent: enter a player name")
    colour = form.get("colour", "B")
    color = None if colour == "N" else Color.parse(colour)
    system = form.get("system", "canadian")
    main = int(_number(form, "main", "main time (minutes)") * 60)
    terms = MatchTerms(
        opponent,
        color,
        size=int(_number(form, "size", "board size")),
        handicap=int(_number(form, "handicap", "handicap")),
        komi=_number(form, "komi", "komi", real=True),
        main_seconds=main,
        byo_seconds=0,
        byo_stones=0,
        kind=kind if (kind := form.get("kind", "rated")) in GAME_KINDS else "rated",
    )
    if system == "canadian":
        minutes = int(_number(form, "byo", "byo-yomi period (minutes)"))
        stones = int(_number(form, "stones", "stones per period"))
        terms = replace(terms, byo_seconds=minutes * 60, byo_stones=stones)
    elif system == "japanese":
        terms = replace(
            terms,
            byo_seconds=int(_number(form, "byo", "period length (seconds)")),
            byo_periods=int(_number(form, "periods", "periods")),
        )
        if terms.byo_periods == 0:
            raise ValueError("Japanese byo-yomi needs at least one period")
    elif system == "bronstein":
        terms = replace(terms, bronstein_seconds=int(_number(form, "delay", "delay (seconds)")))
    elif system != "absolute":
        raise ValueError(f"unknown time system {system!r}")
    return terms


def check_with_backend(backend: Backend | None, terms: MatchTerms) -> str | None:
    """The backend's own refusal message for ``terms`` (None = acceptable): the UI may not
    import a wire protocol, so it asks the backend (IGS: the ``nmatch`` command builder).
    A backend that cannot match players refuses every offer with its own reason."""
    if backend is None:
        return None
    matching = backend.capabilities.matching
    if matching is None:
        return backend.capabilities.refusal("Challenges")
    return matching.check_terms(terms)


class Choice(Select[str], inherit_bindings=False):
    """A choice of the form: ↓, ↑ or space opens its list; Enter sends the offer, as the
    button says (Textual's Select opened its list again on Enter after every choice)."""

    BINDINGS = [Binding("down,space,up", "show_overlay", "Show menu", show=False)]


def is_guest_name(name: str) -> bool:
    """A server's guest name (``guest1234``): servers give guests these and nothing else."""
    return re.fullmatch(r"guest\d*", name, re.IGNORECASE) is not None


class MatchDialog(Dialog[MatchTerms | None]):
    """Offer a game; dismisses with the terms that were sent, or None when cancelled."""

    DEFAULT_CSS = stylesheet(__file__, "match_dialog.tcss")
    BINDINGS = [
        Binding("escape", "cancel", "Cancel"),
        Binding("enter", "send", "Send offer", show=False),  # from a choice (see Choice)
    ]

    def __init__(
        self,
        backend: Backend | None,
        opponent: str = "",
        *,
        title: str = "",
        initial: MatchTerms | None = None,
        me: str = "",
    ) -> None:
        super().__init__()
        self.backend = backend
        self.opponent = opponent
        self.me = me
        """Our own name, so the dialog can refuse a challenge to ourselves."""
        self.title_text = title or "Offer a game"
        self.initial = initial

    def on_mount(self) -> None:
        if self.initial is not None:
            self.fill(self.initial)
            if is_guest_name(self.me) and self.initial.kind == "rated":
                self.query_one("#kind", Select).value = "free"  # remembered from an account
        # Keys start where the user has a choice to make: the name, or (known) the colour.
        opponent = self.query_one("#opponent", Input)
        (opponent if not opponent.value else self.query_one("#colour", Select)).focus()

    def compose(self) -> ComposeResult:
        def row(label: str, widget: Input | Select[str]) -> Horizontal:
            return Horizontal(Label(label), widget)

        with VerticalScroll() as scroll:
            scroll.can_focus = False  # tab goes from field to field, not to the frame
            yield Static(plain(self.title_text, max_length=80), id="title")
            # a name from the server is shown, never its escapes or control characters
            opponent = clean(self.opponent, max_length=40)
            yield row("Opponent", Input(opponent, id="opponent", compact=True))
            yield row(
                "Colour", Choice(COLOURS, value="B", allow_blank=False, id="colour", compact=True)
            )
            yield row("Board size", Input("19", id="size", compact=True))
            yield row("Handicap", Input("0", id="handicap", compact=True))
            yield row("Komi", Input("6.5", id="komi", compact=True))
            # a guest cannot play rated games (IGS and KGS alike): Free is what can be sent
            kind = "free" if is_guest_name(self.me) else "rated"
            yield row("Game", Choice(KINDS, value=kind, allow_blank=False, id="kind", compact=True))
            yield row(
                "Time system",
                Choice(
                    [(s.title(), s) for s in TIME_SYSTEMS],
                    value="canadian",
                    allow_blank=False,
                    id="system",
                    compact=True,
                ),
            )
            yield row("Main time (min)", Input("10", id="main", compact=True))
            yield row("Byo-yomi (min / s)", Input("5", id="byo", compact=True))
            yield row("Stones / period", Input("25", id="stones", compact=True))
            yield row("Periods (Japanese)", Input("0", id="periods", compact=True))
            yield row("Delay s (Bronstein)", Input("0", id="delay", compact=True))
            yield Static("", id="error")
            with Horizontal(id="buttons"):
                yield Button("Send offer (Enter)", variant="primary", id="send", compact=True)
                yield Button("Cancel (Esc)", id="cancel", compact=True)

    def form(self) -> dict[str, str]:
        values = {w.id or "": w.value for w in self.query(Input)}
        for select in self.query(Select):
            values[select.id or ""] = str(select.value)
        return values

    def fill(self, terms: MatchTerms) -> None:
        """Pre-fill from existing terms (a counter-offer starts from the request)."""
        self.query_one("#opponent", Input).value = clean(terms.opponent, max_length=40)
        colour = terms.color.value if terms.color is not None else "N"
        self.query_one("#colour", Select).value = colour
        self.query_one("#size", Input).value = str(terms.size)
        self.query_one("#handicap", Input).value = str(terms.handicap)
        self.query_one("#komi", Input).value = f"{terms.komi:g}"
        self.query_one("#kind", Select).value = terms.kind
        self.query_one("#main", Input).value = str(terms.main_seconds // 60)
        if terms.bronstein_seconds:
            system, byo = "bronstein", "0"
        elif terms.byo_periods:
            system, byo = "japanese", str(terms.byo_seconds)
        elif terms.byo_stones:
            system, byo = "canadian", str(terms.byo_seconds // 60)
        else:
            system, byo = "absolute", "0"
        self.query_one("#system", Select).value = system
        self.query_one("#byo", Input).value = byo
        self.query_one("#stones", Input).value = str(terms.byo_stones)
        self.query_one("#periods", Input).value = str(terms.byo_periods)
        self.query_one("#delay", Input).value = str(terms.bronstein_seconds)

    def submit(self) -> MatchTerms | None:
        """Validate; show the reason and return None if the terms cannot be sent."""
        error = self.query_one("#error", Static)
        try:
            terms = terms_from_form(self.form())
        except ValueError as exc:
            # the reason may quote what was typed (a name like "[/x]"): never markup
            error.update(plain(str(exc), max_length=200))
            return None
        if self.me and terms.opponent.casefold() == self.me.casefold():
            error.update(Text("You cannot challenge yourself: choose another player."))
            return None
        problem = check_with_backend(self.backend, terms)
        if problem:
            error.update(plain(problem, max_length=200))
            return None
        error.update(Text(""))
        return terms

    @on(Button.Pressed, "#send")
    @on(Input.Submitted)
    def action_send(self) -> None:
        terms = self.submit()
        if terms is None:
            return
        matching = self.backend.capabilities.matching if self.backend is not None else None
        if matching is not None:  # submit() has refused the terms when it is missing
            matching.challenge(terms)
        self.dismiss(terms)

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)


def open_match_dialog(
    app: App[object], model: ClientModel, backend: Backend, opponent: str = ""
) -> MatchDialog:
    """Push the match dialog for ``opponent`` (the selected player, or empty)."""
    dialog = MatchDialog(backend, opponent, me=model.me)
    app.push_screen(dialog)
    return dialog
