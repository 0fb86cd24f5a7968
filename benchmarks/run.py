"""Benchmark mcp-lint against flake8-bugbear, plain flake8 and a bare ``ast.parse`` loop, on any tree.

    python benchmarks/run.py PATH [--runs 5]
    python benchmarks/run.py --synthetic 1000000 [--keep DIR]

It measures ``mcp-lint check`` with a cold cache, a warm cache, and after one file is edited (a trailing comment
toggled in the largest module that registers tools, before each run), ``fix --diff``, and ``flake8 --select MCP``
with the plugin's cache emptied before each run and kept from the run before.
For each command it does one warm-up run, then ``--runs`` timed runs, and prints the lines and files, the
median wall time, lines per second and the peak RSS of the largest process, then the ratios measured in the
same run. The peers run from their own virtual environments (made once in ``benchmarks/.venvs``): plain
flake8, and flake8 with flake8-bugbear. ``--synthetic N`` first writes a tree of about N lines built from the
project's own fixtures (one file in five defines MCP tools, as in the real servers we measured), so the
benchmark needs no network beyond PyPI for the peers. This is a measurement, not a test: nothing here asserts.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import venv
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
VENVS = HERE / ".venvs"
PEERS = {"plain": ["flake8"], "bugbear": ["flake8", "flake8-bugbear"]}

# Runs a command and prints the peak RSS (KiB) of its largest descendant process.
_RSS_WRAPPER = (
    "import resource, subprocess, sys\n"
    "code = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode\n"
    "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, code)\n"
)

# The floor: read and ast.parse every file, in one process.
_AST_LOOP = (
    "import ast, sys\n"
    "for name in open(sys.argv[1], encoding='utf-8').read().splitlines():\n"
    "    try:\n"
    "        ast.parse(open(name, 'rb').read())\n"
    "    except (SyntaxError, ValueError):\n"
    "        pass\n"
)


def peer_python(name: str) -> Path:
    """Make (once) and return the virtual environment of a peer; one whose install did not finish (a marker file
    is written last) is made again."""
    env = VENVS / name
    python = env / "bin" / "python"
    done = env / ".installed"
    if not done.exists():
        shutil.rmtree(env, ignore_errors=True)
        venv.create(env, with_pip=True)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", *PEERS[name]], check=True)
        done.write_text(" ".join(PEERS[name]))
    return python


def python_files(tree: Path) -> list[Path]:
    """Every .py file below ``tree``, skipping VCS folders and virtual environments."""
    skip = {".git", ".venv", "venv", "__pycache__", ".tox", "node_modules", ".mcp_lint_cache"}
    found = []
    for dirpath, dirnames, filenames in os.walk(tree):
        dirnames[:] = [d for d in dirnames if d not in skip]
        found.extend(Path(dirpath) / f for f in filenames if f.endswith(".py"))
    return sorted(found)


def count_lines(files: list[Path]) -> int:
    """Physical lines in all files."""
    return sum(f.read_bytes().count(b"\n") for f in files)


def synthesize(lines: int, out: Path) -> None:
    """Write a tree of about ``lines`` lines from the fixtures: one MCP file in five, the rest plain modules."""
    mcp_sources = [p.read_text(encoding="utf-8") for p in sorted((ROOT / "tests" / "fixtures").glob("*.py"))
                   if not p.name.endswith(".fixed.py") and "import" in p.read_text(encoding="utf-8")]
    mcp_sources += [p.read_text(encoding="utf-8") for p in sorted((ROOT / "examples").glob("*.py"))]
    plain_sources = [p.read_text(encoding="utf-8") for p in sorted((ROOT / "mcp_lint").rglob("*.py"))]
    written = index = 0
    while written < lines:
        package = out / f"pkg{index // 50:04d}"
        package.mkdir(parents=True, exist_ok=True)
        if index % 5 == 0:
            text = mcp_sources[(index // 5) % len(mcp_sources)]
        else:
            # Plain modules: the project's own sources, which import no MCP framework.
            text = plain_sources[index % len(plain_sources)].replace("import mcp_lint", "import mcp_lint_copy")
            text = text.replace("from mcp_lint", "from mcp_lint_copy")
        (package / f"module{index:06d}.py").write_text(text, encoding="utf-8")
        written += text.count("\n")
        index += 1


#: Toggles a trailing comment in one file, so that each run after it sees that file edited.
_EDIT = (
    "import sys\n"
    "path = sys.argv[1]\n"
    "data = open(path, 'rb').read()\n"
    "mark = b'# mcp-lint benchmark edit\\n'\n"
    "data = data[: -len(mark)] if data.endswith(mark) else data + (b'' if data.endswith(b'\\n') else b'\\n') + mark\n"
    "open(path, 'wb').write(data)\n"
)


def edited_file(files: list[Path]) -> Path:
    """The file the one-file-edit run changes: the largest module that registers tools (editing a server module
    re-links its whole project), else the largest file."""
    servers = [f for f in files if b".tool(" in f.read_bytes() or b"call_tool" in f.read_bytes()]
    return max(servers or files, key=lambda f: f.stat().st_size)


def measure(
    command: list[str], runs: int, cwd: Path, before: list[str] | None = None, env: dict[str, str] | None = None,
) -> dict[str, float]:  # fmt: skip
    """Median wall time and peak RSS over ``runs`` runs after one warm-up; ``before`` runs before each; ``env``
    is added to the environment."""
    times, peaks, codes = [], [], set()
    for i in range(runs + 1):
        if before:
            subprocess.run(before, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        start = time.perf_counter()
        proc = subprocess.run(
            [sys.executable, "-c", _RSS_WRAPPER, *command], cwd=cwd, capture_output=True, text=True,
            env={**os.environ, **(env or {})},
        )  # fmt: skip
        elapsed = time.perf_counter() - start
        rss, code = proc.stdout.split()
        if i:  # the first run is the warm-up
            times.append(elapsed)
            peaks.append(int(rss) / 1024)
            codes.add(int(code))
    return {"seconds": statistics.median(times), "rss_mb": max(peaks), "exit": sorted(codes)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("path", nargs="?", type=Path, help="the tree to measure")
    parser.add_argument("--runs", type=int, default=3, help="timed runs per command (after one warm-up)")
    parser.add_argument("--jobs", type=int, default=None, help="processes for mcp-lint and flake8 [default: all cores]")
    parser.add_argument("--synthetic", type=int, metavar="LINES", help="measure a generated tree of about LINES lines")
    parser.add_argument("--keep", type=Path, help="where to write the synthetic tree (kept afterwards)")
    parser.add_argument("--json", action="store_true", help="also print the figures as JSON")
    args = parser.parse_args()
    if (args.path is None) == (args.synthetic is None):
        parser.error("give a PATH or --synthetic LINES")
    scratch = Path(tempfile.mkdtemp(prefix="mcp-lint-bench-"))
    try:
        tree = args.path
        if args.synthetic is not None:
            tree = args.keep or scratch / "tree"
            synthesize(args.synthetic, tree)
        tree = tree.resolve()
        files = python_files(tree)
        lines = count_lines(files)
        listing = scratch / "files.txt"
        listing.write_text("\n".join(map(str, files)), encoding="utf-8")
        jobs = str(args.jobs or len(os.sched_getaffinity(0)))
        cache = scratch / "cache"
        flake8_cache = scratch / "flake8-cache"
        mcp_lint = [sys.executable, "-m", "mcp_lint"]
        edited = edited_file(files)
        original = edited.read_bytes()
        print(f"tree: {tree}\nfiles: {len(files)}  lines: {lines}  jobs: {jobs}  runs: {args.runs}", flush=True)
        print(f"edited between the one-file-edit runs: {edited}\n", flush=True)
        plain, bugbear = peer_python("plain"), peer_python("bugbear")
        flake8_args = ["--jobs", jobs, "--exit-zero", "--isolated"]
        commands = {
            "mcp-lint check (cold cache)": (
                [*mcp_lint, "check", "--jobs", jobs, "--cache-dir", str(cache), "--exit-zero", "--output-format", "concise", str(tree)],
                ["rm", "-rf", str(cache)],
            ),
            "mcp-lint check (warm cache)": (
                [*mcp_lint, "check", "--jobs", jobs, "--cache-dir", str(cache), "--exit-zero", "--output-format", "concise", str(tree)],
                None,
            ),
            "mcp-lint check (one file edited)": (
                [*mcp_lint, "check", "--jobs", jobs, "--cache-dir", str(cache), "--exit-zero", "--output-format", "concise", str(tree)],
                [sys.executable, "-c", _EDIT, str(edited)],
            ),
            "mcp-lint fix --diff": ([*mcp_lint, "fix", "--diff", "--no-cache", "--jobs", jobs, str(tree)], None),
            # The plugin keeps results in mcp-lint's cache directory (MCP_LINT_CACHE_DIR): measured without, then
            # with the results of the run before.
            "flake8 --select MCP (cold cache)": (
                [sys.executable, "-m", "flake8", *flake8_args, "--select", "MCP", str(tree)],
                ["rm", "-rf", str(flake8_cache)],
            ),
            "flake8 --select MCP (warm cache)": (
                [sys.executable, "-m", "flake8", *flake8_args, "--select", "MCP", str(tree)], None,
            ),
            "flake8 (plain)": ([str(plain), "-m", "flake8", *flake8_args, str(tree)], None),
            "flake8 --select B (bugbear)": ([str(bugbear), "-m", "flake8", *flake8_args, "--select", "B", str(tree)], None),
            "ast.parse loop (1 process)": ([sys.executable, "-c", _AST_LOOP, str(listing)], None),
        }  # fmt: skip
        results = {}
        print(f"{'command':32} {'median s':>9} {'lines/s':>10} {'peak RSS MB':>12}")
        for name, (command, before) in commands.items():
            # A neutral working directory: the peers must not see this checkout's own package metadata.
            figures = measure(command, args.runs, scratch, before, {"MCP_LINT_CACHE_DIR": str(flake8_cache)})
            results[name] = figures
            failed = [code for code in figures["exit"] if code not in (0, 1)]  # 1: flake8 found something
            note = f"  FAILED (exit {failed[0]}): not a valid figure" if failed else ""
            print(f"{name:32} {figures['seconds']:9.2f} {lines / figures['seconds']:10.0f} {figures['rss_mb']:12.0f}{note}", flush=True)
        t = {name: r["seconds"] for name, r in results.items()}
        cold = t["mcp-lint check (cold cache)"]
        ratios = {
            "cold check / flake8 --select B (target <= 0.5)": cold / t["flake8 --select B (bugbear)"],
            "cold check / ast.parse loop (target <= 2)": cold / t["ast.parse loop (1 process)"],
            "warm check / cold check (target <= 0.1)": t["mcp-lint check (warm cache)"] / cold,
            "one file edited / cold check (target <= 0.2)": t["mcp-lint check (one file edited)"] / cold,
            "flake8 --select MCP, cold cache / plain flake8": t["flake8 --select MCP (cold cache)"] / t["flake8 (plain)"],
            "flake8 --select MCP, warm cache / plain flake8 (target <= 1.25)": (
                t["flake8 --select MCP (warm cache)"] / t["flake8 (plain)"]
            ),
            "fix --diff / cold check (target <= 1.5)": t["mcp-lint fix --diff"] / cold,
            "peak RSS of mcp-lint check, MB (target <= 500)": max(
                results["mcp-lint check (cold cache)"]["rss_mb"], results["mcp-lint check (warm cache)"]["rss_mb"]
            ),
        }
        print("\nratios measured in this run:")
        for name, value in ratios.items():
            print(f"  {name:55} {value:8.3f}")
        if args.json:
            print(json.dumps({"files": len(files), "lines": lines, "results": results, "ratios": ratios}, indent=2))
    finally:
        if args.path is not None and "original" in locals():
            edited.write_bytes(original)  # the measured tree is left as it was
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
