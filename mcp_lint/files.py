"""Finding the files to check: ``*.py`` and ``*.pyi`` below the given paths.

Directories that never hold project code (VCS folders, caches, virtual environments, build output) are
skipped, with ruff's default exclude list, and so is whatever ``.gitignore`` ignores (matched by
``pathspec``'s gitignore implementation). A file named explicitly is always checked.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from pathlib import Path

import pathspec

#: ruff's default ``exclude`` directory names.
DEFAULT_EXCLUDES = frozenset(
    {
        ".bzr", ".direnv", ".eggs", ".git", ".git-rewrite", ".hg", ".ipynb_checkpoints", ".mypy_cache",
        ".nox", ".pants.d", ".pyenv", ".pytest_cache", ".pytype", ".ruff_cache", ".svn", ".tox", ".venv",
        ".vscode", "__pypackages__", "__pycache__", "_build", "buck-out", "dist", "node_modules",
        "site-packages", "venv", ".mcp_lint_cache",
    }
)  # fmt: skip

#: File name endings that are checked when found in a directory.
PYTHON_SUFFIXES = (".py", ".pyi")


class _GitIgnores:
    """The ``.gitignore`` files that apply below one directory, deepest decisive match wins."""

    def __init__(self, start: Path) -> None:
        self.specs: dict[Path, pathspec.GitIgnoreSpec] = {}
        self._loaded: set[Path] = set()
        start = start.resolve()
        chain = [start, *start.parents]
        top = next((d for d in chain if (d / ".git").exists()), None)
        if top is None:
            return
        self._load(top, top / ".git" / "info" / "exclude")
        for directory in reversed(chain[: chain.index(top) + 1]):
            self.add(directory)

    def _load(self, base: Path, file: Path) -> None:
        try:
            lines = file.read_text(encoding="utf-8", errors="replace").splitlines()
        except OSError:
            return
        spec = pathspec.GitIgnoreSpec.from_lines(lines)
        if base in self.specs:
            spec = self.specs[base] + spec
        self.specs[base] = spec

    def add(self, directory: Path) -> None:
        """Load ``directory/.gitignore`` if there is one.

        Args:
            directory (Path): a resolved directory.
        """
        if directory not in self._loaded:
            self._loaded.add(directory)
            self._load(directory, directory / ".gitignore")

    def ignored(self, path: Path, is_dir: bool) -> bool:
        """Tell whether git would ignore a path.

        Args:
            path (Path): a resolved path.
            is_dir (bool): whether it is a directory.
        Returns:
            bool: True when the deepest ``.gitignore`` with a matching pattern ignores it.
        """
        for base in sorted(self.specs, key=lambda p: len(p.parts), reverse=True):
            try:
                relative = path.relative_to(base).as_posix()
            except ValueError:
                continue
            result = self.specs[base].check_file(relative + "/" if is_dir else relative)
            if result.include is not None:
                return result.include
        return False


def _is_virtualenv(directory: Path) -> bool:
    return (directory / "pyvenv.cfg").is_file()


def iter_python_files(paths: Iterable[Path], respect_gitignore: bool = True) -> Iterator[Path]:
    """Yield the files to check below ``paths``, in a stable order.

    Args:
        paths (Iterable[Path]): files and directories; a file is yielded as it is, whatever its name.
        respect_gitignore (bool): whether to skip what ``.gitignore`` ignores.
    Yields:
        Path: each file to check, directories walked in sorted order.
    """
    for root in paths:
        if not root.is_dir():
            yield root
            continue
        ignores = _GitIgnores(root) if respect_gitignore else None
        for dirpath, dirnames, filenames in os.walk(root):
            current = Path(dirpath)
            resolved = current.resolve()
            if ignores is not None:
                ignores.add(resolved)
            dirnames[:] = sorted(
                d
                for d in dirnames
                if d not in DEFAULT_EXCLUDES
                and not _is_virtualenv(current / d)
                and not (ignores is not None and ignores.ignored(resolved / d, is_dir=True))
            )
            for name in sorted(filenames):
                if not name.endswith(PYTHON_SUFFIXES):
                    continue
                if ignores is not None and ignores.ignored(resolved / name, is_dir=False):
                    continue
                yield current / name
