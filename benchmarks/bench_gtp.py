"""GTP controller overhead per command, against a bare asyncio echo loop on the same child.

Both loops talk to their own copy of the same child: a minimal Python GTP engine that
answers ``=id\\n\\n`` to every command line. The *bare* loop writes a line and reads until
the blank line with ``StreamReader.readuntil``; the *controller* loop sends the same line
through ``GtpController.raw`` (preprocessing, id check, response parser, turn-taking,
timeout). Small blocks of the two alternate, so background load affects both alike; the
reported ratio is the median over pairs of neighbouring blocks.

Prints human-readable figures and ends with one JSON line: {"overhead_ratio": ...}.
Run: ``python benchmarks/bench_gtp.py [--blocks N] [--block-size M]``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from igs_tui.gtp.channel import InProcessChannel
from igs_tui.gtp.controller import GtpController
from igs_tui.gtp.engine import GtpEngine

ECHO_ENGINE = r"""
import sys
read, write, flush = sys.stdin.buffer.readline, sys.stdout.buffer.write, sys.stdout.buffer.flush
while True:
    line = read()
    if not line:
        break
    word = line.split(None, 1)[0] if line.strip() else b""
    if word.isdigit():
        write(b"=" + word + b"\n\n")
        if line.split()[1:2] == [b"quit"]:
            flush()
            break
    else:
        write(b"=\n\n")
    flush()
"""


async def start_bare() -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        ECHO_ENGINE,
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
    )


async def bare_block(process: asyncio.subprocess.Process, first_id: int, commands: int) -> float:
    """The baseline: write a line, read until the blank line, nothing else."""
    assert process.stdin is not None and process.stdout is not None
    stdin, stdout = process.stdin, process.stdout
    start = time.perf_counter()
    for i in range(first_id, first_id + commands):
        stdin.write(f"{i} echo\n".encode())
        await stdin.drain()
        await stdout.readuntil(b"\n\n")
    return time.perf_counter() - start


async def controller_block(controller: GtpController, commands: int) -> float:
    start = time.perf_counter()
    for _ in range(commands):
        await controller.raw("echo")
    return time.perf_counter() - start


async def in_process_block(controller: GtpController, commands: int) -> float:
    start = time.perf_counter()
    for _ in range(commands):
        await controller.raw("protocol_version")
    return time.perf_counter() - start


async def main(blocks: int, block_size: int) -> dict[str, float]:
    """Alternate small blocks of the two loops so both see the same machine load; the
    fastest block of each is the least disturbed measurement of its intrinsic cost."""
    bare_process = await start_bare()
    controller = await GtpController.start([sys.executable, "-c", ECHO_ENGINE])
    in_process = GtpController(InProcessChannel(GtpEngine()))
    bare: list[float] = []
    ctl: list[float] = []
    inproc: list[float] = []
    next_id = 1
    await bare_block(bare_process, next_id, 100)  # warm-up
    next_id += 100
    await controller_block(controller, 100)
    for n in range(blocks):
        # Alternate which loop goes first so neither always runs right after the other.
        if n % 2:
            ctl.append(await controller_block(controller, block_size))
        bare.append(await bare_block(bare_process, next_id, block_size))
        next_id += block_size
        if not n % 2:
            ctl.append(await controller_block(controller, block_size))
        inproc.append(await in_process_block(in_process, block_size))
    await controller.close()
    assert bare_process.stdin is not None
    bare_process.stdin.close()
    await bare_process.wait()

    def per_command(times: list[float]) -> tuple[float, float]:
        return min(times) / block_size * 1e6, statistics.median(times) / block_size * 1e6

    bare_min, bare_med = per_command(bare)
    ctl_min, ctl_med = per_command(ctl)
    inproc_min, _ = per_command(inproc)
    # Each controller block is compared with the bare block run right next to it, under the
    # same machine load; the median of those paired ratios is robust to load bursts.
    ratio = statistics.median(c / b for c, b in zip(ctl, bare, strict=True))
    best_ratio = ctl_min / bare_min
    print(f"{blocks} alternating pairs of blocks, {block_size} commands per block")
    print(f"bare asyncio echo loop : {bare_min:7.1f} us/command best, {bare_med:7.1f} median")
    print(f"GtpController.raw      : {ctl_min:7.1f} us/command best, {ctl_med:7.1f} median")
    label = "overhead ratio         :"
    print(f"{label} {ratio:.3f}x (median of paired blocks), {best_ratio:.3f}x best/best")
    print(f"in-process channel     : {inproc_min:7.1f} us/command best (built-in engine)")
    print(f"target < 1.2x: {'met' if ratio < 1.2 else 'NOT met'}")
    return {
        "overhead_ratio": round(ratio, 3),
        "best_ratio": round(best_ratio, 3),
        "bare_us_per_command": round(bare_min, 1),
        "controller_us_per_command": round(ctl_min, 1),
        "in_process_us_per_command": round(inproc_min, 1),
    }


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--blocks", type=int, default=100)
    parser.add_argument("--block-size", type=int, default=100)
    args = parser.parse_args()
    figures = asyncio.run(main(args.blocks, args.block_size))
    print(json.dumps(figures))
