"""Call tools of a server file with its framework's own in-process client, and print what the client got.

Run inside a framework environment (see make_envs.sh):
    python call_tool.py CLIENT SERVER_FILE OBJECT TOOL=JSON_ARGS [TOOL=JSON_ARGS ...]
CLIENT is ``mcp1`` (mcp.shared.memory.create_connected_server_and_client_session), ``mcp2`` (mcp.Client)
or ``fastmcp`` (fastmcp.Client(...).call_tool_mcp, which returns the raw CallToolResult).
Prints one JSON object per call: {"isError": bool, "text": [...]} or {"protocol_error": code, "message": str}.
``call_many.py`` imports ``run`` to call several servers in one process.
"""

import importlib.util
import json
import logging
import os
import sys
from pathlib import Path

import anyio

logging.disable(logging.CRITICAL)


def load(path, name):
    folder = str(Path(path).resolve().parent)
    if folder not in sys.path:  # a server file may import its sibling modules
        sys.path.insert(0, folder)
    spec = importlib.util.spec_from_file_location("server_under_test", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return getattr(module, name)


def outcome(result):
    # mcp v1 names the field isError (and keeps an unknown is_error=... as an extra attribute that is never
    # sent as the flag); mcp v2 names it is_error, with the alias isError on the wire.
    is_error = result.isError if "isError" in type(result).model_fields else result.is_error
    return {"isError": bool(is_error), "text": [getattr(c, "text", repr(c)) for c in result.content]}


def failure(exc):
    error = getattr(exc, "error", None)
    code = getattr(error, "code", getattr(exc, "code", None))
    if code is None:
        raise exc
    return {"protocol_error": code, "message": getattr(error, "message", str(exc))}


async def run(client_kind, server, calls):
    results = []
    if client_kind == "mcp1":
        from mcp.shared.memory import create_connected_server_and_client_session

        async with create_connected_server_and_client_session(server) as client:
            for tool, args in calls:
                try:
                    results.append(outcome(await client.call_tool(tool, args)))
                except Exception as exc:
                    results.append(failure(exc))
    elif client_kind == "mcp2":
        from mcp import Client

        for mode in ("legacy", "auto"):
            async with Client(server, mode=mode) as client:
                for tool, args in calls:
                    try:
                        results.append({"mode": mode, **outcome(await client.call_tool(tool, args))})
                    except Exception as exc:
                        results.append({"mode": mode, **failure(exc)})
    else:
        from fastmcp import Client

        async with Client(server) as client:
            for tool, args in calls:
                try:
                    results.append(outcome(await client.call_tool_mcp(tool, args)))
                except Exception as exc:
                    results.append(failure(exc))
    return results


def main():
    client_kind, path, name, *specs = sys.argv[1:]
    calls = [(spec.split("=", 1)[0], json.loads(spec.split("=", 1)[1])) for spec in specs]
    for result in anyio.run(run, client_kind, load(path, name), calls):
        print(json.dumps(result))
    # The results are out. Leave without the interpreter's finalization: a thread that a framework's dependency
    # started (cffi, under authlib in fastmcp 2.x) has crashed it there in CI, after the client had its answers.
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)


if __name__ == "__main__":
    main()
