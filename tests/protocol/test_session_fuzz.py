"""Session invariants under random traffic: no exceptions, every command answered at most once,
answers in sending order, and nothing is written before login or after quit."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from igs_tui.backends.igs.protocol.commands import Command, raw
from igs_tui.backends.igs.protocol.events import CommandReply
from igs_tui.backends.igs.protocol.wire import WireSession
from tests.protocol.test_parser_fuzz import REAL_LINES

server_line = st.one_of(
    st.sampled_from(REAL_LINES),
    st.sampled_from(["1 5", "1 6", "1 7", "1 8", "9 yes", "5 Error.", "24 *a*: hi", ""]),
    st.text(max_size=30),
)
user_command = st.sampled_from(
    [
        "games",
        "who",
        "ayt",
        "noundo",
        "addtime 3",
        "undo",
        "Q16",
        "pass",
        "observe 5",
        "say hi",
        "resign",
        "done",
        "time",
        "tell a b",
        "D4 7",
    ]
)
step = st.one_of(
    st.tuples(st.just("rx"), server_line),
    st.tuples(st.just("tx"), user_command),
    st.tuples(st.just("tick"), st.floats(0.0, 5.0)),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(step, max_size=40))
def test_random_traffic_keeps_correlation_sane(steps: list[tuple[str, object]]) -> None:
    s = WireSession("bob", "pw")
    now = 0.0
    written: list[str] = []
    answered: list[int] = []
    for kind, value in steps:
        if kind == "rx":
            for e in s.receive_line(str(value)):
                if isinstance(e, CommandReply):
                    answered.append(e.seq)
                    assert isinstance(e.command, Command)
        elif kind == "tx":
            if s.state.value != "closed":
                s.send(raw(str(value)))
        else:
            now += float(value)  # type: ignore[arg-type]
        before = s.state.value
        out = s.data_to_send(now)
        if before == "login":
            assert all(line in ("bob", "pw") for line in out)
        written.extend(out)
    assert len(answered) == len(set(answered)), "a command was answered twice"
    assert answered == sorted(answered), "answers out of sending order"
    if "quit" in written:
        assert written[-1] == "quit"
