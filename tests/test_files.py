"""The file walk's gitignore decisions agree with pathspec's own evaluation."""

from __future__ import annotations

import os
from pathlib import Path

import pathspec
import pytest

from mcp_lint.files import Walked, _GitIgnores, iter_python_files
from mcp_lint.runner import SettingsResolver
from mcp_lint.settings import Overrides

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


def _tree(top: Path) -> None:
    """A checked directory outside any repository, holding projects whose walks alone differ from the whole walk's:
    a repository with its own ``info/exclude``, an ignore file above a project, nested projects, and a link out of a
    project."""
    files = {
        "shared.py": "",
        "outer/.gitignore": "skip_*.py\n",
        "outer/one/pyproject.toml": "",
        "outer/one/.gitignore": "gen_*.py\n",
        "outer/one/a.py": "",
        "outer/one/gen_a.py": "",
        "outer/one/skip_a.py": "",
        "outer/one/pkg/b.py": "",
        "outer/one/sub/pyproject.toml": "",
        "outer/one/sub/c.py": "",
        "three/sub/setup.cfg": "",
        "three/sub/f.py": "",
        "two/.git/info/exclude": "secret.py\n",
        "two/secret.py": "",
        "two/d.py": "",
        "three/setup.py": "",
        "three/e.py": "",
    }
    for name, text in files.items():
        (top / name).parent.mkdir(parents=True, exist_ok=True)
        (top / name).write_text(text, encoding="utf-8")
    (top / "three" / "linked.py").symlink_to(top / "shared.py")


@pytest.mark.parametrize("root", [".", "outer/one", "outer/one/pkg", "outer/one/sub", "two", "three", "three/sub"])
def test_walked_files_below_match_a_walk_of_the_root_alone(tmp_path: Path, root: str) -> None:
    """A project's files taken from the run's walk are the files a walk of the project alone finds, or the walk
    says it cannot tell (None) and the project is walked again."""
    _tree(tmp_path)
    resolve = SettingsResolver(Overrides())
    walked = Walked()
    list(iter_python_files([tmp_path], resolve, walked=walked))
    directory = os.path.normpath(tmp_path / root)
    alone = [os.path.abspath(path) for path in iter_python_files([Path(directory)], resolve)]
    below = walked.files_below(directory)
    # Taken from the walk where the same ignore files apply from above; walked again where they do not: the
    # repository's own exclude file, and the ignore file above the project outside any repository.
    reused = {
        ".": True, "outer/one": False, "outer/one/pkg": False, "outer/one/sub": False, "two": False, "three": True,
        "three/sub": True,
    }[root]  # fmt: skip
    assert (below is not None) is reused
    if below is not None:
        assert below == alone
    expected = {
        ".": [
            "outer/one/a.py", "outer/one/pkg/b.py", "outer/one/sub/c.py", "shared.py", "three/e.py",
            "three/linked.py", "three/setup.py", "three/sub/f.py", "two/d.py", "two/secret.py",
        ],
        "outer/one": ["outer/one/a.py", "outer/one/pkg/b.py", "outer/one/skip_a.py", "outer/one/sub/c.py"],
        "outer/one/pkg": ["outer/one/pkg/b.py"],
        "outer/one/sub": ["outer/one/sub/c.py"],
        "two": ["two/d.py"],
        "three": ["three/e.py", "three/setup.py", "three/sub/f.py"],
        "three/sub": ["three/sub/f.py"],
    }[root]  # fmt: skip
    assert sorted(os.path.relpath(file, tmp_path) for file in alone) == expected
