"""Issue 27 end to end over real TCP on 127.0.0.1: the embedded server speaks the real
servers' wording and the client acts on it. Each format is quoted from its source."""

from __future__ import annotations

from igs_tui.model import GamePhase
from tests.play.harness import tcp_server
from tests.play.test_e2e_play import start_game
from tests.polling import wait_until


async def test_a_shutdown_is_a_banner_and_the_game_in_progress_is_adjourned() -> None:
    """``4 **** Server shutdown started by admin. ****`` (pzorin/qgo
    src/network/igsconnection.cpp:1127), then the server adjourns the game."""
    async with tcp_server() as tcp:
        server = tcp.server
        alice, bob = await tcp.join("alice", "bob")
        number, _ = await start_game(alice, bob)
        await server.stop()
        await wait_until(
            lambda: any(n.title == "Server shutting down" for n in alice.model.notifications)
        )
        banner = next(n for n in alice.model.notifications if n.title == "Server shutting down")
        assert f"game {number} will be adjourned" in banner.text
        game = alice.model.followed[number]
        await wait_until(lambda: game.phase is GamePhase.ADJOURNED)


async def test_an_adjourn_request_and_its_refusal_in_igs_lines() -> None:
    """``48 Game N X requests an adjournment`` (bernds/q5Go src/parser.cpp:2040) reaches the
    opponent as a question; ``53 Game N adjournment is declined`` (pzorin/qgo
    src/network/igsconnection.cpp:4194) is said in the asker's game."""
    async with tcp_server() as tcp:
        alice, bob = await tcp.join("alice", "bob")
        number, _ = await start_game(alice, bob)
        alice.backend.adjourn(number)
        game_b = bob.model.followed[number]
        await wait_until(lambda: game_b.adjourn_requested_by == "alice")
        bob.backend.send_raw("decline adjourn")

        def said() -> list[str]:
            return [m.text for b in alice.model.buffers.values() for m in b.messages]

        await wait_until(lambda: "Your opponent declined to adjourn." in said())
        assert alice.model.followed[number].phase is GamePhase.PLAYING
