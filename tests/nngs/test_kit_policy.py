"""The real-NNGS tier skips without the server on a user's machine and fails under CI.

``.ci/run`` sets IGS_TUI_REQUIRE_NNGS=1: CI must never go green by quietly not talking to the
real server (as IGS_TUI_REQUIRE_GNUGO does for GNU Go, tests/gtp/test_gnugo_policy.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.nngs import kit


def test_without_the_server_the_tests_skip() -> None:
    with pytest.raises(pytest.skip.Exception, match="IGS_TUI_REQUIRE_NNGS=1"):
        kit.unavailable("no kit", {})


def test_required_the_missing_server_fails_the_test() -> None:
    with pytest.raises(pytest.fail.Exception, match="no kit"):
        kit.unavailable("no kit", {"IGS_TUI_REQUIRE_NNGS": "1"})


def test_the_kit_and_cache_are_found_beside_the_project_or_where_named(tmp_path: Path) -> None:
    assert kit.kit_dir({}) == kit.PROJECT.parent / "shared" / "tools" / "nngs"
    assert kit.kit_dir({"IGS_TUI_NNGS_KIT": str(tmp_path)}) == tmp_path
    assert kit.cache_dir({}) == kit.PROJECT / ".cache" / "nngs"
    spaced = tmp_path / "with space"
    assert " " not in str(kit.cache_dir({"IGS_TUI_NNGS_CACHE": str(spaced)}))


def test_a_failed_build_says_why(tmp_path: Path) -> None:
    broken = tmp_path / "kit"
    broken.mkdir()
    (broken / "build.sh").write_text('echo "build.sh: missing nngs-src.tar.gz" >&2; exit 1\n')
    with pytest.raises(RuntimeError, match=r"missing nngs-src\.tar\.gz"):
        kit.build(broken, tmp_path / "cache")
