"""A deliberately misbehaving GTP engine for controller tests (run as a subprocess).

Each command name triggers one behaviour, so one process can be walked through several
scenarios. ``--ignore-quit`` makes it answer ``quit`` but keep running (to test the kill).
Stdlib only, and written to flush exactly what each scenario needs.
"""

from __future__ import annotations

import os
import sys
import time

KNOWN = ["protocol_version", "name", "version", "known_command", "list_commands", "quit", "echo"]


def main() -> int:
    ignore_quit = "--ignore-quit" in sys.argv
    out = sys.stdout
    probes = 0
    for raw in sys.stdin:
        words = raw.split()
        if not words:
            continue
        cid = ""
        if words[0].isdigit():
            cid, words = words[0], words[1:]
        name, args = words[0], words[1:]
        if name == "echo":
            out.write(f"={cid} {' '.join(args)}\n\n")
        elif name == "garbage":
            out.write("this is not gtp\n")
            out.write(f"={cid}\n\n")
        elif name == "noblank":
            out.write(f"={cid} partial\n")
        elif name == "wrongid":
            out.write(f"={int(cid) + 1}\n\n")
        elif name == "noid":
            out.write("=\n\n")
        elif name == "fixed_handicap":
            out.write(f"={cid} A1 Z99\n\n")
        elif name == "genmove":
            out.write(f"={cid} RESIGN\n\n")
        elif name == "crash":
            sys.stderr.write("fatal: out of cheese\n")
            sys.stderr.flush()
            out.write(f"={cid} half a resp")
            out.flush()
            return 3
        elif name == "wait":  # answer only once the test creates the file args[0]
            out.flush()
            while not os.path.exists(args[0]):
                time.sleep(0.005)
            out.write(f"={cid} waited\n\n")
        elif name == "sleep":
            out.flush()
            time.sleep(float(args[0]))
            out.write(f"={cid} slept {args[0]}\n\n")
        elif name == "ctrl":
            out.write(f"={cid} a\tb\x01c\x7f\r\nsecond\tline\r\n\r\n")
        elif name == "multi":
            out.write(f"={cid} line1\nline2\n\n")
        elif name == "fail":
            out.write(f"?{cid} no way\n\n")
        elif name == "blanklines":
            out.write(f"\n\n  \n\t\n={cid} ok\n\n")
        elif name == "spam":
            for i in range(4000):
                sys.stderr.write(f"log line {i} " + "x" * 60 + "\n")
            sys.stderr.flush()
            out.write(f"={cid} done\n\n")
        elif name == "flood":
            out.write(f"={cid} ")
            for _ in range(40_000):
                out.write("y" * 49 + "\n")
            out.write("\n")
        elif name == "longerr":
            sys.stderr.write("z" * 100_000)
            sys.stderr.flush()
            return 4
        elif name == "list_commands":
            probes += 1
            out.write(f"={cid} " + "\n".join(KNOWN) + "\n\n")
        elif name == "known_command":
            probes += 1
            out.write(f"={cid} {'true' if args and args[0] in KNOWN else 'false'}\n\n")
        elif name == "probes":
            out.write(f"={cid} {probes}\n\n")
        elif name == "protocol_version":
            out.write(f"={cid} 2\n\n")
        elif name == "quit":
            out.write(f"={cid}\n\n")
            out.flush()
            if ignore_quit:
                time.sleep(3600)
            return 0
        else:
            out.write(f"?{cid} unknown command\n\n")
        out.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
