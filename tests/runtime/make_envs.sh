#!/usr/bin/env bash
# Creates one virtual environment per framework line for the real-client tests (tests/test_runtime.py).
# The lines need conflicting pins, so each gets its own environment, installed once per run:
#   mcp1      mcp<2        (mcp v1 FastMCP and the v1 low-level Server)
#   mcp2      mcp>=2       (mcp v2 MCPServer and the v2 low-level Server)
#   fastmcp2  fastmcp<3    (standalone fastmcp 2.x, on mcp v1)
#   fastmcp4  fastmcp>=4   (standalone fastmcp 4.x, on mcp v2)
#   mcp1old   mcp==1.18.0  (the last mcp v1 release that mangles a returned CallToolResult; with the pydantic of its day)
# Usage: tests/runtime/make_envs.sh [DIR]   (default: .envs in the repository root)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
dir=${1:-$root/.envs}
mkdir -p "$dir"
declare -A pins=([mcp1]="mcp<2" [mcp2]="mcp>=2" [fastmcp2]="fastmcp<3" [fastmcp4]="fastmcp>=4" [mcp1old]="mcp==1.18.0 pydantic==2.11.10")
pids=()
for name in mcp1 mcp2 fastmcp2 fastmcp4 mcp1old; do
  (
    if [ ! -x "$dir/$name/bin/python" ] || ! "$dir/$name/bin/python" -c "import anyio" 2>/dev/null; then
      rm -rf "$dir/$name"
      python3 -m venv "$dir/$name"
      "$dir/$name/bin/python" -m pip install --quiet --disable-pip-version-check ${pins[$name]} anyio \
        2> >(grep -v "^WARNING: Location" >&2)
    fi
    "$dir/$name/bin/python" -m pip list --format=freeze 2>/dev/null | grep -iE '^(mcp|fastmcp)==' | tr '\n' ' '
    echo "($name)"
  ) &
  pids+=($!)
done
status=0
for pid in "${pids[@]}"; do wait "$pid" || status=1; done
exit $status
