"""Field test: recall and precision of MCP001-MCP003 on real public MCP servers, from hand-made labels.

    python benchmarks/field.py run CHECKOUTS OUT [--mcp-lint CMD]
    python benchmarks/field.py score OUT [OUT ...] [--verbose] [--round N ...] [--firm]

``benchmarks/field/repos.tsv`` names each server (GitHub ``owner/name``) and the commit it was labelled at; clone
each into ``CHECKOUTS/<owner>+<name>`` at that commit (``git clone https://github.com/OWNER/NAME && git checkout
COMMIT``). ``run`` checks each checkout as a whole project (``mcp-lint check . --no-cache -j 1 --output-format
json``, from inside it) and writes ``OUT/<owner>+<name>.json``. ``score`` compares one or more such output folders
with the labels:

- ``labels.tsv``: the defects of each rule, one a line, where the report is (``path`` and ``line`` in the
  checkout). ``source`` is ``read`` for a defect found by reading the server's tool handlers before any run of
  mcp-lint, ``tool`` for one first seen in mcp-lint's output and judged right by reading the code. Recall is
  given over both.
- ``judged.tsv``: the verdicts (``wrong`` or ``unsure``) on diagnostics that match no label.

A diagnostic matches a label or a verdict of the same server, path and code within two lines. Precision is the
share of a rule's diagnostics that match a label; an unjudged diagnostic counts as not right and is listed with
``--verbose``, to be judged and added to one file or the other. The code of the servers is never committed here:
only where their defects are, described in our own words. This is a measurement, not a test: nothing here
asserts, and no network is used.
"""

from __future__ import annotations

import argparse
import csv
import json
import shlex
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent / "field"
RULES = ("MCP001", "MCP002", "MCP003")
TOLERANCE = 2
#: How many lines after its first a diagnostic's marked lines may reach, for matching labels.
SPAN = 6

Key = tuple  # (repo, path, line, code), and for a diagnostic the last line it marks


def _rows(name: str) -> list[dict[str, str]]:
    """The rows of one of the field folder's tab-separated files."""
    with open(HERE / name, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def _folder(repo: str) -> str:
    """``owner/name`` as the checkout's folder name, ``owner+name``."""
    return repo.replace("/", "+")


def run(checkouts: Path, out: Path, command: list[str]) -> int:
    """Check every labelled server's checkout and write its diagnostics as JSON.

    Args:
        checkouts (Path): the folder that holds one ``owner+name`` checkout per server.
        out (Path): where to write ``owner+name.json``.
        command (list[str]): how to start mcp-lint.
    Returns:
        int: 0, or 1 when a checkout is missing or a run failed.
    """
    out.mkdir(parents=True, exist_ok=True)
    status = 0
    for row in _rows("repos.tsv"):
        folder = checkouts / _folder(row["repo"])
        if not folder.is_dir():
            print(f"missing checkout: {folder} ({row['repo']} at {row['commit']})", file=sys.stderr)
            status = 1
            continue
        args = [*command, "check", ".", "--no-cache", "-j", "1", "--output-format", "json", "--exit-zero"]
        proc = subprocess.run(args, cwd=folder, capture_output=True, check=False)
        if proc.returncode != 0:
            print(f"{row['repo']}: mcp-lint exited {proc.returncode}: {proc.stderr.decode()[-500:]}", file=sys.stderr)
            status = 1
            continue
        (out / f"{_folder(row['repo'])}.json").write_bytes(proc.stdout)
        print(f"{row['repo']}: {len(json.loads(proc.stdout))} diagnostics")
    return status


def _diagnostics(out: Path, rounds: set[str] | None = None) -> list[Key]:
    """The MCP001-MCP003 diagnostics of one output folder, per server (paths relative to the checkout, as
    mcp-lint prints them when run inside it), of the servers of the given rounds (all when None)."""
    found: list[Key] = []
    for row in _rows("repos.tsv"):
        if rounds is not None and row["round"] not in rounds:
            continue
        path = out / f"{_folder(row['repo'])}.json"
        if not path.exists():
            print(f"warning: no output for {row['repo']} in {out}", file=sys.stderr)
            continue
        for item in json.loads(path.read_text(encoding="utf-8")):
            if item["code"] in RULES:
                start = int(item["location"]["row"])
                end = min(int(item.get("end_location", {}).get("row", start)), start + SPAN)
                found.append((row["repo"], item["filename"], start, item["code"], end))
    return found


def _near(a: Key, b: Key) -> bool:
    """Whether a label and a diagnostic (or two of either) mark the same place: same server, file and code, and a
    line within :data:`TOLERANCE` of the other's, or of the lines a diagnostic marks (its first line to its last,
    at most :data:`SPAN` lines on: the ``continue`` at the end of an ``except`` clause the diagnostic marks)."""
    if not (a[0] == b[0] and a[1] == b[1] and a[3] == b[3]):
        return False
    low_a, high_a = a[2], a[4] if len(a) > 4 else a[2]
    low_b, high_b = b[2], b[4] if len(b) > 4 else b[2]
    return low_a - TOLERANCE <= high_b and low_b - TOLERANCE <= high_a


def score(outs: list[Path], verbose: bool, rounds: set[str] | None = None, firm: bool = False) -> None:
    """Print recall and precision per rule for each output folder, and the diagnostics that differ between the
    first two.

    Args:
        outs (list[Path]): output folders written by ``run``.
        verbose (bool): also list missed labels, wrong and unjudged diagnostics.
        rounds (set[str] | None): score only the servers of these rounds (``repos.tsv``'s ``round``); all when None.
        firm (bool): leave out the labels whose note calls them borderline (recall only; a diagnostic that matches
            one still counts as right).
    """
    def wanted(row: dict[str, str]) -> bool:
        return rounds is None or row["round"] in rounds

    labels = [
        ((r["repo"], r["path"], int(r["line"]), r["code"]), r["source"], r["note"])
        for r in _rows("labels.tsv") if wanted(r)
    ]  # fmt: skip
    counted = [item for item in labels if not (firm and "borderline" in item[2])]
    verdicts = [
        ((r["repo"], r["path"], int(r["line"]), r["code"]), r["verdict"]) for r in _rows("judged.tsv") if wanted(r)
    ]  # fmt: skip
    runs = {out: _diagnostics(out, rounds) for out in outs}
    print("| rule | labels (read/all) |" + "".join(f" {o.name}: recall read | recall all | precision |" for o in outs))
    print("|---|---|" + "---|---|---|" * len(outs))
    for rule in (*RULES, "all"):
        codes = RULES if rule == "all" else (rule,)
        ruled = [(key, source, note) for key, source, note in counted if key[3] in codes]
        right_keys = [key for key, _, _ in labels if key[3] in codes]
        read = [item for item in ruled if item[1] == "read"]
        cells = []
        for out in outs:
            found = [d for d in runs[out] if d[3] in codes]
            hit_read = sum(any(_near(key, d) for d in found) for key, _, _ in read)
            hit_all = sum(any(_near(key, d) for d in found) for key, _, _ in ruled)
            right = sum(any(_near(d, key) for key in right_keys) for d in found)
            cells.append(f" {_share(hit_read, len(read))} | {_share(hit_all, len(ruled))} | {_share(right, len(found))} |")
        print(f"| {rule} | {len(read)}/{len(ruled)} |" + "".join(cells))
    for out in outs:
        found = runs[out]
        unjudged = [d for d in found if not any(_near(d, key) for key, _, _ in labels)
                    and not any(_near(d, key) for key, _ in verdicts)]  # fmt: skip
        if unjudged:
            print(f"{out.name}: {len(unjudged)} unjudged diagnostics (counted as not right)")
        if verbose:
            for key, source, note in labels:
                if not any(_near(key, d) for d in found):
                    print(f"  {out.name} missed: {key[0]} {key[1]}:{key[2]} {key[3]} [{source}] {note}")
            for d in found:
                wrong = [v for key, v in verdicts if _near(d, key)]
                if wrong and not any(_near(d, key) for key, _, _ in labels):
                    print(f"  {out.name} {wrong[0]}: {d[0]} {d[1]}:{d[2]} {d[3]}")
            for d in unjudged:
                print(f"  {out.name} unjudged: {d[0]} {d[1]}:{d[2]} {d[3]}")
    if len(outs) >= 2:
        first, second = (set(runs[o]) for o in outs[:2])
        print(f"only in {outs[0].name}: {len(first - second)}; only in {outs[1].name}: {len(second - first)}")
        for d in sorted(first - second):
            print(f"  only {outs[0].name}: {d[0]} {d[1]}:{d[2]} {d[3]}")
        for d in sorted(second - first):
            print(f"  only {outs[1].name}: {d[0]} {d[1]}:{d[2]} {d[3]}")


def _share(part: int, whole: int) -> str:
    return f"{part}/{whole} = {100 * part / whole:.0f}%" if whole else "n/a"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    run_parser = sub.add_parser("run", help="check every labelled server's checkout")
    run_parser.add_argument("checkouts", type=Path)
    run_parser.add_argument("out", type=Path)
    run_parser.add_argument("--mcp-lint", default=f"{shlex.quote(sys.executable)} -m mcp_lint",
                            help="how to start mcp-lint (default: this Python's mcp_lint)")  # fmt: skip
    score_parser = sub.add_parser("score", help="recall and precision per rule")
    score_parser.add_argument("outs", type=Path, nargs="+")
    score_parser.add_argument("--verbose", "-v", action="store_true")
    score_parser.add_argument("--round", action="append", dest="rounds", help="score only this round (repeatable)")
    score_parser.add_argument("--firm", action="store_true", help="recall without the labels noted as borderline")
    args = parser.parse_args()
    if args.command == "run":
        return run(args.checkouts, args.out, shlex.split(args.mcp_lint))
    score(args.outs, args.verbose, set(args.rounds) if args.rounds else None, args.firm)
    return 0


if __name__ == "__main__":
    sys.exit(main())
