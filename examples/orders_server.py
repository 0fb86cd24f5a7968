"""An order-lookup MCP server (standalone fastmcp) with the structured-error mistakes mcp-lint finds.

Run `mcp-lint check examples/` to see them.
"""

import asyncio
import logging

from fastmcp import FastMCP
from fastmcp.exceptions import ToolError

mcp = FastMCP("orders")
logger = logging.getLogger(__name__)

ORDERS = {"ORD-1": {"id": "ORD-1", "customer": "CUST-7", "total": 42.0}}


async def query_orders(customer_id: str) -> list[dict]:
    await asyncio.sleep(0)
    return [order for order in ORDERS.values() if order["customer"] == customer_id]


@mcp.tool()
async def recent_orders(customer_id: str) -> dict:
    """List a customer's recent orders."""
    if not customer_id.startswith("CUST-"):
        raise ToolError("customer_id must look like CUST-123")
    try:
        orders = await query_orders(customer_id)
    except TimeoutError:
        return {"isError": True, "errorCategory": "transient", "isRetryable": True}
    except Exception:
        logger.exception("order lookup failed")
        return {"isError": True, "error": "Operation failed"}
    if not orders:
        raise ToolError(f"No orders found for {customer_id}")
    return {"found": True, "orders": orders}
