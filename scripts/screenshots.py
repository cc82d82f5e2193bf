"""Write SVG screenshots of igs-tui's main screens into ``screenshots/``.

By default the app runs headless on a populated demo model (no network). ``capture`` takes
any app factory, so the same script can drive an app connected to the local server:

    python scripts/screenshots.py                 # demo model, 80x24 and 160x48
    python scripts/screenshots.py --size 120x40   # one extra size

Each file is named ``<screen>-<width>x<height>.svg``; render one to PNG with
``chromium --headless --screenshot=out.png file.svg`` to look at it.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from textual.pilot import Pilot
from textual.widgets import Input

from igs_tui.model import ClientModel
from igs_tui.ui.app import IgsApp
from igs_tui.ui.demo_model import demo_model
from igs_tui.ui.login import LoginRequest
from igs_tui.ui.offline_backend import OfflineBackend

SCREENS: list[tuple[str, tuple[str, ...]]] = [
    ("board", ("f2",)),
    ("games", ("f3",)),
    ("users", ("f4",)),
    ("chat", ("f5",)),
    ("console", ("f6",)),
    ("help", ("f1",)),
]
DEFAULT_SIZES = [(80, 24), (160, 48)]


async def _steady(pilot: Pilot[Any]) -> None:
    await pilot.pause()
    for field in pilot.app.screen.query(Input):
        field.cursor_blink = False
    await pilot.pause()


async def capture(
    make_app: Callable[[], IgsApp], out_dir: Path, sizes: list[tuple[int, int]]
) -> list[Path]:
    """Run the app once per size and save one SVG per screen; return the files written."""
    out_dir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for width, height in sizes:
        app = make_app()
        async with app.run_test(size=(width, height)) as pilot:
            await _steady(pilot)
            for name, keys in SCREENS:
                await pilot.press(*keys)
                await _steady(pilot)
                path = out_dir / f"{name}-{width}x{height}.svg"
                app.save_screenshot(str(path.name), str(out_dir))
                written.append(path)
                if name == "help":
                    await pilot.press("escape")
                    await pilot.pause()
        with tempfile.TemporaryDirectory() as config:  # never the user's real settings
            login = IgsApp(ClientModel(), connect=_never_connect, config_dir=Path(config))
            async with login.run_test(size=(width, height)) as pilot:
                await _steady(pilot)
                path = out_dir / f"login-{width}x{height}.svg"
                login.save_screenshot(str(path.name), str(out_dir))
                written.append(path)
    return written


def _never_connect(request: LoginRequest) -> OfflineBackend:
    return OfflineBackend()


def parse_size(text: str) -> tuple[int, int]:
    width, _, height = text.lower().partition("x")
    if not (width.isdigit() and height.isdigit()):
        raise argparse.ArgumentTypeError(f"size must look like 80x24, not {text!r}")
    return int(width), int(height)


def main() -> int:
    parser = argparse.ArgumentParser(description="Write SVG screenshots of igs-tui's screens.")
    parser.add_argument(
        "--out", type=Path, default=Path(__file__).resolve().parent.parent / "screenshots"
    )
    parser.add_argument("--size", type=parse_size, action="append", help="WxH (repeatable)")
    args = parser.parse_args()
    sizes = args.size or DEFAULT_SIZES
    files = asyncio.run(capture(lambda: IgsApp(demo_model(), OfflineBackend()), args.out, sizes))
    for path in files:
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
