"""The legacy codec IGS text is read with when it is not UTF-8, in a module of its own.

It lives outside :mod:`igs_tui.backends.igs.net` so that the launcher can name the default
without importing the network package (whose ``__init__`` pulls in the client, ~30 ms at
start-up).
"""

from __future__ import annotations

__all__ = ["DEFAULT_LEGACY_ENCODING"]

DEFAULT_LEGACY_ENCODING = "gb18030"
"""IGS's largest non-ASCII user groups write Chinese; GB18030 is a superset of GB2312 and GBK."""
