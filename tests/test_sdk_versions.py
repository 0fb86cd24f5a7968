"""SDK versions: every source of version information, target-sdk, the cache key, and version-dependent fixes."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner
from packaging.version import Version

from mcp_lint.cli import main
from mcp_lint.fixer import fix_source
from mcp_lint.frameworks import Framework
from mcp_lint.frameworks.versions import detect, poetry_specifier, sdk_for
from mcp_lint.rules import ALL_RULES
from mcp_lint.runner import check_one
from mcp_lint.settings import ConfigError, clear_cache, find_settings

V1_LOWLEVEL = '''\
import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError

server = Server("weather")


@server.call_tool()
async def call_tool(name: str, arguments: dict) -> list[types.TextContent]:
    if name == "forecast":
        if "city" not in arguments:
            raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message="city is required"))
        return [types.TextContent(type="text", text="sunny")]
    raise ValueError(f"Unknown tool: {name}")
'''


def project(tmp_path: Path, files: dict[str, str], server: str = V1_LOWLEVEL) -> Path:
    for name, text in files.items():
        target = tmp_path / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(textwrap.dedent(text), encoding="utf-8")
    path = tmp_path / "server.py"
    path.write_text(server, encoding="utf-8")
    clear_cache()
    return path


def describe(tmp_path: Path) -> str:
    return detect(str(tmp_path)).describe()


def mcp_range(tmp_path: Path, framework: Framework = Framework.MCP_V1_LOWLEVEL) -> tuple[Version, Version]:
    runtimes = sdk_for(str(tmp_path / "server.py")).runtimes(framework)
    return runtimes[0].mcp, runtimes[-1].mcp


# --- sources -------------------------------------------------------------------------------------------------


def test_pyproject_project_dependencies_and_optional_and_groups(tmp_path: Path) -> None:
    project(tmp_path, {"pyproject.toml": """
        [project]
        name = "x"
        dependencies = ["mcp[cli]>=1.6,<2", "httpx"]
        [project.optional-dependencies]
        extra = ["mcp>=1.8"]
        [dependency-groups]
        dev = ["mcp<1.12", {include-group = "other"}]
    """})  # fmt: skip
    assert describe(tmp_path) == "mcp<1.12,<2,>=1.6,>=1.8 (pyproject.toml)"
    assert mcp_range(tmp_path) == (Version("1.8.0"), Version("1.11.0"))


def test_poetry_dependencies_and_groups(tmp_path: Path) -> None:
    project(tmp_path, {"pyproject.toml": """
        [tool.poetry.dependencies]
        python = "^3.10"
        mcp = {version = "^1.9", extras = ["cli"]}
        [tool.poetry.group.dev.dependencies]
        fastmcp = "~2.3"
    """})  # fmt: skip
    assert describe(tmp_path) == "mcp<2,>=1.9 (pyproject.toml); fastmcp<2.4,>=2.3 (pyproject.toml)"


def test_poetry_constraint_translation() -> None:
    assert str(poetry_specifier("^1.2.3")) == "<2,>=1.2.3"
    assert str(poetry_specifier("^0.2.3")) == "<0.3,>=0.2.3"
    assert str(poetry_specifier("~1.2")) == "<1.3,>=1.2"
    assert str(poetry_specifier("~1")) == "<2,>=1"
    assert str(poetry_specifier("1.6.0")) == "==1.6.0"
    assert str(poetry_specifier(">=1.2, <2")) == "<2,>=1.2"
    assert str(poetry_specifier("*")) == ""
    assert poetry_specifier("^1 || ^2") is None


def test_uv_tables(tmp_path: Path) -> None:
    project(tmp_path, {"pyproject.toml": """
        [project]
        name = "x"
        dependencies = ["mcp"]
        [tool.uv]
        dev-dependencies = ["mcp>=1.10"]
        constraint-dependencies = ["mcp<1.15"]
    """})  # fmt: skip
    assert describe(tmp_path) == "mcp<1.15,>=1.10 (pyproject.toml)"


def test_requirements_files(tmp_path: Path) -> None:
    project(tmp_path, {
        "setup.py": "",
        "requirements.txt": "# pinned\nmcp==1.6.0  # the server's SDK\n-r requirements-dev.txt\n",
        "requirements/extra.txt": "fastmcp>=2.5\n",
    })  # fmt: skip
    assert describe(tmp_path) == "mcp==1.6.0 (requirements.txt); fastmcp>=2.5 (requirements/extra.txt)"
    assert mcp_range(tmp_path) == (Version("1.6.0"), Version("1.6.0"))


def test_setup_cfg(tmp_path: Path) -> None:
    project(tmp_path, {"setup.cfg": "[options]\ninstall_requires =\n    mcp>=1.19\n    pydantic\n"})
    assert describe(tmp_path) == "mcp>=1.19 (setup.cfg)"


def test_uv_lock_wins_over_ranges(tmp_path: Path) -> None:
    project(tmp_path, {
        "pyproject.toml": '[project]\nname = "x"\ndependencies = ["mcp>=1.0"]\n',
        "uv.lock": 'version = 1\n[[package]]\nname = "mcp"\nversion = "1.9.4"\n[[package]]\nname = "anyio"\nversion = "4.0"\n',
    })  # fmt: skip
    assert describe(tmp_path) == "mcp==1.9.4 (pyproject.toml, uv.lock)"
    assert mcp_range(tmp_path) == (Version("1.9.4"), Version("1.9.4"))


def test_poetry_lock(tmp_path: Path) -> None:
    project(tmp_path, {
        "pyproject.toml": '[tool.poetry.dependencies]\nfastmcp = "^2.0"\n',
        "poetry.lock": '[[package]]\nname = "fastmcp"\nversion = "2.14.7"\n[[package]]\nname = "MCP"\nversion = "1.30.0"\n',
    })  # fmt: skip
    assert describe(tmp_path) == "mcp==1.30.0 (poetry.lock); fastmcp==2.14.7 (pyproject.toml, poetry.lock)"
    runtimes = sdk_for(str(tmp_path / "server.py")).runtimes(Framework.FASTMCP)
    assert {(str(r.mcp), str(r.fastmcp)) for r in runtimes} == {("1.30.0", "2.14.7")}


def test_imports_fix_the_line(tmp_path: Path) -> None:
    project(tmp_path, {"requirements.txt": "mcp>=1.20\n", "setup.py": ""})
    assert mcp_range(tmp_path, Framework.MCP_V1_FASTMCP) == (Version("1.20.0"), Version("1.59.0"))
    assert mcp_range(tmp_path, Framework.MCP_V2_MCPSERVER)[0] == Version("2.0.0")
    # fastmcp 4 runs on mcp v2, fastmcp 2/3 on mcp v1.
    project(tmp_path, {"requirements.txt": "fastmcp>=4\n"})
    runtimes = sdk_for(str(tmp_path / "server.py")).runtimes(Framework.FASTMCP)
    assert all(r.mcp >= Version("2") and r.fastmcp >= Version("4") for r in runtimes)


def test_nested_project_without_pins_uses_the_enclosing_pins(tmp_path: Path) -> None:
    project(tmp_path, {"requirements.txt": "mcp==1.9.4\n", "setup.py": "", "pkg/setup.py": "# a module, not a build script\n"})
    assert sdk_for(str(tmp_path / "pkg" / "server.py")).describe() == "mcp==1.9.4 (requirements.txt)"


def test_no_pins_means_every_release(tmp_path: Path) -> None:
    project(tmp_path, {"setup.py": ""})
    assert describe(tmp_path) == "no pins found"
    assert mcp_range(tmp_path) == (Version("1.0.0"), Version("1.59.0"))


def test_a_requirement_without_a_version_pins_nothing(tmp_path: Path) -> None:
    project(tmp_path, {"requirements.txt": "mcp\nfastmcp[cli]\n", "setup.py": ""})
    assert describe(tmp_path) == "no pins found"
    assert mcp_range(tmp_path) == (Version("1.0.0"), Version("1.59.0"))


# --- target-sdk ----------------------------------------------------------------------------------------------


def test_target_sdk_overrides_detection(tmp_path: Path) -> None:
    path = project(tmp_path, {
        "pyproject.toml": '[project]\nname = "x"\ndependencies = ["mcp==1.6.0"]\n[tool.mcp-lint]\ntarget-sdk = "mcp>=1.20,<2"\n',
    })  # fmt: skip
    settings = find_settings(path)
    assert settings.target_sdk == ("mcp>=1.20,<2",)
    assert sdk_for(str(path), settings.target_sdk).describe() == "mcp<2,>=1.20 (target-sdk)"
    fixed = fix_source(path.read_bytes(), path, ALL_RULES, options=settings.options).fixed.decode()
    assert 'return CallToolResult(isError=True, content=[TextContent(type="text", text="city is required")])' in fixed


@pytest.mark.parametrize(
    ("value", "error"),
    [
        ('"mcp>>1"', "'target-sdk': invalid requirement 'mcp>>1'"),
        ('["requests>=2"]', "'target-sdk': 'requests>=2' is not a requirement on mcp or fastmcp"),
        ("3", "'target-sdk' must be a requirement string or a list of them"),
    ],
)
def test_bad_target_sdk_is_a_config_error(tmp_path: Path, value: str, error: str) -> None:
    path = project(tmp_path, {"pyproject.toml": f"[tool.mcp-lint]\ntarget-sdk = {value}\n"})
    with pytest.raises(ConfigError, match=error.replace("(", r"\(").replace("[", r"\[")):
        find_settings(path)
    result = CliRunner().invoke(main, ["check", "--no-cache", str(path)])
    assert result.exit_code == 2
    assert error in result.output
    assert "Traceback" not in result.output


def test_target_sdk_list_of_both_packages(tmp_path: Path) -> None:
    path = project(tmp_path, {"pyproject.toml": '[tool.mcp-lint]\ntarget-sdk = ["fastmcp>=4", "mcp>=2"]\n'})
    assert sdk_for(str(path), find_settings(path).target_sdk).describe() == "mcp>=2 (target-sdk); fastmcp>=4 (target-sdk)"


# --- cache key -----------------------------------------------------------------------------------------------


def test_changed_pins_invalidate_the_cached_result(tmp_path: Path) -> None:
    path = project(tmp_path, {"requirements.txt": "mcp==1.6.0\n", "setup.py": ""})
    cache = tmp_path / "cache"
    run = ["check", "--cache-dir", str(cache), "--output-format", "concise", str(path)]
    first = CliRunner().invoke(main, run).output
    assert "raise ValueError instead" in first and "(pins: mcp==1.6.0 (requirements.txt))" in first
    (tmp_path / "requirements.txt").write_text("mcp==1.20.0\n", encoding="utf-8")
    second = CliRunner().invoke(main, run).output
    assert "return CallToolResult(isError=True" in second and "raise ValueError" not in second
    (tmp_path / "pyproject.toml").write_text('[tool.mcp-lint]\ntarget-sdk = "mcp==1.6.0"\n', encoding="utf-8")
    clear_cache()
    third = CliRunner().invoke(main, run).output
    assert "(pins: mcp==1.6.0 (target-sdk))" in third


# --- version-dependent fixes ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("pins", "line"),
    [
        ("mcp==1.6.0\n", '            raise ValueError("city is required")'),
        ("mcp>=1.18,<2\n", '            raise ValueError("city is required")'),
        ("mcp>=1.19,<2\n", '            return CallToolResult(isError=True, content=[TextContent(type="text", text="city is required")])'),
    ],
)
def test_mcp001_lowlevel_v1_fix_follows_the_pins(tmp_path: Path, pins: str, line: str) -> None:
    path = project(tmp_path, {"requirements.txt": pins, "setup.py": ""})
    fixed = fix_source(path.read_bytes(), path, ALL_RULES).fixed.decode().splitlines()
    assert line in fixed
    assert not any("McpError" in text for text in fixed)
    (diagnostic,) = check_one(path, find_settings(path)).diagnostics
    assert diagnostic.row == 12 and diagnostic.code == "MCP001"


MCP005_LOWLEVEL = '''\
import mcp.types as types
from mcp.server.lowlevel import Server

server = Server("alerts")


@server.call_tool()
async def call_tool(name: str, arguments: dict) -> list[types.TextContent]:
    try:
        return [types.TextContent(type="text", text=send(arguments["to"]))]
    except OSError as exc:
        return [types.TextContent(type="text", text=f"Error: the alert was not sent ({exc})")]
'''


@pytest.mark.parametrize(
    ("pins", "line"),
    [
        ("", '        raise ValueError(f"Error: the alert was not sent ({exc})")'),
        ("mcp>=1.19,<2\n", '        return CallToolResult(isError=True, content=[TextContent(type="text", text=f"Error: the alert was not sent ({exc})")])'),
    ],
)
def test_mcp005_lowlevel_v1_fix_follows_the_pins(tmp_path: Path, pins: str, line: str) -> None:
    path = project(tmp_path, {"requirements.txt": pins, "setup.py": ""}, MCP005_LOWLEVEL)
    (diagnostic,) = check_one(path, find_settings(path)).diagnostics
    assert (diagnostic.code, diagnostic.row) == ("MCP005", 12)
    assert line in fix_source(path.read_bytes(), path, ALL_RULES, unsafe=True).fixed.decode().splitlines()


MCP006_SERVER = '''\
from mcp.server.fastmcp import FastMCP
from mcp.types import CallToolResult, TextContent

app = FastMCP("files")


@app.tool()
def read_file(path: str) -> CallToolResult:
    return CallToolResult(is_error=True, content=[TextContent(type="text", text="no")])
'''


def test_mcp006_only_where_the_pins_allow_v1(tmp_path: Path) -> None:
    path = project(tmp_path, {"requirements.txt": "fastmcp>=4\n", "setup.py": ""}, MCP006_SERVER.replace(
        "from mcp.server.fastmcp import FastMCP", "from fastmcp import FastMCP"))  # fmt: skip
    assert [d.code for d in check_one(path, find_settings(path)).diagnostics] == []
    path = project(tmp_path, {"requirements.txt": "fastmcp>=2,<4\n"}, MCP006_SERVER.replace(
        "from mcp.server.fastmcp import FastMCP", "from fastmcp import FastMCP"))  # fmt: skip
    found = check_one(path, find_settings(path)).diagnostics
    assert [(d.code, d.row, d.column) for d in found] == [("MCP006", 9, 27)]


@pytest.mark.parametrize(
    ("pins", "codes"),
    [("mcp>=1.19,<2\n", []), ("mcp>=1.10,<2\n", ["MCP008"]), ("", ["MCP008"])],
)
def test_mcp008_on_v1_fastmcp_follows_the_pins(tmp_path: Path, pins: str, codes: list[str]) -> None:
    server = MCP006_SERVER.replace("is_error=True", "isError=True")
    path = project(tmp_path, {"requirements.txt": pins, "setup.py": ""}, server)
    assert [d.code for d in check_one(path, find_settings(path)).diagnostics] == codes
    path.write_text(server.replace("-> CallToolResult", "-> str"), encoding="utf-8")
    (diagnostic,) = check_one(path, find_settings(path)).diagnostics
    assert "sends the -> str validation error" in diagnostic.message


MCP011_SERVER = '''\
from fastmcp import FastMCP
from fastmcp.exceptions import McpError
from mcp.types import INTERNAL_ERROR, ErrorData

mcp = FastMCP("search")


@mcp.tool()
def search(query: str) -> str:
    if not query:
        raise McpError(ErrorData(code=INTERNAL_ERROR, message="query is empty"))
    raise McpError(INTERNAL_ERROR, "query too long")
'''


@pytest.mark.parametrize(
    ("pins", "row", "fixed"),
    [
        ("fastmcp>=4\n", 11, '        raise McpError.from_error_data(ErrorData(code=INTERNAL_ERROR, message="query is empty"))'),
        ("fastmcp>=2,<3\n", 12, '    raise McpError(ErrorData(code=INTERNAL_ERROR, message="query too long"))'),
    ],
)
def test_mcp011_fix_is_the_pinned_lines_constructor(tmp_path: Path, pins: str, row: int, fixed: str) -> None:
    path = project(tmp_path, {"requirements.txt": pins, "setup.py": ""}, MCP011_SERVER)
    # MCP009 reports the same raise (an execution failure sent as a protocol error); only MCP011's fix is asked here
    (diagnostic,) = [d for d in check_one(path, find_settings(path)).diagnostics if d.code == "MCP011"]
    assert (diagnostic.code, diagnostic.row) == ("MCP011", row)
    only = [rule for rule in ALL_RULES if rule.code == "MCP011"]
    assert fix_source(path.read_bytes(), path, only).fixed.decode().splitlines()[row - 1] == fixed


def test_locked_versions_parse_only_the_sdk_tables_and_agree_with_a_whole_parse() -> None:
    import tomllib

    from mcp_lint.frameworks.versions import _lock, locked_versions

    lock = (
        'version = 1\nrequires-python = ">=3.10"\n\n'
        '[[package]]\nname = "anyio"\nversion = "4.4.0"\nsource = { registry = "https://pypi.org/simple" }\n'
        'dependencies = [\n    { name = "idna" },\n]\n\n[package.optional-dependencies]\ntrio = [\n    { name = "trio" },\n]\n\n'
        '[[package]]\nname = "MCP"\nversion = "1.9.4"\nsource = { registry = "https://pypi.org/simple" }\n'
        'dependencies = [\n    { name = "anyio" },\n]\n\n[[package.wheels]]\nurl = "https://example.org/mcp.whl"\n\n'
        '[[package]]\nname = "fastmcp"\nversion = "2.14.7"\n'
    )
    expected = [("mcp", Version("1.9.4")), ("fastmcp", Version("2.14.7"))]
    assert list(_lock(tomllib.loads(lock))) == expected
    assert locked_versions(lock) == expected
    assert locked_versions(lock.replace("\n", "\r\n")) == expected
    # Laid out otherwise (the name not first): the whole file is parsed, with the same answer.
    reordered = lock.replace('name = "fastmcp"\nversion = "2.14.7"\n', 'version = "2.14.7"\nname = "fastmcp"\n')
    assert locked_versions(reordered) == expected
    assert locked_versions("not toml [[") == []


MIDDLEWARE_SERVER = '''\
from fastmcp import FastMCP
from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware

mcp = FastMCP("items")
mcp.add_middleware(ErrorHandlingMiddleware())
'''


@pytest.mark.parametrize(
    ("pins", "found"),
    [
        ("fastmcp>=3.4.4,<3.5.0\n", []),  # fastmcp 3 runs on mcp v1: the transformed error stays isError
        ("fastmcp>=2\nmcp<2\n", []),
        ("fastmcp>=3,<5\n", [("MCP001", 5, 20)]),
        ("", [("MCP001", 5, 20)]),
    ],
)
def test_mcp001_error_middleware_only_where_the_pins_allow_fastmcp_4(
    tmp_path: Path, pins: str, found: list[tuple[str, int, int]]
) -> None:
    path = project(tmp_path, {"requirements.txt": pins, "setup.py": ""}, MIDDLEWARE_SERVER)
    assert [(d.code, d.row, d.column) for d in check_one(path, find_settings(path)).diagnostics] == found
