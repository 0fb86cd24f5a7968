"""A small flight-booking MCP server (mcp v1 FastMCP) with the error-handling mistakes mcp-lint finds.

Run `mcp-lint check examples/` to see them.
"""

from datetime import date

from mcp.server.fastmcp import FastMCP
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData

mcp = FastMCP("bookings")

AIRPORTS = {"AMS", "CDG", "JFK", "LHR", "SFO"}


def invalid(message: str) -> McpError:
    """Build the protocol error this server (wrongly) uses for bad arguments."""
    return McpError(ErrorData(code=INVALID_PARAMS, message=message))


def check_airport(code: str) -> str:
    if code.upper() not in AIRPORTS:
        raise McpError(ErrorData(code=INVALID_PARAMS, message=f"unknown airport {code!r}"))
    return code.upper()


@mcp.tool()
def book_flight(origin: str, destination: str, departure: str, seats: int = 1) -> str:
    """Book seats on a flight."""
    origin, destination = check_airport(origin), check_airport(destination)
    if date.fromisoformat(departure) <= date.today():
        raise invalid("departure must be in the future")
    if not 1 <= seats <= 9:
        raise McpError(ErrorData(INVALID_PARAMS, "seats must be between 1 and 9"))
    return f"Booked {seats} seat(s) {origin}->{destination} on {departure}"


@mcp.resource("airports://list")
def airports() -> str:
    """Resources are not tools: their errors are not MCP001's business."""
    return ", ".join(sorted(AIRPORTS))
