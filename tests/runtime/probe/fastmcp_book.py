"""Standalone fastmcp server (2.x and 4.x). With PROBE_MIDDLEWARE=1 it adds ErrorHandlingMiddleware(),
which on fastmcp 4 turns the framework's own validation errors into protocol errors."""
import os
from typing import Annotated, Literal

from fastmcp import FastMCP
from pydantic import Field

mcp = FastMCP("bookings")
if os.environ.get("PROBE_MIDDLEWARE") == "1":
    from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware

    mcp.add_middleware(ErrorHandlingMiddleware())


@mcp.tool()
def book(seats: Annotated[int, Field(ge=1, le=10)], cabin: Literal["economy", "business"] = "economy") -> str:
    return f"booked {seats} {cabin} seats"


if __name__ == "__main__":
    mcp.run(show_banner=False)
