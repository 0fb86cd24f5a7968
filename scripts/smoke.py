"""Corpus smoke run: check and fix a copy of any tree, and verify that nothing breaks.

    python scripts/smoke.py PATH [--unsafe-fixes] [--keep DIR]

It copies the tree's Python files to a temporary directory, runs ``mcp-lint check`` and then
``mcp-lint fix`` there through the real command line, and asserts that nothing crashed, that every fixed
file compiles, that a re-check reports none of the fixed codes, and that a second ``fix`` changes nothing.
It ends with one line: ``files, findings, fixes, crashes, non-idempotent``. The tree itself is never written.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

SKIP = {".git", ".venv", "venv", "node_modules", "__pycache__", ".tox", ".mcp_lint_cache"}


def copy_tree(source: Path, target: Path) -> int:
    """Copy the .py files of ``source`` into ``target``; return how many."""
    count = 0
    for dirpath, dirnames, filenames in os.walk(source):
        dirnames[:] = [d for d in dirnames if d not in SKIP]
        for name in filenames:
            if name.endswith(".py"):
                src = Path(dirpath) / name
                if src.is_symlink():
                    continue
                dst = target / src.relative_to(source)
                dst.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(src, dst)
                count += 1
    return count


def mcp_lint(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run the real command line of the installed mcp-lint.

    It runs in ``cwd`` (the copy), never in the working directory: ``python -m`` puts the working directory
    first on ``sys.path``, and in a checkout that is the source tree, which lacks ``mcp_lint.rules``.
    """
    return subprocess.run(
        [sys.executable, "-m", "mcp_lint", *args], capture_output=True, text=True, check=False, cwd=cwd
    )  # fmt: skip


def fixed_count(output: str) -> int | None:
    """The N of the closing ``Fixed N errors (...)`` line of ``fix``, or None when there is none."""
    match = re.search(r"^Fixed (\d+) errors? \(", output, re.M)
    return int(match.group(1)) if match else None


def findings(tree: Path) -> list[dict]:
    """JSON records of ``check`` over a tree (crash: exit code above 2, or no JSON)."""
    proc = mcp_lint("check", "--no-cache", "--no-respect-gitignore", "--output-format", "json", str(tree), cwd=tree)
    if proc.returncode not in (0, 1, 2):
        raise RuntimeError(f"check crashed ({proc.returncode}): {proc.stderr[-2000:]}")
    return json.loads(proc.stdout)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("path", type=Path)
    parser.add_argument("--unsafe-fixes", action="store_true", help="apply unsafe fixes too")
    parser.add_argument("--keep", type=Path, help="fix into this directory and keep it")
    args = parser.parse_args()
    work = (args.keep or Path(tempfile.mkdtemp(prefix="mcp-lint-smoke-"))).resolve()
    work.mkdir(parents=True, exist_ok=True)
    crashes = non_idempotent = 0
    problems: list[str] = []
    try:
        files = copy_tree(args.path.resolve(), work)
        try:
            before = findings(work)
        except (RuntimeError, ValueError) as exc:
            crashes += 1
            problems.append(f"check: {exc}")
            before = []
        fix_args = ["fix", "--no-cache", "--no-respect-gitignore", *(["--unsafe-fixes"] if args.unsafe_fixes else [])]
        first = mcp_lint(*fix_args, str(work), cwd=work)
        if first.returncode not in (0, 1) or "Traceback" in first.stderr:
            crashes += 1
            problems.append(f"fix crashed ({first.returncode}): {first.stderr[-2000:]} {first.stdout[-2000:]}")
        fixed = fixed_count(first.stdout) or 0
        fixed_codes = {(r["filename"], r["code"]) for r in before if r["fix"] and (args.unsafe_fixes or r["fix"]["applicability"] == "safe")}
        for filename in sorted({name for name, _ in fixed_codes}):
            try:
                compile(Path(filename).read_bytes(), filename, "exec")
            except SyntaxError as exc:
                crashes += 1
                problems.append(f"{filename}: fixed file does not compile: {exc}")
        after = findings(work)
        for record in after:
            if record["fix"] and (args.unsafe_fixes or record["fix"]["applicability"] == "safe"):
                problems.append(f"{record['filename']}:{record['location']['row']}: {record['code']} still fixable after fix")
                non_idempotent += 1
        second = mcp_lint(*fix_args, str(work), cwd=work)
        if fixed_count(second.stdout) != 0:
            non_idempotent += 1
            problems.append(f"second fix changed something: {second.stdout.strip().splitlines()[-1:]}")
        for problem in problems:
            print(problem)
        print(f"files {files}, findings {len(before)}, fixes {fixed}, crashes {crashes}, non-idempotent {non_idempotent}")
        return 1 if crashes or non_idempotent else 0
    finally:
        if args.keep is None:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
