"""Findings kept one top-level function or class at a time (:mod:`mcp_lint.units`): after an edit, the units it cannot
change keep the findings the cache recorded for them, at their new lines, and every other unit is checked again.

Each test marks the recorded findings in the cache (their messages start with ``KEPT``), so that the output tells a
kept finding from one found again; the findings, marks aside, must be what a check without a cache gives.
"""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import FIXTURES
from mcp_lint.cli import main
from mcp_lint.settings import clear_cache

SHOP = '''\
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("shop")
ORDERS: dict[str, dict] = {}


def find_order(order_id: str) -> dict | None:
    return ORDERS.get(order_id)


@mcp.tool()
def get_order(order_id: str) -> dict:
    """Show one order."""
    order = find_order(order_id)
    if order is None:
        raise ValueError(f"No order found with id {order_id}")
    return order


@mcp.tool()
def cancel_order(order_id: str) -> str:
    """Cancel an order."""
    try:
        ORDERS.pop(order_id)
    except Exception:
        return "Operation failed"
    return "cancelled"


@mcp.tool()
def ping() -> str:
    """Say pong."""
    return "pong"
'''


@pytest.fixture()
def shop(tmp_path: Path) -> Path:
    clear_cache()
    (tmp_path / "pyproject.toml").write_text("", encoding="utf-8")
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "shop.py").write_text(SHOP, encoding="utf-8")
    yield tmp_path
    clear_cache()


def check(root: Path, *args: str) -> list[str]:
    """The concise findings of a check of ``root/src`` (with the cache in ``root/cache`` unless told otherwise)."""
    result = CliRunner().invoke(
        main,
        ["check", "--jobs", "1", "--cache-dir", str(root / "cache"), "--output-format", "concise", "--exit-zero",
         *args, str(root / "src")],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    prefix = str(root) + "/"
    return [line.removeprefix(prefix) for line in result.output.splitlines() if line.startswith(prefix)]


def fresh(root: Path) -> list[str]:
    return check(root, "--no-cache")


def mark_kept(root: Path) -> None:
    """Prefix the message of every finding recorded for a unit with ``KEPT``."""
    (index,) = (root / "cache").rglob("results.json")
    entries = json.loads(index.read_text(encoding="utf-8"))
    for entry in entries.values():
        for found in entry.get("units", {}).values():
            for diagnostic in found:
                diagnostic["message"] = "KEPT " + diagnostic["message"]
    index.write_text(json.dumps(entries), encoding="utf-8")


def edit(root: Path, old: str, new: str) -> None:
    shop = root / "src" / "shop.py"
    text = shop.read_text(encoding="utf-8")
    assert old in text
    shop.write_text(text.replace(old, new, 1), encoding="utf-8")


def kept(lines: list[str]) -> list[str]:
    return [line.split(" ")[0] + " " + line.split(" ")[1] for line in lines if " KEPT " in line]


def unmarked(lines: list[str]) -> list[str]:
    return [line.replace(" KEPT ", " ") for line in lines]


#: Edits, and the findings that keep their recorded (marked) messages after each.
EDITS = {
    # get_order's MCP003 goes with the edit ("is gone" is no absence phrase); cancel_order's findings are kept.
    "an edited tool is checked again": (
        'raise ValueError(f"No order found with id {order_id}")', 'raise ValueError(f"Order {order_id} is gone")',
        ["src/shop.py:26:9: MCP002", "src/shop.py:26:9: MCP005"],
    ),
    # get_order reads find_order: its finding is found again; cancel_order reads nothing of it.
    "a helper's readers are checked again": (
        "return ORDERS.get(order_id)", "return ORDERS.get(order_id.strip())",
        ["src/shop.py:26:9: MCP002", "src/shop.py:26:9: MCP005"],
    ),
    # ping leads to no other unit, and none to it: only ping is checked again.
    "a unit nothing reads": (
        '    return "pong"', '    return "pong!"',
        ["src/shop.py:16:9: MCP003", "src/shop.py:26:9: MCP002", "src/shop.py:26:9: MCP005"],
    ),
    "lines added above move the kept findings": (
        'mcp = FastMCP("shop")\n', 'mcp = FastMCP("shop")\n# The shop\'s tools.\n\n\n',
        ["src/shop.py:19:9: MCP003", "src/shop.py:29:9: MCP002", "src/shop.py:29:9: MCP005"],
    ),
    "a change to the module's statements checks every unit again": (
        "ORDERS: dict[str, dict] = {}", "ORDERS: dict[str, dict] = {'A-1': {}}", [],
    ),
    # The comment is between statements: every unit keeps its findings, and the comment suppresses MCP005 in them.
    "a noqa comment added outside the kept units": (
        "ORDERS: dict[str, dict] = {}\n", "ORDERS: dict[str, dict] = {}\n# mcp-lint: noqa: MCP005\n",
        ["src/shop.py:17:9: MCP003", "src/shop.py:27:9: MCP002"],
    ),
}  # fmt: skip


@pytest.mark.parametrize(("old", "new", "kept_findings"), EDITS.values(), ids=EDITS.keys())
def test_after_an_edit_the_units_it_cannot_change_keep_their_findings(
    shop: Path, old: str, new: str, kept_findings: list[str]
) -> None:
    assert check(shop) == fresh(shop)
    mark_kept(shop)
    edit(shop, old, new)
    again = check(shop)
    assert unmarked(again) == fresh(shop)
    assert kept(again) == kept_findings


def test_json_output_describes_fixes_from_a_whole_check(shop: Path) -> None:
    check(shop)
    mark_kept(shop)
    edit(shop, '    return "pong"', '    return "pong!"')
    result = CliRunner().invoke(
        main, ["check", "--jobs", "1", "--cache-dir", str(shop / "cache"), "--output-format", "json", str(shop / "src")]
    )
    assert "KEPT" not in result.output and '"MCP003"' in result.output


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_forgetting_any_units_gives_the_same_findings(tmp_path: Path, seed: int) -> None:
    """Every fixture project, with the file-level results forgotten and a random part of the units' too: the units
    checked again, with the others left out of the parse and the walk, find what the whole check found."""
    clear_cache()
    shutil.copytree(FIXTURES / "projects", tmp_path / "src")
    shutil.copytree(FIXTURES, tmp_path / "src" / "single", ignore=shutil.ignore_patterns("projects", "*.fixed.py"))
    (tmp_path / "pyproject.toml").write_text("", encoding="utf-8")
    cold = check(tmp_path)
    assert len(cold) > 100
    (index,) = (tmp_path / "cache").rglob("results.json")
    entries = json.loads(index.read_text(encoding="utf-8"))
    chance = random.Random(seed)
    units = 0
    for entry in entries.values():
        entry["key"] = "changed"
        for key in list(entry.get("units", {})):
            units += 1
            if chance.random() < 0.5:
                del entry["units"][key]
    assert units > 100
    index.write_text(json.dumps(entries), encoding="utf-8")
    assert check(tmp_path) == cold
    clear_cache()
