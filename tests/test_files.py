"""The file walk's gitignore decisions agree with pathspec's own evaluation."""

from __future__ import annotations

from pathlib import Path

import pathspec
import pytest

from mcp_lint.files import _GitIgnores

PATTERNS = ["*.pyc", "build/", "!build/keep.py", "/docs", "gen_*.py", "!gen_keep.py", "**/cache/**", "a/**/b.py", "x?.py"]
PATHS = [
    ("build", True), ("build/x.py", False), ("build/keep.py", False), ("docs", True), ("docs/a.py", False),
    ("src/docs/a.py", False), ("gen_x.py", False), ("gen_keep.py", False), ("src/gen_y.py", False),
    ("lib/cache/z.py", False), ("a/q/r/b.py", False), ("a/b.py", False), ("xy.py", False), ("xyz.py", False),
    ("src/m.py", False), ("src", True),
]  # fmt: skip


@pytest.mark.parametrize(("relative", "is_dir"), PATHS)
def test_fast_gitignore_matches_pathspec(tmp_path: Path, relative: str, is_dir: bool) -> None:
    (tmp_path / ".gitignore").write_text("\n".join(PATTERNS) + "\n", encoding="utf-8")
    ignores = _GitIgnores(str(tmp_path))
    ignores.add(str(tmp_path))
    expected = pathspec.GitIgnoreSpec.from_lines(PATTERNS).check_file(relative + ("/" if is_dir else "")).include
    assert ignores.ignored(str(tmp_path / relative), is_dir) is bool(expected)
