"""Finding the files to check: ``*.py`` and ``*.pyi`` below the given paths.

Directories that never hold project code (VCS folders, caches, virtual environments, build output) are
skipped, by the ``exclude`` setting (ruff's default list), and so is whatever ``.gitignore`` ignores (matched by
``pathspec``'s gitignore implementation). A file named explicitly is checked unless ``--force-exclude``.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

import pathspec

from mcp_lint.settings import Settings

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


def iter_python_files(
    paths: Iterable[Path], settings_for: Callable[[Path], Settings], force_exclude: bool = False,
    on_skip: Callable[[Path, str], None] | None = None,
) -> Iterator[Path]:  # fmt: skip
    """Yield the files to check below ``paths``, in a stable order.

    Args:
        paths (Iterable[Path]): files and directories. A file is yielded as it is, whatever its name, unless
            ``force_exclude`` is set and its settings exclude it.
        settings_for (Callable[[Path], Settings]): the settings that apply to a directory or file.
        force_exclude (bool): apply ``exclude`` to paths given explicitly too (what pre-commit needs).
        on_skip (Callable[[Path, str], None] | None): told of each file found but not checked, and why (a
            symlink that points outside the directory being walked).
    Yields:
        Path: each file to check, directories walked in sorted order.
    """
    for root in paths:
        if not root.is_dir():
            if not (force_exclude and settings_for(root).is_excluded(root)):
                yield root
            continue
        if force_exclude and settings_for(root).is_excluded(root, is_dir=True):
            continue
        ignores = _GitIgnores(root)
        top = root.resolve()
        for dirpath, dirnames, filenames in os.walk(root):
            current = Path(dirpath)
            settings = settings_for(current)
            resolved = current.resolve()
            git = ignores if settings.respect_gitignore else None
            if git is not None:
                git.add(resolved)
            dirnames[:] = sorted(
                d
                for d in dirnames
                if not settings.is_excluded(current / d, is_dir=True)
                and not _is_virtualenv(current / d)
                and not (git is not None and git.ignored(resolved / d, is_dir=True))
            )
            for name in sorted(filenames):
                if not name.endswith(PYTHON_SUFFIXES) or settings.is_excluded(current / name):
                    continue
                if git is not None and git.ignored(resolved / name, is_dir=False):
                    continue
                path = current / name
                if path.is_symlink() and not path.resolve().is_relative_to(top):
                    if on_skip is not None:
                        on_skip(path, "not checked: a symlink to a file outside the checked tree")
                    continue
                yield path
