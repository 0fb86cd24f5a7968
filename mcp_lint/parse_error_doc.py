"""The documentation of MCP000, the code of a file mcp-lint could not check (``mcp-lint rule MCP000``).

MCP000 is no rule class: the engine itself reports it, and ``--select``/``--ignore`` and ``# noqa`` do not
turn it off. This class gives it the documentation interface of a rule so that ``mcp-lint rule`` documents it.
"""

from __future__ import annotations

import inspect

from mcp_lint.diagnostics import PARSE_ERROR_CODE


class ParseErrorRule:
    """## What it does
    Reports a file that mcp-lint could not check, and why: a path that does not exist or cannot be read
    (ruff's E902), a binary or undecodable file, a syntax error, code "too deeply nested" to check safely
    (brackets nested more than 200 deep, which CPython refuses too, or expressions nested deeper than the
    parsers can walk), a symlink that points outside the checked tree, a fix that could not be written, or an
    internal error (including a worker process that died while checking the file). The other files of the run
    are still checked. Syntax newer than the Python running mcp-lint is not an error when libcst parses it.

    ## Why is this bad?
    A file that is not checked may hide every other finding. The run exits with 2 so that CI does not take an
    unchecked file for a clean one.

    ## Example
    ```python
    def handler(:
        ...
    ```

    ## Use instead
    ```python
    def handler():
        ...
    ```

    ## Fix safety
    There is no fix: correct the path, the file or its syntax. An internal error is a bug in mcp-lint; please
    report it.

    ## References
    - [ruff's E902 (io-error)](https://docs.astral.sh/ruff/rules/io-error/)
    """

    code = PARSE_ERROR_CODE
    name = "parse-error"
    summary = "A file that could not be read, parsed or checked"
    preview = False

    @classmethod
    def fix_availability(cls) -> str:
        """Return the fix availability line.

        Returns:
            str: always ``Fix is not available.``
        """
        return "Fix is not available."

    @classmethod
    def documentation(cls) -> str:
        """Return the documentation, the dedented class docstring.

        Returns:
            str: the Markdown documentation.
        """
        return inspect.cleandoc(cls.__doc__ or "")
