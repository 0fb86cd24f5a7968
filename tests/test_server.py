"""``mcp-lint server`` driven over stdio by pygls's own ``LanguageClient``, as an editor drives it.

Each test starts the real server process (``python -m mcp_lint server``), sends real LSP messages and checks the
exact codes, ranges, fix edits and fixed text that come back, then shuts the server down and checks that it exits
cleanly.
"""

from __future__ import annotations

import asyncio
import shutil
import sys
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types
from pygls.lsp.client import LanguageClient
from pygls.uris import from_fs_path
from pygls.workspace import TextDocument

from conftest import FIXTURES
from mcp_lint.selection import ALL_CODES

TIMEOUT = 60

SERVER_PY = '''\
from mcp.server.fastmcp import FastMCP
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData

app = FastMCP("demo")


@app.tool()
def book(date: str) -> str:
    if date < "2026":
        raise McpError(ErrorData(code=INVALID_PARAMS, message="date must be in the future"))
    try:
        return open(date).read()
    except Exception:
        raise RuntimeError("Operation failed")
'''

# SERVER_PY with the safe fix (MCP001) applied, as `mcp-lint fix` writes it.
SAFE_FIXED = '''\
from mcp.server.fastmcp import FastMCP
from mcp.server.fastmcp.exceptions import ToolError

app = FastMCP("demo")


@app.tool()
def book(date: str) -> str:
    if date < "2026":
        raise ToolError("date must be in the future")
    try:
        return open(date).read()
    except Exception:
        raise RuntimeError("Operation failed")
'''

UNSAFE_FIXED = SAFE_FIXED.replace(
    '''    except Exception:
        raise RuntimeError("Operation failed")''',
    '''    except Exception as exc:
        raise RuntimeError(f"Operation failed: {type(exc).__name__}: {exc}")''',
)

MCP001_RANGE = ((10, 8), (10, 92))
MCP002_RANGE = ((14, 8), (14, 46))


def span(diagnostic: types.Diagnostic) -> tuple[tuple[int, int], tuple[int, int]]:
    r = diagnostic.range
    return (r.start.line, r.start.character), (r.end.line, r.end.character)


def found(params: types.PublishDiagnosticsParams) -> list[tuple[str, tuple]]:
    return [(str(d.code), span(d)) for d in params.diagnostics]


def apply(text: str, edit: types.WorkspaceEdit | None) -> str:
    """Apply a workspace edit of one document with pygls's own document model."""
    assert edit is not None
    if edit.document_changes is not None:
        (change,) = edit.document_changes
        assert isinstance(change, types.TextDocumentEdit)
        edits = change.edits
    else:
        assert edit.changes is not None
        ((_, edits),) = edit.changes.items()
    document = TextDocument("file:///x.py", text)
    for e in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        assert isinstance(e, types.TextEdit)
        document.apply_change(types.TextDocumentContentChangePartial(range=e.range, text=e.new_text))
    return document.source


class Editor:
    """A language client with the bookkeeping of an editor: open buffers, versions, published diagnostics."""

    def __init__(self, root: Path, resolve: bool = False) -> None:
        self.root = root
        self.resolve = resolve
        self.client = LanguageClient("mcp-lint-tests", "1")
        self.published: list[types.PublishDiagnosticsParams] = []
        self.messages: list[types.ShowMessageParams] = []
        self.versions: dict[str, int] = {}
        self.arrived = asyncio.Event()

        @self.client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def on_diagnostics(params: types.PublishDiagnosticsParams) -> None:
            self.published.append(params)
            self.arrived.set()

        @self.client.feature(types.WINDOW_SHOW_MESSAGE)
        def on_message(params: types.ShowMessageParams) -> None:
            self.messages.append(params)

    async def start(self, options: Any = None) -> types.InitializeResult:
        await self.client.start_io(sys.executable, "-m", "mcp_lint", "server", cwd=str(self.root))
        capabilities = types.ClientCapabilities(
            workspace=types.WorkspaceClientCapabilities(
                workspace_edit=types.WorkspaceEditClientCapabilities(document_changes=True)
            ),
            text_document=types.TextDocumentClientCapabilities(code_action=types.CodeActionClientCapabilities(
                resolve_support=types.ClientCodeActionResolveOptions(properties=["edit"]) if self.resolve else None
            )),
        )  # fmt: skip
        result = await asyncio.wait_for(
            self.client.initialize_async(types.InitializeParams(
                capabilities=capabilities, root_uri=from_fs_path(str(self.root)), initialization_options=options,
            )),
            TIMEOUT,
        )  # fmt: skip
        self.client.initialized(types.InitializedParams())
        self.initialize_result = result
        return result

    async def stop(self) -> int | None:
        await asyncio.wait_for(self.client.shutdown_async(None), TIMEOUT)
        self.client.exit(None)
        server = self.client._server
        assert server is not None
        await asyncio.wait_for(server.wait(), TIMEOUT)
        await asyncio.wait_for(self.client.stop(), TIMEOUT)
        return server.returncode

    def uri(self, name: str) -> str:
        uri = from_fs_path(str(self.root / name))
        assert uri is not None
        return uri

    def open(self, uri: str, text: str) -> None:
        self.versions[uri] = 1
        item = types.TextDocumentItem(uri=uri, language_id="python", version=1, text=text)
        self.client.text_document_did_open(types.DidOpenTextDocumentParams(item))

    def change(self, uri: str, text: str, range: types.Range | None = None) -> int:
        """Send a change: the whole text, or ``text`` in place of ``range``; return the new version."""
        self.versions[uri] += 1
        change: Any = (
            types.TextDocumentContentChangeWholeDocument(text)
            if range is None
            else types.TextDocumentContentChangePartial(range=range, text=text)
        )
        identifier = types.VersionedTextDocumentIdentifier(version=self.versions[uri], uri=uri)
        self.client.text_document_did_change(types.DidChangeTextDocumentParams(identifier, [change]))
        return self.versions[uri]

    async def diagnostics(
        self, uri: str, version: int | None = None, after: int = 0, where: Callable[[types.PublishDiagnosticsParams], bool] | None = None
    ) -> types.PublishDiagnosticsParams:  # fmt: skip
        """Wait for the first diagnostics of ``uri`` published after the ``after``-th publication (of any buffer)."""

        async def wait() -> types.PublishDiagnosticsParams:
            seen = after
            while True:
                for params in self.published[seen:]:
                    if params.uri == uri and (version is None or params.version == version) and (where is None or where(params)):
                        return params
                seen = len(self.published)
                self.arrived.clear()
                await self.arrived.wait()

        return await asyncio.wait_for(wait(), TIMEOUT)

    async def code_actions(self, uri: str, line: int, only: list[str] | None = None) -> list[types.CodeAction]:
        params = types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri),
            range=types.Range(types.Position(line, 10), types.Position(line, 10)),
            context=types.CodeActionContext(diagnostics=[], only=only),
        )
        actions = await asyncio.wait_for(self.client.text_document_code_action_async(params), TIMEOUT)
        assert actions is not None
        return [a for a in actions if isinstance(a, types.CodeAction)]


def run(
    root: Path, body: Callable[[Editor], Coroutine[Any, Any, None]], options: Any = None, resolve: bool = False
) -> None:  # fmt: skip
    """Start a server in ``root``, run the test's body against it, then shut it down; it must exit with 0."""

    async def main() -> None:
        editor = Editor(root, resolve)
        await editor.start(options)
        try:
            await body(editor)
        finally:
            returncode = await editor.stop()
        assert returncode == 0

    asyncio.run(main())


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "demo"\nversion = "0"\n')
    return tmp_path


def test_diagnostics_of_the_unsaved_buffer_on_open_change_and_save(project: Path) -> None:
    # On disk the file has no finding: the server must check the buffer's text, not the file.
    (project / "server.py").write_text(SAFE_FIXED)

    async def body(editor: Editor) -> None:
        uri = editor.uri("server.py")
        editor.open(uri, SERVER_PY)
        opened = await editor.diagnostics(uri, version=1)
        assert found(opened) == [("MCP001", MCP001_RANGE), ("MCP002", MCP002_RANGE)]
        first = opened.diagnostics[0]
        assert first.source == "mcp-lint"
        assert first.severity == types.DiagnosticSeverity.Warning
        assert first.code_description is not None
        assert first.code_description.href == (
            "https://modelcontextprotocol.io/community/seps/1303-input-validation-errors-as-tool-execution-errors"
        )
        assert first.message.startswith("Input validation error raised as a -32602 protocol error")

        # An incremental change of lines 14-15 adds the exception to the message: MCP002 goes away. Two changes in
        # quick succession: the diagnostics published last are those of the last version.
        line = types.Range(types.Position(13, 4), types.Position(14, 46))
        editor.change(uri, 'except Exception as exc:\n        raise RuntimeError(f"failed: {exc!r}")', line)
        before = len(editor.published)
        version = editor.change(uri, "# a comment\n", types.Range(types.Position(15, 0), types.Position(15, 0)))
        changed = await editor.diagnostics(uri, version=version, after=before)
        assert found(changed) == [("MCP001", MCP001_RANGE)]
        assert all(p.version in (1, 2, 3) for p in editor.published if p.uri == uri)
        versions = [p.version for p in editor.published if p.uri == uri]
        assert versions == sorted(versions)

        before = len(editor.published)
        editor.client.text_document_did_save(types.DidSaveTextDocumentParams(types.TextDocumentIdentifier(uri)))
        saved = await editor.diagnostics(uri, after=before)
        assert found(saved) == [("MCP001", MCP001_RANGE)]

        before = len(editor.published)
        editor.client.text_document_did_close(types.DidCloseTextDocumentParams(types.TextDocumentIdentifier(uri)))
        closed = await editor.diagnostics(uri, after=before)
        assert found(closed) == []

    run(project, body)


def test_diagnostics_of_a_file_whose_path_is_quoted_in_its_uri(tmp_path: Path) -> None:
    # "+" becomes "%2B" in the file URI, and pygls keeps the buffer under the unquoted one: it was never checked.
    project = tmp_path / "owner+server"
    project.mkdir()
    (project / "pyproject.toml").write_text('[project]\nname = "demo"\nversion = "0"\n')
    (project / "server.py").write_text(SERVER_PY)

    async def body(editor: Editor) -> None:
        uri = editor.uri("server.py")
        assert "%2B" in uri
        editor.open(uri, SERVER_PY)
        opened = await editor.diagnostics(uri, version=1)
        assert found(opened) == [("MCP001", MCP001_RANGE), ("MCP002", MCP002_RANGE)]

    run(project, body)


def test_quick_fixes_with_exact_edits(project: Path) -> None:
    async def body(editor: Editor) -> None:
        provider = editor.initialize_result.capabilities.code_action_provider
        assert isinstance(provider, types.CodeActionOptions)
        assert list(provider.code_action_kinds or []) == ["quickfix", "source.fixAll", "source.fixAll.mcp-lint"]
        assert editor.initialize_result.server_info is not None
        assert editor.initialize_result.server_info.name == "mcp-lint"

        uri = editor.uri("server.py")
        editor.open(uri, SERVER_PY)
        await editor.diagnostics(uri, version=1)

        actions = await editor.code_actions(uri, 10)
        assert [(a.title, a.kind, a.is_preferred) for a in actions] == [
            ("mcp-lint (MCP001): Raise ToolError(message) instead", "quickfix", True),
            ("mcp-lint (MCP001): Disable for this line", "quickfix", None),
            ("mcp-lint: Fix all auto-fixable problems", "source.fixAll.mcp-lint", None),
        ]
        fix, noqa = actions[0], actions[1]
        assert fix.diagnostics is not None and [d.code for d in fix.diagnostics] == ["MCP001"]
        assert apply(SERVER_PY, fix.edit) == SAFE_FIXED
        assert fix.edit is not None and fix.edit.document_changes is not None
        change = fix.edit.document_changes[0]
        assert isinstance(change, types.TextDocumentEdit) and change.text_document.version == 1
        assert apply(SERVER_PY, noqa.edit) == SERVER_PY.replace(
            '"date must be in the future"))\n', '"date must be in the future"))  # noqa: MCP001\n'
        )

        unsafe = (await editor.code_actions(uri, 14, only=["quickfix"]))[0]
        assert (unsafe.title, unsafe.is_preferred) == (
            "mcp-lint (MCP002): Include the exception's type and message in the report (unsafe fix)", False
        )
        assert apply(SERVER_PY, unsafe.edit) == SERVER_PY.replace(
            'except Exception:\n        raise RuntimeError("Operation failed")',
            'except Exception as exc:\n        raise RuntimeError(f"Operation failed: {type(exc).__name__}: {exc}")',
        )

        # After the noqa edit is applied in the editor, MCP001 is no longer reported on that line.
        before = len(editor.published)
        version = editor.change(uri, apply(SERVER_PY, noqa.edit))
        published = await editor.diagnostics(uri, version=version, after=before)
        assert found(published) == [("MCP002", MCP002_RANGE)]

    run(project, body)


def test_fix_all_applies_safe_fixes_and_unsafe_ones_when_configured(project: Path) -> None:
    async def body(editor: Editor) -> None:
        uri = editor.uri("server.py")
        editor.open(uri, SERVER_PY)
        await editor.diagnostics(uri, version=1)
        # initializationOptions ask for unsafe fixes too.
        (action,) = await editor.code_actions(uri, 0, only=["source.fixAll"])
        assert action.kind == "source.fixAll.mcp-lint"
        assert apply(SERVER_PY, action.edit) == UNSAFE_FIXED

        # The editor's settings turn them off again: the safe fixes only, whichever kind the editor asks for.
        editor.client.workspace_did_change_configuration(
            types.DidChangeConfigurationParams({"mcp-lint": {"unsafeFixes": False}})
        )
        for only in (["source.fixAll"], ["source.fixAll.mcp-lint"], ["source"]):
            (action,) = await editor.code_actions(uri, 0, only=only)
            assert action.kind == "source.fixAll.mcp-lint"
            assert apply(SERVER_PY, action.edit) == SAFE_FIXED
        assert await editor.code_actions(uri, 0, only=["refactor"]) == []

        # Asked for every kind of action, by a client that resolves them: the fix-all edit comes on resolve.
        (lazy,) = [a for a in await editor.code_actions(uri, 0) if a.kind == "source.fixAll.mcp-lint"]
        assert lazy.edit is None
        resolved = await asyncio.wait_for(editor.client.code_action_resolve_async(lazy), TIMEOUT)
        assert apply(SERVER_PY, resolved.edit) == SAFE_FIXED

        # Nothing left to fix: no fix-all action.
        version = editor.change(uri, SAFE_FIXED)
        await editor.diagnostics(uri, version=version)
        assert await editor.code_actions(uri, 0, only=["source.fixAll"]) == []

    run(project, body, options={"unsafeFixes": True}, resolve=True)


def test_configuration_from_pyproject_and_editor_settings(project: Path) -> None:
    (project / "pyproject.toml").write_text('[tool.mcp-lint]\nignore = ["MCP002"]\nextend-exclude = ["generated/"]\n')

    async def body(editor: Editor) -> None:
        uri = editor.uri("server.py")
        editor.open(uri, SERVER_PY)
        assert found(await editor.diagnostics(uri, version=1)) == [("MCP001", MCP001_RANGE)]
        # An excluded file gets no diagnostics, as with `check --force-exclude`.
        excluded = editor.uri("generated/server.py")
        editor.open(excluded, SERVER_PY)
        assert found(await editor.diagnostics(excluded, version=1)) == []
        before = len(editor.published)
        editor.client.workspace_did_change_configuration(
            types.DidChangeConfigurationParams({"mcp-lint": {"ignore": ["MCP001"], "select": ["NOPE"]}})
        )
        changed = await editor.diagnostics(uri, after=before)
        # The editor's ignore replaces the configuration's; the unknown selector is ignored with a warning.
        assert found(changed) == [("MCP002", MCP002_RANGE)]
        assert [m.message for m in editor.messages] == [
            f"mcp-lint: 'select': unknown rule selector 'NOPE' (known codes: {', '.join(ALL_CODES)}); ignored"
        ]

        # A broken configuration is a diagnostic, not a server error.
        (project / "pyproject.toml").write_text('[tool.mcp-lint]\nselct = ["MCP"]\n')
        before = len(editor.published)
        editor.client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(
            [types.FileEvent(editor.uri("pyproject.toml"), types.FileChangeType.Changed)]
        ))  # fmt: skip
        broken = await editor.diagnostics(uri, after=before)
        assert found(broken) == [("MCP000", ((0, 0), (0, 0)))]
        assert broken.diagnostics[0].message.startswith("configuration error: ")
        assert "unknown key 'selct'" in broken.diagnostics[0].message

    run(project, body)


def test_bad_input_gives_mcp000_and_the_server_keeps_working(project: Path) -> None:
    async def body(editor: Editor) -> None:
        uri = editor.uri("server.py")
        editor.open(uri, SERVER_PY.replace("def book(date: str) -> str:", "def book(date: str) -> str"))
        broken = await editor.diagnostics(uri, version=1)
        assert found(broken) == [("MCP000", ((8, 26), (8, 26)))]  # as `check` reports it: 9:27
        assert broken.diagnostics[0].severity == types.DiagnosticSeverity.Error
        assert broken.diagnostics[0].code_description is None
        assert broken.diagnostics[0].message == "could not parse: expected ':'"
        assert await editor.code_actions(uri, 8) == []

        # Non-ASCII text before a finding: ranges count UTF-16 code units, as LSP's default encoding wants.
        text = SERVER_PY.replace('if date < "2026":', 'if date < "2026":  # 📅').replace(
            '"date must be in the future"', '"📅 date must be in the future"'
        )
        version = editor.change(uri, text)
        fixed = await editor.diagnostics(uri, version=version)
        # "📅 " is 3 UTF-16 code units (2 code points): the end moves from 92 to 95.
        assert found(fixed) == [("MCP001", ((10, 8), (10, 95))), ("MCP002", MCP002_RANGE)]

        # A buffer that is no file is checked on its own.
        untitled = "untitled:Untitled-1"
        editor.open(untitled, SERVER_PY)
        assert found(await editor.diagnostics(untitled, version=1)) == [("MCP001", MCP001_RANGE), ("MCP002", MCP002_RANGE)]

    run(project, body)


def test_project_findings_follow_other_open_buffers_and_files_on_disk(tmp_path: Path) -> None:
    # notes/handlers.py has a finding only because notes/lowlevel.py dispatches tools to its handle_* functions.
    root = tmp_path / "notes_v2"
    shutil.copytree(FIXTURES / "projects" / "notes_v2", root)
    handlers = root / "notes" / "handlers.py"
    lowlevel = root / "notes" / "lowlevel.py"
    original = lowlevel.read_text()
    elsewhere = original.replace('f"handle_{params.name}"', 'f"run_{params.name}"')
    assert elsewhere != original

    async def body(editor: Editor) -> None:
        handlers_uri, lowlevel_uri = editor.uri("notes/handlers.py"), editor.uri("notes/lowlevel.py")
        editor.open(handlers_uri, handlers.read_text())
        assert found(await editor.diagnostics(handlers_uri, version=1)) == [("MCP001", ((6, 8), (6, 69)))]

        # Editing lowlevel.py (unsaved) so that it no longer dispatches to handle_*: handlers.py is checked
        # again with the buffer's text and loses its finding.
        editor.open(lowlevel_uri, original)
        await editor.diagnostics(lowlevel_uri, version=1)
        before = len(editor.published)
        editor.change(lowlevel_uri, elsewhere)
        cleared = await editor.diagnostics(handlers_uri, after=before)
        assert found(cleared) == []

        # Closing lowlevel.py without saving: the project is what is on disk again.
        before = len(editor.published)
        editor.client.text_document_did_close(types.DidCloseTextDocumentParams(types.TextDocumentIdentifier(lowlevel_uri)))
        back = await editor.diagnostics(handlers_uri, after=before, where=lambda p: bool(p.diagnostics))
        assert found(back) == [("MCP001", ((6, 8), (6, 69)))]

        # The same change written to disk by another program, reported by the editor's file watcher.
        lowlevel.write_text(elsewhere)
        before = len(editor.published)
        editor.client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(
            [types.FileEvent(lowlevel_uri, types.FileChangeType.Changed)]
        ))  # fmt: skip
        assert found(await editor.diagnostics(handlers_uri, after=before)) == []

    run(root, body)
