"""A tiny GTP engine that streams ``kata-analyze`` (or, with ``--lz``, ``lz-analyze``) lines.

Run as a subprocess by the analysis tests. It keeps only the list of moves it was told, and
each analysis report names as best move the first empty point in column order (A1, A2, ...),
with ``visits`` counting the reports so far and a winrate/score that depend on the number of
moves, so a test can tell which position a report is about. The stream ends, as KataGo's
does, when any line arrives on standard input: a blank line closes the response and the new
command is answered. ``--stop-after N`` ends each stream by itself after N reports.
Stdlib only.
"""

from __future__ import annotations

import os
import select
import sys

LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


def main() -> int:
    lz = "--lz" in sys.argv
    stop_after = 0
    if "--stop-after" in sys.argv:
        stop_after = int(sys.argv[sys.argv.index("--stop-after") + 1])
    analyze = "lz-analyze" if lz else "kata-analyze"
    known = ["protocol_version", "name", "version", "list_commands", "quit", "boardsize",
             "clear_board", "komi", "play", analyze]  # fmt: skip
    size = 19
    stones: set[str] = set()
    moves = 0
    pending = b""
    out = sys.stdout

    def read_line(timeout: float | None) -> str | None:
        nonlocal pending
        while b"\n" not in pending:
            ready, _, _ = select.select([0], [], [], timeout)
            if not ready:
                return None
            chunk = os.read(0, 4096)
            if not chunk:
                raise SystemExit(0)
            pending += chunk
        line, _, pending = pending.partition(b"\n")
        return line.decode()

    def report(count: int) -> str:
        best = next(
            f"{LETTERS[c]}{r + 1}" for c in range(size) for r in range(size)
            if f"{LETTERS[c]}{r + 1}" not in stones
        )  # fmt: skip
        if lz:
            return f"info move {best} visits {count} winrate {5000 + moves} order 0 pv {best}"
        return (
            f"info move {best} visits {count} utility 0.1 winrate {0.5 + moves / 100:.4f} "
            f"scoreMean {moves}.5 scoreLead {moves}.5 order 0 pv {best} "
            f"info move pass visits 1 winrate 0.1 scoreLead -3 order 1 pv pass"
        )

    line: str | None = read_line(None)
    while line is not None:
        words = line.split()
        if not words:
            line = read_line(None)
            continue
        cid = words[0] if words[0].isdigit() else ""
        if cid:
            words = words[1:]
        name, args = words[0], words[1:]
        if name == analyze:
            interval = int(args[-1]) / 100 if args and args[-1].isdigit() else 0.1
            out.write(f"={cid}\n")
            count = 0
            nxt: str | None = None
            while nxt is None:
                count += 1
                out.write(report(count) + "\n")
                out.flush()
                if stop_after and count >= stop_after:
                    break
                nxt = read_line(interval)
            out.write("\n")
            out.flush()
            line = nxt if nxt is not None else read_line(None)
            continue
        answer = ""
        if name == "list_commands":
            answer = "\n".join(known)
        elif name == "name":
            answer = "fake-analyze"
        elif name == "boardsize":
            size = int(args[0])
        elif name == "clear_board":
            stones.clear()
            moves = 0
        elif name == "play":
            moves += 1
            if args[1].lower() != "pass":
                stones.add(args[1].upper())
        elif name == "quit":
            out.write(f"={cid}\n\n")
            out.flush()
            return 0
        elif name not in known:
            out.write(f"?{cid} unknown command\n\n")
            out.flush()
            line = read_line(None)
            continue
        out.write(f"={cid} {answer}\n\n" if answer else f"={cid}\n\n")
        out.flush()
        line = read_line(None)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
