"""A small mutation run: apply one hand-chosen mutant at a time, run its tests, revert.

No mutation tool is needed (mutmut and cosmic-ray mutate everything and take hours on a
2-core machine): the mutants are listed in ``scripts/mutants.py``, each one exact text
replaced once in one file (a flipped comparison, swapped arguments, a dropped statement, an
off-by-one) where a bug would hurt a user, with the test files that should catch it. For
each mutant the script replaces the text, runs ``pytest -x -q -n 0`` on those files under a
timeout, and writes the original file back (also on Ctrl-C or an error).

    python scripts/mutate.py                 # every mutant
    python scripts/mutate.py apply- go-ko-1  # those whose id starts so
    python scripts/mutate.py --list          # ids only
    python scripts/mutate.py apply- --tests tests/model tests/ui -n 2   # a wider net

A mutant is *caught* when its tests fail (or time out), *survived* when they pass,
*equivalent* when it survives and the catalogue says why no test can tell it from the code,
*stale* when its text is no longer found exactly once (the code moved: update the
catalogue). Exit status 1 when any mutant survived.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from mutants import MUTANTS, Mutant  # noqa: E402

TIMEOUT = 600.0
"""Seconds one mutant's tests may take (a mutant that loops forever is caught by it)."""


def run_one(
    mutant: Mutant, timeout: float = TIMEOUT, tests: list[str] | None = None, workers: int = 0
) -> str:
    """Apply ``mutant``, run its tests (or ``tests``), revert; ``caught``, ``survived`` or
    ``stale``."""
    path = ROOT / mutant.path
    original = path.read_bytes()
    text = original.decode("utf-8")
    if text.count(mutant.old) != 1:
        return "stale"
    try:
        path.write_text(text.replace(mutant.old, mutant.new), encoding="utf-8")
        command = [sys.executable, "-m", "pytest", "-x", "-q", "-n", str(workers)]
        command += ["-p", "no:cacheprovider"]
        try:
            done = subprocess.run(
                [*command, *(tests or mutant.tests)],
                cwd=ROOT,
                capture_output=True,
                timeout=timeout,
                check=False,
            )
        except subprocess.TimeoutExpired:
            return "caught"  # a mutant that hangs is noticed too
        return "survived" if done.returncode == 0 else "caught"
    finally:
        path.write_bytes(original)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("prefixes", nargs="*", help="run the mutants whose id starts so")
    parser.add_argument("--list", action="store_true", help="list the ids and stop")
    parser.add_argument("--timeout", type=float, default=TIMEOUT)
    parser.add_argument("--tests", nargs="+", help="run these tests instead of each mutant's")
    parser.add_argument("-n", type=int, default=0, help="pytest-xdist workers (default none)")
    args = parser.parse_args(argv)
    chosen = [m for m in MUTANTS if not args.prefixes or m.id.startswith(tuple(args.prefixes))]
    if args.list:
        for m in chosen:
            print(f"{m.id:28} {m.path}  {m.what}")
        return 0
    counts: dict[str, int] = {}
    for m in chosen:
        started = time.monotonic()
        outcome = run_one(m, args.timeout, args.tests, args.n)
        if outcome == "survived" and m.equivalent:
            outcome = "equivalent"  # expected: see the mutant's reason
        counts[outcome] = counts.get(outcome, 0) + 1
        took = time.monotonic() - started
        print(f"{outcome:10} {m.id:34} {took:6.1f}s  {m.what}", flush=True)
    print(" ".join(f"{k}={v}" for k, v in sorted(counts.items())), f"total={len(chosen)}")
    return 1 if counts.get("survived") else 0


if __name__ == "__main__":
    raise SystemExit(main())
