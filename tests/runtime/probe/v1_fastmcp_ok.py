"""mcp v1 FastMCP server whose invalid calls all get isError texts that name the argument (conforming).
Each call that reaches the tool function appends a line to $PROBE_CALL_LOG, when set."""
import os
from typing import Annotated, Literal

from mcp.server.fastmcp import FastMCP
from pydantic import Field

mcp = FastMCP("bookings")


@mcp.tool()
def book(
    date: Annotated[str, Field(pattern=r"^\d{4}-\d{2}-\d{2}$")],
    seats: Annotated[int, Field(ge=1, le=10)],
    cabin: Literal["economy", "business"] = "economy",
) -> str:
    log = os.environ.get("PROBE_CALL_LOG")
    if log:
        with open(log, "a", encoding="utf-8") as f:
            f.write(f"book {date} {seats} {cabin}\n")
    return f"booked {seats} {cabin} seats on {date}"


if __name__ == "__main__":
    mcp.run()
