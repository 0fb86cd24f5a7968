"""The persistent result cache (``.mcp_lint_cache``), keyed on file content, effective configuration and version.

An entry holds the file's diagnostics, after suppressions, as JSON: messages, positions and fix titles, and the
fix edits when they were asked for. It holds no other source text. A warm run reads each file's bytes to hash
them and parses nothing that is unchanged.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path

from mcp_lint import __version__
from mcp_lint.diagnostics import Diagnostic

#: The cache directory's default name, in the working directory.
DEFAULT_CACHE_DIR = ".mcp_lint_cache"


def cache_key(source: bytes, fingerprint: str, version: str = __version__) -> str:
    """Hash what a file's result depends on.

    Args:
        source (bytes): the file's bytes.
        fingerprint (str): the effective configuration (enabled codes, rule options, output needs).
        version (str): the mcp-lint version.
    Returns:
        str: a hex digest.
    """
    digest = hashlib.sha256()
    for part in (version.encode(), b"\0", fingerprint.encode(), b"\0", source):
        digest.update(part)
    return digest.hexdigest()


class Cache:
    """A directory of cached results.

    Args:
        directory (Path): where entries live; created on first write, with a ``.gitignore`` of ``*``.
    """

    def __init__(self, directory: Path) -> None:
        self.directory = directory

    def _entry(self, key: str) -> Path:
        return self.directory / __version__ / key[:2] / f"{key}.json"

    def get(self, key: str) -> tuple[list[Diagnostic], bool] | None:
        """Read an entry.

        Args:
            key (str): from :func:`cache_key`.
        Returns:
            tuple[list[Diagnostic], bool] | None: the diagnostics and the error flag, or None on a miss (an
            unreadable or corrupt entry is a miss).
        """
        try:
            data = json.loads(self._entry(key).read_text(encoding="utf-8"))
            return [Diagnostic.from_json(d) for d in data["diagnostics"]], bool(data["error"])
        except (OSError, ValueError, KeyError, TypeError):
            return None

    def put(self, key: str, diagnostics: list[Diagnostic], error: bool) -> None:
        """Write an entry atomically; a cache that cannot be written is silently skipped.

        Args:
            key (str): from :func:`cache_key`.
            diagnostics (list[Diagnostic]): detached diagnostics.
            error (bool): whether the file could not be checked.
        """
        entry = self._entry(key)
        try:
            entry.parent.mkdir(parents=True, exist_ok=True)
            ignore = self.directory / ".gitignore"
            if not ignore.exists():
                ignore.write_text("# Automatically created by mcp-lint.\n*\n", encoding="utf-8")
            payload = json.dumps({"diagnostics": [d.to_json() for d in diagnostics], "error": error})
            fd, temp = tempfile.mkstemp(dir=entry.parent, suffix=".tmp")
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(payload)
            os.replace(temp, entry)
        except OSError:
            return
