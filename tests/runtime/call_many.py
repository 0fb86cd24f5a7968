"""Call tools of several servers in one process, each with its framework's own in-process client (call_tool.run).

Run inside a framework environment (see make_envs.sh):
    python call_many.py < JOBS
JOBS is a JSON list of {"client": CLIENT, "server": SERVER_FILE, "object": OBJECT, "calls": [[TOOL, ARGS], ...]}
(CLIENT as in call_tool.py). Prints one JSON object: {"versions": {package: version or null},
"results": [[result, ...] per job]}, each result as call_tool.py prints it.
"""

import json
import sys
from importlib import metadata

import anyio

from call_tool import load, run

PACKAGES = ("mcp", "mcp-types", "fastmcp", "pydantic")


def version(package):
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return None


def main():
    jobs = json.load(sys.stdin)
    results = [
        anyio.run(run, job["client"], load(job["server"], job["object"]), [tuple(call) for call in job["calls"]])
        for job in jobs
    ]
    versions = {package: version(package) for package in PACKAGES}
    print(json.dumps({"versions": versions, "results": results}))


if __name__ == "__main__":
    main()
