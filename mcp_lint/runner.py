"""Running a check over files: configuration per file, the cache, suppressions, and a process pool.

For each file: find its settings, read its bytes, look the result up in the cache, else run the check
engine, drop what ``# noqa`` suppresses, and keep detached diagnostics (no libcst nodes), which cross process
boundaries and go into the cache.
"""

from __future__ import annotations

import io
import os
import tokenize
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from mcp_lint.cache import Cache, cache_key
from mcp_lint.checker import check_source, internal_error, parse_error
from mcp_lint.diagnostics import FileResult
from mcp_lint.files import iter_python_files
from mcp_lint.noqa import source_lines, suppress
from mcp_lint.settings import Overrides, Settings, apply_overrides, find_settings


@dataclass(frozen=True)
class RunOptions:
    """How to run a check.

    Attributes:
        overrides (Overrides): command-line flags laid over each file's configuration.
        jobs (int): worker processes; 1 checks in this process.
        cache_dir (Path | None): the cache directory, None for no cache.
        with_edits (bool): describe fixes as edits (JSON and SARIF output need them).
        force_exclude (bool): apply excludes to files given explicitly.
    """

    overrides: Overrides = field(default_factory=Overrides)
    jobs: int = 1
    cache_dir: Path | None = None
    with_edits: bool = False
    force_exclude: bool = False


class SettingsResolver:
    """The effective settings for each path: the closest configuration plus the command-line overrides.

    Args:
        overrides (Overrides): the command-line flags.
    """

    def __init__(self, overrides: Overrides) -> None:
        self.overrides = overrides
        self._for_dir = lru_cache(maxsize=None)(self._resolve)

    def _resolve(self, directory: Path) -> Settings:
        return apply_overrides(find_settings(directory), self.overrides)

    def __call__(self, path: Path) -> Settings:
        """Settings for a file or directory.

        Args:
            path (Path): the path.
        Returns:
            Settings: its effective settings.
        Raises:
            ConfigError: when its configuration is invalid.
        """
        directory = path if path.is_dir() else path.parent
        return self._for_dir(Path(os.path.abspath(directory)))


def check_one(
    path: Path, settings: Settings, with_edits: bool = False, source: bytes | None = None
) -> FileResult:  # fmt: skip
    """Check one file and apply suppressions.

    Args:
        path (Path): the file (or the name standard input stands for).
        settings (Settings): its effective settings.
        with_edits (bool): describe fixes as edits.
        source (bytes | None): the source when it is already read, or does not come from ``path`` (stdin).
    Returns:
        FileResult: detached diagnostics; an MCP000 diagnostic with ``error`` set when it cannot be read.
    """
    if source is None:
        try:
            source = path.read_bytes()
        except OSError as exc:
            return FileResult(path, [parse_error(f"could not read: {exc.strerror or exc}")], error=True)
    problem = undecodable(source)
    if problem is not None:
        return FileResult(path, [parse_error(problem)], error=True)
    try:
        result = check_source(source, path, settings.rules_for(path), settings.options, with_edits)
    except Exception as exc:  # a bug must cost one file, not the run
        return FileResult(path, [internal_error(exc)], error=True)
    diagnostics = [d.detached() for d in suppress(result.diagnostics, source_lines(source))] if result.diagnostics else []
    return FileResult(path, diagnostics, result.error)


def undecodable(source: bytes) -> str | None:
    """Tell why a file's bytes cannot be Python source text, if they cannot.

    Args:
        source (bytes): the bytes.
    Returns:
        str | None: the reason (a NUL byte, or not decodable in its declared or default encoding), or None.
    """
    if b"\0" in source:
        return "not checked: a binary file (it contains a NUL byte)"
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(source).readline)
        source.decode(encoding)
    except (SyntaxError, LookupError, UnicodeDecodeError) as exc:
        return f"not checked: could not decode: {exc}"
    return None


def _check_task(task: tuple[Path, Settings, bool]) -> FileResult:
    return check_one(*task)


def _fingerprint(settings: Settings, path: Path, with_edits: bool) -> str:
    return f"{settings.fingerprint(path)}|edits={with_edits}"


def default_jobs() -> int:
    """int: the number of CPU cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def check_paths(paths: Iterable[Path], run: RunOptions | None = None) -> list[FileResult]:
    """Check every Python file below ``paths``.

    Args:
        paths (Iterable[Path]): files and directories.
        run (RunOptions | None): how to run; the defaults when None.
    Returns:
        list[FileResult]: one result per file, in the order the files were found.
    Raises:
        ConfigError: when a configuration that applies is invalid.
    """
    run = run or RunOptions()
    resolve = SettingsResolver(run.overrides)
    results: dict[Path, FileResult] = {}
    order: list[Path] = []

    def skip(path: Path, reason: str) -> None:
        order.append(path)
        results[path] = FileResult(path, [parse_error(reason)], error=True)

    cache = Cache(run.cache_dir) if run.cache_dir is not None else None
    keys: dict[Path, str] = {}
    tasks = []
    for path in iter_python_files(paths, resolve, run.force_exclude, skip):
        order.append(path)
        settings = resolve(path)
        if cache is not None:
            try:
                key = cache_key(path.read_bytes(), _fingerprint(settings, path, run.with_edits))
            except OSError:
                key = None
            hit = cache.get(path, key) if key is not None else None
            if hit is not None:
                results[path] = FileResult(path, *hit)
                continue
            if key is not None:
                keys[path] = key
        tasks.append((path, settings, run.with_edits))
    if run.jobs <= 1 or len(tasks) < 2:
        checked = [_check_task(task) for task in tasks]
    else:
        workers = min(run.jobs, len(tasks))
        with ProcessPoolExecutor(max_workers=workers) as pool:
            checked = list(pool.map(_check_task, tasks, chunksize=max(1, len(tasks) // (workers * 8))))
    for result in checked:
        results[result.path] = result
        if cache is not None and result.path in keys:
            cache.put(result.path, keys[result.path], result.diagnostics, result.error)
    if cache is not None:
        cache.save()
    return [results[path] for path in order]


def check_stdin(source: bytes, filename: Path | None, run: RunOptions | None = None) -> FileResult:
    """Check source read from standard input.

    Args:
        source (bytes): the source.
        filename (Path | None): the path it stands for (``--stdin-filename``), for configuration and output.
        run (RunOptions | None): how to run.
    Returns:
        FileResult: the result, keeping ``source`` for source frames.
    Raises:
        ConfigError: when the configuration that applies is invalid.
    """
    run = run or RunOptions()
    path = filename or Path("-")
    settings = SettingsResolver(run.overrides)(filename if filename is not None else Path.cwd())
    result = check_one(path, settings, run.with_edits, source)
    result.source = source
    return result
