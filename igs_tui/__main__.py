"""Allow ``python -m igs_tui``."""

from igs_tui.cli import main

raise SystemExit(main())
