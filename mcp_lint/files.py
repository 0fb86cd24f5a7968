"""Finding the files to check: ``*.py`` and ``*.pyi`` below the given paths.

Directories that never hold project code (VCS folders, caches, virtual environments, build output) are
skipped, by the ``exclude`` setting (ruff's default list), and so is whatever ``.gitignore`` ignores (matched by
``pathspec``'s gitignore implementation). A file named explicitly is checked unless ``--force-exclude``.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

import pathspec

from mcp_lint.settings import Settings

#: File name endings that are checked when found in a directory.
PYTHON_SUFFIXES = (".py", ".pyi")


class _GitIgnores:
    """The ``.gitignore`` files met so far, by directory (absolute path strings); the deepest decisive match wins."""

    def __init__(self, start: str) -> None:
        self.specs: dict[str, pathspec.GitIgnoreSpec] = {}
        # The ignore files loaded for each directory, so two walks can tell whether they apply the same ones.
        self.sources: dict[str, tuple[str, ...]] = {}
        self.fast: dict[str, tuple[re.Pattern[str], re.Pattern[str]] | None] = {}
        self._loaded: set[str] = set()
        chain = [start]
        while os.path.dirname(chain[-1]) != chain[-1]:
            chain.append(os.path.dirname(chain[-1]))
        top = next((d for d in chain if os.path.exists(os.path.join(d, ".git"))), None)
        if top is not None:
            self._load(top, os.path.join(top, ".git", "info", "exclude"))
            for directory in reversed(chain[: chain.index(top) + 1]):
                self.add(directory)

    def _load(self, base: str, file: str) -> None:
        compiled = _compiled(file)
        if compiled is None:
            return
        spec, fast = compiled
        self.sources[base] = self.sources.get(base, ()) + (file,)
        if base in self.specs:
            spec = self.specs[base] + spec
            fast = _combined(spec)
        self.specs[base] = spec
        self.fast[base] = fast

    def add(self, directory: str) -> None:
        """Load ``directory/.gitignore`` if there is one.

        Args:
            directory (str): an absolute directory path.
        """
        if directory not in self._loaded:
            self._loaded.add(directory)
            self._load(directory, os.path.join(directory, ".gitignore"))

    def above(self, directory: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """The ignore files that apply to ``directory`` and below it from itself and the directories above it.

        Args:
            directory (str): an absolute directory path, already added.
        Returns:
            tuple[tuple[str, tuple[str, ...]], ...]: (directory, its ignore files loaded), deepest first.
        """
        found = []
        while True:
            if directory in self.sources:
                found.append((directory, self.sources[directory]))
            parent = os.path.dirname(directory)
            if parent == directory:
                return tuple(found)
            directory = parent

    def ignored(self, path: str, is_dir: bool) -> bool:
        """Tell whether git would ignore a path.

        Args:
            path (str): an absolute path.
            is_dir (bool): whether it is a directory.
        Returns:
            bool: True when the deepest ``.gitignore`` with a matching pattern ignores it.
        """
        base = os.path.dirname(path)
        while True:
            spec = self.specs.get(base)
            if spec is not None:
                relative = path[len(base) :].lstrip(os.sep).replace(os.sep, "/") + ("/" if is_dir else "")
                fast = self.fast[base]
                ignores = fast is None or fast[0].match(relative) is not None
                keeps = fast is None or fast[1].match(relative) is not None
                if ignores and keeps:
                    result = spec.check_file(relative)
                    if result.include is not None:
                        return bool(result.include)
                elif ignores or keeps:
                    return ignores
            parent = os.path.dirname(base)
            if parent == base:
                return False
            base = parent


# An ignore file's compiled spec and regexes, by path, with the size and time of change they were read at: every
# project of a tree walks the ignore files above it again.
_COMPILED: dict[str, tuple[tuple[int, int], pathspec.GitIgnoreSpec, tuple[re.Pattern[str], re.Pattern[str]] | None]] = {}


def _compiled(file: str) -> tuple[pathspec.GitIgnoreSpec, tuple[re.Pattern[str], re.Pattern[str]] | None] | None:
    """The spec of an ignore file and its :func:`_combined` regexes, read again only when the file changed; None
    when it cannot be read."""
    try:
        status = os.stat(file)
        stamp = (status.st_size, status.st_mtime_ns)
        found = _COMPILED.get(file)
        if found is not None and found[0] == stamp:
            return found[1], found[2]
        with open(file, encoding="utf-8", errors="replace") as handle:
            lines = handle.read().splitlines()
    except OSError:
        return None
    spec = pathspec.GitIgnoreSpec.from_lines(lines)
    _COMPILED[file] = (stamp, spec, _combined(spec))
    return spec, _COMPILED[file][2]


def _combined(spec: pathspec.GitIgnoreSpec) -> tuple[re.Pattern[str], re.Pattern[str]] | None:
    """Two regexes for a spec: any ignoring pattern, and any ``!negated`` one (pathspec's own translations).

    Most paths match neither, or only one kind, and are decided by one search each; a path that matches both
    needs pathspec's last-match-wins evaluation. None when a pattern has no regex to join.
    """
    kinds: dict[bool, list[str]] = {True: [], False: []}
    for pattern in spec.patterns:
        if pattern.include is None:
            continue
        regex = getattr(pattern, "regex", None)
        if regex is None:
            return None
        kinds[bool(pattern.include)].append(f"(?:{regex.pattern.replace('(?P<ps_d>', '(?:')})")
    never = r"(?!)"
    return re.compile("|".join(kinds[True]) or never), re.compile("|".join(kinds[False]) or never)


def _is_virtualenv(directory: str) -> bool:
    return os.path.isfile(os.path.join(directory, "pyvenv.cfg"))


class Walked:
    """What a walk of :func:`iter_python_files` saw, so that the files of a project inside a walked directory need
    not be walked again (:meth:`files_below`).

    Attributes:
        files (list[str]): the absolute paths of the files yielded from walked directories, in walk order.
        links (set[str]): those of them that are symbolic links.
    """

    def __init__(self) -> None:
        self.files: list[str] = []
        self.links: set[str] = set()
        # Each directory entered, with its place in the order of entry and the ignores of the walk that entered it;
        # and, in that order, the directories and how many files had been found when each was entered. A walk goes
        # depth first, so a directory's files are those found from its entry to that of the next one outside it.
        self._entered: dict[str, tuple[int, _GitIgnores | None]] = {}
        self._order: list[str] = []
        self._starts: list[int] = []

    def enter(self, directory: str, ignores: _GitIgnores | None) -> None:
        """Note that the walk entered a directory.

        Args:
            directory (str): its absolute path.
            ignores (_GitIgnores | None): the ignores the walk applies there; None when it applies none.
        """
        self._entered[directory] = (len(self._order), ignores)
        self._order.append(directory)
        self._starts.append(len(self.files))

    def files_below(self, root: str) -> list[str] | None:
        """The files a walk of ``root`` alone would yield, when the walk saw them all.

        That is so when the walk entered ``root`` with the same ignore files applying to it from above as a walk
        that starts at ``root`` (none of the directories between the walked directory and ``root`` is a
        repository's top, or has a ``.gitignore`` outside a repository), and it is told by loading those.

        Args:
            root (str): an absolute directory path.
        Returns:
            list[str] | None: the absolute file paths, in walk order; None when the walk did not see them all.
        """
        if root not in self._entered:
            return None
        place, ignores = self._entered[root]
        if ignores is not None:
            alone = _GitIgnores(root)
            alone.add(root)
            if ignores.above(root) != alone.above(root):
                return None
        real_root = os.path.realpath(root)
        prefix = root + os.sep
        after = place + 1
        while after < len(self._order) and self._order[after].startswith(prefix):
            after += 1
        end = self._starts[after] if after < len(self._order) else len(self.files)
        below = []
        for file in self.files[self._starts[place] : end]:
            if file in self.links and os.path.commonpath([os.path.realpath(file), real_root]) != real_root:
                continue  # a walk of root alone skips a link that leads out of it
            below.append(file)
        return below


def iter_python_files(
    paths: Iterable[Path], settings_for: Callable[[Path], Settings], force_exclude: bool = False,
    on_skip: Callable[[Path, str], None] | None = None, walked: Walked | None = None,
) -> Iterator[Path]:  # fmt: skip
    """Yield the files to check below ``paths``, in a stable order.

    Args:
        paths (Iterable[Path]): files and directories. A file is yielded as it is, whatever its name, unless
            ``force_exclude`` is set and its settings exclude it.
        walked (Walked | None): filled with what the walk of the directories saw.
        settings_for (Callable[[Path], Settings]): the settings that apply to a directory or file.
        force_exclude (bool): apply ``exclude`` to paths given explicitly too (what pre-commit needs).
        on_skip (Callable[[Path, str], None] | None): told of each file found but not checked, and why (a
            symlink that points outside the directory being walked).
    Yields:
        Path: each file to check, directories walked in sorted order.
    """
    for root in paths:
        if not root.is_dir():
            if not (force_exclude and settings_for(root).excludes(root)):
                yield root
            continue
        if force_exclude and settings_for(root).excludes(root, is_dir=True):
            continue
        top = os.path.abspath(root)
        real_top = os.path.realpath(root)
        ignores = _GitIgnores(top)
        for dirpath, dirnames, filenames in os.walk(root):
            current = Path(dirpath)
            absolute = os.path.join(top, os.path.relpath(dirpath, root)) if dirpath != str(root) else top
            absolute = os.path.normpath(absolute)
            settings = settings_for(current)
            git = ignores if settings.respect_gitignore else None
            if git is not None:
                git.add(absolute)
            if walked is not None:
                walked.enter(absolute, git)
            kept = []
            for d in sorted(dirnames):
                full = os.path.join(absolute, d)
                if settings.excludes(full, is_dir=True) or _is_virtualenv(full):
                    continue
                if git is not None and git.ignored(full, is_dir=True):
                    continue
                kept.append(d)
            dirnames[:] = kept
            for name in sorted(filenames):
                if not name.endswith(PYTHON_SUFFIXES):
                    continue
                full = os.path.join(absolute, name)
                if settings.excludes(full) or (git is not None and git.ignored(full, is_dir=False)):
                    continue
                path = current / name
                if os.path.islink(full):
                    target = os.path.realpath(full)
                    if os.path.commonpath([target, real_top]) != real_top:
                        if on_skip is not None:
                            on_skip(path, "not checked: a symlink to a file outside the checked tree")
                        continue
                    if walked is not None:
                        walked.links.add(full)
                if walked is not None:
                    walked.files.append(full)
                yield path
