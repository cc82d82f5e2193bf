"""Controller behaviour against a misbehaving engine subprocess (tests/gtp/fake_engine.py)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from igs_tui.go.types import Color
from igs_tui.gtp.channel import SubprocessChannel
from igs_tui.gtp.controller import GtpController
from igs_tui.gtp.errors import (
    GtpChannelClosed,
    GtpEngineDied,
    GtpEngineError,
    GtpProtocolError,
    GtpTimeout,
    GtpTransportError,
)
from tests.gtp.conftest import fake_engine_argv, subprocess_env
from tests.polling import wait_until


async def test_success_and_failure_responses(fake: GtpController) -> None:
    assert await fake.raw("echo hello world") == "hello world"
    # §2.7: "?[id] error_message" -> GtpEngineError carrying the message.
    with pytest.raises(GtpEngineError) as info:
        await fake.raw("fail")
    assert info.value.message == "no way"
    assert info.value.command == "fail"
    # The session survives an error response.
    assert await fake.protocol_version() == 2


async def test_multiline_response(fake: GtpController) -> None:
    assert await fake.raw("multi") == "line1\nline2"


async def test_controller_does_steps_1_and_3_on_responses(fake: GtpController) -> None:
    # §3.1: "When a response arrives to a controller, it is expected only to do steps 1 and 3":
    # remove CR and other control characters except HT and LF; convert HT to SPACE.
    assert await fake.raw("ctrl") == "a bc\nsecond line"


async def test_blank_lines_outside_response_are_ignored(fake: GtpController) -> None:
    # §2.10: "Empty lines and lines with only whitespace sent by the engine and occurring
    # outside a response must be ignored by the controller."
    assert await fake.raw("blanklines") == "ok"


async def test_outgoing_command_is_preprocessed(fake: GtpController) -> None:
    # §3.1 step 2 (comments) and step 3 (HT -> SPACE) applied before sending, so what the
    # engine sees is exactly the command we asked for.
    assert await fake.raw("echo\ta\x02b   # a comment") == "ab"


@pytest.mark.parametrize("bad", ["", "   ", "# only a comment", "echo a\necho b"])
async def test_commands_that_cannot_be_sent(fake: GtpController, bad: str) -> None:
    # §2.5 "A command is exactly one line long"; an empty line gets no response (§2.10).
    with pytest.raises(ValueError):
        await fake.raw(bad)
    assert await fake.raw("echo still fine") == "still fine"


async def test_garbage_line_is_a_protocol_error_and_session_recovers(
    fake: GtpController,
) -> None:
    with pytest.raises(GtpProtocolError, match="this is not gtp"):
        await fake.raw("garbage")
    # The real response to 'garbage' is still owed and is discarded, not misattributed.
    assert await fake.raw("echo next") == "next"


async def test_wrong_id_is_a_protocol_error(fake: GtpController) -> None:
    # §3.4: the id "must be the same number as in the corresponding command".
    with pytest.raises(GtpProtocolError, match="expected"):
        await fake.raw("wrongid")


async def test_missing_id_is_a_protocol_error(fake: GtpController) -> None:
    # §3.4: the id "may be omitted if and only if it was omitted in the command".
    with pytest.raises(GtpProtocolError):
        await fake.raw("noid")


async def test_without_ids_a_bare_response_is_fine() -> None:
    controller = await GtpController.start(
        fake_engine_argv(), env=subprocess_env(), timeout=5.0, use_ids=False
    )
    async with controller:
        await controller.raw("noid")
        assert await controller.raw("echo x") == "x"


async def test_bad_vertex_in_response_is_a_protocol_error(fake: GtpController) -> None:
    fake.board_size = 9
    with pytest.raises(GtpProtocolError, match="Z99"):
        await fake.fixed_handicap(2)


async def test_genmove_answer_is_case_insensitive(fake: GtpController) -> None:
    # §3.2.1: "Vertices are not case sensitive"; genmove may answer "resign".
    assert await fake.genmove(Color.BLACK) == "resign"


async def test_missing_blank_line_times_out(fake: GtpController) -> None:
    # §2.6: the result is "a piece of text ending with two consecutive newlines"; without
    # the blank line the response never completes, and the timeout is what saves us.
    with pytest.raises(GtpTimeout) as info:
        await fake.raw("noblank", timeout=0.3)
    assert info.value.command == "noblank"


async def test_timeout_then_late_response_is_discarded(fake: GtpController) -> None:
    with pytest.raises(GtpTimeout):
        await fake.raw("sleep 0.5", timeout=0.1)
    # The late "slept 0.5" answer must not be returned for this command.
    assert await fake.raw("echo after") == "after"


async def test_engine_crash_reports_stderr_and_exit_status(fake: GtpController) -> None:
    with pytest.raises(GtpEngineDied) as info:
        await fake.raw("crash")
    err = info.value
    assert err.returncode == 3
    assert "fatal: out of cheese" in err.stderr_tail
    assert "out of cheese" in str(err)
    assert "middle of a response" in str(err)
    # Later commands fail fast with the same error instead of hanging.
    with pytest.raises(GtpEngineDied):
        await fake.raw("echo again")
    assert fake.dead is err


async def test_killed_engine_raises_died_without_hanging(fake: GtpController) -> None:
    channel = fake.channel
    assert isinstance(channel, SubprocessChannel)
    channel.kill()
    with pytest.raises(GtpEngineDied):
        await asyncio.wait_for(fake.raw("echo anyone"), 10)


async def test_stderr_flood_does_not_block(fake: GtpController) -> None:
    # ~280 KB of stderr is several pipe buffers: only a drained stderr lets this answer.
    assert await fake.raw("spam", timeout=20) == "done"
    channel = fake.channel
    assert isinstance(channel, SubprocessChannel)
    # stderr is drained by its own reader: wait for the last line instead of sleeping

    def last() -> str:
        return (channel.stderr_tail() or [""])[-1]

    await wait_until(lambda: last().startswith("log line 3999"), timeout=10)


async def test_list_and_known_commands_are_cached(fake: GtpController) -> None:
    assert await fake.known_command("echo") is True
    assert await fake.known_command("echo") is True
    assert await fake.known_command("genmove") is False
    assert await fake.raw("probes") == "2"
    commands = await fake.list_commands()
    assert "protocol_version" in commands
    assert await fake.list_commands() == commands
    # Once the list is cached, known_command answers from it without asking the engine.
    assert await fake.known_command("name") is True
    assert await fake.raw("probes") == "3"


async def test_quit_closes_session(fake: GtpController) -> None:
    await fake.quit()
    assert fake.closed
    with pytest.raises(GtpChannelClosed):
        await fake.raw("echo too late")


async def test_close_kills_engine_that_ignores_quit() -> None:
    controller = await GtpController.start(
        fake_engine_argv("--ignore-quit"), env=subprocess_env(), timeout=5.0
    )
    channel = controller.channel
    assert isinstance(channel, SubprocessChannel)
    await asyncio.wait_for(controller.close(grace=0.2), 10)
    assert channel.returncode is not None
    assert channel.returncode != 0  # terminated by a signal, not a clean exit


async def test_close_after_death_does_not_raise(fake: GtpController) -> None:
    with pytest.raises(GtpEngineDied):
        await fake.raw("crash")
    await fake.close(grace=0.5)
    assert fake.closed


async def test_unstartable_engine_is_a_transport_error() -> None:
    with pytest.raises(GtpTransportError, match="cannot start engine"):
        await GtpController.start("/nonexistent/engine --mode gtp")


async def test_concurrent_commands_are_serialised(fake: GtpController) -> None:
    results = await asyncio.gather(*(fake.raw(f"echo {i}") for i in range(20)))
    assert results == [str(i) for i in range(20)]


async def test_traffic_hook_sees_both_directions() -> None:
    seen: list[tuple[str, str]] = []
    controller = await GtpController.start(
        fake_engine_argv(), env=subprocess_env(), on_traffic=lambda d, t: seen.append((d, t))
    )
    async with controller:
        await controller.raw("echo hi")
    assert ("send", "1 echo hi") in seen
    assert ("recv", "=hi") in seen


async def gated(tmp_path: Path) -> tuple[GtpController, list[str], Path]:
    """A fake engine whose ``wait GATE`` answers only when the test creates ``GATE``, and the
    command lines the controller sent (so tests wait on events, not on time)."""
    sent: list[str] = []
    controller = await GtpController.start(
        fake_engine_argv(),
        env=subprocess_env(),
        on_traffic=lambda d, t: sent.append(t) if d == "send" else None,
    )
    return controller, sent, tmp_path / "gate"


async def test_cancelled_waiter_does_not_block_later_commands(tmp_path: Path) -> None:
    fake, sent, gate = await gated(tmp_path)
    async with fake:
        slow = asyncio.create_task(fake.raw(f"wait {gate}"))
        await wait_until(lambda: any(" wait " in line for line in sent))
        waiting = asyncio.create_task(fake.raw("echo never sent"))
        for _ in range(3):
            await asyncio.sleep(0)  # let it run up to the busy channel
        assert not any("never sent" in line for line in sent)  # it is queued behind `wait`
        waiting.cancel()
        with pytest.raises(asyncio.CancelledError):
            await waiting
        gate.touch()
        assert await slow == "waited"
        assert await fake.raw("echo next") == "next"
        assert not any("never sent" in line for line in sent)


async def test_external_cancellation_is_not_a_timeout(tmp_path: Path) -> None:
    fake, sent, gate = await gated(tmp_path)
    async with fake:
        task = asyncio.create_task(fake.raw(f"wait {gate}", timeout=10))
        await wait_until(lambda: any(" wait " in line for line in sent))
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        gate.touch()
        # The cancelled command's answer is still owed and must not be taken for this one.
        assert await fake.raw("echo fresh") == "fresh"


async def test_timeouts_keep_working_across_many_commands(fake: GtpController) -> None:
    # The shared watchdog must re-arm for later deadlines after quick commands. (Each echo's
    # deadline is generous: a loaded machine may take a second to start the fake engine, and
    # the test is about re-arming, not about speed.)
    for i in range(30):
        assert await fake.raw(f"echo {i}", timeout=30) == str(i)
    with pytest.raises(GtpTimeout):
        await fake.raw("sleep 1", timeout=0.2)
    assert await fake.raw("echo done", timeout=5) == "done"


async def test_oversized_response_is_a_protocol_error(fake: GtpController) -> None:
    # 2 MB without a blank line: more than MAX_RESPONSE_BYTES, refused instead of buffered.
    with pytest.raises(GtpProtocolError, match="longer than"):
        await fake.raw("flood", timeout=20)
    await asyncio.wait_for(fake.close(grace=1.0), 15)
    assert fake.closed


async def test_endless_stderr_line_is_capped(fake: GtpController) -> None:
    with pytest.raises(GtpEngineDied) as info:
        await fake.raw("longerr")
    assert info.value.returncode == 4
    assert info.value.stderr_tail
    assert all(len(line) <= 4096 for line in info.value.stderr_tail)
