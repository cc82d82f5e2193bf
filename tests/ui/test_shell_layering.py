"""The UI talks to servers only through the model and the Backend protocol: importing the app
must not pull in the IGS protocol or the network layer."""

from __future__ import annotations

import subprocess
import sys


def test_ui_app_imports_no_protocol_or_network_code() -> None:
    code = (
        "import sys, igs_tui.ui.app, igs_tui.ui.demo_model; "
        "print(sorted(m for m in sys.modules"
        " if m.startswith(('igs_tui.backends.igs', 'igs_tui.backends.engine', 'telnetlib3'))))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert out.stdout.strip() == "[]", out.stdout
