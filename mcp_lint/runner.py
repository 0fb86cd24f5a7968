"""Running a check over files: configuration per file, the cache, suppressions, and a process pool.

For each file: find its settings, read its bytes, look the result up in the cache, else run the check
engine, drop what ``# noqa`` suppresses, and keep detached diagnostics (no libcst nodes), which cross process
boundaries and go into the cache.
"""

from __future__ import annotations

import gc
import io
import os
import tokenize
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from mcp_lint.cache import Cache, Reuse, cache_key
from mcp_lint.checker import check_source, check_whole, collector_paused, internal_error, parse_error
from mcp_lint.diagnostics import FileResult
from mcp_lint.files import Walked, iter_python_files
from mcp_lint.frameworks.versions import sdk_for
from mcp_lint.noqa import source_lines, suppress
from mcp_lint.project import (
    ImportWalk, ModuleFacts, ModuleSummary, ProjectContext, ProjectModel, SummaryCache, content_hash, current_context,
    link_key, project_root, read_file, use_context,
)  # fmt: skip
from mcp_lint.settings import ConfigError, Overrides, Settings, apply_overrides, find_settings

if TYPE_CHECKING:
    import libcst as cst


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


class Projects:
    """The project models of one run, one per project root, each built when a file of it is first asked for.

    Args:
        settings_for (Callable[[Path], Settings]): the settings of a directory, for the files of a project.
        summaries (SummaryCache): where module summaries are cached.
        overrides (dict[str, bytes] | None): files whose text is not on disk (standard input, an editor's unsaved
            buffers), by absolute path.
        files (Callable[[str], dict[str, bytes]] | None): a project root's Python files on disk and their bytes;
            :func:`project_files` when None (the language server passes a cached copy).
        jobs (int): the most worker processes that may summarise a project's modules.
    Attributes:
        walked (Walked | None): the run's walk of the files to check, which the projects' files are taken from
            when it saw them all (see :func:`project_files`).
        sources (dict[str, bytes]): the bytes of the projects' files read so far, by absolute path (a run drops them
            once its cache keys are made, before the worker processes start).
        directories (tuple[str, ...]): the absolute directories the run was asked to check, for the roots of files
            outside the working directory with no root marker above them (see :func:`project_root`).
    """

    def __init__(
        self, settings_for: Callable[[Path], Settings], summaries: SummaryCache, overrides: dict[str, bytes] | None = None,
        files: Callable[[str], dict[str, bytes]] | None = None, jobs: int = 1,
    ) -> None:  # fmt: skip
        self.settings_for = settings_for
        self.summaries = summaries
        self.overrides = overrides or {}
        self.files = files or (lambda root: project_files(root, settings_for, self.walked))
        self.walked: Walked | None = None
        self.jobs = jobs
        # The files, content hashes and summaries of the projects prepare() read, until their models are built.
        self._read: dict[str, tuple[dict[str, bytes], dict[str, str], dict[str, ModuleSummary] | None]] = {}
        self.models: dict[str, ProjectModel] = {}
        self.sources: dict[str, bytes] = {}
        self.directories: tuple[str, ...] = ()
        self._context: ProjectContext | None = None
        self._context_models = 0

    def model_for(self, path: Path) -> ProjectModel | None:
        """Return the model of the project a file belongs to.

        Args:
            path (Path): the file.
        Returns:
            ProjectModel | None: its project's model; None for a file outside the working directory with no project
            root above it, which is checked on its own.
        Raises:
            ConfigError: when a configuration inside the project is invalid.
        """
        root = project_root(str(path), self.directories)
        if not os.path.abspath(path).startswith(root + os.sep):
            return None
        model = self.models.get(root)
        if model is None:
            prepared = self._read.pop(root, None)
            sources, hashes, summarised = prepared if prepared is not None else (self._sources(root), None, None)
            model = self.models[root] = ProjectModel(root, sources, self.summaries, self.jobs, hashes, summarised)
        return model

    def prepare(self, paths: Iterable[Path]) -> None:
        """Summarise the modules of every project that files belong to, before the models are linked one project at a
        time: the projects' import walks (see :class:`~mcp_lint.project.ImportWalk`) go round by round together,
        each round in one pool of worker processes (a tree may hold hundreds of small projects).

        Args:
            paths (Iterable[Path]): the files about to be checked.
        Raises:
            ConfigError: when a configuration inside a project is invalid.
        """
        if self.jobs <= 1:
            return
        walks: dict[str, ImportWalk] = {}
        for path in paths:
            root = project_root(str(path), self.directories)
            if root in self.models or root in self._read or not os.path.abspath(path).startswith(root + os.sep):
                continue
            sources = self._sources(root)
            hashes = {file: content_hash(data) for file, data in sources.items()}
            self._read[root] = (sources, hashes, None)
            if not self.summaries.linked(root, link_key(root, hashes)):  # else nothing to summarise: it is unchanged
                walks[root] = ImportWalk(root, sources, hashes)
        # Every project's walk advances a round at a time, each round's misses summarised in one pool.
        active = list(walks.values())
        while active:
            found = self.summaries.get_many([item for walk in active for item in walk.items()], self.jobs)
            start = 0
            for walk in active:
                size = len(walk.batch)
                walk.advance(found[start : start + size])
                start += size
            active = [walk for walk in active if walk.batch]
        for root, walk in walks.items():
            self._read[root] = (self._read[root][0], self._read[root][1], walk.summarised)

    def result_key(self, path: Path, data: bytes, fingerprint: str, facts: ModuleFacts | None) -> str:
        """The result cache key of a file: its bytes, the configuration it is checked with, and what its findings
        depend on in other modules (its facts and their files' contents), so that editing ``server.py`` re-checks
        the tools it registers.

        Args:
            path (Path): the file.
            data (bytes): its bytes.
            fingerprint (str): the effective configuration.
            facts (ModuleFacts | None): its facts (:meth:`facts_for`); None for a file checked on its own.
        Returns:
            str: from :func:`~mcp_lint.cache.cache_key`.
        Raises:
            ConfigError: when a configuration inside its project is invalid.
        """
        model = self.model_for(path) if facts is not None else None
        depends = model.dependency_key(os.path.abspath(path)) if model is not None else ""
        return cache_key(data, f"{fingerprint}|{depends}")

    def unit_base(self, path: Path, fingerprint: str, facts: ModuleFacts | None) -> str:
        """What every unit of a file depends on outside the module (:attr:`~mcp_lint.cache.Reuse.base`): the
        configuration, and the contents of the other files the module depends on.

        Args:
            path (Path): the file.
            fingerprint (str): the effective configuration.
            facts (ModuleFacts | None): its facts (:meth:`facts_for`); None for a file checked on its own.
        Returns:
            str: a hex digest.
        Raises:
            ConfigError: when a configuration inside its project is invalid.
        """
        model = self.model_for(path) if facts is not None else None
        depends = "\0".join(model.contents(facts.deps)) if model is not None and facts is not None else ""
        return cache_key(depends.encode(), f"{fingerprint}|{facts is not None}")

    def _sources(self, root: str) -> dict[str, bytes]:
        sources = dict(self.files(root))
        for file, data in self.overrides.items():
            if file.startswith(root + os.sep):
                sources[file] = data
        self.sources.update(sources)
        return sources

    def facts_for(self, path: Path) -> ModuleFacts | None:
        """The facts of a file, or None when its project model does not hold it (it is checked on its own).

        Args:
            path (Path): the file.
        Returns:
            ModuleFacts | None: its facts.
        """
        try:
            model = self.model_for(path)
        except ConfigError:
            raise
        except Exception:  # a bug in the project model costs the cross-module view, never the run
            return None
        if model is None:
            return None
        file = os.path.abspath(path)
        return model.facts_for(file) if file in model.summarised else None

    def context(self) -> ProjectContext:
        """ProjectContext: every model's facts, for the check step (made again only when a model was added)."""
        if self._context is None or self._context_models != len(self.models):
            facts: dict[str, ModuleFacts] = {}
            for model in self.models.values():
                facts.update(model.facts)
            self._context = ProjectContext(facts, _Reader(self.overrides))
            self._context_models = len(self.models)
        return self._context

    def save(self) -> None:
        """Keep the summaries of every file seen in the cache."""
        self.summaries.save(h for model in self.models.values() for h in model.hashes.values())


def project_files(root: str, settings_for: Callable[[Path], Settings], walked: Walked | None = None) -> dict[str, bytes]:
    """Read the Python files of one project from disk, without the projects nested inside it.

    Args:
        root (str): the project root, absolute.
        settings_for (Callable[[Path], Settings]): the settings of a directory, for its excludes.
        walked (Walked | None): a walk already made, whose files are used when it saw all of the project's
            (:meth:`~mcp_lint.files.Walked.files_below`); the project is walked again otherwise.
    Returns:
        dict[str, bytes]: absolute path to bytes; files that cannot be read are left out.
    Raises:
        ConfigError: when a configuration inside the project is invalid.
    """
    sources: dict[str, bytes] = {}
    seen = walked.files_below(root) if walked is not None else None
    listed = seen if seen is not None else (os.path.abspath(path) for path in iter_python_files([Path(root)], settings_for))
    for file in listed:
        if project_root(file, (root,)) != root:
            continue  # a project nested inside this one
        data = read_file(file)
        if data is not None:
            sources[file] = data
    return sources


class _Reader:
    """Reads a project file's bytes, from the overrides (standard input) first; picklable for worker processes."""

    def __init__(self, overrides: dict[str, bytes]) -> None:
        self.overrides = dict(overrides)

    def __call__(self, file: str) -> bytes | None:
        found = self.overrides.get(file)
        return found if found is not None else read_file(file)


def check_one(
    path: Path, settings: Settings, with_edits: bool = False, source: bytes | None = None,
    facts: ModuleFacts | None = None, project: ProjectContext | None = None, reuse: Reuse | None = None,
) -> FileResult:  # fmt: skip
    """Check one file and apply suppressions.

    Args:
        path (Path): the file (or the name standard input stands for).
        settings (Settings): its effective settings.
        with_edits (bool): describe fixes as edits.
        source (bytes | None): the source when it is already read, or does not come from ``path`` (stdin).
        facts (ModuleFacts | None): its facts from its project model; None checks it on its own.
        project (ProjectContext | None): the project, for calls that lead into other modules.
        reuse (Reuse | None): its units' cache keys and the findings kept for them (see :mod:`mcp_lint.units`).
    Returns:
        FileResult: detached diagnostics; an MCP000 diagnostic with ``error`` set when it cannot be read.
    """
    return _check_one(path, settings, with_edits, source, facts, project, whole=False, reuse=reuse)[0]


def _check_one(
    path: Path, settings: Settings, with_edits: bool, source: bytes | None, facts: ModuleFacts | None,
    project: ProjectContext | None, whole: bool, reuse: Reuse | None = None,
) -> tuple[FileResult, bytes | None, FileResult | None, cst.Module | None]:  # fmt: skip
    """:func:`check_one`, also returning the bytes read, and, with ``whole``, the result before suppressions and
    detaching and the whole module's tree it was found in (see :func:`~mcp_lint.checker.check_whole`), for a fix
    to start from."""
    if source is None:
        try:
            source = path.read_bytes()
        except OSError as exc:
            return FileResult(path, [parse_error(f"could not read: {exc.strerror or exc}")], error=True), None, None, None
    problem = undecodable(source)
    if problem is not None:
        return FileResult(path, [parse_error(problem)], error=True), source, None, None
    rules = settings.rules_for(path)
    try:
        if whole:
            found, module = check_whole(source, path, rules, settings.options, facts, project)
        else:
            found, module = check_source(source, path, rules, settings.options, with_edits, facts, project, reuse), None
    except Exception as exc:  # a bug must cost one file, not the run
        return FileResult(path, [internal_error(exc)], error=True), source, None, None
    diagnostics = [d.detached() for d in suppress(found.diagnostics, source_lines(source))] if found.diagnostics else []
    return FileResult(path, diagnostics, found.error, units=found.units), source, found, module


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


def _check_task(task: tuple[Path, Settings, bool, bytes | None, Reuse | None, ModuleFacts | None]) -> FileResult:
    path, settings, with_edits, source, reuse, facts = task
    return check_one(path, settings, with_edits, source, facts, current_context() if facts is not None else None, reuse)


def _check_and_fix_task(task: tuple[Path, Settings, bool, ModuleFacts | None]) -> tuple[FileResult, Any]:
    from mcp_lint.fixer import fix_file, has_applicable_fix

    path, settings, unsafe, facts = task
    context = current_context() if facts is not None else None
    result, source, found, module = _check_one(path, settings, False, None, facts, context, whole=True)
    fixable = any(has_applicable_fix(d, unsafe) for d in result.diagnostics)
    if source is None or found is None or module is None or result.error or not fixable:
        return result, None
    # The first fix pass starts from this check's tree and findings.
    fixing = (path, source, settings.rules_for(path), unsafe, settings.options, facts)
    return result, fix_file(fixing, (module, found.diagnostics))


def _run_batch(work: tuple[Callable[[Any], Any], list[Any]]) -> list[Any]:
    function, batch = work
    with collector_paused():
        try:
            return [function(task) for task in batch]
        finally:
            context = current_context()
            if context is not None:
                context.forget()  # the next batch is another project's


def map_by_project(
    function: Callable[[Any], _T], tasks: Sequence[Any], projects: Projects, jobs: int, crashed: Callable[[Any, str], _T],
) -> list[_T]:  # fmt: skip
    """Run ``function`` over per-file tasks in worker processes, the files of one project in one batch.

    A worker then parses a module that several files' checks look into once (see
    :meth:`ProjectContext.indexed`), and holds the trees of one project at a time. The largest batches go first,
    so that no worker is left with a large project at the end; in a batch, the files other checks look into come
    first, so that their trees serve those checks. A batch whose worker died runs again file by file (see
    :func:`map_in_workers`), so the file that kills its worker is found and every other file gets its real result.

    Args:
        function (Callable[[Any], T]): a picklable module-level function of one task.
        tasks (Sequence[Any]): one per file; each task's first item is the file's path, and its last item the
            file's facts, None for a file checked on its own.
        projects (Projects): the project models the tasks' files belong to.
        jobs (int): the most worker processes to use.
        crashed (Callable[[Any, str], T]): the result of a task whose worker died, given the task and a message.
    Returns:
        list[T]: one result per task, in order.
    """
    by_root: dict[str | None, list[int]] = {}
    for i, task in enumerate(tasks):
        model = projects.model_for(task[0]) if task[-1] is not None else None
        by_root.setdefault(model.root if model is not None else None, []).append(i)
    context = projects.context()
    needed = context.needed()
    batches: list[list[int]] = []
    for root, members in by_root.items():
        if root is None:  # files checked on their own: batches of a few dozen
            batches.extend(members[start : start + 32] for start in range(0, len(members), 32))
        else:
            batches.append(sorted(members, key=lambda i: os.path.abspath(tasks[i][0]) not in needed))
    size = [_size(task[0]) for task in tasks]
    batches.sort(key=lambda batch: -sum(size[i] for i in batch))
    work = [(function, [tasks[i] for i in batch]) for batch in batches]
    done = map_in_workers(_run_batch, work, jobs, context, lambda *_: None)
    results: dict[int, _T] = {}
    for batch, found in zip(batches, done):
        if found is None:
            found = map_in_workers(function, [tasks[i] for i in batch], jobs, context, crashed)
        results.update(zip(batch, found))
    return [results[i] for i in range(len(tasks))]


def _size(path: Path) -> int:
    """A file's size in bytes, which stands for the work of checking it (a file checked on its own weighs its size
    too: a large one left to the end of the run would keep one worker busy after the others are done)."""
    try:
        return os.path.getsize(path)
    except OSError:
        return 0


def _worker_died(task: tuple[Any, ...], reason: str) -> FileResult:
    return FileResult(task[0], [parse_error(reason)], error=True)


def _fingerprint(settings: Settings, path: Path, with_edits: bool, sdks: dict[tuple[str, tuple[str, ...]], str]) -> str:
    file = os.path.abspath(path)
    # The SDK pins depend only on the file's project root, so on its directory: read once per directory and run.
    where = (os.path.dirname(file), tuple(settings.target_sdk))
    sdk = sdks.get(where)
    if sdk is None:
        sdk = sdks[where] = sdk_for(file, settings.target_sdk).key()
    return f"{settings.fingerprint(path)}|edits={with_edits}|sdk={sdk}"


_T = TypeVar("_T")

#: The MCP000 message of a file whose worker process died while checking or fixing it.
WORKER_DIED = (
    "internal error: the worker process died while checking this file (the run went on without it); "
    "the file was not changed. Please report this as a bug."
)


def map_in_workers(
    function: Callable[[Any], _T], tasks: Sequence[Any], jobs: int, context: ProjectContext | None,
    crashed: Callable[[Any, str], _T],
) -> list[_T]:  # fmt: skip
    """Run ``function`` over ``tasks`` in worker processes, where a worker that dies costs only its own task.

    A worker killed by a signal (a crash in native code, the out-of-memory killer) breaks the whole pool, and
    every task still queued fails with it. Those tasks run again in a new pool; when a round completes none of
    them, each runs alone in a process of its own, so the task that kills its worker is found and reported through
    ``crashed``, and every other task gets its real result. With one job or one task, it runs in this process.

    Args:
        function (Callable[[Any], T]): a picklable module-level function.
        tasks (Sequence[Any]): its arguments, one per call.
        jobs (int): the most worker processes to use.
        context (ProjectContext | None): the project context each worker starts with.
        crashed (Callable[[Any, str], T]): the result of a task whose worker died, given the task and a message.
    Returns:
        list[T]: one result per task, in order.
    """
    # What this process holds now (the project facts) lives until the end: the collector need not go over it again,
    # here or in the workers forked from here, where doing so would also copy every page it touches.
    gc.freeze()
    try:
        return _map_in_workers(function, tasks, jobs, context, crashed)
    finally:
        gc.unfreeze()


def _map_in_workers(
    function: Callable[[Any], _T], tasks: Sequence[Any], jobs: int, context: ProjectContext | None,
    crashed: Callable[[Any, str], _T],
) -> list[_T]:  # fmt: skip
    if jobs <= 1 or len(tasks) < 2:
        use_context(context)
        return [function(task) for task in tasks]
    results: dict[int, _T] = {}
    pending = list(range(len(tasks)))
    alone = False
    while pending:
        failed: list[int] = []
        groups = [[i] for i in pending] if alone else [pending]
        for group in groups:
            workers = min(jobs, len(group))
            with ProcessPoolExecutor(max_workers=workers, initializer=use_context, initargs=(context,)) as pool:
                futures: list[tuple[int, Future[_T] | None]] = []
                for i in group:
                    try:
                        futures.append((i, pool.submit(function, tasks[i])))
                    except BrokenProcessPool:
                        # a worker died while the tasks were still being handed out: the rest are queued work
                        # the broken pool will never run, as those it took
                        futures.append((i, None))
                for i, future in futures:
                    try:
                        if future is not None:
                            results[i] = future.result()
                            continue
                    except BrokenProcessPool:
                        pass
                    if alone:
                        results[i] = crashed(tasks[i], WORKER_DIED)
                    else:
                        failed.append(i)
        alone = bool(failed) and len(failed) == len(pending)
        pending = failed
    return [results[i] for i in range(len(tasks))]


def default_jobs() -> int:
    """int: the number of CPU cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def check_paths(paths: Iterable[Path], run: RunOptions | None = None, projects: Projects | None = None) -> list[FileResult]:
    """Check every Python file below ``paths``.

    Args:
        paths (Iterable[Path]): files and directories.
        run (RunOptions | None): how to run; the defaults when None.
        projects (Projects | None): the project models to use and fill (the fixer reuses them); new ones when None.
    Returns:
        list[FileResult]: one result per file, in the order the files were found.
    Raises:
        ConfigError: when a configuration that applies is invalid.
    """
    return [result for result, _ in _check_paths(paths, run, projects, None)]


def check_and_fix_paths(
    paths: Iterable[Path], run: RunOptions | None, projects: Projects | None, unsafe: bool
) -> list[tuple[FileResult, Any]]:
    """Check every Python file below ``paths`` and, in the same worker right after its check, fix each file that
    has an applicable fix, while the trees of its project that the check made are still at hand.

    Args:
        paths (Iterable[Path]): files and directories.
        run (RunOptions | None): how to run; the defaults when None.
        projects (Projects | None): the project models to use and fill; new ones when None.
        unsafe (bool): apply unsafe fixes too.
    Returns:
        list[tuple[FileResult, FixOutcome | None]]: one per file, in the order the files were found: its check
        result, and its :class:`~mcp_lint.fixer.FixOutcome` when it was fixed here. A file whose result came from
        the cache is not fixed here, whatever it holds.
    Raises:
        ConfigError: when a configuration that applies is invalid.
    """
    return _check_paths(paths, run, projects, unsafe)


def _check_paths(
    paths: Iterable[Path], run: RunOptions | None, projects: Projects | None, unsafe: bool | None
) -> list[tuple[FileResult, Any]]:
    run = run or RunOptions()
    resolve = SettingsResolver(run.overrides)
    results: dict[Path, FileResult] = {}
    order: list[Path] = []

    def skip(path: Path, reason: str) -> None:
        order.append(path)
        results[path] = FileResult(path, [parse_error(reason)], error=True)

    cache = Cache(run.cache_dir) if run.cache_dir is not None else None
    projects = projects or Projects(resolve, SummaryCache(run.cache_dir), jobs=run.jobs)
    paths = list(paths)
    projects.directories = tuple(os.path.abspath(p) for p in paths if os.path.isdir(p))
    keys: dict[Path, str] = {}
    sdks: dict[tuple[str, tuple[str, ...]], str] = {}
    tasks = []
    # The files in the order found, and the paths skipped (with why) in their places among them.
    found: list[Path | tuple[Path, str]] = []
    projects.walked = Walked()  # the projects inside the checked directories are not walked again
    for path in iter_python_files(
        paths, resolve, run.force_exclude, lambda path, reason: found.append((path, reason)), projects.walked
    ):  # fmt: skip
        found.append(path)
    projects.prepare(path for path in found if isinstance(path, Path))
    for path in found:
        if not isinstance(path, Path):
            skip(*path)
            continue
        order.append(path)
        reuse: Reuse | None = None
        settings = resolve(path)
        facts = projects.facts_for(path)
        source = projects.sources.get(os.path.abspath(path))
        if cache is not None:
            fingerprint = _fingerprint(settings, path, run.with_edits, sdks)
            try:
                data = source if source is not None else path.read_bytes()
                key = projects.result_key(path, data, fingerprint, facts)
            except OSError:
                key = None
            hit = cache.get(path, key) if key is not None else None
            if hit is not None:
                results[path] = FileResult(path, *hit)
                continue
            if key is not None:
                keys[path] = key
                if unsafe is None and not run.with_edits:
                    reuse = Reuse(projects.unit_base(path, fingerprint, facts), cache.units(path))
        tasks.append((path, settings, run.with_edits, None, reuse, facts) if unsafe is None else (path, settings, unsafe, facts))
    projects.save()
    # The files were read for the cache keys; the workers read each file they check themselves, and the bytes kept
    # here would be in every worker's memory as well (forked from this process).
    projects.sources.clear()
    outcomes: dict[Path, Any] = {}
    if unsafe is None:
        checked = map_by_project(_check_task, tasks, projects, run.jobs, _worker_died)
    else:
        pairs = map_by_project(_check_and_fix_task, tasks, projects, run.jobs, lambda task, why: (_worker_died(task, why), None))
        checked = [result for result, _ in pairs]
        outcomes = {result.path: outcome for result, outcome in pairs if outcome is not None}
    for result in checked:
        results[result.path] = result
        if cache is not None and result.path in keys:
            cache.put(result.path, keys[result.path], result.diagnostics, result.error, result.units)
    if cache is not None:
        cache.save()
    return [(results[path], outcomes.get(path)) for path in order]


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
    resolve = SettingsResolver(run.overrides)
    settings = resolve(filename if filename is not None else Path.cwd())
    facts = context = None
    if filename is not None:
        projects = Projects(resolve, SummaryCache(run.cache_dir), {os.path.abspath(filename): source})
        facts = projects.facts_for(filename)
        context = projects.context()
    result = check_one(path, settings, run.with_edits, source, facts, context)
    result.source = source
    return result
