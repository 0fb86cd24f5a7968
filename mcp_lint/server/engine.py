"""The language server's linting state: settings, the project models of the open roots, checks and fixes.

Nothing here speaks LSP: :class:`Engine` takes a buffer's text and the other open buffers and returns the same
detached diagnostics (with fix edits) that ``mcp-lint check - --stdin-filename`` computes, through the same
:class:`~mcp_lint.runner.Projects`, :func:`~mcp_lint.runner.check_one` and :func:`~mcp_lint.fixer.fix_source`. It
is used from one worker thread only, so that it needs no locks and the editor's event loop never waits on it.

What it keeps between checks: each project root's Python files as read from disk (read once, then refreshed file
by file when the editor reports a save or a change on disk), the module summaries by content hash, and the project
model of the last set of open buffers, so that a check whose buffers did not change since reuses it.
"""

from __future__ import annotations

import io
import os
import tokenize
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from mcp_lint.checker import internal_error, parse_error
from mcp_lint.diagnostics import Applicability, Diagnostic
from mcp_lint.files import iter_python_files
from mcp_lint.project import ModuleFacts, ProjectContext, SummaryCache, project_root
from mcp_lint.runner import Projects, SettingsResolver, check_one, project_files
from mcp_lint.selection import SelectorError, validate_selectors
from mcp_lint.settings import ConfigError, Overrides, Settings, clear_cache

#: The names of files whose change changes the configuration or which files belong to a project.
CONFIG_FILES = frozenset({"pyproject.toml", "setup.cfg", "setup.py", ".gitignore"})
PYTHON_SUFFIXES = (".py", ".pyi")

# (camelCase option, Overrides field) for the selector options of initializationOptions and settings.
_SELECTOR_OPTIONS = (("select", "select"), ("ignore", "ignore"), ("extendSelect", "extend_select"),
                     ("extendIgnore", "extend_ignore"))  # fmt: skip


@dataclass(frozen=True)
class ServerOptions:
    """What the editor configures, on top of each project's ``[tool.mcp-lint]`` table.

    Attributes:
        unsafe_fixes (bool): whether ``source.fixAll`` applies unsafe fixes too (quick fixes offer them anyway,
            marked unsafe in their title).
        overrides (Overrides): selectors laid over the configuration, as the command line's flags are.
    """

    unsafe_fixes: bool = False
    overrides: Overrides = field(default_factory=Overrides)

    @classmethod
    def from_json(cls, data: object) -> tuple[ServerOptions, list[str]]:
        """Read options from ``initializationOptions`` or from ``workspace/didChangeConfiguration`` settings.

        Args:
            data (object): a JSON object with ``unsafeFixes`` (bool) and ``select``, ``ignore``, ``extendSelect``,
                ``extendIgnore`` (lists of codes or prefixes), either directly or under an ``mcp-lint`` key;
                None for the defaults.
        Returns:
            tuple[ServerOptions, list[str]]: the options, and a message for each value that was ignored because
            it is not valid.
        """
        problems: list[str] = []
        if isinstance(data, Mapping) and isinstance(data.get("mcp-lint"), Mapping):
            data = data["mcp-lint"]
        if data is None:
            return cls(), problems
        if not isinstance(data, Mapping):
            return cls(), [f"mcp-lint: settings must be an object, not {type(data).__name__}; using the defaults"]
        unsafe = data.get("unsafeFixes", False)
        if not isinstance(unsafe, bool):
            problems.append("mcp-lint: 'unsafeFixes' must be true or false; ignored")
            unsafe = False
        selectors: dict[str, tuple[str, ...]] = {}
        for key, name in _SELECTOR_OPTIONS:
            value = data.get(key)
            if value is None:
                continue
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                problems.append(f"mcp-lint: '{key}' must be a list of rule codes or prefixes; ignored")
                continue
            try:
                selectors[name] = tuple(validate_selectors(value))
            except SelectorError as exc:
                problems.append(f"mcp-lint: '{key}': {exc}; ignored")
        return cls(unsafe, Overrides(**selectors)), problems  # type: ignore[arg-type]


@dataclass
class Checked:
    """The outcome of checking one buffer.

    Attributes:
        diagnostics (list[Diagnostic]): detached diagnostics, each fix described by its edits; MCP000 when the
            buffer or its configuration cannot be checked.
        affected (list[str]): other open buffers (absolute paths) whose findings may have changed, because what
            they depend on in the project changed since they were last checked.
    """

    diagnostics: list[Diagnostic]
    affected: list[str] = field(default_factory=list)


def encode(text: str) -> bytes:
    """Turn a buffer's text into the bytes a file would hold, in the encoding its coding declaration names.

    Args:
        text (str): the buffer's text.
    Returns:
        bytes: the text encoded in its declared encoding, else UTF-8.
    """
    data = text.encode("utf-8", "surrogatepass")
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
        return data if encoding in ("utf-8", "utf-8-sig") else text.encode(encoding)
    except (SyntaxError, LookupError, UnicodeError):
        return data


def decode(data: bytes) -> str:
    """Turn a file's bytes back into buffer text, keeping a byte order mark as a character.

    Args:
        data (bytes): bytes made by :func:`encode` and rewritten by the fixer, which keeps the encoding.
    Returns:
        str: the text.
    Raises:
        UnicodeDecodeError: when the bytes are not in the encoding they declare.
    """
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    except (SyntaxError, LookupError):
        encoding = "utf-8"
    return data.decode("utf-8" if encoding == "utf-8-sig" else encoding, "surrogatepass" if encoding == "utf-8" else "strict")


def is_python(path: str) -> bool:
    """bool: whether a path names a Python source or stub file."""
    return path.endswith(PYTHON_SUFFIXES)


class Engine:
    """Checks and fixes buffers with the project model of their root; to be used from one thread.

    Args:
        options (ServerOptions | None): the editor's options; the defaults when None.
    """

    def __init__(self, options: ServerOptions | None = None) -> None:
        self.options = options or ServerOptions()
        self.resolve = SettingsResolver(self.options.overrides)
        self.summaries = SummaryCache(None)
        self._disk: dict[str, dict[str, bytes]] = {}
        self._generation = 0
        self._projects: Projects | None = None
        self._projects_key: object = None
        self._keys: dict[str, str] = {}

    def configure(self, options: ServerOptions) -> None:
        """Use new editor options; settings are looked up again.

        Args:
            options (ServerOptions): the options.
        """
        self.options = options
        self._forget_settings()

    def _forget_settings(self) -> None:
        clear_cache()
        self.resolve = SettingsResolver(self.options.overrides)
        self._disk.clear()  # excludes may have changed which files belong to a project
        self._changed()

    def _changed(self) -> None:
        self._generation += 1
        self._projects = None
        self._keys.clear()

    def _files(self, root: str) -> dict[str, bytes]:
        found = self._disk.get(root)
        if found is None:
            found = self._disk[root] = project_files(root, self.resolve)
        return found

    def _projects_for(self, buffers: Mapping[str, bytes]) -> Projects:
        """The project models for this set of open buffers: the last ones when no buffer and no file changed."""
        key = (self._generation, frozenset((file, hash(data)) for file, data in buffers.items()))
        if self._projects is None or key != self._projects_key:
            self._projects = Projects(self.resolve, self.summaries, dict(buffers), self._files)
            self._projects_key = key
        return self._projects

    def _prune(self) -> None:
        """Keep the summaries of current file contents only: every keystroke makes a new one."""
        if self._projects is None:
            return
        used = {h for model in self._projects.models.values() for h in model.hashes.values()}
        if len(self.summaries.entries) > 2 * len(used) + 64:
            self.summaries.entries = {h: s for h, s in self.summaries.entries.items() if h in used}

    def _prepare(
        self, path: Path | None, buffers: Mapping[str, bytes]
    ) -> tuple[Path, Settings, ModuleFacts | None, ProjectContext | None]:  # fmt: skip
        """The name, settings, facts and project a buffer is checked with (on its own when it is no file)."""
        if path is None:
            label = Path.cwd() / "untitled.py"
            return label, self.resolve(label.parent), None, None
        settings = self.resolve(path)
        projects = self._projects_for({f: d for f, d in buffers.items() if is_python(f)})
        facts = projects.facts_for(path)
        return path, settings, facts, projects.context() if facts is not None else None

    def excluded(self, path: Path) -> bool:
        """Tell whether the configuration excludes a file, as ``check --force-exclude`` decides it.

        Args:
            path (Path): the file, absolute.
        Returns:
            bool: True when ``exclude``/``extend-exclude`` (or the default excludes, a virtual environment's
            ``site-packages`` among them) exclude it; the server then reports nothing for it.
        Raises:
            ConfigError: when its configuration is invalid.
        """
        return next(iter(iter_python_files([path], self.resolve, force_exclude=True)), None) is None

    def check(self, path: Path | None, text: str, buffers: Mapping[str, bytes], with_edits: bool = False) -> Checked:
        """Check a buffer's text as ``check`` checks a file, with its project's model.

        Args:
            path (Path | None): the file the buffer edits, absolute; None for a buffer that is no file.
            text (str): the buffer's current text.
            buffers (Mapping[str, bytes]): every open buffer (absolute path to bytes), this one included, which
                the project model reads instead of the files on disk.
            with_edits (bool): also describe each fix as edits (for code actions: on a file of 30,000 lines, one
                fix's edits cost as much again as the check, so diagnostics are published without them).
        Returns:
            Checked: the diagnostics, never an exception: a configuration error or a bug gives MCP000.
        """
        source = encode(text)
        try:
            if path is not None and self.excluded(path):
                return Checked([])
            label, settings, facts, context = self._prepare(path, buffers)
            result = check_one(label, settings, with_edits, source, facts, context)
        except ConfigError as exc:
            return Checked([parse_error(f"configuration error: {exc}")])
        except Exception as exc:  # a bug must cost this check, never the server
            return Checked([internal_error(exc)])
        checked = Checked(result.diagnostics)
        if path is not None and facts is not None:
            checked.affected = self._record(str(path), buffers)
        self._prune()
        return checked

    def _record(self, file: str, buffers: Iterable[str]) -> list[str]:
        """Remember what a file's findings depend on; name the other open files whose dependencies changed."""
        assert self._projects is not None
        try:
            model = self._projects.model_for(Path(file))
            if model is None:
                return []
            self._keys[file] = model.dependency_key(file)
            affected = []
            for other in buffers:
                if other != file and other in self._keys and project_root(other) == model.root:
                    if model.dependency_key(other) != self._keys[other]:
                        affected.append(other)
            return affected
        except Exception:  # the cross-module view is a convenience: never fail a check for it
            return []

    def fix_all(self, path: Path | None, text: str, buffers: Mapping[str, bytes], unsafe: bool) -> str | None:
        """Apply every applicable fix to a buffer's text, as ``mcp-lint fix`` would to the file.

        Args:
            path (Path | None): the file the buffer edits, absolute; None for a buffer that is no file.
            text (str): the buffer's current text.
            buffers (Mapping[str, bytes]): every open buffer, as for :meth:`check`.
            unsafe (bool): apply unsafe fixes too.
        Returns:
            str | None: the fixed text, or None when nothing changes or the buffer cannot be fixed.
        """
        from mcp_lint.fixer import fix_source  # libcst's codemod machinery is slow to import

        source = encode(text)
        try:
            if path is not None and self.excluded(path):
                return None
            label, settings, facts, context = self._prepare(path, buffers)
            outcome = fix_source(source, label, settings.rules_for(label), unsafe, settings.options, facts, context)
            if outcome.error is not None or not outcome.changed:
                return None
            return decode(outcome.fixed)
        except Exception:  # ConfigError included: the diagnostics already say what is wrong
            return None

    def files_changed(self, files: Iterable[str]) -> None:
        """Take note of files changed, created or deleted on disk (saved by the editor, or changed outside it).

        Args:
            files (Iterable[str]): absolute paths.
        """
        for file in files:
            name = os.path.basename(file)
            if name in CONFIG_FILES:
                self._forget_settings()
                return
            if not is_python(file):
                continue
            root = project_root(file)
            known = self._disk.get(root)
            if known is None:
                continue
            try:
                data = Path(file).read_bytes()
            except OSError:
                data = None
            if file in known and data is not None:
                known[file] = data
            else:  # created, deleted or excluded: read the project's files again when next needed
                del self._disk[root]
            self._changed()


def applicable(diagnostics: Sequence[Diagnostic], unsafe: bool) -> bool:
    """Tell whether any diagnostic has a fix that ``source.fixAll`` would apply.

    Args:
        diagnostics (Sequence[Diagnostic]): detached diagnostics.
        unsafe (bool): whether unsafe fixes apply.
    Returns:
        bool: True when one has a safe fix, or an unsafe one and ``unsafe`` is set.
    """
    return any(
        d.fix_applicability is Applicability.SAFE or (unsafe and d.fix_applicability is Applicability.UNSAFE)
        for d in diagnostics
    )
