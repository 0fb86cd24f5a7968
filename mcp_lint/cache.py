"""The persistent result cache (``.mcp_lint_cache``), keyed on file content, effective configuration and version.

One index file per mcp-lint version maps each checked path to the key its result was computed for and the
diagnostics (after suppressions) as JSON: messages, positions and fix titles, and the fix edits when they were
asked for. It holds no other source text. The main process looks every file up before any work is handed to
worker processes, so a warm run reads and hashes each file and parses nothing that did not change.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mcp_lint import __version__
from mcp_lint.diagnostics import Diagnostic

#: The cache directory's default name, in the working directory.
DEFAULT_CACHE_DIR = ".mcp_lint_cache"


def cache_key(source: bytes, fingerprint: str, version: str | None = None) -> str:
    """Hash what a file's result depends on.

    Args:
        source (bytes): the file's bytes.
        fingerprint (str): the effective configuration (enabled codes, rule options, output needs).
        version (str | None): the mcp-lint version; the running one when None.
    Returns:
        str: a hex digest.
    """
    digest = hashlib.sha256()
    for part in ((version or __version__).encode(), b"\0", fingerprint.encode(), b"\0", source):
        digest.update(part)
    return digest.hexdigest()


@dataclass
class Reuse:
    """What the cache knows about the units of a file whose bytes changed (see :mod:`mcp_lint.units`).

    Attributes:
        base (str): a hash of what every unit of the file depends on besides the module itself: the configuration
            and the contents of the other files the module depends on.
        known (dict[str, list[Diagnostic]]): the findings recorded for the file's units, by unit key, their rows
            relative to their unit's first line.
    """

    base: str
    known: dict[str, list[Diagnostic]] = field(default_factory=dict)


class Cache:
    """The result index in a cache directory.

    Args:
        directory (Path): where the index lives; created on first save, with a ``.gitignore`` of ``*``.
    """

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.index_file = directory / __version__ / "results.json"
        try:
            loaded = json.loads(self.index_file.read_text(encoding="utf-8"))
            self.entries: dict[str, dict] = loaded if isinstance(loaded, dict) else {}
        except (OSError, ValueError):
            self.entries = {}  # no cache yet, or a corrupt one: every lookup misses
        self.changed = False

    def get(self, path: Path, key: str) -> tuple[list[Diagnostic], bool] | None:
        """Look a file's result up.

        Args:
            path (Path): the file.
            key (str): from :func:`cache_key`.
        Returns:
            tuple[list[Diagnostic], bool] | None: the diagnostics and the error flag, or None on a miss (a
            changed file, configuration or version, or an unreadable entry).
        """
        entry = self.entries.get(os.path.abspath(path))
        if not isinstance(entry, dict) or entry.get("key") != key:
            return None
        try:
            return [Diagnostic.from_json(d) for d in entry["diagnostics"]], bool(entry["error"])
        except (KeyError, TypeError, ValueError):
            return None

    def put(
        self, path: Path, key: str, diagnostics: list[Diagnostic], error: bool, units: dict[str, list[dict]] | None = None
    ) -> None:
        """Record a file's result (written by :meth:`save`).

        Args:
            path (Path): the file.
            key (str): from :func:`cache_key`.
            diagnostics (list[Diagnostic]): detached diagnostics.
            error (bool): whether the file could not be checked.
            units (dict[str, list[dict]] | None): each unit's findings by its key (see :mod:`mcp_lint.units`).
        """
        entry = {"key": key, "diagnostics": [d.to_json() for d in diagnostics], "error": error}
        if units:
            entry["units"] = units
        self.entries[os.path.abspath(path)] = entry
        self.changed = True

    def units(self, path: Path) -> dict[str, list[Diagnostic]]:
        """The findings recorded for the units of a file (see :mod:`mcp_lint.units`), those that can be read.

        Args:
            path (Path): the file.
        Returns:
            dict[str, list[Diagnostic]]: unit key to the unit's findings, their rows relative to its first line.
        """
        entry = self.entries.get(os.path.abspath(path))
        recorded = entry.get("units") if isinstance(entry, dict) else None
        known: dict[str, list[Diagnostic]] = {}
        for key, found in recorded.items() if isinstance(recorded, dict) else ():
            try:
                known[key] = [Diagnostic.from_json(data) for data in found]
            except (KeyError, TypeError, ValueError):
                continue  # unreadable: the unit is checked again
        return known

    def save(self) -> None:
        """Write the index atomically; a cache that cannot be written is silently skipped."""
        if not self.changed:
            return
        try:
            write_cache_file(self.directory, self.index_file, json.dumps(self.entries, separators=(",", ":")).encode())
        except OSError:
            return


class PathCache:
    """Results kept in one small file per checked path, for checks that run in processes which share no index
    (flake8's worker processes): each entry is replaced atomically on its own, so processes writing at the same
    time never lose each other's entries, and the cache holds one entry per path, however often files change.

    Args:
        directory (Path): the cache directory (as for :class:`Cache`).
        kind (str): the folder of this kind of result under the version's folder (``flake8``).
    """

    def __init__(self, directory: Path, kind: str) -> None:
        self.directory = directory
        self.folder = directory / __version__ / kind

    def _entry(self, path: Path) -> Path:
        return self.folder / f"{hashlib.sha256(os.path.abspath(path).encode('utf-8', 'surrogatepass')).hexdigest()[:32]}.json"

    def get(self, path: Path, key: str) -> Any:
        """Look a file's result up.

        Args:
            path (Path): the file.
            key (str): from :func:`cache_key`.
        Returns:
            Any: the value stored with that key (JSON), or None on a miss, or when the entry cannot be read.
        """
        try:
            entry = json.loads(self._entry(path).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        return entry.get("value") if isinstance(entry, dict) and entry.get("key") == key else None

    def put(self, path: Path, key: str, value: Any) -> None:
        """Record a file's result at once; a cache that cannot be written is silently skipped.

        Args:
            path (Path): the file.
            key (str): from :func:`cache_key`.
            value (Any): the result, as JSON-serialisable data.
        """
        try:
            write_cache_file(self.directory, self._entry(path), json.dumps({"key": key, "value": value}).encode())
        except OSError:
            return


def default_cache_dir() -> Path:
    """The cache directory when none is given: ``.mcp_lint_cache`` in the project root of the working directory.

    Returns:
        Path: the nearest directory at or above the working directory with ``pyproject.toml``, ``setup.cfg``,
        ``setup.py`` or ``.git`` (else the working directory), joined with :data:`DEFAULT_CACHE_DIR`.
    """
    from mcp_lint.project.layout import project_root

    return Path(project_root(os.getcwd())) / DEFAULT_CACHE_DIR


def write_cache_file(directory: Path, file: Path, data: bytes) -> None:
    """Write a file of the cache directory through a temporary file, so that no reader ever sees half of it,
    creating the directory with a ``.gitignore`` of ``*`` first.

    Args:
        directory (Path): the cache directory.
        file (Path): the file, inside it.
        data (bytes): the content.
    Raises:
        OSError: when it cannot be written (the temporary file is removed).
    """
    file.parent.mkdir(parents=True, exist_ok=True)
    ignore = directory / ".gitignore"
    if not ignore.exists():
        ignore.write_text("# Automatically created by mcp-lint.\n*\n", encoding="utf-8")
    fd, temp = tempfile.mkstemp(dir=file.parent, suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(temp, file)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
