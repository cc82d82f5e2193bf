"""Which IGS-family server the local server imitates: IGS itself, or an NNGS.

IGS grew out of the same code family as NNGS (the No Name Go Server), and clients meet both.
They share most of the wire format (the ``1 N`` prompts, ``15`` move lines, ``7`` games list)
but differ in commands and in the wording of some lines. :data:`IGS` is what the protocol spec
describes; :data:`NNGS` reproduces what was observed on a real NNGS 1.1.22 server:

* no ``nmatch``, ``undoplease``, ``noundo`` or ``id`` (``5 nmatch: Unknown command.``), and no
  ``newundo``/``nmatch`` toggles (``5 Unknown value for toggling.``);
* ``done``, ``adjourn`` and ``resign`` take no game number (a three-line usage error);
* ``load`` takes the game's ``white-black`` name, not an opponent;
* a few replies in NNGS's words (``X is not logged in.``, ``Request for adjournment sent.``,
  ``Pass is not valid during scoring.``, ``Cannot type done until both sides have passed.``,
  ``It is not your move.``) and ``results`` lines stamped as NNGS does, without IGS's ``R``;
* ``undo`` is typed by the player to move and takes back the opponent's last move, unasked;
  in scoring, either player's ``undo`` goes back to play and takes back the pass that began
  scoring (IGS restores the removed stones and stays in scoring); the players' undo line
  reads ``28 bob undid the last move (C3).`` (IGS: ``(C3) .``), as NNGS's source words it;
* two passes start scoring, and the pass that starts it is not echoed to the players;
* the ``user`` listing is a code-9 table; shouts read ``21 name -->> text`` and says
  ``19 name text``; a komi proposal is an offer with a "Use komi" hint and its agreement
  reaches the players only; a scored result is announced as a resignation with the score;
* the login banner (``----- Welcome to the No Name Go Server (NNGS) -----``) and a ``39``
  line name the server, and an unregistered name logs in as itself.

The knobs are data; the command modules and :mod:`.gameflow` ask them where the servers part.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Dialect:
    name: str
    version_line: str | None
    """The ``39`` line sent at login (None: the server does not name itself)."""
    banner_line: str | None
    """A line of the pre-login banner that names the server (NNGS's ``messages/login``)."""
    missing_commands: frozenset[str]
    """Commands answered with ``5 <command>: Unknown command.``."""
    missing_toggles: frozenset[str]
    """Toggles answered with ``5 Unknown value for toggling.``."""
    unnumbered: frozenset[str]
    """Commands that refuse a game number (``done``, ``adjourn``, ``resign`` on NNGS)."""
    load_by_pair: bool
    """``load`` wants ``white-black``; ``load <opponent>`` is refused."""
    undo_by_mover: bool
    """``undo`` by the player to move takes back the opponent's last move (NNGS)."""
    scoring_undo_resumes_play: bool
    """``undo`` in scoring goes back to play, taking back the last pass (NNGS), instead of
    restoring the removed stones (IGS)."""
    undid_format: str
    """The players' ``28`` line for one move taken back (``{name}``, ``{move}``)."""
    passes_to_score: int
    echo_scoring_pass: bool
    """The players see the pass that starts scoring (IGS) or only the scoring notice."""
    plain_chat: bool
    """Shouts as ``name -->> text`` and says as ``name text`` (no ``*name*:``, no ``51``)."""
    user_table: bool
    """``user`` answers with the code-9 table instead of the ``42`` listing."""
    komi_offer: bool
    """A ``komi`` proposal is an offer with a "Use komi" hint; agreement reaches players only."""
    result_as_resign: bool
    """A scored game ends with "X has resigned the game." and a "resigns" announcement."""
    done_echo: str
    """What the opponent of a player who typed ``done`` sees (after ``9 ``)."""
    results_rated_mark: bool
    """A ``results`` line of a rated game ends in `` R`` (IGS) or not (NNGS)."""
    results_stamp: str
    """``strftime`` format of a ``results`` line's stamp (IGS ``26-00-34``: day-hour-minute;
    NNGS ``9908231716``: its ``time2str_file``)."""
    texts: dict[str, str]
    """Replies the servers word differently, by key (``not_logged_on``, ``adjourn_sent``,
    ``pass_in_scoring``, ``done_not_scoring``, ``not_your_turn``); ``{name}``/``{game}``
    are filled in."""
    named_guests: bool
    """An unregistered name logs in under that name (NNGS) instead of ``guestNNNN`` (IGS)."""
    unobserve_toggles: bool = False
    """``unobserve N`` runs as ``observe N``, a toggle (NNGS 1.1.22 src/command_list.h:190:
    both are ``com_observe``): for a game not observed it starts observing."""
    kibitz_move_suffix: bool = False
    """Kibitz text ends with the move number it was said at: ``nice (14)`` (NNGS 1.1.22
    src/comproc.c:1470-1475)."""
    two_sided_addtime: bool = False
    """``addtime`` is told from each side (NNGS 1.1.22, seen first-hand): ``9 2 minutes were
    added to your opponents clock`` to the giver, ``9 your opponent has added 2 minutes to
    your clock.`` to the other; IGS tells both ``Increase X's time by 2 minutes``."""
    pause_by_request: bool = True
    """``pause`` asks the opponent, and their ``pause`` agrees; both clocks then stand until
    either types ``unpause``. The words are NNGS's (src/formats.h: ``%s requests to pause the
    game.``, ``Pause request sent.``, ``%s accepted pause. Game clock paused.``, ``Game clock
    paused.``, ``Game clock resumed.``); bernds/q5Go src/parser.cpp:806 quotes the request
    among IGS's lines, what else IGS sends is not known. NNGS 1.1.22 never records the
    request (src/gameproc.c:637-642 follow a ``return``): ``pause`` there answers nothing."""
    pause_short_loads: bool = False
    """A game loaded with a player short of time is paused at once (NNGS 1.1.22
    src/gameproc.c:1700-1739: ``Game clock paused. Use "unpause" to resume.`` to both)."""
    coded_adjourn: bool = False
    """IGS asks the opponent with ``48 Game N X requests an adjournment`` (bernds/q5Go
    src/parser.cpp:2040) and refuses with ``53 Game N adjournment is declined`` (pzorin/qgo
    src/network/igsconnection.cpp:4194); NNGS says both in code-9 words (src/formats.h:
    ``%s would like to adjourn the game.``, ``%s declines the adjourn request.``)."""


IGS = Dialect(
    name="igs",
    version_line=None,
    banner_line=None,
    missing_commands=frozenset(),
    missing_toggles=frozenset(),
    unnumbered=frozenset(),
    load_by_pair=False,
    undo_by_mover=False,
    scoring_undo_resumes_play=False,
    undid_format="{name} undid the last move ({move}) .",
    passes_to_score=3,
    echo_scoring_pass=True,
    plain_chat=False,
    user_table=False,
    komi_offer=False,
    result_as_resign=False,
    done_echo="{name} has typed done.",
    results_rated_mark=True,
    results_stamp="%d-%H-%M",
    texts={
        "not_logged_on": "{name} is not logged on.",
        "adjourn_sent": "Requesting adjournment of game {game}.",
        "pass_in_scoring": "You cannot pass while scoring: type 'done' when finished.",
        "done_not_scoring": "The game is not being scored.",
        "not_your_turn": "It is not your turn.",
    },
    named_guests=False,
    coded_adjourn=True,
)

NNGS_VERSION = "No Name Go Server (NNGS) version 1.1.22"

NNGS = Dialect(
    name="nngs",
    version_line=NNGS_VERSION,
    banner_line="----- Welcome to the No Name Go Server (NNGS) -----",
    missing_commands=frozenset(
        {"nmatch", "undoplease", "noundo", "id", "seek", "room", "automatch"}
    ),
    missing_toggles=frozenset({"newundo", "nmatch", "seek"}),
    unnumbered=frozenset({"done", "adjourn", "resign"}),
    load_by_pair=True,
    undo_by_mover=True,
    scoring_undo_resumes_play=True,
    undid_format="{name} undid the last move ({move}).",
    passes_to_score=2,
    echo_scoring_pass=False,
    plain_chat=True,
    user_table=True,
    komi_offer=True,
    result_as_resign=True,
    done_echo="1 7",
    results_rated_mark=False,
    results_stamp="%y%m%d%H%M",
    # NNGS 1.1.22's formats.h: FORMAT_s_IS_NOT_LOGGED_IN_, FORMAT_REQUEST_FOR_ADJOURNMENT_SENT_n,
    # FORMAT_PASS_IS_NOT_VALID_DURING_SCORING_n, FORMAT_CANNOT_TYPE_DONE_UNTIL_BOTH_SIDES_HAVE_
    # PASSED_, FORMAT_IT_IS_NOT_YOUR_MOVE_
    texts={
        "not_logged_on": "{name} is not logged in.",
        "adjourn_sent": "Request for adjournment sent.",
        "pass_in_scoring": "Pass is not valid during scoring.",
        "done_not_scoring": "Cannot type done until both sides have passed.",
        "not_your_turn": "It is not your move.",
    },
    named_guests=True,
    unobserve_toggles=True,
    kibitz_move_suffix=True,
    two_sided_addtime=True,
    pause_by_request=False,
    pause_short_loads=True,
)

DIALECTS: dict[str, Dialect] = {d.name: d for d in (IGS, NNGS)}


def dialect_named(name: str) -> Dialect:
    """The dialect called ``name`` (``igs`` or ``nngs``); ValueError for any other."""
    try:
        return DIALECTS[name.lower()]
    except KeyError:
        raise ValueError(
            f"unknown server dialect {name!r}; choose from {', '.join(DIALECTS)}"
        ) from None


def dialect_text(dialect: Dialect, key: str, **values: object) -> str:
    """The dialect's wording of reply ``key`` with ``values`` filled in."""
    return dialect.texts[key].format(**values)
