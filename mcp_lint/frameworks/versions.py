"""SDK versions: which releases of ``mcp`` and ``fastmcp`` a project runs on, and what each release does.

Detection reads the project's own files, never its environment: ``pyproject.toml`` (``[project]``
dependencies and optional dependencies, ``[dependency-groups]``, Poetry's dependencies and groups, uv's
dev, constraint and override dependencies), ``requirements*.txt`` (and ``requirements/*.txt``), ``setup.cfg``
(``install_requires``, ``extras_require``), then ``uv.lock`` and ``poetry.lock``, whose exact locked versions win
over every range. Ranges from several places are intersected. A ``[tool.mcp-lint] target-sdk`` setting replaces
the detected range of each package it names. Versions are read with :mod:`packaging`.

A range is turned into the releases it allows by testing a grid of candidate versions (every minor release
of each line, plus every version a specifier or lock names); a rule asks whether a fact holds on some, or on
every, allowed release. The import style of a tool (its :class:`~mcp_lint.frameworks.Framework`) narrows the
range further: ``mcp.server.fastmcp`` and the v1 low-level decorators are mcp v1, ``mcp.server.mcpserver`` and
``on_call_tool=`` are mcp v2, fastmcp 4 runs on mcp v2 and fastmcp 2/3 on mcp v1.

The version facts are measured with each framework's own client (see the project's docs): a returned
``CallToolResult`` is passed through by mcp v1 from 1.19.0 (not with a ``-> str`` annotation on FastMCP), by
mcp v2 always, by fastmcp from 4.0; ``CallToolResult(is_error=True)`` sends isError false on mcp v1; the
protocol-error constructor is ``McpError(ErrorData(code=, message=))`` on mcp v1 and ``MCPError(code, message)``
on mcp v2 (fastmcp 4's ``McpError`` alias included).
"""

from __future__ import annotations

import configparser
import hashlib
import os
import re
import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, NamedTuple

from packaging.requirements import InvalidRequirement, Requirement
from packaging.specifiers import InvalidSpecifier, SpecifierSet
from packaging.utils import canonicalize_name
from packaging.version import InvalidVersion, Version

from mcp_lint.frameworks import Framework

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

#: The packages whose versions matter.
PACKAGES = ("mcp", "fastmcp")

#: The first mcp release that passes a returned ``CallToolResult`` through unchanged (v1 FastMCP and low-level).
MCP_PASSES_RESULTS = Version("1.19.0")
#: The first mcp major with ``MCPError(code, message)`` and an ``is_error`` field.
MCP_V2 = Version("2.0.0")
#: The first fastmcp major that runs on mcp v2 and passes a returned ``CallToolResult`` through.
FASTMCP_V4 = Version("4.0.0")

# Every minor release of each line, the candidates a range is tested against.
_GRID = {
    "mcp": [Version(f"1.{minor}.0") for minor in range(0, 60)] + [Version(f"2.{minor}.0") for minor in range(0, 30)],
    "fastmcp": [Version(f"{major}.{minor}.0") for major in (0, 1, 2, 3, 4, 5) for minor in range(0, 30)],
}
_DEPENDENCY_FILES = ("pyproject.toml", "setup.cfg", "uv.lock", "poetry.lock")
_LOCK_FILES = ("uv.lock", "poetry.lock")
_LOCK_NAME = re.compile(r'name = "([^"\n]+)"\n')


class Runtime(NamedTuple):
    """One combination of releases a tool may run on.

    Attributes:
        mcp (Version): the mcp release.
        fastmcp (Version | None): the fastmcp release, for tools of standalone fastmcp.
    """

    mcp: Version
    fastmcp: Version | None = None


@dataclass(frozen=True)
class Pin:
    """What a project says about one package.

    Attributes:
        package (str): ``mcp`` or ``fastmcp``.
        specifier (SpecifierSet): the intersection of every range found (empty: any version).
        locked (frozenset[Version]): the versions a lock file names; they win over ``specifier``.
        sources (tuple[str, ...]): the files (or ``target-sdk``) the facts come from.
    """

    package: str
    specifier: SpecifierSet = field(default_factory=SpecifierSet)
    locked: frozenset[Version] = frozenset()
    sources: tuple[str, ...] = ()

    def candidates(self) -> tuple[Version, ...]:
        """The releases this pin allows, out of the grid and the versions it names.

        Returns:
            tuple[Version, ...]: sorted; empty when the ranges contradict each other.
        """
        if self.locked:
            return tuple(sorted(self.locked))
        named = {Version(s.version.replace(".*", "")) for s in self.specifier if _parses(s.version.replace(".*", ""))}
        pool = set(_GRID[self.package]) | named
        return tuple(sorted(self.specifier.filter(pool, prereleases=False)))

    def describe(self) -> str:
        """str: the pin for messages, e.g. ``mcp==1.6.0 (uv.lock)``."""
        if self.locked:
            spec = " or ".join(f"=={v}" for v in sorted(self.locked))
        else:
            spec = str(self.specifier) or " (any version)"
        return f"{self.package}{spec} ({', '.join(self.sources)})"


def _parses(text: str) -> bool:
    try:
        Version(text)
    except InvalidVersion:
        return False
    return True


@dataclass(frozen=True)
class SdkVersions:
    """The releases of mcp and fastmcp a project allows.

    Attributes:
        pins (tuple[Pin, ...]): one per package the project names.
    """

    pins: tuple[Pin, ...] = ()

    def pin(self, package: str) -> Pin | None:
        """Pin | None: the project's pin of ``package``, None when it names none."""
        return next((p for p in self.pins if p.package == package), None)

    @property
    def known(self) -> bool:
        """bool: whether the project names a version range of mcp or fastmcp at all."""
        return bool(self.pins)

    def _candidates(self, package: str) -> tuple[Version, ...]:
        pin = self.pin(package)
        found = pin.candidates() if pin is not None else ()
        return found or tuple(_GRID[package])

    def runtimes(self, framework: Framework) -> tuple[Runtime, ...]:
        """The release combinations a tool of ``framework`` may run on in this project.

        Args:
            framework (Framework): the tool's framework style; its imports fix the mcp major.
        Returns:
            tuple[Runtime, ...]: never empty; without a usable pin, every release of the framework's line.
        """
        return _runtimes(self, framework)

    def runtimes_of(self, frameworks: Iterable[Framework]) -> tuple[Runtime, ...]:
        """The release combinations any of several framework styles may run on (a helper reached by several tools).

        Args:
            frameworks (Iterable[Framework]): the framework styles.
        Returns:
            tuple[Runtime, ...]: the union of :meth:`runtimes`, sorted.
        """
        return tuple(sorted({runtime for framework in frameworks for runtime in _runtimes(self, framework)}, key=_order))

    def note(self) -> str:
        """str: `` (pins: ...)`` for a message, or nothing when no pins were found (every release counts)."""
        return f" (pins: {self.describe()})" if self.pins else ""

    def describe(self) -> str:
        """str: the pins for messages, or a note that none were found."""
        if not self.pins:
            return "no pins found"
        return "; ".join(pin.describe() for pin in self.pins)

    def key(self) -> str:
        """str: a digest that changes whenever the pins do (for the result cache)."""
        return hashlib.sha256(self.describe().encode()).hexdigest()[:16]


@lru_cache(maxsize=1024)
def _runtimes(sdk: SdkVersions, framework: Framework) -> tuple[Runtime, ...]:
    mcp = sdk._candidates("mcp")
    if framework in (Framework.MCP_V1_FASTMCP, Framework.MCP_V1_LOWLEVEL):
        v1 = [m for m in mcp if m < MCP_V2] or [m for m in _GRID["mcp"] if m < MCP_V2]
        return tuple(Runtime(m) for m in v1)
    if framework in (Framework.MCP_V2_MCPSERVER, Framework.MCP_V2_LOWLEVEL):
        v2 = [m for m in mcp if m >= MCP_V2] or [m for m in _GRID["mcp"] if m >= MCP_V2]
        return tuple(Runtime(m) for m in v2)
    pairs = _fastmcp_pairs(sdk._candidates("fastmcp"), mcp)
    return pairs or _fastmcp_pairs(sdk._candidates("fastmcp"), tuple(_GRID["mcp"])) or _fastmcp_pairs(
        tuple(_GRID["fastmcp"]), tuple(_GRID["mcp"])
    )


def _order(runtime: Runtime) -> tuple[Version, Version]:
    return runtime.mcp, runtime.fastmcp or Version("0")


def _fastmcp_pairs(fastmcp: Sequence[Version], mcp: Sequence[Version]) -> tuple[Runtime, ...]:
    """fastmcp 4 runs on mcp v2, older fastmcp on mcp v1; one mcp release per line is enough for the facts."""
    pairs = []
    for f in fastmcp:
        line = [m for m in mcp if (m >= MCP_V2) == (f >= FASTMCP_V4)]
        for m in {line[0], line[-1]} if line else ():
            pairs.append(Runtime(m, f))
    return tuple(sorted(set(pairs)))


# --- version facts -----------------------------------------------------------------------------------------


def passes_call_tool_result(framework: Framework, runtime: Runtime, returns_str: bool = False) -> bool:
    """Tell whether a ``CallToolResult`` a tool returns reaches the client unchanged.

    Args:
        framework (Framework): the tool's framework style.
        runtime (Runtime): the releases it runs on.
        returns_str (bool): whether the tool is annotated ``-> str`` (breaks mcp v1 FastMCP and fastmcp 2/3).
    Returns:
        bool: True when the client receives the result as returned.
    """
    if framework in (Framework.MCP_V2_MCPSERVER, Framework.MCP_V2_LOWLEVEL):
        return True
    if framework is Framework.FASTMCP:
        return runtime.fastmcp is not None and runtime.fastmcp >= FASTMCP_V4
    if framework is Framework.MCP_V1_FASTMCP and returns_str:
        return False
    return runtime.mcp >= MCP_PASSES_RESULTS


def honours_is_error_keyword(runtime: Runtime) -> bool:
    """bool: whether ``CallToolResult(is_error=True)`` sends isError true (mcp v2; v1 ignores the extra field)."""
    return runtime.mcp >= MCP_V2


#: Protocol-error classes by qualified name: the mcp line whose constructor each takes (None: follows fastmcp).
_PROTOCOL_ERROR_LINE = {
    "mcp.McpError": 1,
    "mcp.shared.exceptions.McpError": 1,
    "mcp.MCPError": 2,
    "mcp.shared.exceptions.MCPError": 2,
    "fastmcp.exceptions.MCPError": 2,
    "fastmcp.exceptions.McpError": None,
}


def protocol_error_line(qualified: str, runtime: Runtime) -> int:
    """Tell which constructor a protocol-error class takes on a runtime.

    Args:
        qualified (str): the class's qualified name, one of ``frameworks.PROTOCOL_ERROR_CLASSES``.
        runtime (Runtime): the releases the tool runs on.
    Returns:
        int: 1 for ``McpError(ErrorData(code=, message=))``, 2 for ``MCPError(code, message, data=None)``.
    """
    line = _PROTOCOL_ERROR_LINE.get(qualified)
    if line is not None:
        return line
    if runtime.fastmcp is not None:
        return 2 if runtime.fastmcp >= FASTMCP_V4 else 1
    return 2 if runtime.mcp >= MCP_V2 else 1


# --- detection ---------------------------------------------------------------------------------------------


def _requirement(text: str) -> Requirement | None:
    try:
        return Requirement(text)
    except InvalidRequirement:
        return None


def _wanted(name: str) -> str | None:
    name = canonicalize_name(name)
    return name if name in PACKAGES else None


def poetry_specifier(constraint: str) -> SpecifierSet | None:
    """Turn a Poetry version constraint into a PEP 440 specifier set.

    Poetry's ``^`` and ``~`` operators and bare versions are not PEP 440; the bounds they stand for come from
    :class:`packaging.version.Version`'s release tuple. An ``||`` union is not representable and gives None.

    Args:
        constraint (str): e.g. ``^1.2``, ``~1.2.3``, ``>=1.2,<2``, ``1.6.0``, ``*``.
    Returns:
        SpecifierSet | None: the specifier set, or None when it cannot be read.
    """
    constraint = constraint.strip()
    if "||" in constraint or "|" in constraint:
        return None
    parts = []
    for part in filter(None, (p.strip() for p in constraint.split(","))):
        try:
            if part == "*":
                continue
            if part.startswith("^"):
                low = Version(part[1:].strip())
                release = list(low.release)
                cut = next((i for i, n in enumerate(release) if n), len(release) - 1)
                upper = [*release[:cut], release[cut] + 1]
                parts += [f">={low}", f"<{'.'.join(map(str, upper))}"]
            elif part.startswith("~") and not part.startswith("~="):
                low = Version(part[1:].strip())
                release = list(low.release)
                upper = [release[0] + 1] if len(release) == 1 else [release[0], release[1] + 1]
                parts += [f">={low}", f"<{'.'.join(map(str, upper))}"]
            elif part[0].isdigit():
                parts.append(f"=={part}")
            else:
                parts.append(part.replace(" ", ""))
        except (InvalidVersion, IndexError):
            return None
    try:
        return SpecifierSet(",".join(parts))
    except InvalidSpecifier:
        return None


def _pyproject_requirements(data: Mapping[str, Any]) -> Iterator[tuple[str, SpecifierSet]]:
    project = data.get("project") if isinstance(data.get("project"), dict) else {}
    lists: list[Any] = [project.get("dependencies")]
    optional = project.get("optional-dependencies")
    if isinstance(optional, dict):
        lists += list(optional.values())
    groups = data.get("dependency-groups")
    if isinstance(groups, dict):
        lists += list(groups.values())
    tool = data.get("tool") if isinstance(data.get("tool"), dict) else {}
    uv = tool.get("uv") if isinstance(tool.get("uv"), dict) else {}
    lists += [uv.get("dev-dependencies"), uv.get("constraint-dependencies"), uv.get("override-dependencies")]
    for values in lists:
        if isinstance(values, list):
            yield from _pep508(v for v in values if isinstance(v, str))
    poetry = tool.get("poetry") if isinstance(tool.get("poetry"), dict) else {}
    tables: list[Any] = [poetry.get("dependencies"), poetry.get("dev-dependencies")]
    poetry_groups = poetry.get("group")
    if isinstance(poetry_groups, dict):
        tables += [g.get("dependencies") for g in poetry_groups.values() if isinstance(g, dict)]
    for table in tables:
        if not isinstance(table, dict):
            continue
        for name, value in table.items():
            package = _wanted(name)
            if isinstance(value, dict):
                value = value.get("version", "*")
            if package is not None and isinstance(value, str):
                spec = poetry_specifier(value)
                if spec is not None:
                    yield package, spec


def _pep508(lines: Iterable[str]) -> Iterator[tuple[str, SpecifierSet]]:
    for line in lines:
        requirement = _requirement(line.strip())
        if requirement is not None and requirement.url is None:
            package = _wanted(requirement.name)
            if package is not None:
                yield package, requirement.specifier


def _requirements_txt(text: str) -> Iterator[tuple[str, SpecifierSet]]:
    lines = []
    for raw in text.splitlines():
        line = raw.split(" #", 1)[0].strip()
        if line and not line.startswith(("#", "-")):
            lines.append(line)
    return _pep508(lines)


def _setup_cfg(text: str) -> Iterator[tuple[str, SpecifierSet]]:
    parser = configparser.ConfigParser(interpolation=None)
    try:
        parser.read_string(text)
    except configparser.Error:
        return iter(())
    values = []
    if parser.has_option("options", "install_requires"):
        values.append(parser.get("options", "install_requires"))
    if parser.has_section("options.extras_require"):
        values += [v for _, v in parser.items("options.extras_require")]
    return _pep508(line for value in values for line in value.splitlines() if line.strip())


def locked_versions(text: str) -> list[tuple[str, Version]]:
    """The versions of mcp and fastmcp a ``uv.lock`` or ``poetry.lock`` locks.

    Both list one ``[[package]]`` table per package, its name first; a project's lock holds hundreds, and parsing
    all of them cost most of a warm run on a tree of many projects. So only the tables whose name is mcp or fastmcp
    are parsed (with ``tomllib``, their keys before any sub-table); a lock laid out otherwise is parsed whole.

    Args:
        text (str): the lock file's text.
    Returns:
        list[tuple[str, Version]]: package and version, in the file's order; empty when it cannot be read.
    """
    chunks = ("\n" + text.replace("\r\n", "\n")).split("\n[[package]]\n")[1:]
    found: list[tuple[str, Version]] = []
    for chunk in chunks if chunks else ("",):
        name = _LOCK_NAME.match(chunk)
        if name is None:
            break  # not laid out as expected: parse it whole
        if _wanted(name.group(1)) is None:
            continue
        data = _toml(chunk.split("\n[", 1)[0])
        if data is None:
            break
        found.extend(_lock({"package": [data]}))
    else:
        return found
    whole = _toml(text)
    return list(_lock(whole)) if whole is not None else []


def _lock(data: Mapping[str, Any]) -> Iterator[tuple[str, Version]]:
    packages = data.get("package")
    if not isinstance(packages, list):
        return
    for entry in packages:
        if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
            continue
        package = _wanted(entry["name"])
        version = entry.get("version")
        if package is not None and isinstance(version, str) and _parses(version):
            yield package, Version(version)


def _toml(text: str) -> Mapping[str, Any] | None:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return None


@lru_cache(maxsize=256)
def read_pyproject(text: str) -> Mapping[str, Any] | None:
    """Parse the text of a ``pyproject.toml`` once per process: the configuration and the SDK pins both read it.

    Args:
        text (str): the file's text.
    Returns:
        Mapping[str, Any] | None: the document, shared between callers (not to be changed); None when the text is
        not valid TOML.
    """
    return _toml(text)


def dependency_files(root: str) -> list[str]:
    """The files of a project root that can name mcp or fastmcp versions, in reading order.

    Args:
        root (str): the project root.
    Returns:
        list[str]: absolute paths of those that exist.
    """
    found = [os.path.join(root, name) for name in _DEPENDENCY_FILES]
    try:
        found += [os.path.join(root, n) for n in sorted(os.listdir(root)) if n.startswith("requirements") and n.endswith(".txt")]
        folder = os.path.join(root, "requirements")
        if os.path.isdir(folder):
            found += [os.path.join(folder, n) for n in sorted(os.listdir(folder)) if n.endswith(".txt")]
    except OSError:
        pass
    return [f for f in found if os.path.isfile(f)]


def read_versions(root: str, files: Mapping[str, str]) -> SdkVersions:
    """Read the pins of mcp and fastmcp from a project's dependency files.

    Args:
        root (str): the project root, for naming the sources.
        files (Mapping[str, str]): absolute path to text, as :func:`dependency_files` lists them.
    Returns:
        SdkVersions: the pins found; unreadable files and entries are skipped.
    """
    ranges: dict[str, list[SpecifierSet]] = {}
    locked: dict[str, set[Version]] = {}
    sources: dict[str, list[str]] = {}
    for file, text in files.items():
        name = os.path.relpath(file, root)
        base = os.path.basename(file)
        if base in _LOCK_FILES:
            found = locked_versions(text)
            for package, version in found:
                locked.setdefault(package, set()).add(version)
                _add_source(sources, package, name)
            continue
        if base == "pyproject.toml":
            data = read_pyproject(text)
            entries = list(_pyproject_requirements(data)) if data is not None else []
        elif base == "setup.cfg":
            entries = list(_setup_cfg(text))
        else:
            entries = list(_requirements_txt(text))
        for package, spec in entries:
            if not str(spec):
                continue  # ``mcp`` with no version allows every release: it pins nothing
            ranges.setdefault(package, []).append(spec)
            _add_source(sources, package, name)
    pins = []
    for package in PACKAGES:
        if package not in sources:
            continue
        spec = SpecifierSet()
        for found in ranges.get(package, ()):
            spec &= found
        pins.append(Pin(package, spec, frozenset(locked.get(package, ())), tuple(sources[package])))
    return SdkVersions(tuple(pins))


def _add_source(sources: dict[str, list[str]], package: str, name: str) -> None:
    if name not in sources.setdefault(package, []):
        sources[package].append(name)


def parse_target(requirements: Sequence[str]) -> SdkVersions:
    """Read ``target-sdk`` requirements.

    Args:
        requirements (Sequence[str]): PEP 508 requirements on mcp or fastmcp, e.g. ``mcp>=1.20,<2``.
    Returns:
        SdkVersions: one pin per package named.
    Raises:
        ValueError: for a requirement that does not parse or names another package.
    """
    specs: dict[str, SpecifierSet] = {}
    for text in requirements:
        try:
            requirement = Requirement(text)
        except InvalidRequirement as exc:
            raise ValueError(f"invalid requirement {text!r}: {exc}") from None
        package = _wanted(requirement.name)
        if package is None:
            raise ValueError(f"{text!r} is not a requirement on mcp or fastmcp")
        specs[package] = specs.get(package, SpecifierSet()) & requirement.specifier
    return SdkVersions(tuple(Pin(p, specs[p], frozenset(), ("target-sdk",)) for p in PACKAGES if p in specs))


def _signature(root: str) -> tuple[tuple[str, int, int], ...]:
    signature = []
    for file in dependency_files(root):
        try:
            stat = os.stat(file)
        except OSError:
            continue
        signature.append((file, stat.st_mtime_ns, stat.st_size))
    return tuple(signature)


@lru_cache(maxsize=256)
def _detect(root: str, signature: tuple[tuple[str, int, int], ...]) -> SdkVersions:
    texts = {}
    for file, _, _ in signature:
        try:
            with open(file, encoding="utf-8", errors="replace") as handle:
                texts[file] = handle.read()
        except OSError:
            continue
    return read_versions(root, texts)


@lru_cache(maxsize=64)
def _target(requirements: tuple[str, ...]) -> SdkVersions:
    return parse_target(requirements)


def detect(root: str) -> SdkVersions:
    """The pins of a project root, read once per change of its dependency files.

    Args:
        root (str): the project root.
    Returns:
        SdkVersions: the pins found.
    """
    return _detect(root, _signature(root))


def sdk_for(file: str, target_sdk: Sequence[str] = ()) -> SdkVersions:
    """The SDK versions a checked file runs on: its project's pins, with ``target-sdk`` laid over them.

    Args:
        file (str): the checked file, absolute.
        target_sdk (Sequence[str]): the ``target-sdk`` requirements in effect (already validated).
    Returns:
        SdkVersions: the pins of its project, or of the nearest enclosing project with pins; for a file outside
        any project, only ``target-sdk``'s.
    """
    from mcp_lint.project.layout import ROOT_MARKERS, package_root

    root = package_root(file)  # a workspace member's own pins first
    detected = detect(root) if file.startswith(root + os.sep) else SdkVersions()
    # A nested project (or a module that happens to be called setup.py) without pins of its own runs on the
    # pins of the project around it.
    directory = os.path.dirname(root)
    while not detected.known and file.startswith(root + os.sep) and directory != os.path.dirname(directory):
        if any(os.path.exists(os.path.join(directory, marker)) for marker in ROOT_MARKERS):
            detected = detect(directory)
        directory = os.path.dirname(directory)
    if not target_sdk:
        return detected
    target = _target(tuple(target_sdk))
    named = {p.package for p in target.pins}
    return SdkVersions(tuple(sorted((*target.pins, *(p for p in detected.pins if p.package not in named)), key=lambda p: PACKAGES.index(p.package))))
