#!/usr/bin/env bash
# Creates one virtual environment per framework line for the real-client tests (tests/test_runtime.py).
# The lines need conflicting pins, so each gets its own environment, installed once per run:
#   mcp1      mcp 1.30.0      (mcp v1 FastMCP and the v1 low-level Server)
#   mcp2      mcp 2.3.0       (mcp v2 MCPServer and the v2 low-level Server)
#   fastmcp2  fastmcp 2.14.7  (standalone fastmcp 2.x, on mcp v1)
#   fastmcp4  fastmcp 4.1.2   (standalone fastmcp 4.x, on mcp v2)
#   mcp1old   mcp 1.18.0      (the last mcp v1 release that mangles a returned CallToolResult; with the pydantic of its day)
# The versions are exact, so that the real-client tests and docs/frameworks.md (which records what each of them
# sends) give the same answer on every machine; to move to newer releases, change them here, re-run this script
# and scripts/framework_behaviour.py, and commit the regenerated page.
# Usage: tests/runtime/make_envs.sh [DIR]   (default: .envs in the repository root)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
dir=${1:-$root/.envs}
mkdir -p "$dir"
declare -A pins=(
  [mcp1]="mcp==1.30.0 pydantic==2.14.3"
  [mcp2]="mcp==2.3.0 mcp-types==2.3.0 pydantic==2.14.3"
  [fastmcp2]="fastmcp==2.14.7 mcp==1.30.0 pydantic==2.14.3"
  [fastmcp4]="fastmcp==4.1.2 mcp==2.3.0 mcp-types==2.3.0 pydantic==2.14.3"
  [mcp1old]="mcp==1.18.0 pydantic==2.11.10"
)
pids=()
for name in mcp1 mcp2 fastmcp2 fastmcp4 mcp1old; do
  (
    wanted=$(tr ' ' '\n' <<<"${pins[$name]}" | sort)
    have=$("$dir/$name/bin/python" -m pip list --format=freeze 2>/dev/null | grep -iE '^(mcp|mcp-types|fastmcp|pydantic)==' | sort || true)
    if [ ! -x "$dir/$name/bin/python" ] || ! "$dir/$name/bin/python" -c "import anyio" 2>/dev/null \
       || [ "$(tr '[:upper:]' '[:lower:]' <<<"$have")" != "$(tr '[:upper:]' '[:lower:]' <<<"$wanted")" ]; then
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
