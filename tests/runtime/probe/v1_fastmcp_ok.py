"""mcp v1 FastMCP server whose invalid calls all get isError texts that name the argument (conforming)."""
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
    return f"booked {seats} {cabin} seats on {date}"


if __name__ == "__main__":
    mcp.run()
