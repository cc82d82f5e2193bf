"""The real NNGS 1.1.22 server of ``../shared/tools/nngs`` for tests: built once, run per module.

The kit (``build.sh PREFIX``, ``run.sh PREFIX PORT``, ``stop.sh PREFIX``, see its README) is
found beside the project: ``<project>/../shared/tools/nngs`` (``IGS_TUI_NNGS_KIT`` names another
place). The server is built once into ``<project>/.cache/nngs`` (ignored by git;
``IGS_TUI_NNGS_CACHE`` names another place): ``build.sh`` is idempotent, and a file lock makes
the xdist workers that start at once wait for the one that builds instead of building over it.
Each running server gets a prefix of its own that links ``bin`` and ``share`` to that build, so
``run.sh`` gives it fresh data (``PREFIX/srv``) and a pid file that no other server shares.

When the server cannot be had (no kit, no compiler, a failed build) the tests skip, unless
``IGS_TUI_REQUIRE_NNGS=1`` (set by ``.ci/run``) makes that a failure: CI must not go green by
quietly not talking to the real server.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parents[2]
REQUIRE = "IGS_TUI_REQUIRE_NNGS"

ACCOUNTS = {"admin": "adminpw", "alice": "alicepw", "bob": "bobpw", "carol": "carolpw"}
"""The registered accounts ``run.sh`` writes on every start (kit README, "Accounts")."""

BUILD_SECONDS = 600.0
"""A bound on one build (~15 s alone; minutes on a loaded machine are possible)."""
RUN_SECONDS = 90.0
"""A bound on ``run.sh`` (it gives the server 30 s to show ``Login:``) and ``stop.sh``."""


def kit_dir(environ: Mapping[str, str] = os.environ) -> Path:
    """Where the NNGS kit is: ``IGS_TUI_NNGS_KIT``, else ``../shared/tools/nngs``."""
    named = environ.get("IGS_TUI_NNGS_KIT")
    return Path(named) if named else PROJECT.parent / "shared" / "tools" / "nngs"


def cache_dir(environ: Mapping[str, str] = os.environ) -> Path:
    """Where the server is built: ``IGS_TUI_NNGS_CACHE``, else ``<project>/.cache/nngs``
    (the kit refuses a path with whitespace: then a directory under the system temp dir)."""
    named = environ.get("IGS_TUI_NNGS_CACHE")
    path = Path(named) if named else PROJECT / ".cache" / "nngs"
    if any(c.isspace() for c in str(path.resolve())):
        path = Path(tempfile.gettempdir()) / f"igs-tui-nngs-{os.getuid()}"
    return path


def unavailable(reason: str, environ: Mapping[str, str] = os.environ) -> None:
    """Skip the test (``reason``), or fail it when ``IGS_TUI_REQUIRE_NNGS=1``."""
    if environ.get(REQUIRE) == "1":
        pytest.fail(f"the real NNGS server is required ({REQUIRE}=1): {reason}")
    pytest.skip(f"real NNGS server unavailable ({reason}; {REQUIRE}=1 makes this a failure)")


def missing_tools() -> list[str]:
    """The build tools not on PATH (build.sh would try to install them with apt-get: a test
    run must not install system packages, so it is not asked to)."""
    return [tool for tool in ("bash", "gcc", "make", "ar", "python3") if not shutil.which(tool)]


def build(kit: Path, cache: Path) -> Path:
    """The built server's prefix (``bin/nngssrv``, ``share/nngssrv``); built under a file
    lock so that one process builds while the others wait.

    Raises:
        RuntimeError: the build failed (the last lines of its output in the message).
    """
    cache.mkdir(parents=True, exist_ok=True)
    prefix = cache / "kit"
    with open(cache / "build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        done = subprocess.run(
            ["bash", str(kit / "build.sh"), str(prefix)],
            capture_output=True,
            text=True,
            timeout=BUILD_SECONDS,
            check=False,
        )
    if done.returncode != 0 or not (prefix / "bin" / "nngssrv").is_file():
        tail = "\n".join(done.stderr.splitlines()[-15:])
        raise RuntimeError(f"build.sh failed (exit {done.returncode}):\n{tail}")
    return prefix


def free_port() -> int:
    """A port nothing listens on now (the kernel's choice for port 0)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@dataclass(frozen=True)
class NngsServer:
    """One running NNGS: its port, its prefix (``srv/`` holds its data) and its pid."""

    port: int
    prefix: Path
    pid: int
    kit: Path

    @property
    def data(self) -> Path:
        return self.prefix / "srv" / "data"

    def log(self) -> str:
        """The server's own log (for a failing test's message)."""
        path = self.data / "stats" / "logfile"
        return path.read_text(errors="replace") if path.exists() else ""

    def stop(self) -> None:
        subprocess.run(
            ["bash", str(self.kit / "stop.sh"), str(self.prefix)],
            capture_output=True,
            timeout=RUN_SECONDS,
            check=False,
        )


def start(kit: Path, built: Path, prefix: Path, attempts: int = 5) -> NngsServer:
    """Run a fresh server from ``built`` under ``prefix`` on a free port.

    Between choosing a free port and the server binding it another process may take it:
    ``run.sh`` then refuses or the server fails to start, and another port is tried.

    Raises:
        RuntimeError: no attempt started a server (the last ``run.sh`` output in the message).
    """
    prefix.mkdir(parents=True, exist_ok=True)
    for part in ("bin", "share"):
        link = prefix / part
        if not link.exists():
            link.symlink_to(built / part, target_is_directory=True)
    failure = ""
    for _ in range(attempts):
        port = free_port()
        done = subprocess.run(
            ["bash", str(kit / "run.sh"), str(prefix), str(port)],
            capture_output=True,
            text=True,
            timeout=RUN_SECONDS,
            check=False,
        )
        pid = done.stdout.strip()
        if done.returncode == 0 and pid.isdigit():
            return NngsServer(port, prefix, int(pid), kit)
        failure = done.stderr[-2000:]
    raise RuntimeError(f"run.sh failed {attempts} times; last:\n{failure}")
