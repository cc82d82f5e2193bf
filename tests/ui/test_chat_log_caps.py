"""The chat logs cannot fill the disk (issue 26: 18 MB of flood became 33 MB of logs; tells
from 5,000 names made 5,000 files): each log is rotated past its size, the folder keeps a
total and a number of files (oldest deleted first, told once), and tellers beyond a number
share one log. The caps come from the model's limits (``"limits"`` in config.json)."""

from __future__ import annotations

import os
from pathlib import Path

from igs_tui.model import BufferKey, ChatKind, ClientModel, Limits
from igs_tui.model import changes as ch
from igs_tui.ui.chat.chat_log import OTHER_TELLS, ChatLogger


def model_with(**caps: int) -> ClientModel:
    return ClientModel(limits=Limits(**caps))


def notices(model: ClientModel) -> list[str]:
    return [n.text for n in model.notifications if n.title == "Chat logs"]


def folder_bytes(path: Path) -> int:
    return sum(p.stat().st_size for p in path.iterdir())


def test_a_flood_stays_within_the_folder_cap_and_is_told_once(tmp_path: Path) -> None:
    model = model_with(log_file_bytes=20_000, log_dir_bytes=100_000, log_files=50)
    logger = ChatLogger(model, tmp_path)
    shout = BufferKey(ChatKind.SHOUT)
    for n in range(4000):  # ~250 kB of shouts, as a flooding server sends them
        model.add_chat(shout, "flooder", f"line {n} " + "x" * 40)
    logger.close()
    assert folder_bytes(tmp_path) <= 100_000
    assert all(p.stat().st_size <= 20_000 for p in tmp_path.iterdir())
    newest = (tmp_path / "shout.log").read_text()
    assert "line 3999 " in newest  # the newest lines are kept, the oldest went first
    assert not any("line 0 " in p.read_text() for p in tmp_path.iterdir())
    assert len(notices(model)) == 1
    assert "oldest are deleted first" in notices(model)[0]


def test_a_log_past_its_size_is_rotated_and_history_stays_this_sessions(tmp_path: Path) -> None:
    (tmp_path / "tell-alice.log").write_text("2026-01-01 10:00:00 <alice> from last year\n")
    model = model_with(log_file_bytes=2_000)
    logger = ChatLogger(model, tmp_path)
    tell = BufferKey(ChatKind.TELL, "alice")
    for n in range(60):
        model.add_chat(tell, "alice", f"hello {n}")
    logger.close()
    rotated = sorted(p.name for p in tmp_path.iterdir() if p.name != "tell-alice.log")
    assert rotated and all(name.startswith("tell-alice.2") for name in rotated)
    assert "hello 59" in (tmp_path / "tell-alice.log").read_text()
    # nothing was deleted (only rotated): no notice, every line still on disk
    assert notices(model) == []
    text = "".join(p.read_text() for p in tmp_path.iterdir())
    assert all(f"hello {n}\n" in text for n in range(60)) and "from last year" in text
    assert logger.history(tell) == []  # what the new file holds is this session's


def test_five_thousand_tellers_make_a_bounded_number_of_files(tmp_path: Path) -> None:
    model = model_with(tell_logs=20, log_files=40)
    logger = ChatLogger(model, tmp_path)
    for n in range(5000):
        model.add_chat(BufferKey(ChatKind.TELL, f"bot{n}"), f"bot{n}", "buy gold")
    logger.close()
    names = sorted(p.name for p in tmp_path.iterdir())
    assert len(names) == 21 and OTHER_TELLS in names
    shared = (tmp_path / OTHER_TELLS).read_text()
    assert shared.count("\n") == 4980 and "<bot4999> (with bot4999) buy gold" in shared
    assert logger.history(BufferKey(ChatKind.TELL, "bot4999")) == []
    # a teller with a log of its own keeps it in the next session
    again = ChatLogger(model, tmp_path)
    assert again.path_for(BufferKey(ChatKind.TELL, "bot3")).name == "tell-bot3.log"
    assert again.path_for(BufferKey(ChatKind.TELL, "newcomer")).name == OTHER_TELLS


def test_the_file_count_cap_deletes_the_oldest_logs(tmp_path: Path) -> None:
    for n in range(10):
        old = tmp_path / f"game-{n}.log"
        old.write_text("2026-01-01 10:00:00 <x> old\n")
        os.utime(old, (1_000_000 + n, 1_000_000 + n))
    model = model_with(log_files=10)
    logger = ChatLogger(model, tmp_path)
    model.add_chat(BufferKey(ChatKind.CHANNEL, "1"), "bob", "hi")
    logger.close()
    names = sorted(p.name for p in tmp_path.iterdir())
    assert len(names) == 10 and "channel-1.log" in names and "game-0.log" not in names
    assert len(notices(model)) == 1 and logger.folder().dropped == 1


def test_limits_for_the_disk_come_from_the_config(tmp_path: Path) -> None:
    limits = Limits.from_json({"log_file_bytes": 1234, "log_dir_bytes": 0, "tell_logs": 7})
    assert (limits.log_file_bytes, limits.tell_logs) == (1234, 7)
    assert limits.log_dir_bytes == Limits().log_dir_bytes  # 0 is no cap: ignored
    model = ClientModel()
    model.apply(ch.LimitsSet(limits))
    assert ChatLogger(model, tmp_path).folder().caps.file_bytes == 1234
