"""Where a project starts, what its modules are called, and which file an import names.

A project's root is the nearest directory above a file holding ``pyproject.toml``, ``setup.cfg``, ``setup.py`` or
``.git``, else the working directory, as ruff decides it; when that directory is a member of a uv workspace (a
``pyproject.toml`` further up whose ``[tool.uv.workspace]`` members globs name it), the workspace root is the project
root, so that tools defined in one member and registered in another are one project. An absolute import resolves against the root, against
its ``src/`` directory, and against the importing file's own directory (servers run as scripts import sibling
folders as top-level packages); failing those, against a unique module whose dotted path ends with the imported
name (monorepos and nested layouts). A relative import resolves against the importing file's package directory.
"""

from __future__ import annotations

import glob
import os
import sys
from functools import lru_cache
from collections.abc import Iterable

from mcp_lint.frameworks import MCP_ROOT_PACKAGES

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

#: The files whose presence makes a directory a project root.
ROOT_MARKERS = ("pyproject.toml", "setup.cfg", "setup.py", ".git")
_SUFFIXES = (".py", ".pyi")


@lru_cache(maxsize=4096)
def _root_of_directory(directory: str) -> str | None:
    for marker in ROOT_MARKERS:
        if os.path.exists(os.path.join(directory, marker)):
            return directory
    parent = os.path.dirname(directory)
    return None if parent == directory else _root_of_directory(parent)


def project_root(path: str, directories: Iterable[str] = ()) -> str:
    """Find the project root of a file or directory.

    Args:
        path (str): a file or directory.
        directories (Iterable[str]): the absolute directories a run was asked to check; a file outside the working
            directory with no root marker above it belongs to the outermost of them that holds it (``mcp-lint check
            /tmp/server`` of an unpacked archive is one project).
    Returns:
        str: the absolute path of the nearest directory above it with a root marker (or of the uv workspace that
        directory is a member of), else the working directory (or, outside it, the checked directory that holds it).
    """
    root = _marker_root(path)
    if root is not None:
        return _workspace_root(root)
    absolute = os.path.abspath(path)
    cwd = working_directory(absolute)
    if not absolute.startswith(cwd + os.sep):
        holding = [d for d in directories if absolute == d or absolute.startswith(d.rstrip(os.sep) + os.sep)]
        if holding:
            return min(holding, key=len)
    return cwd


def working_directory(path: str) -> str:
    """The working directory, spelled as a path names it.

    ``os.getcwd()`` resolves symbolic links, while a path may reach the same directory through one (a shell's
    ``$PWD`` does, and so does an editor that opened the workspace through a link); compared as strings, such a file
    would seem to lie outside the working directory and be checked on its own.

    Args:
        path (str): an absolute path.
    Returns:
        str: the directory above ``path`` that is the working directory, when one is reached through a link; else
        ``os.getcwd()``.
    """
    cwd = os.getcwd()
    if path.startswith(cwd + os.sep) or path == cwd:
        return cwd
    return _linked_spelling(os.path.dirname(path), cwd) or cwd


@lru_cache(maxsize=1024)
def _linked_spelling(directory: str, cwd: str) -> str | None:
    """The directory at or above ``directory`` that is ``cwd`` reached through a link, or None."""
    real = os.path.realpath(directory)
    if real != cwd and not real.startswith(cwd + os.sep):
        return None
    while True:
        try:
            if os.path.samefile(directory, cwd):
                return directory
        except OSError:
            return None
        parent = os.path.dirname(directory)
        if parent == directory:
            return None
        directory = parent


def package_root(path: str) -> str:
    """Find the nearest root marker above a file or directory, without looking for a workspace around it (a
    workspace member's own ``pyproject.toml`` pins what the member runs on).

    Args:
        path (str): a file or directory.
    Returns:
        str: the absolute path of the nearest directory above it with a root marker, else the working directory.
    """
    return _marker_root(path) or working_directory(os.path.abspath(path))


def _marker_root(path: str) -> str | None:
    absolute = os.path.abspath(path)
    return _root_of_directory(absolute if os.path.isdir(absolute) else os.path.dirname(absolute))


@lru_cache(maxsize=1024)
def _workspace_root(root: str) -> str:
    """The root of the uv workspace whose members include ``root``, or ``root`` itself.

    The directories above ``root`` are read up to the repository's top (the first holding ``.git``); a
    ``pyproject.toml`` there that is not valid TOML, or has no workspace, is passed over.
    """
    if os.path.exists(os.path.join(root, ".git")):
        return root
    directory = os.path.dirname(root)
    while True:
        members, excluded = _workspace_members(os.path.join(directory, "pyproject.toml"))
        if _matches(directory, members, root) and not _matches(directory, excluded, root):
            return directory
        parent = os.path.dirname(directory)
        if parent == directory or os.path.exists(os.path.join(directory, ".git")):
            return root
        directory = parent


def _workspace_members(config: str) -> tuple[list[str], list[str]]:
    """The ``members`` and ``exclude`` globs of a ``pyproject.toml``'s ``[tool.uv.workspace]`` (empty without one)."""
    try:
        with open(config, "rb") as stream:
            data = stream.read()
        if b"workspace" not in data:
            return [], []
        workspace = tomllib.loads(data.decode("utf-8")).get("tool", {}).get("uv", {}).get("workspace", {})
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, AttributeError):
        return [], []
    if not isinstance(workspace, dict):
        return [], []
    members, excluded = workspace.get("members", []), workspace.get("exclude", [])
    valid = [
        [glob for glob in found if isinstance(glob, str)] if isinstance(found, list) else []
        for found in (members, excluded)
    ]
    return valid[0], valid[1]


def _matches(directory: str, patterns: list[str], root: str) -> bool:
    """Whether one of the globs, relative to ``directory``, names ``root``."""
    return any(
        os.path.normpath(os.path.abspath(found)) == root
        for pattern in patterns
        for found in glob.glob(os.path.join(glob.escape(directory), pattern))
    )


def _module_parts(relative: str) -> tuple[str, ...]:
    stem = relative
    for suffix in _SUFFIXES:
        if stem.endswith(suffix):
            stem = stem[: -len(suffix)]
            break
    parts = tuple(p for p in stem.split(os.sep) if p)
    if parts and parts[-1] == "__init__":
        parts = parts[:-1]
    return parts


class Layout:
    """The modules of one project and how imports name them.

    Args:
        root (str): the project root, absolute.
        files (list[str]): the project's Python files, absolute.
    """

    def __init__(self, root: str, files: list[str]) -> None:
        self.root = root
        self.files = set(files)
        self.by_name: dict[str, str] = {}
        self.by_last: dict[str, list[tuple[tuple[str, ...], str]]] = {}
        src = os.path.join(root, "src")
        for file in sorted(files):
            parts = _module_parts(os.path.relpath(file, root))
            if not parts or parts[0] == "..":
                continue
            self.by_name.setdefault(".".join(parts), file)
            if file.startswith(src + os.sep):
                self.by_name.setdefault(".".join(_module_parts(os.path.relpath(file, src))), file)
            self.by_last.setdefault(parts[-1], []).append((parts, file))

    def is_package(self, file: str) -> bool:
        """bool: whether a file is a package's ``__init__``."""
        return os.path.basename(file).startswith("__init__.")

    def packages_of(self, file: str) -> list[str]:
        """The ``__init__`` files of the packages a module is in, innermost first, within the project root: Python
        runs each when the module is imported, and what they bind is what ``from package import name`` finds.

        Args:
            file (str): a module's file.
        Returns:
            list[str]: the project's ``__init__.py`` files in its directory and the ones above it, up to the root.
        """
        found: list[str] = []
        directory = os.path.dirname(file)
        if self.is_package(file):
            directory = os.path.dirname(directory)
        while directory.startswith(self.root) and len(directory) >= len(self.root):
            init = os.path.join(directory, "__init__.py")
            if init not in self.files:
                break
            found.append(init)
            directory = os.path.dirname(directory)
        return found

    def _in_directory(self, directory: str, parts: list[str]) -> str | None:
        base = os.path.join(directory, *parts)
        for candidate in (base + ".py", os.path.join(base, "__init__.py"), base + ".pyi", os.path.join(base, "__init__.pyi")):
            if candidate in self.files:
                return candidate
        return None

    def _module(self, parts: list[str], importer: str) -> str | None:
        name = ".".join(parts)
        found = self.by_name.get(name)
        if found is not None:
            return found
        found = self._in_directory(os.path.dirname(importer), parts)
        if found is not None:
            return found
        if len(parts) < 2:
            return None  # a lone name is too often an installed package to guess at
        candidates = [
            file for full, file in self.by_last.get(parts[-1], ()) if len(full) > len(parts) and list(full[-len(parts):]) == parts
        ]
        if not candidates:
            return None
        # The closest to the importer: the longest shared directory prefix.
        return max(candidates, key=lambda f: (len(os.path.commonpath([f, importer])), -len(f)))

    def resolve(self, qualified: str, importer: str) -> tuple[str, list[str]] | None:
        """Find the project module an imported name lives in.

        Args:
            qualified (str): the imported dotted name; leading dots make it relative to the importer's package.
            importer (str): the importing file.
        Returns:
            tuple[str, list[str]] | None: the module's file and the attribute path inside it, or None when the
            name is not in the project (an installed package, or a missing module).
        """
        level = len(qualified) - len(qualified.lstrip("."))
        parts = [p for p in qualified[level:].split(".") if p]
        if level:
            directory = os.path.dirname(importer)
            for _ in range(level - 1):
                directory = os.path.dirname(directory)
            for cut in range(len(parts), -1, -1):
                found = self._in_directory(directory, parts[:cut]) if cut else self._in_directory(directory, [])
                if found is not None:
                    return found, parts[cut:]
            return None
        if parts and parts[0] in MCP_ROOT_PACKAGES:
            # The MCP frameworks are never the project's own modules: a copy of one kept in the repository (for
            # its tests, say) does not make ``from mcp.server.fastmcp import FastMCP`` name anything but FastMCP.
            return None
        for cut in range(len(parts), 0, -1):
            found = self._module(parts[:cut], importer)
            if found is not None:
                return found, parts[cut:]
        return None
