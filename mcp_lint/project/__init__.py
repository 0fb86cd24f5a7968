"""The project model: summarise each module once, then link them, so the check step sees across modules.

Two phases, as mypy and pylint split theirs: :mod:`~mcp_lint.project.summary` reads each module on its own (with
CPython's ``ast``, cached by content hash) and :mod:`~mcp_lint.project.link` resolves the summaries across the
project into per-module :class:`~mcp_lint.project.link.ModuleFacts`. The check step (:mod:`mcp_lint.checker`)
then parses with libcst only the modules where a rule may report, and :class:`ProjectContext` gives it the
other modules' functions when a tool's call leads there.

Only the modules that can matter are summarised: those that import an MCP framework or name a registration
method, and every project module they import, transitively. Nothing of the checked code is imported or run.
"""

from __future__ import annotations

import hashlib
import importlib
import pickle
import re
from collections.abc import Callable, Iterable
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mcp_lint import __version__
from mcp_lint.cache import write_cache_file
from mcp_lint.frameworks import imports_mcp, names_registration
from mcp_lint.project.layout import Layout, project_root
from mcp_lint.project.link import HandlerRef, ModuleFacts, link, single_module
from mcp_lint.project.summary import ModuleSummary, summarise

if TYPE_CHECKING:
    import libcst as cst

    from mcp_lint.discovery import ModuleIndex

__all__ = [
    "HandlerRef", "ImportWalk", "ModuleFacts", "ModuleSummary", "ProjectContext", "ProjectModel", "SummaryCache",
    "content_hash", "current_context", "link_key", "project_root", "read_file", "single_module", "starting_points",
    "use_context",
]  # fmt: skip

# Summarising fewer modules than this in worker processes costs more than it saves.
_PARALLEL_AT = 64

def content_hash(source: bytes) -> str:
    """str: the hex SHA-256 of a file's bytes."""
    return hashlib.sha256(source).hexdigest()


@lru_cache(maxsize=1)
def _summary_format() -> str:
    """A digest of the summariser's own code: a changed summariser never reads summaries an older one wrote."""
    from mcp_lint.project import summary

    return hashlib.sha256(Path(summary.__file__).read_bytes()).hexdigest()[:16]


@lru_cache(maxsize=1)
def _link_format() -> str:
    """A digest of the code a project's facts come from: facts linked by other code are never read."""
    digest = hashlib.sha256()
    for name in ("mcp_lint.project.summary", "mcp_lint.project.link", "mcp_lint.project.layout", "mcp_lint.frameworks"):
        digest.update(Path(importlib.import_module(name).__file__ or "").read_bytes())
    return digest.hexdigest()[:16]


def link_key(root: str, hashes: dict[str, str]) -> str:
    """str: what a project's linked facts depend on: its root, and every file of it with its content hash."""
    digest = hashlib.sha256(root.encode("utf-8", "surrogatepass"))
    for file, content in sorted(hashes.items()):
        digest.update(b"\0" + file.encode("utf-8", "surrogatepass") + b"\0" + content.encode())
    return digest.hexdigest()


class SummaryCache:
    """Module summaries by content hash, in one pickle per mcp-lint version under the cache directory, and each
    project's linked facts by :func:`link_key`, in one pickle per project root beside it, written as soon as the
    project is linked (so processes that share no memory, such as flake8's, each keep what they linked).

    Args:
        directory (Path | None): the cache directory; None keeps summaries and facts in memory only.
    """

    def __init__(self, directory: Path | None) -> None:
        self.directory = directory
        self.file = directory / __version__ / f"summaries-{_summary_format()}.pickle" if directory is not None else None
        self.links_folder = directory / __version__ / f"links-{_link_format()}" if directory is not None else None
        self._entries: dict[str, ModuleSummary] | None = None
        self.changed = False
        # project root -> (link key, facts by file, the files summarised), as read or linked in this process
        self.links: dict[str, tuple[str, dict[str, ModuleFacts], set[str]] | None] = {}

    @property
    def entries(self) -> dict[str, ModuleSummary]:
        """dict[str, ModuleSummary]: the summaries by content hash, read from the cache directory when first needed
        (a run whose projects are all linked before needs none)."""
        if self._entries is None:
            loaded = _load(self.file) if self.file is not None else None
            self._entries = loaded if isinstance(loaded, dict) else {}  # else every lookup misses
        return self._entries

    def get(self, digest: str, source: bytes) -> ModuleSummary:
        """Return the summary of a source, computing it on a miss.

        Args:
            digest (str): the source's content hash.
            source (bytes): the source.
        Returns:
            ModuleSummary: its summary.
        """
        found = self.entries.get(digest)
        if found is None:
            found = self.entries[digest] = summarise(source)
            self.changed = True
        return found

    def get_many(self, items: list[tuple[str, bytes]], jobs: int = 1) -> list[ModuleSummary]:
        """Return the summaries of many sources, computing the misses in ``jobs`` worker processes when there are
        enough of them to pay for the processes.

        Args:
            items (list[tuple[str, bytes]]): each source's content hash and bytes.
            jobs (int): the most worker processes to use.
        Returns:
            list[ModuleSummary]: their summaries, in order.
        """
        missing = {digest: source for digest, source in items if digest not in self.entries}
        if jobs > 1 and len(missing) >= _PARALLEL_AT:
            from concurrent.futures import ProcessPoolExecutor
            from concurrent.futures.process import BrokenProcessPool

            chunk = max(1, len(missing) // (jobs * 8))
            try:
                with ProcessPoolExecutor(max_workers=jobs) as pool:
                    made = list(pool.map(summarise, missing.values(), chunksize=chunk))
            except BrokenProcessPool:  # a worker died: what is left is summarised here
                made = []
            for digest, summary in zip(missing, made):
                self.entries[digest] = summary
                self.changed = True
        return [self.get(digest, source) for digest, source in items]

    def linked(self, root: str, key: str) -> tuple[dict[str, ModuleFacts], set[str]] | None:
        """Return a project's facts as linked before, when nothing they depend on changed.

        Args:
            root (str): the project root.
            key (str): from :func:`link_key`.
        Returns:
            tuple[dict[str, ModuleFacts], set[str]] | None: the facts by file and the files summarised, or None.
        """
        if root not in self.links:
            loaded = _load(self._link_file(root)) if self.links_folder is not None else None
            self.links[root] = loaded if isinstance(loaded, tuple) and len(loaded) == 3 else None  # else it is linked
        found = self.links[root]
        return (found[1], found[2]) if found is not None and found[0] == key else None

    def _link_file(self, root: str) -> Path:
        assert self.links_folder is not None
        return self.links_folder / f"{hashlib.sha256(root.encode('utf-8', 'surrogatepass')).hexdigest()[:32]}.pickle"

    def keep_link(self, root: str, key: str, facts: dict[str, ModuleFacts], summarised: set[str]) -> None:
        """Keep a project's linked facts, written at once (atomically) when there is a cache directory.

        Args:
            root (str): the project root.
            key (str): from :func:`link_key`.
            facts (dict[str, ModuleFacts]): the facts by file.
            summarised (set[str]): the files summarised.
        """
        self.links[root] = (key, facts, summarised)
        if self.links_folder is not None:
            self._write(self._link_file(root), self.links[root])

    def save(self, keep: Iterable[str]) -> None:
        """Write the summaries atomically, keeping only the given hashes'; a cache that cannot be written is
        skipped.

        Args:
            keep (Iterable[str]): the content hashes still in use.
        """
        if self.file is not None and self.changed:
            wanted = set(keep)
            self._write(self.file, {k: v for k, v in self.entries.items() if k in wanted})

    def _write(self, file: Path, data: object) -> None:
        """Pickle data to a file of the cache directory atomically; one that cannot be written is skipped."""
        assert self.directory is not None
        try:
            write_cache_file(self.directory, file, pickle.dumps(data, protocol=pickle.HIGHEST_PROTOCOL))
        except OSError:
            return


def _load(file: Path) -> object:
    """object: what a pickle of the cache directory holds; None when there is none yet, or it is corrupt or
    foreign."""
    try:
        with open(file, "rb") as handle:
            return pickle.load(handle)
    except Exception:
        return None


class ProjectModel:
    """The linked model of one project.

    Args:
        root (str): the project root, absolute.
        sources (dict[str, bytes]): every Python file of the project (absolute path) and its bytes.
        summaries (SummaryCache): where summaries are looked up and kept.
        jobs (int): the most worker processes that may summarise modules.
        hashes (dict[str, str] | None): each file's :func:`content_hash`, when already computed.
        summarised (dict[str, ModuleSummary] | None): the summaries of the modules its starting points lead to, when
            an :class:`ImportWalk` already made them.
    """

    def __init__(
        self, root: str, sources: dict[str, bytes], summaries: SummaryCache, jobs: int = 1,
        hashes: dict[str, str] | None = None, summarised: dict[str, ModuleSummary] | None = None,
    ) -> None:  # fmt: skip
        self.root = root
        self.hashes = hashes if hashes is not None else {file: content_hash(data) for file, data in sources.items()}
        key = link_key(root, self.hashes)
        linked = summaries.linked(root, key)
        if linked is not None:  # no file of the project changed since it was linked
            self.facts, self.summarised = linked
            return
        if summarised is None:
            walk = ImportWalk(root, sources, self.hashes)
            while walk.batch:
                walk.advance(summaries.get_many(walk.items(), jobs))
            summarised = walk.summarised
        self.facts = link(root, dict(sorted(summarised.items()))) if summarised else {}
        self.summarised = set(summarised)
        summaries.keep_link(root, key, self.facts, self.summarised)

    def facts_for(self, file: str) -> ModuleFacts:
        """ModuleFacts: the facts of a file of this project (empty for a module no tool can reach)."""
        return self.facts.get(file) or ModuleFacts()

    def dependency_key(self, file: str) -> str:
        """str: what a file's findings depend on beyond its own text: its facts and its dependencies' contents."""
        facts = self.facts_for(file)
        return hashlib.sha256("\0".join([facts.digest(), *self.contents(facts.deps)]).encode()).hexdigest()

    def contents(self, files: tuple[str, ...]) -> list[str]:
        """list[str]: each of these files of the project with its content hash (``file=hash``)."""
        return [f"{file}={self.hashes.get(file, '')}" for file in files]


class ImportWalk:
    """The modules a project model summarises, found breadth first, one round at a time: the starting points, then
    the project modules they import, and so on. Several projects' walks can share each round's worker processes.

    Args:
        root (str): the project root, absolute.
        sources (dict[str, bytes]): every Python file of the project (absolute path) and its bytes.
        hashes (dict[str, str]): each file's :func:`content_hash`.
    Attributes:
        batch (list[str]): the files to summarise in this round; empty when the walk is done.
        summarised (dict[str, ModuleSummary]): the summaries of the rounds before.
    """

    def __init__(self, root: str, sources: dict[str, bytes], hashes: dict[str, str]) -> None:
        self.sources = sources
        self.hashes = hashes
        self.layout = Layout(root, list(sources))
        self.summarised: dict[str, ModuleSummary] = {}
        self.batch = starting_points(sources)

    def items(self) -> list[tuple[str, bytes]]:
        """list[tuple[str, bytes]]: this round's files as :meth:`SummaryCache.get_many` takes them."""
        return [(self.hashes[file], self.sources[file]) for file in self.batch]

    def advance(self, found: list[ModuleSummary]) -> None:
        """Take this round's summaries and move to the project modules they import that are not summarised yet.

        Args:
            found (list[ModuleSummary]): the summaries of :attr:`batch`, in order.
        """
        self.summarised.update(zip(self.batch, found))
        imported: dict[str, None] = {}
        for file, summary in zip(self.batch, found):
            for qualified in _imported_modules(summary):
                located = self.layout.resolve(qualified, file)
                if located is None:
                    continue
                for module in (located[0], *self.layout.packages_of(located[0])):
                    if module not in self.summarised:
                        imported[module] = None
        self.batch = list(imported)


def starting_points(sources: dict[str, bytes]) -> list[str]:
    """Return the files the project model starts from: those that import an MCP framework or name a registration
    method (the modules they import are summarised too, when the model is built).

    Args:
        sources (dict[str, bytes]): files and their bytes.
    Returns:
        list[str]: the starting files, in the order given.
    """
    return [file for file, data in sources.items() if imports_mcp(data) or names_registration(data)]


def _imported_modules(summary: ModuleSummary) -> Iterable[str]:
    yield from summary.imports.values()
    yield from summary.star_imports
    for function in summary.functions:
        yield from function.imports.values()
        for called in function.calls:
            # ``tools.resource_tools.get_manifest(...)`` after ``from pkg import tools``: a submodule of an imported
            # package, named through it
            root, _, rest = called.partition(".")
            imported = function.imports.get(root) or summary.imports.get(root)
            if imported is not None and "." in rest:
                yield f"{imported}.{rest}"


class ProjectContext:
    """What the check step of one module knows of its project: every module's facts, and their functions.

    Args:
        facts (dict[str, ModuleFacts]): file to facts, for every file of the project(s) being checked.
        read (Callable[[str], bytes | None] | None): reads a file's bytes; the file system when None.
    Attributes:
        memo (dict[tuple[str, ...], Any]): what a rule worked out about the project's functions (keyed by the
            rule's code, what it is, and the functions' files and definition paths), kept for the checks of other
            modules in this process until :meth:`forget`.
    """

    def __init__(self, facts: dict[str, ModuleFacts], read: Callable[[str], bytes | None] | None = None) -> None:
        self.memo: dict[tuple[str | None, ...], Any] = {}
        self.facts = facts
        self._read = read or read_file
        self._indexes: dict[str, ModuleIndex | None] = {}
        # The text each index was parsed from, and the files other modules' checks look into.
        self._trees: dict[str, tuple[bytes, cst.Module]] = {}
        self._needed: set[str] | None = None
        self._mentions: dict[tuple[str, re.Pattern[bytes]], bool] = {}

    def mentions(self, files: Iterable[str], pattern: re.Pattern[bytes]) -> bool:
        """Tell whether any of some project files contains a pattern, searching each file once per process.

        Args:
            files (Iterable[str]): the files.
            pattern (re.Pattern[bytes]): what to look for.
        Returns:
            bool: True when one of them can be read and contains it.
        """
        for file in files:
            key = (file, pattern)
            found = self._mentions.get(key)
            if found is None:
                data = self._read(file)
                found = self._mentions[key] = data is not None and pattern.search(data) is not None
            if found:
                return True
        return False

    def index_for(self, file: str) -> ModuleIndex | None:
        """Parse another module of the project with libcst, without the bodies no tool reaches, and index it, once
        per process.

        Args:
            file (str): the module's file.
        Returns:
            ModuleIndex | None: its index, or None when it cannot be read or parsed.
        """
        if file in self._indexes:
            return self._indexes[file]
        from mcp_lint.cstparse import parse_module
        from mcp_lint.discovery import discover

        self._indexes[file] = None
        data = self._read(file)
        if data is None:
            return None
        from mcp_lint.hollow import hollow

        facts = self.facts.get(file) or ModuleFacts()
        text = hollow(data, facts.hollow)
        try:
            module = parse_module(text)
        except Exception:
            text = data
            try:
                module = parse_module(text)
            except Exception:  # the module's own check reports why it cannot be parsed
                return None
        index = self._indexes[file] = discover(module, facts, self, file)
        self._trees[file] = (text, module)
        return index

    def indexed(self, file: str, text: bytes) -> tuple[cst.Module, ModuleIndex] | None:
        """Return the tree and index this process already made of a module, if made from the same text.

        Args:
            file (str): the module's file.
            text (bytes): the text about to be parsed for it (whole, or without the bodies no rule reads).
        Returns:
            tuple[cst.Module, ModuleIndex] | None: the tree and its index, which the check step can use instead of
            parsing again.
        """
        index = self._indexes.get(file)
        tree = self._trees.get(file)
        return (tree[1], index) if index is not None and tree is not None and tree[0] == text else None

    def keep(self, file: str, text: bytes, module: cst.Module, index: ModuleIndex) -> None:
        """Keep the index the check step made of a module, when the checks of other modules look into it (it
        defines functions theirs reach, or tools that reach theirs), so that they need not parse it again.

        Args:
            file (str): the module's file.
            text (bytes): the text it was parsed from.
            module (cst.Module): the tree.
            index (ModuleIndex): its index.
        """
        if file in self.needed() and file not in self._indexes:
            self._indexes[file] = index
            self._trees[file] = (text, module)

    def needed(self) -> set[str]:
        """set[str]: the files the checks of other modules look into: those defining functions their tools reach,
        or tools that reach their functions."""
        if self._needed is None:
            self._needed = set()
            for other, facts in self.facts.items():
                needed = set(facts.deps) | {h.file for handlers in facts.reached.values() for h in handlers}
                needed.discard(other)
                self._needed |= needed
        return self._needed

    def forget(self) -> None:
        """Drop the indexes made and files searched so far (a worker does so between projects, to bound its
        memory)."""
        self._indexes.clear()
        self._trees.clear()
        self._mentions.clear()
        self.memo.clear()


# The project context of this process: the main process sets it, and each worker gets it from its pool's
# initializer, so that it crosses the process boundary once rather than with every file.
_CURRENT: ProjectContext | None = None


def use_context(context: ProjectContext | None) -> None:
    """Make a project context the one this process checks with (a process pool's initializer).

    Args:
        context (ProjectContext | None): the context, None for none.
    """
    global _CURRENT
    _CURRENT = context


def current_context() -> ProjectContext | None:
    """ProjectContext | None: the project context this process checks with."""
    return _CURRENT


def read_file(file: str) -> bytes | None:
    """bytes | None: a file's bytes, None when it cannot be read."""
    try:
        with open(file, "rb") as handle:
            return handle.read()
    except OSError:
        return None
