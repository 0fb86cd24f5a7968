"""The language server: pygls over stdio, publishing diagnostics and offering code actions.

Each open buffer is checked when it is opened or saved, and a moment after the last change
(:data:`DEBOUNCE_SECONDS`), in one worker thread (:class:`~mcp_lint.server.engine.Engine`), so that a large project
never blocks the editor; a result for a version of the buffer that is no longer current is dropped. When a check
finds that another open buffer's dependencies changed (a helper module edited, a registration moved), that buffer
is checked again.
"""

from __future__ import annotations

import asyncio
import logging
import os
import traceback
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import unquote

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path
from pygls.workspace import TextDocument

from mcp_lint import __version__
from mcp_lint.codemod import text_edits
from mcp_lint.diagnostics import PARSE_ERROR_CODE, Applicability, Diagnostic, Edit
from mcp_lint.noqa import add_noqa
from mcp_lint.output.sarif import help_uri
from mcp_lint.rules import ALL_RULES
from mcp_lint.server.engine import Checked, Engine, ServerOptions, applicable, decode, encode, is_python

#: How long after the last change a buffer is checked.
DEBOUNCE_SECONDS = 0.3
#: Each rule's ``codeDescription``: the public source that explains it (SARIF's ``helpUri``).
RULE_URLS = {rule.code: uri for rule in ALL_RULES if (uri := help_uri(rule)) is not None}
#: The code action kind of "fix all", specific to mcp-lint as ruff's ``source.fixAll.ruff`` is.
FIX_ALL_KIND = f"{types.CodeActionKind.SourceFixAll.value}.mcp-lint"
SOURCE = "mcp-lint"

T = TypeVar("T")
logger = logging.getLogger(__name__)


@dataclass
class _Result:
    """The last diagnostics published for one buffer, and the text and version they were computed for."""

    version: int | None
    text: str
    diagnostics: list[Diagnostic]
    with_edits: bool = False


class McpLintServer(LanguageServer):
    """The mcp-lint language server: pygls's ``LanguageServer`` with the state of the checks.

    Args:
        options (ServerOptions | None): the starting options (``initializationOptions`` replace them).
    """

    def __init__(self, options: ServerOptions | None = None) -> None:
        super().__init__(SOURCE, __version__, text_document_sync_kind=types.TextDocumentSyncKind.Incremental)
        self.options = options or ServerOptions()
        self.engine = Engine(self.options)
        # One worker: the engine's caches are not shared between threads, and checks queue rather than compete.
        self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="mcp-lint-check")
        self.results: dict[str, _Result] = {}
        self._pending: dict[str, asyncio.Task[None]] = {}
        self._generation: dict[str, int] = {}

    # -- running work in the worker thread

    async def run(self, function: Callable[..., T], *args: Any) -> T:
        """Run a function of the engine in the worker thread.

        Args:
            function (Callable[..., T]): the function.
            *args (Any): its arguments.
        Returns:
            T: what it returns.
        """
        return await asyncio.get_running_loop().run_in_executor(self.worker, function, *args)

    def buffers(self) -> dict[str, bytes]:
        """dict[str, bytes]: every open Python buffer that is a file, by absolute path, as bytes."""
        found = {}
        for document in list(self.workspace.text_documents.values()):
            path = _path(document)
            if path is not None and is_python(str(path)):
                found[str(path)] = encode(document.source)
        return found

    def open_document(self, uri: str) -> TextDocument | None:
        """TextDocument | None: the open buffer of a URI, if it is a Python buffer."""
        # pygls keeps open buffers under the unquoted URI: ``xing5%2Bsheets`` is held as ``xing5+sheets``
        document = self.workspace.text_documents.get(unquote(uri))
        if document is None:
            return None
        if document.language_id not in (None, "python") and not is_python(document.path or ""):
            return None
        return document

    # -- diagnostics

    def schedule(self, uri: str, delay: float = 0.0) -> None:
        """Check a buffer after a delay, replacing a check of it that has not started yet.

        Args:
            uri (str): the buffer.
            delay (float): seconds to wait first (the debounce of changes).
        """
        previous = self._pending.pop(uri, None)
        if previous is not None:
            previous.cancel()
        generation = self._generation[uri] = self._generation.get(uri, 0) + 1
        self._pending[uri] = asyncio.get_running_loop().create_task(self._lint(uri, delay, generation))

    def schedule_all(self, delay: float = 0.0) -> None:
        """Check every open buffer again (after a change of configuration or of files on disk).

        Args:
            delay (float): seconds to wait first.
        """
        for uri in list(self.workspace.text_documents):
            self.schedule(uri, delay)

    def _current(self, uri: str, generation: int) -> bool:
        return self._generation.get(uri) == generation

    async def _lint(self, uri: str, delay: float, generation: int) -> None:
        if delay:
            await asyncio.sleep(delay)
        document = self.open_document(uri)
        if document is None:
            return
        version, text = document.version, document.source
        path, buffers = _path(document), self.buffers()

        def check() -> Checked | None:
            if not self._current(uri, generation):
                return None  # a newer check of this buffer was asked for while this one waited in the queue
            return self.engine.check(path, text, buffers)

        checked = await self.run(check)
        document = self.open_document(uri)
        if checked is None or document is None or document.version != version or not self._current(uri, generation):
            return  # stale: the buffer changed or closed meanwhile
        self._pending.pop(uri, None)
        self.results[uri] = _Result(version, text, checked.diagnostics)
        self.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri, [self.to_lsp(d, text) for d in checked.diagnostics], version)
        )
        for file in checked.affected:
            other = from_fs_path(file)
            if other is not None and other != uri and unquote(other) in self.workspace.text_documents:
                self.schedule(other)

    async def result_for(self, uri: str, with_edits: bool = True) -> _Result | None:
        """The diagnostics of a buffer's current version, checking it again when the last result is out of date or
        has fixes without the edits asked for.

        Args:
            uri (str): the buffer.
            with_edits (bool): whether the fixes' edits are needed (for quick fixes).
        Returns:
            _Result | None: its result, None when it is not an open Python buffer.
        """
        document = self.open_document(uri)
        if document is None:
            return None
        found = self.results.get(uri)
        if found is not None and found.version == document.version and found.text == document.source:
            if found.with_edits or not with_edits or not any(d.fix_title for d in found.diagnostics):
                return found
        version, text, path, buffers = document.version, document.source, _path(document), self.buffers()
        checked = await self.run(self.engine.check, path, text, buffers, with_edits)
        found = _Result(version, text, checked.diagnostics, with_edits=with_edits)
        document = self.open_document(uri)
        if document is not None and document.version == version and uri in self.results:
            self.results[uri] = found
        return found

    def position(self, lines: Sequence[str], row: int, column: int) -> types.Position:
        """Convert a 1-based row and column (code points) to an LSP position in the client's encoding.

        Args:
            lines (Sequence[str]): the text's lines, split at ``\\n`` as the engine counts them.
            row (int): 1-based line.
            column (int): 1-based column in code points.
        Returns:
            types.Position: the position.
        """
        return self.workspace.position_codec.position_to_client_units(
            lines, types.Position(max(row - 1, 0), max(column - 1, 0))
        )

    def to_lsp(self, diagnostic: Diagnostic, text: str) -> types.Diagnostic:
        """Convert a diagnostic of a buffer's text to an LSP diagnostic.

        Args:
            diagnostic (Diagnostic): the diagnostic.
            text (str): the text it was found in.
        Returns:
            types.Diagnostic: the LSP diagnostic: code, ``codeDescription`` (the rule's public source), source
            ``mcp-lint``, its range.
        """
        lines = text.split("\n")
        end_row, end_column = diagnostic.end_row or diagnostic.row, diagnostic.end_column or diagnostic.column
        return types.Diagnostic(
            range=types.Range(self.position(lines, diagnostic.row, diagnostic.column), self.position(lines, end_row, end_column)),
            message=diagnostic.message,
            severity=types.DiagnosticSeverity.Error if diagnostic.code == PARSE_ERROR_CODE else types.DiagnosticSeverity.Warning,
            code=diagnostic.code,
            code_description=types.CodeDescription(href=RULE_URLS[diagnostic.code]) if diagnostic.code in RULE_URLS else None,
            source=SOURCE,
        )  # fmt: skip

    # -- code actions

    def workspace_edit(self, uri: str, version: int | None, text: str, edits: Sequence[Edit]) -> types.WorkspaceEdit:
        """Turn edits of a buffer's text into a workspace edit for that version of the buffer.

        Args:
            uri (str): the buffer.
            version (int | None): its version the edits apply to.
            text (str): its text.
            edits (Sequence[Edit]): 1-based replacements, as fixes describe them.
        Returns:
            types.WorkspaceEdit: ``documentChanges`` when the client supports them, else ``changes``.
        """
        lines = text.split("\n")
        text_edits_ = [
            types.TextEdit(
                types.Range(self.position(lines, e.row, e.column), self.position(lines, e.end_row, e.end_column)), e.content
            )
            for e in edits
        ]
        capabilities = self.client_capabilities.workspace
        supported = capabilities is not None and capabilities.workspace_edit is not None
        if supported and capabilities.workspace_edit.document_changes:  # type: ignore[union-attr]
            identifier = types.OptionalVersionedTextDocumentIdentifier(uri=uri, version=version)
            return types.WorkspaceEdit(document_changes=[types.TextDocumentEdit(identifier, text_edits_)])
        return types.WorkspaceEdit(changes={uri: text_edits_})

    def quick_fixes(self, uri: str, result: _Result, wanted: Sequence[Diagnostic]) -> list[types.CodeAction]:
        """The quick fixes for some diagnostics: each one's fix, and a ``# noqa`` comment for its line.

        Args:
            uri (str): the buffer.
            result (_Result): its current result.
            wanted (Sequence[Diagnostic]): the diagnostics under the cursor or the selection.
        Returns:
            list[types.CodeAction]: the actions; safe fixes preferred, unsafe ones marked in their title.
        """
        actions = []
        for diagnostic in wanted:
            if diagnostic.code == PARSE_ERROR_CODE:
                continue
            lsp = [self.to_lsp(diagnostic, result.text)]
            if diagnostic.edits:
                safe = diagnostic.fix_applicability is Applicability.SAFE
                title = f"{SOURCE} ({diagnostic.code}): {diagnostic.fix_title}" + ("" if safe else " (unsafe fix)")
                actions.append(types.CodeAction(
                    title, kind=types.CodeActionKind.QuickFix, diagnostics=lsp, is_preferred=safe,
                    edit=self.workspace_edit(uri, result.version, result.text, diagnostic.edits),
                ))  # fmt: skip
            try:
                with_noqa, _ = add_noqa(encode(result.text), [diagnostic])
                edits = text_edits(result.text, decode(with_noqa))
            except (SyntaxError, UnicodeError, LookupError):
                continue
            actions.append(types.CodeAction(
                f"{SOURCE} ({diagnostic.code}): Disable for this line", kind=types.CodeActionKind.QuickFix,
                diagnostics=lsp, edit=self.workspace_edit(uri, result.version, result.text, edits),
            ))  # fmt: skip
        return actions

    async def fix_all_edit(self, uri: str) -> types.WorkspaceEdit | None:
        """The edit of ``source.fixAll``: every safe fix (unsafe ones too when ``unsafeFixes`` is set).

        Args:
            uri (str): the buffer.
        Returns:
            types.WorkspaceEdit | None: the edit, None when nothing would change.
        """
        document = self.open_document(uri)
        if document is None:
            return None
        version, text, path = document.version, document.source, _path(document)
        fixed = await self.run(self.engine.fix_all, path, text, self.buffers(), self.options.unsafe_fixes)
        if fixed is None:
            return None
        return self.workspace_edit(uri, version, text, text_edits(text, fixed))

    def configure(self, data: object) -> None:
        """Take new options from the editor, telling the user about values that are ignored.

        Args:
            data (object): ``initializationOptions`` or the settings of ``workspace/didChangeConfiguration``.
        """
        self.options, problems = ServerOptions.from_json(data)
        for problem in problems:
            self.window_show_message(types.ShowMessageParams(types.MessageType.Warning, problem))
        self.worker.submit(self.engine.configure, self.options)


def _path(document: TextDocument) -> Path | None:
    """The absolute path of a buffer that is a file, None for any other buffer (``untitled:``)."""
    if not document.uri.startswith("file:"):
        return None
    path = to_fs_path(document.uri)
    return Path(os.path.abspath(path)) if path else None


def _wanted(kind: str, only: Sequence[str] | None) -> bool:
    """Whether a code action kind is asked for: ``only`` names it or a kind it refines."""
    return only is None or any(kind == o or kind.startswith(f"{o}.") for o in only)


def _overlaps(a: types.Range, b: types.Range) -> bool:
    def key(p: types.Position) -> tuple[int, int]:
        return (p.line, p.character)

    return key(a.start) <= key(b.end) and key(b.start) <= key(a.end)


def create_server(options: ServerOptions | None = None) -> McpLintServer:
    """Build the language server with its features.

    Args:
        options (ServerOptions | None): the starting options.
    Returns:
        McpLintServer: the server, ready for ``start_io()``.
    """
    server = McpLintServer(options)

    @server.feature(types.INITIALIZE)
    def initialize(ls: McpLintServer, params: types.InitializeParams) -> None:
        if params.initialization_options is not None:
            ls.configure(params.initialization_options)

    @server.feature(types.INITIALIZED)
    async def initialized(ls: McpLintServer, params: types.InitializedParams) -> None:
        watched = ls.client_capabilities.workspace and ls.client_capabilities.workspace.did_change_watched_files
        if not (watched and watched.dynamic_registration):
            return
        # Python files and configuration; dependency files too, which name the SDK versions some rules depend on.
        patterns = ["**/*.py", "**/*.pyi", "**/pyproject.toml", "**/setup.cfg", "**/.gitignore", "**/requirements*.txt",
                    "**/requirements/*.txt", "**/*.lock"]  # fmt: skip
        options = types.DidChangeWatchedFilesRegistrationOptions([types.FileSystemWatcher(p) for p in patterns])
        registration = types.Registration("mcp-lint-watch", types.WORKSPACE_DID_CHANGE_WATCHED_FILES, options)
        try:
            await ls.client_register_capability_async(types.RegistrationParams([registration]))
        except Exception as exc:  # without watchers, saves still refresh the project model
            logger.warning("could not register file watchers: %s", exc)

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: McpLintServer, params: types.DidOpenTextDocumentParams) -> None:
        ls.schedule(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: McpLintServer, params: types.DidChangeTextDocumentParams) -> None:
        ls.schedule(params.text_document.uri, DEBOUNCE_SECONDS)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: McpLintServer, params: types.DidSaveTextDocumentParams) -> None:
        path = to_fs_path(params.text_document.uri)
        if path:
            ls.worker.submit(ls.engine.files_changed, [os.path.abspath(path)])
        ls.schedule(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: McpLintServer, params: types.DidCloseTextDocumentParams) -> None:
        uri = params.text_document.uri
        task = ls._pending.pop(uri, None)
        if task is not None:
            task.cancel()
        ls._generation.pop(uri, None)
        ls.results.pop(uri, None)
        ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri, []))
        ls.schedule_all(DEBOUNCE_SECONDS)  # the others now see the file as it is on disk

    @server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    def did_change_watched_files(ls: McpLintServer, params: types.DidChangeWatchedFilesParams) -> None:
        files = [os.path.abspath(p) for p in (to_fs_path(c.uri) for c in params.changes) if p]
        ls.worker.submit(ls.engine.files_changed, files)
        ls.schedule_all(DEBOUNCE_SECONDS)

    @server.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)
    def did_change_configuration(ls: McpLintServer, params: types.DidChangeConfigurationParams) -> None:
        ls.configure(params.settings)
        ls.schedule_all()

    @server.feature(
        types.TEXT_DOCUMENT_CODE_ACTION,
        types.CodeActionOptions(
            code_action_kinds=[types.CodeActionKind.QuickFix, types.CodeActionKind.SourceFixAll, FIX_ALL_KIND],
            resolve_provider=True,
        ),
    )
    async def code_action(ls: McpLintServer, params: types.CodeActionParams) -> list[types.CodeAction] | None:
        uri, only = params.text_document.uri, params.context.only
        result = await ls.result_for(uri, with_edits=_wanted(types.CodeActionKind.QuickFix, only))
        if result is None:
            return None
        actions: list[types.CodeAction] = []
        if _wanted(types.CodeActionKind.QuickFix, only):
            asked = {(d.code, d.range.start.line, d.range.start.character) for d in params.context.diagnostics}
            wanted = []
            for diagnostic in result.diagnostics:
                lsp = ls.to_lsp(diagnostic, result.text)
                if _overlaps(lsp.range, params.range) or (lsp.code, lsp.range.start.line, lsp.range.start.character) in asked:
                    wanted.append(diagnostic)
            actions.extend(ls.quick_fixes(uri, result, wanted))
        if _wanted(FIX_ALL_KIND, only) and applicable(result.diagnostics, ls.options.unsafe_fixes):
            action = types.CodeAction(f"{SOURCE}: Fix all auto-fixable problems", kind=FIX_ALL_KIND, data={"uri": uri})
            resolvable = ls.client_capabilities.text_document and ls.client_capabilities.text_document.code_action
            lazy = only is None and resolvable and resolvable.resolve_support and "edit" in resolvable.resolve_support.properties
            if not lazy:
                action.edit = await ls.fix_all_edit(uri)
                if action.edit is None:
                    return actions
            actions.append(action)
        return actions

    @server.feature(types.CODE_ACTION_RESOLVE)
    async def code_action_resolve(ls: McpLintServer, action: types.CodeAction) -> types.CodeAction:
        if action.kind == FIX_ALL_KIND and action.edit is None and isinstance(action.data, dict):
            uri = action.data.get("uri")
            if isinstance(uri, str):
                action.edit = await ls.fix_all_edit(uri) or types.WorkspaceEdit(changes={})
        return action

    @server.feature(types.SHUTDOWN)
    def shutdown(ls: McpLintServer, params: None) -> None:
        for task in ls._pending.values():
            task.cancel()
        ls._pending.clear()
        ls.worker.shutdown(wait=False, cancel_futures=True)

    return server


class _Brief(logging.Formatter):
    """Log records with the exception's type and message instead of a traceback: a malformed message from the
    editor is the editor's to fix, and pygls already answers it with an error or ``window/showMessage``."""

    def formatException(self, ei: Any) -> str:  # noqa: N802 - logging's name
        return "".join(traceback.format_exception_only(ei[0], ei[1])).strip()


def serve() -> None:
    """Run the language server over standard input and output until the editor sends ``exit``; warnings and
    errors are logged to standard error, one line each (editors show it as the server's log)."""
    handler = logging.StreamHandler()
    handler.setFormatter(_Brief("mcp-lint server: %(levelname)s: %(name)s: %(message)s"))
    logging.basicConfig(level=logging.WARNING, handlers=[handler])
    create_server().start_io()
