"""MCP003 empty-result-as-error."""

from __future__ import annotations

import builtins
import re
from collections.abc import Callable, Iterator, Mapping, Sequence

import libcst as cst

from mcp_lint.diagnostics import Applicability, Fix
from mcp_lint.discovery import FunctionInfo, Handler, ModuleIndex, ToolScope, run_elsewhere
from mcp_lint.failures import (
    ABSENCE,
    ERROR_STATUS,
    TRANSLATED_NOT_FOUND,
    FailureReport,
    Shape,
    breadth,
    callee_name,
    caught_name,
    caught_types,
    failure_report,
    is_error_string,
    is_false,
    is_true,
    literal_key,
    literal_text,
    message_node,
    payload_fields,
    report_text,
    string_prefix,
)
from mcp_lint.fixes import call_tool_result, fill, quote_of
from mcp_lint.literals import integer_value, literal_value, string_value
from mcp_lint.protocol_errors import keyword_argument
from mcp_lint.rule import Rule, RuleContext, ancestors_within
from mcp_lint.traversal import binds, children, leaves, mentions, nodes, path_to, value_names, walk_paths

_BUILTINS = frozenset(dir(builtins))

# Names of configuration, credentials, clients and connections: not the tool's result.
_SETUP_NAME = re.compile(
    r"(api_?key|token|secret|credential|passw|auth(?!or(s|ity|ities)?(\b|_|(?-i:[A-Z])))|header|client|conn|session|config|settings|cfg|env|"
    r"engine|driver|pool|cursor|endpoint|host|url|^db$|database|service|manager|provider|handler|registry|"
    r"bridge|adapter|backend|gateway|socket|channel|processor|parser|strategy|converter|extractor|renderer)",
    re.IGNORECASE,
)


def _setup_name(name: str) -> bool:
    """Whether a local's name says it holds setup (``client``, ``api_key``, ``session``); not a plural of such a
    word (``market_sessions``, ``channels``, ``api_keys``: records a read lists), except request headers and
    credentials, which stay setup; nor what a call to such a thing answered (``service_definition_response``)."""
    match = _SETUP_NAME.search(name)
    if match is None:
        return False
    if _tokens(name)[-1] in ("response", "resp", "result", "results"):
        return False
    plural = name[match.end() :].lower() in ("s", "es")
    return not plural or match.group(0).lower() in ("header", "credential")


# What only a report of a missing thing says (stricter than ABSENCE: "no data" may follow any failure).
_NOT_THERE = re.compile(
    r"\b(not found|(does|do|did)( not|n't) exist|no such|" + TRANSLATED_NOT_FOUND + r")\b", re.IGNORECASE
)
# What only a report that nothing matched a search says ("No matching paper found", "no results for").
_NO_MATCH = re.compile(r"\bno ([\w-]+ ){0,2}(match|matching|matches|matched|results?|hits)\b", re.IGNORECASE)
# What a report of an argument checked against the values the code knows says.
_VALIDATION = re.compile(
    r"\b(unknown|unsupported|not supported|invalid|unrecognized|unrecognised|must be one of|use one of|valid "
    r"(values|options|choices)|supported (values|options))\b",
    re.IGNORECASE,
)
# What a report of an argument that must be given says ("Metrics list cannot be empty", "a query is required").
_REQUIRED = re.compile(
    r"\b(cannot|can ?not|can't|must not|mustn't|may not|should not|shouldn't) be (empty|blank)\b|"
    r"\b(is|are) required\b|\bmust (be )?(provide|specif|give|suppl)",
    re.IGNORECASE,
)
# What a report of a service the deployment lacks says ("Heat service endpoint not found in service catalog").
_NOT_DEPLOYED = re.compile(
    r"\b(not configured|not installed|service catalog|endpoints? (is |are )?not (found|available|configured))\b",
    re.IGNORECASE,
)
# What a report of a capability the system lacks says ("No wireless interface support detected on this device").
_UNSUPPORTED = re.compile(r"\bno ([\w-]+ ){0,3}(support|capability|capabilities)\b", re.IGNORECASE)
# Calls that send a GraphQL query.
_GRAPHQL = re.compile(r"(?i)graphql|gql")
# Where configuration comes from.
_SETUP_SOURCE = re.compile(
    r"(getenv|environ|config|settings|secret|credential|shutil\.which|find_executable|find_spec)", re.IGNORECASE
)
# The root of a call on a remote service (``client.autoscale_settings.get(group, name)``): what it reads there is a
# resource of the service, whatever its name says, not the server's own configuration.
_REMOTE_ROOT = re.compile(r"(client|session|conn|connection|api)$", re.IGNORECASE)
# Boolean flags: a falsy flag is a negative answer, not an empty result.
_FLAG = re.compile(
    r"(^(is|has|can|should|was)_|success|succeeded|^ok$|valid|verified|enabled|allowed|authori[sz]ed|permitted|"
    r"exists|ready|done|complete|status|healthy|passed)",
    re.IGNORECASE,
)
# Pure transformations of the tool's arguments (parsing them is input validation, not the tool's work).
_TRANSFORM = re.compile(
    r"(parse|loads|safe_load|split|valid|normali[sz]|convert|decode|extract|strip|clean|format|expand|compile|match)", re.IGNORECASE
)
# What a report of an operation that failed says ("Failed to create X: no ARN returned"); a missing signed-in user
# ("No authenticated user found") is an authentication failure.
_FAILURE = re.compile(
    r"\bfail(s|ed|ure)?\b|\b(endpoint|service|server|api)( is| may be| might be)? (unavailable|unreachable|down)\b|"
    r"\bno (authenticated|logged[- ]in|signed[- ]in) (user|session|account)\b|"
    r"\bnot (authenticated|logged in|signed in)\b|"
    r"\b(could not|couldn't|unable to|cannot|can't) (fetch|load|retrieve|connect|reach|download|read|access)\b",
    re.IGNORECASE,
)
# ... or offers absence as the other answer ("Unable to fetch income statements or no income statements found").
_OR_ABSENT = re.compile(
    r"\bor (no\b[^.;]*\b(found|match\w*|exists?|available)|(was |were |is |are )?not found|"
    r"(does|do)(n't| not) exist)\b",
    re.IGNORECASE,
)
# ... unless it says that nothing failed ("the search didn't fail, but ...").
_NOT_FAILED = re.compile(
    r"\b((did|does|do|has|have|had|would|could|should)n['\u2019]t|"
    r"(did|does|do|has|have|had|will|would|could|should) not|won['\u2019]t|never)\s+fail(s|ed)?\b|"
    # "No failed job logs found": what was looked for is a failed thing, not a failure of the lookup
    r"\bno (failed|failing)\b",
    re.IGNORECASE,
)

# Members of a result that hold the result's items or their number: `page.items`, `r["total"]`; a missing
# scalar field (`user.email`, `repo["url"]`) is an unmet precondition, not an empty result.
_COLLECTION_WORDS = frozenset(
    "items result results data rows records hits entries matches documents docs files objects values elements "
    "nodes content contents list events messages children response payload".split()
)
# Members and no-argument methods of a response that hold its payload: ``resp.json()``, ``resp.text``,
# ``query.first()``; another no-argument noun method of a fetched record (``filing.xbrl()``) reads a field of it.
_PAYLOAD = frozenset(
    "json text body content payload response data all first one one_or_none scalar scalars scalar_one "
    "scalar_one_or_none fetchone fetchall fetchmany readlines read result results items values keys latest last "
    "single "
    "to_list tolist to_dict dict model_dump records rows list".split()
)
_COUNT_WORDS = frozenset("count total num number size length".split())
#: Methods that take one element of a parsed document at a path (ElementTree, BeautifulSoup, lxml).
_ELEMENT_LOOKUPS = frozenset({"find", "findtext", "select_one"})
# Verbs of tool names and operations: a read answers a question, an action changes something.
_READ_VERBS = frozenset(
    "get fetch find lookup look search list read query describe show retrieve view browse inspect count check "
    "explore scan preview peek summarize analyze compare diff probe status discover validate verify details detail "
    "info investigate examine decompile disassemble".split()
)
# Verbs that search by what is given: what they find is a record even when it is named as setup (a client device).
_SEARCH_VERBS = frozenset("find lookup search locate".split())
# Verbs of computations: an estimate or a plan that comes back empty is a failure to compute it, not an empty answer.
_COMPUTE_VERBS = frozenset(
    "estimate explain calculate compute predict forecast simulate render generate classify transcribe propose".split()
)
_ACTION_VERBS = frozenset(
    "update delete del remove rm rename approve reject decline comment reply write create add insert upsert "
    "connect disconnect send post put patch assign unassign merge close cancel set edit modify move upload "
    "publish unpublish archive unarchive restore submit book reserve grant revoke invite transfer refund pay "
    "apply reopen subscribe unsubscribe register unregister schedule reschedule kill terminate start stop "
    "restart deploy install uninstall enable disable push commit save accept complete trigger attach detach "
    "unlink reset revert rollback ban toggle replace destroy purge truncate mute unmute notify sync clone fork "
    "lock unlock mark download resize crop rotate blur flip fill overlay draw open activate switch import "
    "copy duplicate paste build ingest export clear cleanup link relink perform record resume run setup append "
    "capture grab configure provision initialize launch migrate scale invoke drop store plot plotly visualize".split()
)
# The method a tool class runs its tool in: ``class ListTablesTool(Tool): async def perform(self, arguments)``.
_ENTRY_METHODS = frozenset({"perform", "run", "execute", "call", "__call__", "handle", "invoke", "arun", "_run", "_arun"})
# Every verb the names above know.
_VERBS = _READ_VERBS | _ACTION_VERBS | _COMPUTE_VERBS
# Operations that change the object they are called on or given (`ticket.update(...)`, `db.delete(row)`).
_MUTATORS = frozenset(
    "update delete save post put patch remove send write create insert upsert destroy approve reject merge "
    "cancel rename assign archive publish submit edit modify move upload commit".split()
)
# Methods that add to a collection in place: an accumulator built with them is a result.
_ACCUMULATE = frozenset({"append", "extend", "add", "update", "insert", "appendleft", "extendleft", "setdefault"})
# Builtins whose value is their argument's: `list(rows)`, `sorted(hits)`.
_WRAPPERS = frozenset({"list", "tuple", "set", "frozenset", "sorted", "reversed", "dict", "filter", "str", "int", "float"})
# Calls that list the files at a place (``glob.glob(pattern)``, ``os.listdir(folder)``, ``Path(p).rglob("*.md")``).
_LISTINGS = frozenset({"glob", "iglob", "rglob", "listdir", "scandir", "iterdir"})
_WRITE_SQL = re.compile(r"^\s*(insert|update|delete|replace|merge|upsert|create|drop|alter|truncate)\b", re.I)
_EXPLAIN_SQL = re.compile(r"^\s*explain\b", re.I)
_SCOPES = (cst.FunctionDef, cst.ClassDef, cst.Lambda)


# Path and permission predicates whose names the flag pattern does not catch.
_PREDICATE = re.compile(r"^(isfile|isdir|islink|ismount|lexists|access|isinstance|issubclass|hasattr|callable)$")
# Predicates that tell whether a file or a stored item is there: ``os.path.exists(p)``, ``p.is_file()``,
# ``await paper_exists(pid)``.
_EXISTENCE = re.compile(r"(^|_)(exists?|is_?file|is_?dir|lexists)($|_)", re.IGNORECASE)


def _is_flag(expr: cst.BaseExpression) -> bool:
    """Whether the tested value is a boolean flag: ``r["is_valid"]``, ``r.success``, ``r.get("ok")``, ``success``."""
    if isinstance(expr, cst.Await):
        expr = expr.expression
    if isinstance(expr, cst.Name):
        return _flag_name(expr.value)
    if isinstance(expr, cst.Attribute):
        return _flag_name(expr.attr.value)
    if isinstance(expr, cst.Call):
        # A predicate: ``os.path.exists(path)``, ``p.is_file()``, ``is_valid(x)`` answers yes or no, it finds nothing.
        name = callee_name(expr.func)
        if name is not None and (_FLAG.search(name) is not None or _PREDICATE.match(name) is not None):
            return True
    key: cst.BaseExpression | None = None
    if isinstance(expr, cst.Subscript) and len(expr.slice) == 1 and isinstance(expr.slice[0].slice, cst.Index):
        key = expr.slice[0].slice.value
    elif isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute) and expr.func.attr.value == "get" and expr.args:
        key = expr.args[0].value
    return isinstance(key, cst.SimpleString) and _flag_name(str(literal_value(key)))


def _answers_bool(function: FunctionInfo | None) -> bool:
    """Whether a project function is annotated to answer a truth value (``-> bool``)."""
    returns = function.node.returns if function is not None else None
    return returns is not None and isinstance(returns.annotation, cst.Name) and returns.annotation.value == "bool"


def _flag_name(name: str) -> bool:
    """Whether a name reads as a boolean flag (``is_valid``, ``success``, ``exists``); not a collection qualified by
    such a word (``valid_media_results``, ``enabled_users``)."""
    if _FLAG.search(name) is None:
        return False
    words = _tokens(name)
    return not words or _FLAG.search(words[-1]) is not None or not _is_collection_member(name)


# The names of functions that build an error report: ``tool_error``, ``error_response``, ``make_error``.
_ERROR_BUILDER = re.compile(r"(^|_)error(_response|_result)?$|^(make|build|create|format)_error", re.IGNORECASE)
_LOGGERS = re.compile(r"(^|_)(log|logger|logging)$", re.IGNORECASE)


def _named_error_call(statement: cst.Return | cst.Raise) -> FailureReport | None:
    """A returned call that cannot be followed (a method of an object the tool is given) but whose name says it
    builds an error, given its message: ``return mcp_error.tool_error("Alert not found", "not_found")``."""
    value = statement.value if isinstance(statement, cst.Return) else None
    if isinstance(value, cst.Await):
        value = value.expression
    if not isinstance(value, cst.Call) or not value.args or string_prefix(value.args[0].value) is None:
        return None
    func = value.func
    if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and _LOGGERS.search(func.value.value):
        return None
    name = callee_name(func)
    if name is None or _ERROR_BUILDER.search(name) is None:
        return None
    return FailureReport(statement, Shape.HELPER, value)


_EXCEPTION_CLASS = re.compile(r"[a-z0-9](Error|Exception)$")


def _returned_exception(statement: cst.Return | cst.Raise, function: FunctionInfo) -> FailureReport | None:
    """An exception an error mapper returns for its callers to raise (``return ToolError(f"Metric not found during
    {operation}")`` in ``handle_pcp_error(e, operation)``, used as ``raise handle_pcp_error(e, "fetch")``): every
    value the function returns is an exception it makes, and this one is given its message."""
    value = statement.value if isinstance(statement, cst.Return) else None
    if not isinstance(value, cst.Call) or not value.args:
        return None
    message = value.args[0].value
    if string_prefix(message) is None and not isinstance(message, cst.Name):
        return None  # a message, or a local holding one (``msg = f"{kind} not found"``)
    name = callee_name(value.func)
    if name is None or _EXCEPTION_CLASS.search(name) is None:
        return None
    for returned in function.returns:
        called = callee_name(returned.func) if isinstance(returned, cst.Call) else None
        if called is None or _EXCEPTION_CLASS.search(called) is None:
            return None
    return FailureReport(statement, Shape.HELPER, value)


def _only_breaks(block: cst.BaseSuite) -> bool:
    """Whether a block does nothing but ``break``."""
    lines = block.body if isinstance(block, cst.IndentedBlock) else [block]
    return all(
        isinstance(line, (cst.SimpleStatementLine, cst.SimpleStatementSuite))
        and all(isinstance(small, cst.Break) for small in line.body)
        for line in lines
    )


# Arguments that say where to look, not what to look for: ``crd_exists(name, context)``.
_SCOPE_NAME = re.compile(r"^_*(ctx|context|namespace|ns|region|zone|profile|cluster|env|environment|kube_?context)$")


def _checked_things(expr: cst.BaseExpression) -> list[cst.BaseExpression]:
    """What an existence check asks about: its positional arguments but those that say where to look
    (``crd_exists(name, context)``), or the object it is called on (``Path(p).is_file()``)."""
    if isinstance(expr, cst.Await):
        expr = expr.expression
    if not isinstance(expr, cst.Call):
        return [expr]
    positional = [a.value for a in expr.args if a.keyword is None and not a.star]
    if positional:
        return [v for v in positional if not (isinstance(v, cst.Name) and _SCOPE_NAME.match(v.value))]
    return [expr.func.value if isinstance(expr.func, cst.Attribute) else expr]


def _checks_configuration(expr: cst.BaseExpression) -> bool:
    """Whether an existence check asks for a configuration file (``os.path.exists(kubeconfig_path)``)."""
    if isinstance(expr, cst.Await):
        expr = expr.expression
    return isinstance(expr, cst.Call) and any(
        isinstance(n, cst.Name) and _setup_name(n.value) for arg in expr.args for n in nodes(arg.value)
    )


def _without_status(payload: cst.BaseExpression) -> cst.BaseExpression:
    """A report without the status that marks it as one (``{"status": "failed", "error": f"No contact found with
    email: {email}"}``): the marker says that this is a failure report, not that something failed."""
    if not isinstance(payload, cst.Dict):
        return payload
    kept = [
        e for e in payload.elements
        if not (
            isinstance(e, cst.DictElement) and string_value(e.key) == "status"
            and (string_value(e.value) or "").lower() in ERROR_STATUS
        )
    ]  # fmt: skip
    return payload.with_changes(elements=kept) if len(kept) < len(payload.elements) else payload


def _code_words(text: str) -> str:
    """An error code as the words it spells (``"not_found"``, ``"NotFound"``, ``"RESOURCE_NOT_FOUND"``: "not
    found", "resource not found"); any other text as it is."""
    if re.fullmatch(r"[A-Za-z][A-Za-z0-9]*(_[A-Za-z0-9]+)*", text) is None:
        return text
    return " ".join(re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", text).lower().split("_"))


def _caught_in(function: cst.FunctionDef, statement: cst.Return | cst.Raise) -> bool:
    """Whether a ``raise`` never reaches the caller: the first clause of a ``try`` around it in the function that
    catches it (bare, ``Exception``, ``BaseException`` or the raised class by name) neither raises again nor sends
    the exception on (``except Exception as e: logger.warning(e); return DEFAULTS``)."""
    if not isinstance(statement, cst.Raise) or statement.exc is None:
        return False
    raised = callee_name(statement.exc.func) if isinstance(statement.exc, cst.Call) else callee_name(statement.exc)
    path = path_to(function.body, statement) or []
    for at in range(len(path) - 2, -1, -1):
        node = path[at]
        if not (isinstance(node, cst.Try) and path[at + 1] is node.body):
            continue
        for handler in node.handlers:
            caught = caught_types(handler)
            if handler.type is None or any(name in ("Exception", "BaseException", raised) for name in caught):
                return not _passes_on(handler)
    return False


def _passes_on(handler: cst.ExceptHandler) -> bool:
    """Whether an ``except`` clause raises again or sends what it caught in a return or raise; not one that only
    raises exceptions of its own (``except Exception:`` then a fallback ``try`` that raises what it finds: what the
    first try raised never reaches the caller), nor a bare ``raise`` in an ``except`` clause nested in it."""
    bound = caught_name(handler)
    # the exception's name, and the locals made from it (``error_message = f"...: {str(e)}"``)
    derived = {bound} if bound is not None else set()
    for node in nodes(handler.body, prune=_SCOPES) if derived else ():
        if isinstance(node, cst.Assign) and derived & set(value_names(node.value)[0]):
            derived.update(t.target.value for t in node.targets if isinstance(t.target, cst.Name))
    for node in nodes(handler.body, prune=(*_SCOPES, cst.ExceptHandler)):
        if isinstance(node, cst.ExceptHandler):
            continue
        if isinstance(node, cst.Raise) and (
            node.exc is None or any(isinstance(n, cst.Name) and n.value in derived for n in nodes(node))
        ):
            return True
        if isinstance(node, cst.Return) and bound is not None and node.value is not None and any(
            isinstance(n, cst.Name) and n.value == bound for n in nodes(node.value)
        ):
            return True
    return False


def _existence_check(expr: cst.BaseExpression) -> bool:
    """Whether a tested value asks if a file or a stored item is there: ``os.path.exists(p)``,
    ``Path(p).is_file()``, ``await paper_exists(pid)``."""
    if isinstance(expr, cst.Await):
        expr = expr.expression
    if not isinstance(expr, cst.Call):
        return False
    name = callee_name(expr.func)
    return name is not None and _EXISTENCE.search(name) is not None


def membership_lookups(test: cst.BaseExpression) -> list[tuple[cst.BaseExpression, cst.BaseExpression]]:
    """Return the lookups by key that a condition finds missing: ``key not in container``.

    Also inside ``or``/``and`` combinations. A literal key (``"creative" not in ad``) asks for a field of a
    record, not for an item, and is left out.

    Args:
        test (cst.BaseExpression): an ``if`` condition.
    Returns:
        list[tuple[cst.BaseExpression, cst.BaseExpression]]: the (key, container) pairs.
    """
    if isinstance(test, cst.BooleanOperation):
        return membership_lookups(test.left) + membership_lookups(test.right)
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1:
        comp = test.comparisons[0]
        if isinstance(comp.operator, cst.NotIn) and not isinstance(
            test.left, (cst.SimpleString, cst.ConcatenatedString, cst.Integer)
        ):
            return [(test.left, comp.comparator)]
    return []


def _is_len(expr: cst.BaseExpression) -> cst.BaseExpression | None:
    if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Name) and expr.func.value == "len" and expr.args:
        return expr.args[0].value
    return None


def _count_range(test: cst.BaseExpression) -> tuple[str, int, int | None] | None:
    """Read ``len(x) == 2``, ``len(x) > 1`` or ``len(x) >= 1`` as (the code of ``x``, the least count it holds for,
    the greatest, None for no bound)."""
    if not (isinstance(test, cst.Comparison) and len(test.comparisons) == 1):
        return None
    subject = _is_len(test.left)
    comparison = test.comparisons[0]
    right = comparison.comparator
    if subject is None or not isinstance(right, cst.Integer):
        return None
    number = int(right.value)
    code = cst.Module([]).code_for_node(subject)
    if isinstance(comparison.operator, cst.Equal):
        return code, number, number
    if isinstance(comparison.operator, cst.GreaterThan):
        return code, number + 1, None
    if isinstance(comparison.operator, cst.GreaterThanEqual):
        return code, number, None
    return None


def elif_chain_empty(tests: Sequence[cst.BaseExpression]) -> bool:
    """Whether the ``else`` after an ``if``/``elif`` chain of counts of one value is where it is empty: the tests
    hold together for every count from 1 up and never for 0 (``len(m) == 1``, then ``len(m) > 1``).

    Args:
        tests (Sequence[cst.BaseExpression]): the chain's tests, in order.
    Returns:
        bool: True when the ``else`` runs exactly when the value has no items.
    """
    ranges = [_count_range(test) for test in tests]
    if not ranges or any(r is None for r in ranges) or len({r[0] for r in ranges}) != 1:  # type: ignore[index]
        return False
    covered = 1
    for low, high in sorted((r[1], r[2]) for r in ranges):  # type: ignore[index]
        if low < 1 or low > covered:
            return False
        if high is None:
            return True
        covered = max(covered, high + 1)
    return False


def _type_chain_subject(tests: Sequence[cst.BaseExpression]) -> list[cst.BaseExpression]:
    """The value an ``if``/``elif`` chain sorts by type, when its ``else`` is where the value is empty or missing:
    every test checks the type of one value or that it is not empty, and one of them tests non-emptiness
    (``if isinstance(x, dict): ... elif isinstance(x, list) and len(x) > 0: ... else:``).

    Returns:
        list[cst.BaseExpression]: the value, or nothing.
    """
    subject: cst.BaseExpression | None = None
    nonempty = False
    for test in tests:
        for operand in _and_operands(test):
            if isinstance(operand, cst.Call) and callee_name(operand.func) == "isinstance" and operand.args:
                value = operand.args[0].value
            else:
                found = nonempty_subjects(operand)
                if len(found) != 1:
                    return []
                value, nonempty = found[0], True
            if subject is None:
                subject = value
            elif not subject.deep_equals(value):
                return []
    return [subject] if subject is not None and nonempty else []


def _is_empty_literal(expr: cst.BaseExpression) -> bool:
    if isinstance(expr, (cst.List, cst.Dict, cst.Tuple, cst.Set)) and not expr.elements:
        return True
    if isinstance(expr, cst.SimpleString):
        return literal_value(expr) in ("", b"")
    return isinstance(expr, cst.Call) and isinstance(expr.func, cst.Name) and expr.func.value in ("list", "dict") and not expr.args


def _sets_up(function: FunctionInfo) -> bool:
    """Whether a function's name says it sets up what a tool needs (``get_client``, ``initiate_auth_flow``), and not
    that it looks a record of that name up by a key (``get_client_by_clientid``, ``get_session(session_id)``: the
    OAuth clients of an identity server, a chat's sessions)."""
    tokens = _tokens(function.name)
    setup = _SETUP_TOKENS.intersection(tokens)
    if not setup:
        return False
    if "by" in tokens:
        return False
    params = {p.name.value.lower().replace("_", "") for p in function.node.params.params}
    return not any(f"{word}{key}" in params for word in setup for key in ("id", "name", "key"))


def _tokens(name: str) -> list[str]:
    """The lower-case words of an identifier or tool name: ``getUserRepos``, ``get_user-repos`` -> get, user, repos."""
    return [t.lower() for t in re.findall(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+", name)]


def _is_count_name(name: str) -> bool:
    """Whether a name holds a number of results: ``count``, ``total``, ``totalCount``, ``num_rows``."""
    return any(t in _COUNT_WORDS for t in _tokens(name))


def _is_collection_member(member: str) -> bool:
    """Whether a member of a result holds its items or their number (``items``, ``search_results``, ``total``)."""
    words = _tokens(member)
    return bool(words) and (
        words[-1] in _COLLECTION_WORDS or words[-1] in _COUNT_WORDS or re.search(r"[^su]s$", words[-1]) is not None
    )  # a plural (``modules``, ``sheetnames``) holds items


def verb_of(name: str) -> str | None:
    """Tell whether a tool or operation name reads or acts, by its first verb.

    Args:
        name (str): ``get_issue``, ``jira_create_issue``, ``branch_merge``, ``searchCode``; a read joined to an
            action (``search_and_trigger``, ``get_or_create``) acts.
    Returns:
        str | None: "read", "action", or None when it names no verb either list knows.
    """
    verb = _first_verb(name)
    if verb is None:
        return None
    if verb in _READ_VERBS:
        # ``search_and_trigger``, ``get_or_create``: a read joined to an action is an action
        words = _tokens(name)
        if any(
            joint in ("and", "or", "then") and later in _ACTION_VERBS for joint, later in zip(words, words[1:])
        ):  # fmt: skip
            return "action"
        return "read"
    return "action"


def _first_verb(name: str) -> str | None:
    """str | None: the first word of a name that is a known verb of reading, acting or computing."""
    return next((word for word in _tokens(name) if word in _VERBS), None)


def _is_part_getter(name: str) -> bool:
    """``GetNodeGraph``, ``get_post_clip_graph``, ``fetch_organization``: a getter, without arguments, of one part of
    an object or of the session's current record (a singular noun); not ``get_markers`` or ``GetItemList`` (a
    collection), nor a getter that builds (``get_or_create``)."""
    words = _tokens(name)
    return (
        len(words) > 1
        and words[0] in ("get", "fetch")
        and "or" not in words[1:]
        and not _is_collection_member(name)
        and words[-1] not in ("list", "all")
    )


def _combine(verdicts: Sequence[str | None]) -> str | None:
    """"read" or "action" when every verdict that says something says it, "mixed" when some say each, None when
    none says anything: code that reads for one tool and acts for another cannot be told either."""
    known = {v for v in verdicts if v is not None}
    if len(known) > 1:
        return "mixed"
    return next(iter(known), None)


def _described_verdict(function: FunctionInfo | None) -> str | None:
    """What the first word of a function's docstring says it does: "List a customer's orders." reads,
    "Transcribes the clip." acts; a read that its first sentence goes on to join to an action acts too ("Fetch
    reactions from Discord and store the opt-ins."). None without a docstring or a known verb there."""
    if function is None:
        return None
    text = _docstring(function)
    words = re.findall(r"[A-Za-z]+", text)[:1]
    if not words:
        return None
    verdict = _word_verdict(words[0])
    if verdict == "read":
        sentence = re.split(r"\.(?:\s|$)|\n\s*\n", text.strip(), maxsplit=1)[0]
        joined = re.findall(r"\b(?:and|then)\s+([A-Za-z]+)", sentence)
        if any(_word_verdict(word) == "action" for word in joined):
            return "action"
    return verdict


def _word_verdict(word: str) -> str | None:
    """What a verb of a docstring says: "read", "action" or None; "Lists" as "List"."""
    word = word.lower()
    return verb_of(word) or (verb_of(word[:-1]) if word.endswith("s") else None)


def _annotated_verdict(function: FunctionInfo | None) -> str | None:
    """What the decorator that registers a tool declares of it, as MCP tool annotations: "read" when it is
    read-only (``@mcp.tool(annotations=ToolAnnotations(readOnlyHint=True))``, also ``annotations={"readOnlyHint":
    True}``), "action" when it says the tool may change its environment (``readOnlyHint=False`` written out, or
    ``destructiveHint=True``: ``fetch_external_fulltext`` that attaches what it fetches); None otherwise. Its
    author's word, so it comes before what the name, docstring and work of the tool suggest."""
    if function is None:
        return None
    for decorator in function.node.decorators:
        call = decorator.decorator
        arg = keyword_argument(call, "annotations") if isinstance(call, cst.Call) else None
        value = arg.value if arg is not None else None
        if isinstance(value, cst.Call):
            hints = {a.keyword.value: a.value for a in value.args if a.keyword is not None}
        elif isinstance(value, cst.Dict):
            hints = {key: e.value for e in value.elements if (key := literal_key(e)) is not None}
        else:
            continue
        read_only = hints.get("readOnlyHint", hints.get("read_only_hint"))
        if is_true(read_only):
            return "read"
        destructive = hints.get("destructiveHint", hints.get("destructive_hint"))
        if is_false(read_only) or is_true(destructive):
            return "action"
    return None


def _work_verdict(function: FunctionInfo | None) -> str | None:
    """What the operation a tool answers with says it does, when neither its name nor its docstring does
    (``paper_authors`` returns ``await client.get_paper_authors(request)``): "read" when a ``return`` outside its
    ``except`` clauses sends what a read gives and no call there acts; None otherwise. Only names that join a verb
    to more words count: one-word methods (``get``, ``append``, ``update``) say nothing of the tool."""
    if function is None:
        return None
    verdicts: set[str | None] = set()
    answers_read = False
    stack: list[cst.CSTNode] = [function.node.body]
    while stack:
        node = stack.pop()
        if isinstance(node, (cst.ExceptHandler, *_SCOPES)):
            continue
        if isinstance(node, cst.Call):
            name = callee_name(node.func)
            if name is not None and len(_tokens(name)) >= 2:
                verdicts.add(verb_of(name))
        elif isinstance(node, cst.Return) and node.value is not None:
            value = node.value.expression if isinstance(node.value, cst.Await) else node.value
            if isinstance(value, cst.Call):
                name = callee_name(value.func)
                answers_read = answers_read or (name is not None and len(_tokens(name)) >= 2 and verb_of(name) == "read")
        stack.extend(children(node))
    return "read" if answers_read and "action" not in verdicts else None


def _verdict(names: Sequence[str]) -> str | None:
    """"read" or "action" when the names that name a verb all name one kind, None otherwise."""
    verdict = _combine([verb_of(name) for name in names])
    return verdict if verdict != "mixed" else None


def _literal_get(expr: cst.BaseExpression) -> bool:
    """Whether ``expr`` is ``x.get("key", ...)``, a lookup of a literal key; not an HTTP GET
    (``client.get("/pokemon/search", params=...)``: a path or URL, or keyword arguments)."""
    if not (
        isinstance(expr, cst.Call)
        and isinstance(expr.func, cst.Attribute)
        and expr.func.attr.value == "get"
        and bool(expr.args)
        and len(expr.args) <= 2
        and all(arg.keyword is None and not arg.star for arg in expr.args)
    ):
        return False
    key = string_value(expr.args[0].value)
    return isinstance(key, str) and not key.startswith(("/", "http:", "https:"))


def _list_default(expr: cst.BaseExpression) -> bool:
    """Whether ``expr`` is ``x.get("key", [])``: a member whose default says it holds a list of items
    (``response.get("PubTator3", [])``), whatever its name."""
    return (
        _literal_get(expr) and len(expr.args) == 2  # type: ignore[attr-defined]
        and isinstance(expr.args[1].value, cst.List) and not expr.args[1].value.elements  # type: ignore[attr-defined]
    )  # fmt: skip


def _held_registry(expr: cst.BaseExpression) -> bool:
    """Whether an iterated value is a registry or configuration the server holds (``registry._language_map``,
    ``settings.models.items()``), named so, rather than something the tool fetched."""
    if isinstance(expr, cst.Call) and not expr.args and isinstance(expr.func, cst.Attribute):
        if expr.func.attr.value not in ("items", "keys", "values"):
            return False
        expr = expr.func.value  # the mapping a view is taken of
    base, _ = _member_chain(expr)
    return isinstance(base, cst.Name) and bool(_setup_name(base.value) or _SETUP_SOURCE.search(base.value))


def _member_chain(expr: cst.BaseExpression) -> tuple[cst.BaseExpression, str | None]:
    """Split ``r.data["items"]`` into its base ``r`` and its outermost member ``"items"``.

    Returns:
        tuple[cst.BaseExpression, str | None]: the base, and the outermost member name (None when ``expr`` has
        no member; "" when the outermost member is not a literal name, ``rows[0]``).
    """
    member: str | None = None
    while True:
        if isinstance(expr, cst.Attribute):
            name: str | None = expr.attr.value
            expr = expr.value
        elif isinstance(expr, cst.Subscript):
            key = expr.slice[0].slice if len(expr.slice) == 1 else None
            name = string_value(key.value) if isinstance(key, cst.Index) else None
            name = name if name is not None else ""
            expr = expr.value
        elif _literal_get(expr):
            name = string_value(expr.args[0].value)  # type: ignore[attr-defined]
            expr = expr.func.value  # type: ignore[attr-defined]
        else:
            return expr, member
        if member is None:
            member = name


def _last_name(expr: cst.BaseExpression) -> str | None:
    base, member = _member_chain(expr)
    if member is not None:
        return member
    return base.value if isinstance(base, cst.Name) else None


def _count_subject(left: cst.BaseExpression, op: cst.BaseCompOp, right: cst.BaseExpression) -> bool:
    """Whether ``left op right`` says a count is zero: ``count == 0``, ``r.total < 1``, ``r["total"] <= 0``."""
    if not isinstance(right, cst.Integer):
        return False
    value = integer_value(right)
    return (
        (isinstance(op, cst.Equal) and value == 0)
        or (isinstance(op, cst.LessThan) and value == 1)
        or (isinstance(op, cst.LessThanEqual) and value == 0)
    )


def _positive_count(op: cst.BaseCompOp, right: cst.BaseExpression) -> bool:
    """Whether ``x op right`` says a count is positive: ``> 0``, ``>= 1``, ``!= 0``."""
    if not isinstance(right, cst.Integer):
        return False
    value = integer_value(right)
    return (
        (isinstance(op, cst.GreaterThan) and value == 0)
        or (isinstance(op, cst.GreaterThanEqual) and value == 1)
        or (isinstance(op, cst.NotEqual) and value == 0)
    )


def _is_count(expr: cst.BaseExpression) -> bool:
    name = _last_name(expr)
    return name is not None and _is_count_name(name)


def _is_empty_flag(expr: cst.BaseExpression) -> bool:
    """Whether an expression is ``x.empty`` (pandas' test for a frame or series without rows)."""
    return isinstance(expr, cst.Attribute) and expr.attr.value == "empty"


def _frames(test: cst.BaseExpression) -> list[cst.BaseExpression]:
    """The values a condition tests with pandas' ``x.empty``: tables of rows, even when read as a field of what
    the tool fetched (``df = getattr(ticker, "income_stmt")``)."""
    if isinstance(test, cst.BooleanOperation):
        return _frames(test.left) + _frames(test.right)
    return [test.value] if _is_empty_flag(test) else []  # type: ignore[attr-defined]


def emptiness_subjects(test: cst.BaseExpression) -> list[cst.BaseExpression]:
    """Return the values a condition tests for emptiness or absence.

    Recognised: ``not x``, ``x is None``, ``len(x) == 0`` (and ``< 1``), ``not len(x)``, ``x == []``/``{}``/``""``,
    ``x.empty`` (pandas), ``not x.get("items")``, ``"data" not in x`` (a key that holds the items), counts that
    are zero (``count == 0``, ``r.total < 1``, ``r["total"] == 0``), and ``or``/``and`` combinations of these (so
    ``"k" not in r or not r["k"]`` tests ``r``).

    Args:
        test (cst.BaseExpression): an ``if`` condition.
    Returns:
        list[cst.BaseExpression]: the tested values.
    """
    if isinstance(test, cst.BooleanOperation):
        return emptiness_subjects(test.left) + emptiness_subjects(test.right)
    if _is_empty_flag(test):
        return [test.value]  # type: ignore[attr-defined]  # ``df.empty``: a pandas frame with no rows
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        inner = test.expression
        if _is_empty_flag(inner):
            return []  # ``not df.empty``: it has rows
        return [_is_len(inner) or inner]
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1:
        left, (comp,) = test.left, test.comparisons
        op, right = comp.operator, comp.comparator
        if isinstance(op, cst.Is) and isinstance(right, cst.Name) and right.value == "None":
            return [left]
        subject = _is_len(left)
        if subject is not None and _count_subject(left, op, right):
            return [subject]
        if subject is None and _count_subject(left, op, right) and _is_count(left):
            return [left]
        if isinstance(op, cst.Equal) and _is_empty_literal(right):
            return [left]
    return _missing_payload(test)


def _missing_payload(test: cst.BaseExpression) -> list[cst.BaseExpression]:
    """``[response]`` when a test is ``"data" not in response``, a key that holds a response's items; else ``[]``."""
    if not (isinstance(test, cst.Comparison) and len(test.comparisons) == 1):
        return []
    key = string_value(test.left)
    if isinstance(test.comparisons[0].operator, cst.NotIn) and key is not None and (
        key in _PAYLOAD or _is_collection_member(key)
    ):  # fmt: skip
        return [test.comparisons[0].comparator]
    return []


def _and_operands(test: cst.BaseExpression) -> list[cst.BaseExpression]:
    """The operands of a chain of ``and``."""
    if isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.And):
        return _and_operands(test.left) + _and_operands(test.right)
    return [test]


def _literal_key_in(test: cst.BaseExpression) -> bool:
    """``"response" in data``: a literal key looked for in a value."""
    return (
        isinstance(test, cst.Comparison) and len(test.comparisons) == 1
        and isinstance(test.comparisons[0].operator, cst.In) and isinstance(test.left, cst.SimpleString)
    )  # fmt: skip


def nonempty_subjects(test: cst.BaseExpression) -> list[cst.BaseExpression]:
    """Return the values a condition tests for being non-empty or present.

    Recognised: ``x``, ``len(x)``, ``x is not None``, ``len(x) > 0`` (``>= 1``, ``!= 0``), ``x != []``,
    ``not x.empty`` (pandas), and
    positive counts (``r.total > 0``), ``x and isinstance(x, T)`` and ``x and len(x) > 0``; not other ``and``/``or``
    combinations, whose failing side says less.

    Args:
        test (cst.BaseExpression): an ``if`` condition.
    Returns:
        list[cst.BaseExpression]: the tested values.
    """
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not) and _is_empty_flag(test.expression):
        return [test.expression.value]  # type: ignore[attr-defined]  # ``not df.empty``
    if _is_empty_flag(test):
        return []
    if isinstance(test, (cst.Name, cst.Attribute, cst.Subscript, cst.NamedExpr)) or _literal_get(test):
        return [test]
    if isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.And):
        operands = _and_operands(test)
        rest = [operand for operand in operands if not _literal_key_in(operand)]
        if len(rest) == 1 and len(operands) > 1:
            # ``"response" in data and "players" in data["response"] and data["response"]["players"]``: the key
            # tests only guard the subscript
            return nonempty_subjects(rest[0])
        # ``content and isinstance(content, list)``, ``rows and len(rows) > 0``: a type check or another non-empty
        # test of the same value adds nothing to the test
        left, right = nonempty_subjects(test.left), test.right
        if len(left) == 1:
            same = nonempty_subjects(right)
            if len(same) == 1 and left[0].deep_equals(same[0]):
                return left
            if (
                isinstance(right, cst.Call) and isinstance(right.func, cst.Name) and right.func.value == "isinstance"
                and right.args and left[0].deep_equals(right.args[0].value)
            ):  # fmt: skip
                return left
    subject = _is_len(test)
    if subject is not None:
        return [subject]
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1:
        left, (comp,) = test.left, test.comparisons
        op, right = comp.operator, comp.comparator
        if isinstance(op, cst.IsNot) and isinstance(right, cst.Name) and right.value == "None":
            return [left]
        subject = _is_len(left)
        if subject is not None and _positive_count(op, right):
            return [subject]
        if subject is None and _positive_count(op, right) and _is_count(left):
            return [left]
        if isinstance(op, cst.NotEqual) and _is_empty_literal(right):
            return [left]
    return []


def _params(function: FunctionInfo) -> set[str]:
    params = function.node.params
    names = {p.name.value for p in (*params.posonly_params, *params.params, *params.kwonly_params)}
    for star in (params.star_arg, params.star_kwarg):
        if isinstance(star, cst.Param):
            names.add(star.name.value)
    return names - {"self", "cls"}


def _assigned_value(target: cst.BaseExpression, value: cst.BaseExpression, name: str) -> cst.BaseExpression | None:
    """The part of ``value`` that ``target`` binds to ``name``: ``a, b = x, y`` binds ``y`` to ``b``."""
    if isinstance(target, cst.Name):
        return value
    if isinstance(target, (cst.Tuple, cst.List)) and isinstance(value, (cst.Tuple, cst.List)):
        if len(target.elements) == len(value.elements):
            for t, v in zip(target.elements, value.elements):
                if binds(t.value, name):
                    return _assigned_value(t.value, v.value, name)
    return value  # unpacked from one value: ``rows, total = await db.page(q)`` binds a part of a call's value


_OPAQUE = cst.Name("__opaque__")  # a binding whose value is unknown: a loop target, ``with ... as``, an import
_PARAM = cst.Name("__param__")  # the value a parameter brings in


def _rewraps(value: cst.BaseExpression, name: str) -> bool:
    """Whether a value bound to ``name`` is ``name``'s own value again, copied, sorted or filtered: ``list(runs)``,
    ``sorted(runs, key=...)``, ``[r for r in runs if r.id]``."""
    if isinstance(value, cst.Call) and isinstance(value.func, cst.Name) and value.func.value in _WRAPPERS:
        first = value.args[0] if value.args else None
        return first is not None and first.keyword is None and not first.star and (
            isinstance(first.value, cst.Name) and first.value.value == name
        )
    if isinstance(value, (cst.ListComp, cst.GeneratorExp)) and value.for_in.inner_for_in is None:
        source = value.for_in.iter
        return isinstance(source, cst.Name) and source.value == name and not mentions(value.elt, {name})
    return False


def _scan(statement: cst.CSTNode, name: str) -> tuple[list[cst.BaseExpression], bool, list[cst.BaseExpression]]:
    """The bindings of ``name`` in a statement, whether it adds to ``name`` in place, and the loops that do so.

    Returns:
        tuple: the bound values (``_OPAQUE`` when unknown), True when the statement accumulates into ``name``
        (``name.append(...)``, ``name += ...``, ``name[k] = ...``), and the iterables of the statement's loops.
    """
    values: list[cst.BaseExpression] = []
    accumulates = False
    loops: list[cst.BaseExpression] = []
    for node in nodes(statement, prune=_SCOPES):
        if isinstance(node, cst.Assign):
            for target in node.targets:
                if binds(target.target, name):
                    values.append(_assigned_value(target.target, node.value, name) or _OPAQUE)
                elif isinstance(target.target, cst.Subscript) and binds(target.target.value, name):
                    accumulates = True
        elif isinstance(node, (cst.AnnAssign, cst.NamedExpr)) and binds(node.target, name):
            values.append(node.value if node.value is not None else _OPAQUE)
        elif isinstance(node, cst.AugAssign) and binds(node.target, name):
            accumulates = True
        elif isinstance(node, cst.For):
            loops.append(node.iter)
            if binds(node.target, name):
                values.append(_OPAQUE)
        elif isinstance(node, cst.WithItem) and node.asname is not None and binds(node.asname.name, name):
            values.append(_OPAQUE)
        elif isinstance(node, (cst.FunctionDef, cst.ClassDef)) and node.name.value == name:
            values.append(_OPAQUE)
        elif isinstance(node, cst.ImportAlias) and (node.evaluated_alias or node.evaluated_name) == name:
            values.append(_OPAQUE)
        elif (
            isinstance(node, cst.Call)
            and isinstance(node.func, cst.Attribute)
            and node.func.attr.value in _ACCUMULATE
            and binds(node.func.value, name)
        ):
            accumulates = True
    return values, accumulates, loops


_PLACEHOLDERS = frozenset({"None", "False", "True"})


def _is_placeholder(expr: cst.BaseExpression) -> bool:
    """``None``, ``False``, ``0``, ``[]``, ``{}``, ``""``, ``list()``: an initial value, not an answer."""
    if isinstance(expr, cst.Name):
        return expr.value in _PLACEHOLDERS
    if isinstance(expr, cst.Integer):
        return integer_value(expr) == 0
    return _is_empty_literal(expr) or (
        isinstance(expr, cst.Call) and isinstance(expr.func, cst.Name) and expr.func.value == "set" and not expr.args
    )


class Flow:
    """What reaches one point of a function in straight-line code: which names hold the tool's results.

    A name holds a result when the bindings that reach the point (the last assignment before it, looking
    outwards through the enclosing blocks) got it from a call, an await, a subscript, a comprehension, or an
    accumulator built in a loop; not when it came from the function's parameters (through ``.get("k")``,
    subscripts or attributes), configuration, credentials, clients, or a parse of the arguments.

    Args:
        function (FunctionInfo): the function.
        chain (Sequence[cst.CSTNode]): the nodes from the function's definition down to the point, inclusive.
        constants (Mapping[str, cst.BaseExpression] | None): the module's top-level ``name = value`` bindings.
        index (ModuleIndex | None): the module's index, for the mappings of handles it issues (see
            :func:`handle_registries`); None reads none.
    """

    def __init__(
        self, function: FunctionInfo, chain: Sequence[cst.CSTNode],
        constants: Mapping[str, cst.BaseExpression] | None = None, index: ModuleIndex | None = None,
    ) -> None:  # fmt: skip
        self.function = function
        self.chain = chain
        self.params = _params(function)
        self.constants = constants or {}
        self.index = function.module or index
        self._kinds: dict[str, str] = {}

    def _graphql_response(self, expr: cst.BaseExpression) -> bool:
        """Whether a name holds what a GraphQL request returned (``data = await client.graphql_request(query,
        variables)``, or the call itself: ``execute_graphql(...)["entity"]``): its top-level fields are the query's
        root fields, the results the tool asked for."""
        return self._graphql_call(expr) is not None

    def _graphql_call(self, expr: cst.BaseExpression) -> cst.Call | None:
        """The GraphQL request whose response ``expr`` is (itself, or what the name was bound to), else None."""
        call = expr.expression if isinstance(expr, cst.Await) else expr
        if isinstance(call, cst.Call):
            return call if _GRAPHQL.search(cst.Module([]).code_for_node(call.func)) else None  # ``gql.query(...)``
        if not isinstance(expr, cst.Name):
            return None
        for value in self.reaching(expr.value)[0]:
            call = value.expression if isinstance(value, cst.Await) else value
            if isinstance(call, cst.Call) and _GRAPHQL.search(cst.Module([]).code_for_node(call.func)):
                return call
        return None

    def _named_by_fetch(self, expr: cst.BaseExpression, member: str) -> bool:
        """Whether ``member`` of a value names what the call that gave the value fetched (``page.get("page")``
        after ``page = await client.get_page_by_title(title)``), or what the query it ran asks for
        (``product.get("product")`` after ``product = await client.execute(queries.PRODUCT_BY_ID_QUERY, ...)``):
        the thing looked up, not one of its fields."""
        values = self.reaching(expr.value)[0] if isinstance(expr, cst.Name) else [expr]
        for value in values:
            value = value.expression if isinstance(value, cst.Await) else value
            if not isinstance(value, cst.Call):
                continue
            name = callee_name(value.func)
            words = _tokens(name) if name is not None else []
            if len(words) > 1 and verb_of(name) == "read" and member.lower() in words[1:]:  # type: ignore[arg-type]
                return True
            query = value.args[0].value if value.args and value.args[0].keyword is None else None
            query_name = query.attr.value if isinstance(query, cst.Attribute) else getattr(query, "value", None)
            if isinstance(query, (cst.Name, cst.Attribute)) and isinstance(query_name, str):
                words = _tokens(query_name)
                if len(words) > 1 and words[-1] == "query" and member.lower() == words[0]:
                    return True  # ``TRANSCRIPT_BY_ID_QUERY`` asks for a transcript, ``tx.get("transcript")``
        return False

    def _looked_up_in_query(self, expr: cst.BaseExpression, member: str) -> bool:
        """Whether ``member``, read from a GraphQL response (``(((data or {}).get("data") or {}).get("repository")
        or {}).get("pullRequest")``), is a field the query selects with arguments (``pullRequest(number:
        $number)``): a lookup of what the tool was asked for, not a field of a record."""
        base = expr
        while True:
            base, _ = _member_chain(base)
            if isinstance(base, cst.BooleanOperation):  # ``(data or {})``
                base = base.left
                continue
            break
        call = self._graphql_call(base)
        if call is None:
            return False
        for arg in call.args:
            value = arg.value
            if isinstance(value, cst.Name):
                value = self.function.assigned(value.value) or self.constants.get(value.value)  # type: ignore[assignment]
            text = string_value(value) if value is not None else None
            if isinstance(text, str) and re.search(rf"\b{re.escape(member)}\s*\(", text):
                return True
        return False

    def looked_up_in_table(self, subject: cst.BaseExpression) -> bool:
        """Whether a tested value was looked up in a table the code writes out (``query = QUERIES.get(metric)``,
        ``QUERIES[metric]``), by every binding that reaches the point."""
        if isinstance(subject, cst.Name):
            if self.static_table(subject):
                return True  # ``if runtime not in SCHEMAS:``: the table itself, asked for the argument
            values = self.reaching(subject.value)[0]  # a parameter's ``_PARAM`` is a name: never from a table
            return bool(values) and all(not isinstance(v, cst.Name) and self.looked_up_in_table(v) for v in values)
        if isinstance(subject, cst.Call) and isinstance(subject.func, cst.Attribute):
            return subject.func.attr.value == "get" and self.static_table(subject.func.value)
        if isinstance(subject, cst.Subscript):
            # ``SCHEMAS[runtime]["event_sources"]``: a part of what the table holds
            return self.static_table(subject.value) or self.looked_up_in_table(subject.value)
        return False

    def static_table(self, expr: cst.BaseExpression) -> bool:
        """Whether ``expr`` names a table the code writes out: a dict literal with literal keys, bound in the
        function or at module level and not added to on the way (``_REQUIRED = {"series": [...]}``). Looking the
        tool's argument up in it and answering "unknown metric" (``_REQUIRED.get(action)``, ``query_map[metric]``)
        checks the argument against the keys the code knows: input validation, not a search whose answer may be
        empty (a table of data, ``ORDERS = {"c1": [...]}`` answered with "No orders found", is still searched)."""
        if not isinstance(expr, cst.Name):
            return False
        values, accumulates, _ = self.reaching(expr.value)
        if not values and expr.value not in self.params:
            known = self.constants.get(expr.value)
            values = [known] if known is not None else []
        return bool(values) and not accumulates and all(self._written_out(v) for v in values)

    def _written_out(self, value: cst.BaseExpression, depth: int = 0) -> bool:
        """A dict literal with literal keys, or a comprehension over such tables only (an index of one by
        another spelling: ``{key.casefold(): key for key in list(SPECS) + list(ALIASES)}``)."""
        if isinstance(value, cst.Dict):
            return bool(value.elements) and all(
                isinstance(e, cst.DictElement) and literal_value(e.key) is not None for e in value.elements
            )
        if isinstance(value, cst.DictComp) and depth < 2:
            sources: list[cst.BaseExpression] = []
            clause: cst.CompFor | None = value.for_in
            while clause is not None:
                sources.append(clause.iter)
                clause = clause.inner_for_in
            return all(self._of_tables(source, depth) for source in sources)
        return False

    def _of_tables(self, expr: cst.BaseExpression, depth: int) -> bool:
        """Whether an iterable reads only tables the code writes out: ``SPECS``, ``list(SPECS)``,
        ``SPECS.items()``, and sums of these."""
        if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.Add):
            return self._of_tables(expr.left, depth) and self._of_tables(expr.right, depth)
        if isinstance(expr, cst.Call) and len(expr.args) <= 1:
            func = expr.func
            if isinstance(func, cst.Name) and func.value in ("list", "tuple", "set", "sorted") and expr.args:
                return self._of_tables(expr.args[0].value, depth)
            if isinstance(func, cst.Attribute) and func.attr.value in ("keys", "values", "items") and not expr.args:
                return self._of_tables(func.value, depth)
            return False
        if isinstance(expr, cst.Name) and expr.value not in self.params:
            known = self.constants.get(expr.value)
            return known is not None and self._written_out(known, depth + 1)
        return False

    def reaching(self, name: str) -> tuple[list[cst.BaseExpression], bool, list[cst.BaseExpression]]:
        """The values of the bindings of ``name`` that reach the point, whether ``name`` is accumulated into on
        the way, and the iterables of the loops that do it. A parameter not certainly rebound adds ``_PARAM``."""
        values: list[cst.BaseExpression] = []
        accumulates = False
        loops: list[cst.BaseExpression] = []
        chain = self.chain
        for i in range(len(chain) - 1, 0, -1):
            parent, child = chain[i - 1], chain[i]
            if isinstance(parent, cst.FunctionDef):
                break
            if isinstance(parent, cst.IndentedBlock):
                position = next((k for k, s in enumerate(parent.body) if s is child), 0)
                for statement in reversed(parent.body[:position]):
                    found, mutated, iters = _scan(statement, name)
                    if mutated:
                        accumulates = True
                        loops.extend(iters)
                    if found and isinstance(statement, cst.SimpleStatementLine) and all(
                        _rewraps(value, name) for value in found
                    ):
                        continue  # ``runs = list(runs)``: what the binding before it holds
                    if found:
                        values.extend(found)
                        if isinstance(statement, (cst.SimpleStatementLine, cst.Try, cst.With)):
                            return values, accumulates, loops
            elif child is getattr(parent, "body", None):
                if isinstance(parent, cst.For) and binds(parent.target, name):
                    return [*values, _OPAQUE], accumulates, loops
                if isinstance(parent, cst.With) and any(
                    item.asname is not None and binds(item.asname.name, name) for item in parent.items
                ):
                    return [*values, _OPAQUE], accumulates, loops
                if isinstance(parent, cst.ExceptHandler) and parent.name is not None and binds(parent.name.name, name):
                    return [*values, _OPAQUE], accumulates, loops
        if name in self.params:
            values.append(_PARAM)
        return values, accumulates, loops

    def name_kind(self, name: str) -> str:
        """"result", "input", "placeholder", "field" or "other": what the name holds at the point."""
        known = self._kinds.get(name)
        if known is not None:
            return known
        self._kinds[name] = "other"  # a cycle (``rows = rows[1:]``) says nothing more
        values, accumulates, loops = self.reaching(name)
        kinds = ["input" if self._normalises(name, value) else self.kind(value) for value in values]
        real = [k for k in kinds if k != "placeholder"]
        if not values:
            kind = "other"  # a module-level name, a closure variable, a builtin
        elif not real:
            if accumulates:
                kind = "input" if loops and all(self.kind(it) == "input" for it in loops) else "result"
            else:
                kind = "placeholder"
        elif all(k == "result" for k in real):
            kind = "result"
        elif all(k in ("result", "field") for k in real):
            kind = "field"
        elif "input" in real:
            kind = "input"
        else:
            kind = "other"
        self._kinds[name] = kind
        return kind

    def _normalises(self, name: str, value: cst.BaseExpression) -> bool:
        """Whether a binding rebinds a parameter to a function of itself (``player_names = unwrap(player_names,
        ...)``): the tool's input, normalised, not a result."""
        if name not in self.params:
            return False
        call = value.expression if isinstance(value, cst.Await) else value
        return isinstance(call, cst.Call) and any(
            isinstance(arg.value, cst.Name) and arg.value.value == name for arg in call.args
        )

    def kind(self, expr: cst.BaseExpression) -> str:
        """"result", "input", "placeholder", "field" (a scalar part of a fetched record) or "other": what a bound
        value is."""
        if expr is _PARAM:
            return "input"
        if expr is _OPAQUE:
            return "other"
        if _is_placeholder(expr):
            return "placeholder"
        if isinstance(expr, cst.Name):
            return self.name_kind(expr.value)
        if isinstance(expr, cst.Await):
            inner = expr.expression
            return self.kind(inner) if isinstance(inner, cst.Call) else "result"
        if isinstance(expr, cst.BooleanOperation):  # ``await db.q() or []``
            left = self.kind(expr.left)
            return self.kind(expr.right) if left == "placeholder" else left
        if isinstance(expr, cst.IfExp):  # ``best = (human[0] if human else hits[0]) if hits else None``
            arms = {self.kind(expr.body), self.kind(expr.orelse)} - {"placeholder"}
            return arms.pop() if len(arms) == 1 else "other"
        if isinstance(expr, (cst.List, cst.Tuple)) and expr.elements:
            # ``items = [response]``: the one record a read answered, as a list of one
            kinds = {self.kind(e.value) for e in expr.elements if not isinstance(e, cst.StarredElement)}
            kinds.discard("placeholder")
            return kinds.pop() if len(kinds) == 1 and kinds <= {"result", "input"} else "other"
        if isinstance(expr, (cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp)):
            iters: list[cst.BaseExpression] = []
            clause: cst.CompFor | None = expr.for_in
            while clause is not None:
                iters.append(clause.iter)
                clause = clause.inner_for_in
            if all(self.kind(it) == "input" for it in iters):
                return "input"
            if all(_held_registry(it) or self.kind(it) == "input" for it in iters):
                # ``[ext for ext, lang in registry.items() if lang == language]``: the tool's argument looked up
                # in a registry or the configuration the server holds is an allow-list check, not a search
                return "other"
            return "result"
        if self.index is not None and _handle_lookup(expr, self.index):
            # ``subscription = cls._subscriptions.get(subscription_id)``: a handle the server issued, not data;
            # its absence is an unmet precondition
            return "other"
        if isinstance(expr, (cst.Attribute, cst.Subscript)) or _literal_get(expr):
            base, _ = _member_chain(expr)
            base_kind = self.kind(base)
            if base_kind == "input":
                return "input"
            if _SETUP_SOURCE.search(cst.Module([]).code_for_node(expr).split("(", 1)[0]):
                return "other"
            _, member = _member_chain(expr)
            if isinstance(expr, cst.Subscript) and member == "":
                # an element (``rows[0]``, ``index[query]``) is a result, unless its collection is a field
                return "field" if self.kind(expr.value) == "field" else "result"
            inner = expr.func.value if isinstance(expr, cst.Call) else expr.value  # type: ignore[attr-defined]
            inner_kind = self.kind(inner)
            if inner_kind in ("result", "field") and member:
                # ``ad["account_id"]``: a field of a fetched record, not a result of its own; but the top-level
                # fields of a GraphQL response are the results of the query (``data.get("disk")``)
                if (
                    _is_collection_member(member) or member in _PAYLOAD or self._graphql_response(inner)
                    or _list_default(expr)
                ):  # fmt: skip
                    return "result"
                if self._looked_up_in_query(inner, member):
                    return "result"  # ``pullRequest(number: $number)`` in the query: what the tool looked up
                if self._named_by_fetch(inner, member):
                    return "result"  # ``page = await get_page_by_title(t)`` then ``page.get("page", {})``
                return "field"
            if isinstance(expr, cst.Attribute):
                return "result" if base_kind == "result" else "other"
            return "result"
        if isinstance(expr, cst.Call):
            source = cst.Module([]).code_for_node(expr.func)
            if _SETUP_SOURCE.search(source) and not _REMOTE_ROOT.search(source.split(".", 1)[0]):
                return "other"
            callee = callee_name(expr.func)
            positional = [a.value for a in expr.args if a.keyword is None and not a.star]
            if self.index is not None and _answers_bool(self.index.callee(self.function, expr.func)):
                # ``if not await check_api_keys(ctx):``: a project predicate annotated ``-> bool`` answers yes or
                # no; it finds nothing
                return "other"
            if isinstance(expr.func, cst.Name) and callee in _WRAPPERS and positional:
                return self.kind(positional[0])  # ``str(light_id)`` is what it converts
            if isinstance(expr.func, cst.Name) and callee == "getattr" and positional:
                # ``func = getattr(accounting_api, endpoint)``: a member of an object, code rather than data; of a
                # fetched record, one of its fields
                return "field" if self.kind(positional[0]) in ("result", "field") else "other"
            if callee in _LISTINGS and not self.from_input(expr):
                # ``glob.glob(os.path.join(sources, "*/AddressBook.db"))``: the files at a place the code names
                # are configuration, not what a search of the tool's input found
                return "other"
            if callee is not None and _TRANSFORM.search(callee):
                # a parse of the arguments is input; a parse of what the tool fetched is its result
                kinds = {self.kind(arg.value) for arg in expr.args}
                return "result" if "result" in kinds else "input" if kinds == {"input"} else "other"
            if (
                isinstance(expr.func, cst.Attribute)
                and not expr.args
                and isinstance(expr.func.value, cst.Name)
                and callee is not None
                and callee not in _PAYLOAD
                and verb_of(callee) is None
                and not _is_collection_member(callee)
                and self.kind(expr.func.value) in ("result", "field")
            ):
                # ``filing.xbrl()``: a part of a fetched record, read through a method; not ``account.users()``,
                # the items a record holds
                return "field"
            if (
                isinstance(expr.func, cst.Attribute)
                and callee in _ELEMENT_LOOKUPS
                and positional
                and isinstance(positional[0], (cst.SimpleString, cst.FormattedString, cst.ConcatenatedString))
                and not self.from_input(positional[0])
                and self.kind(expr.func.value) in ("result", "field")
            ):
                # ``root.find(".//{DAV:}calendar-home-set/{DAV:}href")`` in a parsed response: an element of a fetched
                # document at a fixed path, a field of it, whose absence is a malformed answer, not an empty one
                return "field"
            if (
                not expr.args
                and (
                    isinstance(expr.func, cst.Name)
                    or isinstance(expr.func, cst.Attribute) and isinstance(expr.func.value, cst.Name)
                )
                and callee is not None
                and _is_part_getter(callee)
            ):
                # ``item.GetNodeGraph()``, ``manager.GetCurrentProject()``: one part of an object the tool already
                # holds, or the current object of a session, read through a getter given nothing from the tool's
                # input; its absence is a missing field or an unmet precondition, not an empty result
                return "field"
            return "result"
        return "other"

    def is_result(self, subject: cst.BaseExpression) -> bool:
        """Whether a tested value is the tool's result, or a member of it that holds its items or their number."""
        if _is_flag(subject):
            return False
        base, member = _member_chain(subject)
        if member is not None and not _is_collection_member(member):
            return False  # ``user.email``: a missing field of a record is an unmet precondition
        if isinstance(base, cst.NamedExpr):
            if not isinstance(base.target, cst.Name) or _setup_name(base.target.value):
                return False
            return self.kind(base.value) == "result"
        if isinstance(base, cst.Name):
            if _setup_name(base.value) and not self._found_by_name(base.value):
                return False
            return self.name_kind(base.value) == "result" and not self._searched_within(base.value)
        return self.kind(base) == "result"

    def _searched_within(self, name: str) -> bool:
        """Whether a looked-up record is where the function then lists what it answers, not what it answers: after
        the point it goes through what a method of it answers (``for todo in calendar.todos():``, also through a
        local bound to it, ``events = calendar.search(...)`` then ``for event in events:``), and its ``return``
        statements mention it only so (``return [t.uid for t in calendar.todos()]``). A missing container (the
        calendar whose tasks are listed) is an unmet precondition, not an empty result; a part read from it
        (``filing.obj()``, ``report.taxonomy()``) leaves it the record looked for."""
        following = self.following()
        listed: set[int] = set()  # the receivers of those calls
        iterables = [
            node.iter for statement in following for node in nodes(statement, prune=_SCOPES)
            if isinstance(node, (cst.For, cst.CompFor))
        ]  # fmt: skip
        iterated = {n.value for n in iterables if isinstance(n, cst.Name)}
        gone_through = {id(n) for n in iterables}
        for statement in following:
            for node in nodes(statement, prune=_SCOPES):
                call = None
                if isinstance(node, cst.Assign) and len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Name):
                    if node.targets[0].target.value in iterated:
                        call = node.value
                elif id(node) in gone_through:
                    call = node
                if isinstance(call, cst.Await):
                    call = call.expression
                if (
                    isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute)
                    and isinstance(call.func.value, cst.Name) and call.func.value.value == name
                    and not _CONVERSION_METHOD.search(call.func.attr.value)
                ):  # fmt: skip
                    listed.add(id(call.func.value))
        if not listed:
            return False
        return not any(
            isinstance(node, cst.Name) and node.value == name and id(node) not in listed
            for value in self.function.returns for node in nodes(value, prune=_SCOPES)
        )  # fmt: skip

    def _found_by_name(self, name: str) -> bool:
        """Whether a local named as setup (``client``, ``session``) is what a search for that kind of thing found
        for the tool's argument (``client, session, label = _find_client(plex, client_name)``): a looked-up record,
        not configuration; not ``processor = PROCESSORS.find(content_type)``, which picks a handler."""
        values, accumulates, _ = self.reaching(name)
        match = _SETUP_NAME.search(name)
        if not values or accumulates or match is None:
            return False
        word = match.group(0).lower()
        for value in values:
            call = value.expression if isinstance(value, cst.Await) else value
            if not isinstance(call, cst.Call):
                return False
            callee = callee_name(call.func)
            words = _tokens(callee) if callee is not None else []
            if not words or words[0] not in _SEARCH_VERBS or not any(w.startswith(word) for w in words[1:]):
                return False
            if not any(self.kind(arg.value) == "input" for arg in call.args):
                return False
        return True

    def is_lookup(self, key: cst.BaseExpression, container: cst.BaseExpression) -> bool:
        """Whether ``key not in container`` looks up a key from the tool's arguments in what the tool fetched
        (``sheet not in wb.sheetnames``), rather than checking an allow-list or configuration."""
        base, _ = _member_chain(container)
        if isinstance(base, cst.Name) and _setup_name(base.value):
            return False
        return self.kind(key) == "input" and self.kind(base) in ("result", "field")

    def from_input(self, expr: cst.BaseExpression, depth: int = 3) -> bool:
        """Whether a value is derived from the tool's arguments (``Path(ensure_ext(filename))``), following local
        bindings ``depth`` deep; a path built from constants (``Path("model.pt")``) is configuration."""
        for node in nodes(expr, prune=_SCOPES):
            if not isinstance(node, cst.Name):
                continue
            if node.value in self.params:
                return True  # a parameter, also when rebound from itself (``name = ensure_ext(name)``)
            values = self.reaching(node.value)[0]
            if depth > 0 and any(
                value is not _OPAQUE and self.from_input(value, depth - 1) for value in values if value is not node
            ):
                return True
            if depth > 0 and _OPAQUE in values:
                # an item of a loop over the arguments (``for urn in urns: if not graph.exists(urn):``)
                loop = next(
                    (n for n in self.chain if isinstance(n, cst.For) and binds(n.target, node.value)), None
                )
                if loop is not None and self.from_input(loop.iter, depth - 1):
                    return True
        return False

    def following(self) -> list[cst.CSTNode]:
        """The statements after the point, in its block and in each enclosing block of the function."""
        after: list[cst.CSTNode] = []
        chain = self.chain
        for i in range(len(chain) - 1, 0, -1):
            parent, child = chain[i - 1], chain[i]
            if isinstance(parent, cst.FunctionDef):
                break
            if isinstance(parent, cst.IndentedBlock):
                position = next((k for k, s in enumerate(parent.body) if s is child), len(parent.body))
                after.extend(parent.body[position + 1 :])
        return after



#: Methods that only convert or read a record a function answers with: ``to_dict()``, ``model_dump()``, ``get(k)``.
_CONVERSION_METHOD = re.compile(r"^(to_|as_)|^(dict|json|model_dump|model_dump_json|copy|keys|values|items|get)$")


def _only_words(node: cst.If) -> bool:
    """Whether an ``if`` (with its ``elif`` and ``else``) holds only simple statements that neither leave nor call
    anything but a builtin or a list's ``append``/``extend`` (``if min_date: parts.append(f"since {min_date}")``):
    it builds text, it does no work."""
    blocks: list[cst.BaseSuite] = []
    branch: cst.If | cst.Else | None = node
    while branch is not None:
        blocks.append(branch.body)
        branch = branch.orelse if isinstance(branch, cst.If) else None
    for block in blocks:
        if not isinstance(block, cst.IndentedBlock):
            return False
        for line in block.body:
            if not isinstance(line, cst.SimpleStatementLine) or not all(
                isinstance(small, (cst.Assign, cst.AugAssign, cst.Expr)) for small in line.body
            ):  # fmt: skip
                return False
            for call in nodes(line, prune=_SCOPES):
                if isinstance(call, cst.Await) or isinstance(call, cst.Call) and not (
                    isinstance(call.func, cst.Name) and call.func.value in _BUILTINS
                    or isinstance(call.func, cst.Attribute) and isinstance(call.func.value, cst.Name)
                    and call.func.attr.value in ("append", "extend")
                ):  # fmt: skip
                    return False
    return True


def _reports_in(block: cst.BaseSuite) -> list[cst.Return | cst.Raise]:
    """The ``return`` and ``raise`` statements of a branch, nested blocks included, nested functions not."""
    return [n for n in nodes(block, prune=_SCOPES) if isinstance(n, (cst.Return, cst.Raise))]


def _checks_existence(function: FunctionInfo) -> bool:
    """Whether a function leaves early when a file is missing (``if not os.path.exists(p): return ...``), also
    after looking for it elsewhere first (``for directory in search_dirs: if os.path.exists(...): path = ...;
    break``, then ``else: return {"error": ...}``)."""
    return any(
        any(_existence_check(s) for s in emptiness_subjects(n.test)) and (leaves(n.body) or _searched_then_leaves(n.body))
        for n in function.own_of(cst.If)
    )


def _searched_then_leaves(block: cst.BaseSuite) -> bool:
    """Whether a block ends in a loop that breaks when it finds what it looks for and whose ``else`` leaves."""
    last = block.body[-1] if isinstance(block, cst.IndentedBlock) and block.body else None
    return (
        isinstance(last, (cst.For, cst.While)) and last.orelse is not None and leaves(last.orelse.body)
        and any(isinstance(n, cst.Break) for n in nodes(last.body, prune=_SCOPES))
    )  # fmt: skip


def _helper_calls(function: FunctionInfo, index: ModuleIndex) -> Iterator[tuple[cst.Call, FunctionInfo]]:
    """The calls in a function's own body of other project functions, each with the function it calls: the steps
    of the caller walks below."""
    for call in function.own_of(cst.Call):
        callee = index.callee(function, call.func)
        if callee is not None and callee is not function:
            yield call, callee


def _checked_by_callers(scope: ToolScope, index: ModuleIndex) -> bool:
    """Whether every tool that reaches a helper checks that the file is there itself, first (in the handler or a
    function between it and the helper): the helper's own check never reports anything to the client."""
    if scope.handler is not None:
        return False
    # another module's copy of a function is no twin: compare files and paths
    target = index.key_of(scope.function)
    seen: dict[int, str] = {}

    def path(function: FunctionInfo, depth: int) -> str:
        """"guarded", "open" (a call path reaches the helper unchecked) or "none" (no path reaches it)."""
        if id(function) in seen:
            return seen[id(function)]
        seen[id(function)] = "none"
        found = "none"
        for _, callee in _helper_calls(function, index):
            step = "open" if index.key_of(callee) == target else path(callee, depth - 1) if depth > 0 else "none"
            if step == "open":
                found = "open"
                break
            if step == "guarded":
                found = "guarded"
        if found == "open" and _checks_existence(function):
            found = "guarded"
        seen[id(function)] = found
        return found

    functions = [index.definition(h) for h in scope.handlers]
    return bool(functions) and all(f is not None and path(f, 4) == "guarded" for f in functions)


def _tested_by_callers(scope: ToolScope, index: ModuleIndex, verdict: Callable[[Handler], str | None]) -> bool:
    """Whether every call of a helper that the tools reaching it make (in the handler, or three functions deep)
    binds its outcome to a local that an ``if`` then tests, without passing it on as a failure (``result = await
    _discover_pages(account)``, then ``if not result.get("success"): return json.dumps({"data": [], ...})``): what
    the helper returns is read by its callers, and no read sends it as its failure. The calls an action makes are
    left out: its missing target is a real failure, whatever it sends."""
    return _every_call(scope, index, verdict, lambda function, call: _outcome_intercepted(function, call, index))


def _every_call(
    scope: ToolScope, index: ModuleIndex, verdict: Callable[[Handler], str | None],
    accept: Callable[[FunctionInfo, cst.Call], bool],
) -> bool:  # fmt: skip
    """Whether the reads that reach a helper call it at least once (in the handler, or three functions deep), and
    ``accept`` holds for every such call, given the function it is in; the calls an action makes are left out."""
    # another module's copy of a function is no twin: compare files and paths
    target = index.key_of(scope.function)
    seen: set[int] = set()
    sites = 0

    def calls_accepted(function: FunctionInfo, depth: int) -> bool:
        nonlocal sites
        if id(function) in seen:
            return True
        seen.add(id(function))
        for call, callee in _helper_calls(function, index):
            if index.key_of(callee) == target:
                sites += 1
                if not accept(function, call):
                    return False
            elif depth > 0 and not calls_accepted(callee, depth - 1):
                return False
        return True

    for handler in scope.handlers:
        if verdict(handler) == "action":
            continue
        function = index.definition(handler)
        if function is None or not calls_accepted(function, 3):
            return False
    return sites > 0


def _caught_by_callers(
    scope: ToolScope, index: ModuleIndex, raised: set[str], verdict: Callable[[Handler], str | None]
) -> bool:  # fmt: skip
    """Whether every call of a helper that the reads reaching it make (in the handler, or three functions deep) is
    in a ``try`` whose ``except`` names the exception the helper raises and keeps it from the client: says in its
    own words that the thing is not there (``except PackageNotFoundError as e: raise PyPIMCPError(f"Package not
    found: {e.message}")``), judged where it says it, or answers without it (``except PackageNotFoundError:
    pass``); not a caller that only relays the helper's message (``return f"Error: {e}"``) or raises it again."""
    def caught(function: FunctionInfo, call: cst.Call) -> bool:
        path = function.path_to(call) or []
        for parent, child in zip(path, path[1:]):
            if not isinstance(parent, cst.Try) or child is not parent.body:
                continue
            if any(_absorbs(handler, raised) for handler in parent.handlers):
                return True
        return False

    return _every_call(scope, index, verdict, caught)


def _absorbs(handler: cst.ExceptHandler, raised: set[str]) -> bool:
    """Whether an ``except`` clause names one of the raised exceptions and keeps it from the client (see
    :func:`_caught_by_callers`)."""
    names = {n.value for n in nodes(handler.type) if isinstance(n, cst.Name)} if handler.type is not None else set()
    if not names & raised:
        return False
    sent = [n for n in nodes(handler.body, prune=_SCOPES) if isinstance(n, (cst.Raise, cst.Return))]
    if any(isinstance(n, cst.Raise) and n.exc is None for n in sent):
        return False  # raised again as it is
    if any(_says_absent(n) for n in sent):
        return True
    bound = caught_name(handler)
    return bound is None or not any(mentions(n, {bound}) for n in sent)


def _says_absent(statement: cst.Return | cst.Raise) -> bool:
    """Whether a ``return`` or ``raise`` says in its own text that something is not there ("Package not found: ...")."""
    for node in nodes(statement, prune=_SCOPES):
        if isinstance(node, cst.SimpleString):
            text = string_value(node)
        elif isinstance(node, cst.FormattedStringText):
            text = node.value
        else:
            continue
        if text and ABSENCE.search(text):
            return True
    return False


#: The keys of a helper's report that hold its message.
_REPORT_KEYS = frozenset({"error", "errors", "message", "msg", "detail", "details", "reason"})


def _keys_read(value: cst.BaseExpression, local: str) -> set[str]:
    """The string keys a returned value reads of a local directly (``result["message"]``, ``result.get("error")``),
    also as an f-string's part, but not as a value in a dict (``{"data": [], "note": result["message"]}``: what a
    dict says is for :func:`failure_report` to tell)."""
    keys: set[str] = set()
    for node in nodes(value, prune=(*_SCOPES, cst.Dict)):
        if isinstance(node, cst.Subscript) and isinstance(node.value, cst.Name) and node.value.value == local:
            element = node.slice[0].slice if node.slice else None
            if isinstance(element, cst.Index):
                keys.add(string_value(element.value) or "")
        elif (
            isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value == "get"
            and isinstance(node.func.value, cst.Name) and node.func.value.value == local and node.args
        ):  # fmt: skip
            keys.add(string_value(node.args[0].value) or "")
    return keys


def _outcome_intercepted(function: FunctionInfo, call: cst.Call, index: ModuleIndex) -> bool:
    """Whether a call's outcome is bound to a local (``result = await helper(x)``) that an ``if`` of the function
    tests, where no ``return`` or ``raise`` passes it on as a failure (``return result["message"]``, ``return
    {"error": f"LSP error: {result['error']}"}``), also through a name the function makes of it (``if message :=
    error_text(result): raise RuntimeError(message)``)."""
    names = [
        node.targets[0].target.value for node in function.own_of(cst.Assign)
        if len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Name)
        and (node.value is call or isinstance(node.value, cst.Await) and node.value.expression is call)
    ]  # fmt: skip
    if not names:
        names = [name] if (name := _gathered_item(function, call)) is not None else []
    if len(names) != 1:
        return False
    local = names[0]
    made = {local} | {
        target.value for target, value in _bindings(function)
        if isinstance(target, cst.Name) and target.value != local and mentions(value, {local})
    }  # fmt: skip
    tests = [n for n in function.own_of(cst.If) if mentions(n.test, made)]
    if not tests:
        return False
    for test in tests:
        for sent in nodes(test, prune=_SCOPES):
            if not isinstance(sent, (cst.Return, cst.Raise)):
                continue
            value = sent.value if isinstance(sent, cst.Return) else sent.exc
            if value is None or not mentions(value, made):
                continue
            if isinstance(value, cst.Name) and value.value in made or _REPORT_KEYS.intersection(_keys_read(value, local)):
                return False  # ``return result["message"]``: the helper's report is the answer
            if failure_report(sent, index, function) is not None:
                return False  # ``return {"error": f"LSP error: {result['error']}"}``; ``raise RuntimeError(message)``
    return True


def _gathered_item(function: FunctionInfo, call: cst.Call) -> str | None:
    """The loop variable that holds a call's outcome when the call is run for many inputs at once: ``tasks =
    [get_pool(n) for n in names]``, ``results = await asyncio.gather(*tasks)``, then ``for name, result in
    zip(names, results):`` (or ``for result in results:``) gives ``result``; else None."""
    tasks = next((
        target.value for target, value in _bindings(function)
        if isinstance(target, cst.Name) and isinstance(value, (cst.ListComp, cst.GeneratorExp))
        and (value.elt is call or isinstance(value.elt, cst.Await) and value.elt.expression is call)
    ), None)  # fmt: skip
    if tasks is None:
        return None
    gathered = next((
        target.value for target, value in _bindings(function)
        if isinstance(target, cst.Name) and isinstance(inner := value.expression if isinstance(value, cst.Await) else value, cst.Call)
        and any(arg.star == "*" and isinstance(arg.value, cst.Name) and arg.value.value == tasks for arg in inner.args)
    ), None)  # fmt: skip
    if gathered is None:
        return None
    for loop in function.own_of(cst.For):
        if isinstance(loop.iter, cst.Name) and loop.iter.value == gathered and isinstance(loop.target, cst.Name):
            return loop.target.value
        zipped = loop.iter
        if (
            isinstance(zipped, cst.Call) and isinstance(zipped.func, cst.Name) and zipped.func.value == "zip"
            and isinstance(loop.target, cst.Tuple) and len(loop.target.elements) == len(zipped.args)
        ):  # fmt: skip
            for arg, element in zip(zipped.args, loop.target.elements):
                if isinstance(arg.value, cst.Name) and arg.value.value == gathered and isinstance(element.value, cst.Name):
                    return element.value.value
    return None


def _bindings(function: FunctionInfo) -> Iterator[tuple[cst.BaseExpression, cst.BaseExpression]]:
    """The single targets a function's own body binds, with their values: ``name = value`` and ``(name :=
    value)``."""
    for node in function.own_of(cst.Assign):
        if len(node.targets) == 1:
            yield node.targets[0].target, node.value
    for named in function.own_of(cst.NamedExpr):
        yield named.target, named.value


def _reach(
    index: ModuleIndex, caller: FunctionInfo, call: cst.Call, memo: dict[tuple[int, int], frozenset], depth: int = 3,
) -> frozenset[tuple[str | None, str]]:  # fmt: skip
    """The functions of the project a call made in ``caller`` runs: its callee, and the functions the callee's
    calls run, ``depth`` hops deep (as :meth:`ModuleIndex.key_of`)."""
    callee = index.callee(caller, call.func)
    if callee is None or callee is caller:
        return frozenset()
    own = index.key_of(callee)
    if depth <= 0:
        return frozenset((own,))
    key = (id(callee), depth)
    if key not in memo:
        memo[key] = frozenset()  # a call cycle reaches nothing more
        memo[key] = frozenset().union(*(
            _reach(index, callee, n, memo, depth - 1) for n in callee.own_of(cst.Call)
        ))  # fmt: skip
    return memo[key] | {own}


def _fallback_tests(block: cst.BaseSuite) -> list[cst.If]:
    """The ``if`` statements inside an empty branch that test a value the branch computes itself: the branch
    tried another way (``image_url = None``, then a fallback), and what fails is that way, not the result."""
    found = []
    for inner in nodes(block, prune=_SCOPES):
        if isinstance(inner, cst.If):
            names = [s.value for s in emptiness_subjects(inner.test) if isinstance(s, cst.Name)]
            if names and all(_scan(block, name)[0] for name in names):
                found.append(inner)
    return found


def _tool_names(handler: Handler) -> list[str]:
    """The names a tool handler is registered under (``mcp.tool(name="x")(fn)`` in any module,
    ``@mcp.tool(name="x")``, ``@mcp.tool("x")``), or else the tool its docstring names (see :func:`_named_tool`),
    then its own."""
    names: list[str] = [handler.tool_name] if handler.tool_name is not None else []
    if handler.function is None:
        return [*names, handler.name]  # defined in another module: its own name is what is known here
    for decorator in handler.function.node.decorators:
        expr = decorator.decorator
        if isinstance(expr, cst.Call) and callee_name(expr.func) == "tool":
            for arg in expr.args:
                if arg.keyword is None or arg.keyword.value == "name":
                    name = string_value(arg.value)
                    if name is not None:
                        names.append(name)
                    break
    named = _named_tool(handler.function) if not names else None
    return [*names, *([named] if named else []), handler.function.name]


def _docstring(function: FunctionInfo) -> str:
    """A function's docstring, "" when it has none or its body was left unparsed by the check step."""
    try:
        return function.node.get_docstring() or ""
    except Exception:  # a body the check step left unparsed
        return ""


def _named_tool(function: FunctionInfo) -> str | None:
    """The tool the first line of a function's docstring names as a tool, when its own name has no verb:
    ``list_metrics`` for ``async def handle_call(request)`` under "Handle the list_metrics tool call."."""
    if verb_of(function.name) is not None:
        return None
    first_line = next(iter(_docstring(function).strip().splitlines()), "")
    # the tool, named as one: not an API the function calls ("Collect the events using describe_events API.")
    return next(iter(re.findall(r"\b([a-z]+(?:_[a-z0-9]+)+)`*\s+tool\b", first_line, re.IGNORECASE)), None)


def _tool_name_expr(expr: cst.BaseExpression, dispatcher: FunctionInfo) -> bool:
    """Whether an expression is a dispatcher's tool name: its first parameter, ``name``, ``params.name``."""
    params = dispatcher.node.params.params
    first = params[0].name.value if params and params[0].name.value not in ("self", "cls") else None
    if len(params) > 1 and first is None:
        first = params[1].name.value
    if isinstance(expr, cst.Name):
        return expr.value in (first, "name", "tool_name", "tool")
    return isinstance(expr, cst.Attribute) and expr.attr.value in ("name", "tool_name")


def _branch_literals(test: cst.BaseExpression, dispatcher: FunctionInfo) -> list[str]:
    """The tool names a dispatcher branch selects: ``name == "x"``, ``"x" == name``, ``name in ("x", "y")``."""
    if not (isinstance(test, cst.Comparison) and len(test.comparisons) == 1):
        return []
    left, op, right = test.left, test.comparisons[0].operator, test.comparisons[0].comparator
    if isinstance(op, cst.Equal):
        if _tool_name_expr(right, dispatcher):
            left, right = right, left
        name = string_value(right)
        return [name] if name is not None and _tool_name_expr(left, dispatcher) else []
    if isinstance(op, cst.In) and isinstance(right, (cst.Tuple, cst.List, cst.Set)) and _tool_name_expr(
        left, dispatcher
    ):
        names = [string_value(e.value) for e in right.elements]
        return [n for n in names if n is not None] if all(n is not None for n in names) else []
    return []


def _pattern_literals(pattern: cst.MatchPattern) -> list[str]:
    if isinstance(pattern, cst.MatchValue):
        name = string_value(pattern.value)
        return [name] if name is not None else []
    if isinstance(pattern, cst.MatchOr):
        names = [_pattern_literals(p.pattern) for p in pattern.patterns]
        return [n for found in names for n in found] if all(names) else []
    return []


def _branch_tools(handler: Handler, chain: Sequence[cst.CSTNode]) -> list[str]:
    """The tool names of the innermost dispatcher branch (``if name == "delete_issue":``, ``case "x":``) that holds
    the last node of ``chain``."""
    return _branch_names(handler.function, chain) if handler.function is not None else []


def _branch_names(dispatcher: FunctionInfo, chain: Sequence[cst.CSTNode]) -> list[str]:
    """The tool names of the innermost branch on a tool name in ``dispatcher`` that holds the last node of
    ``chain``."""
    found: list[str] = []
    for i in range(len(chain) - 1):
        node, child = chain[i], chain[i + 1]
        if isinstance(node, cst.If) and child is node.body:
            found = _branch_literals(node.test, dispatcher) or found
        elif isinstance(node, cst.MatchCase) and child is node.body and i > 0:
            match = chain[i - 1]
            if isinstance(match, cst.Match) and _tool_name_expr(match.subject, dispatcher):
                found = _pattern_literals(node.pattern) or found
    return found


# Parameters that select what a many-purpose tool does: ``fusion_comp(action="delete_tool")``.
_OPERATION_PARAMS = frozenset(
    {"action", "operation", "op", "command", "cmd", "verb", "mode", "task", "subaction", "sub_action", "subcommand"}
)


def _operation_branch(chain: Sequence[cst.CSTNode]) -> list[str]:
    """The operations named by the innermost branch on an operation parameter that holds the last node of
    ``chain``: ``if action == "delete_tool":``, ``elif op in ("get", "list"):``."""
    found: list[str] = []
    for i in range(len(chain) - 1):
        node, child = chain[i], chain[i + 1]
        if not (isinstance(node, cst.If) and child is node.body):
            continue
        test = node.test
        if not (isinstance(test, cst.Comparison) and len(test.comparisons) == 1):
            continue
        left, op, right = test.left, test.comparisons[0].operator, test.comparisons[0].comparator
        if isinstance(right, cst.Name) and isinstance(op, cst.Equal):
            left, right = right, left
        if not (isinstance(left, cst.Name) and left.value in _OPERATION_PARAMS):
            continue
        if isinstance(op, cst.Equal) and string_value(right) is not None:
            found = [string_value(right)]  # type: ignore[list-item]
        elif isinstance(op, cst.In) and isinstance(right, (cst.Tuple, cst.List, cst.Set)):
            names = [string_value(e.value) for e in right.elements]
            found = [n for n in names if n is not None] or found
    return found


def _is_mutation_name(name: str | None) -> bool:
    """``update``, ``delete``, ``add_comment``, ``set_status``: an operation that changes something."""
    if name is None:
        return False
    if name in _MUTATORS:
        return True
    words = _tokens(name)
    return len(words) > 1 and words[0] in _ACTION_VERBS


def _mutates(call: cst.Call) -> bool:
    """Whether a call changes something: ``ticket.update(...)``, ``db.delete(row)``, ``cur.execute("UPDATE ...")``."""
    name = callee_name(call.func)
    if name in ("execute", "executemany", "executescript"):
        first = next((a.value for a in call.args if a.keyword is None), None)
        return first is not None and _WRITE_SQL.match(literal_text(first)) is not None
    return _is_mutation_name(name)


def _runs_explain(call: cst.Call, flow: Flow) -> bool:
    """Whether a call runs an ``EXPLAIN`` statement, given literally or through a local name."""
    first = next((a.value for a in call.args if a.keyword is None), None)
    if isinstance(first, cst.Name):
        first = next(iter(flow.reaching(first.value)[0]), None)
    return first is not None and _EXPLAIN_SQL.match(literal_text(first)) is not None


def _is_write_sql(call: cst.Call) -> bool:
    """``cur.execute("UPDATE ...")``."""
    return callee_name(call.func) in ("execute", "executemany", "executescript") and _mutates(call)


def _called_on(call: cst.Call, names: set[str]) -> bool:
    """Whether a call is a method of one of the names or of a member of it: ``ticket.update()``, ``row.tags.add(t)``."""
    if not isinstance(call.func, cst.Attribute):
        return False
    base, _ = _member_chain(call.func.value)
    return isinstance(base, cst.Name) and base.value in names


_KINDS = {"str": "str", "dict": "dict", "Dict": "dict", "Mapping": "dict", "list": "list", "List": "list", "Sequence": "list"}


def _kind_of_value(value: cst.BaseExpression) -> str | None:
    if isinstance(value, (cst.SimpleString, cst.FormattedString, cst.ConcatenatedString)):
        return "str"
    if isinstance(value, (cst.Dict, cst.DictComp)):
        return "dict"
    if isinstance(value, (cst.List, cst.ListComp)):
        return "list"
    return None


def _return_kind(function: FunctionInfo, failing: cst.CSTNode) -> str | None:
    """What the tool returns, "str", "dict" or "list": from its annotation, else from its other returns."""
    if function.node.returns is not None:
        annotation = function.node.returns.annotation
        if isinstance(annotation, cst.Subscript):
            annotation = annotation.value
        name = annotation.attr.value if isinstance(annotation, cst.Attribute) else getattr(annotation, "value", None)
        return _KINDS.get(name) if isinstance(name, str) else None
    kinds = {_kind_of_value(value) for value in function.returns if value is not getattr(failing, "value", None)}
    return kinds.pop() if len(kinds) == 1 else None


def _strip_error_prefix(message: cst.BaseExpression) -> cst.BaseExpression | None:
    """Drop a leading ``"Error: "`` from a string or f-string message, so that plain text reads as the answer it is."""
    if isinstance(message, cst.FormattedString) and message.parts:
        first = message.parts[0]
        if not isinstance(first, cst.FormattedStringText):
            return message
        stripped = re.sub(r"^\s*(error|errors|failure)\s*:\s*", "", first.value, flags=re.IGNORECASE)
        if stripped == first.value or not stripped:
            return message
        text = first.with_changes(value=f"{stripped[:1].upper()}{stripped[1:]}")
        return message.with_changes(parts=[text, *message.parts[1:]])
    if not isinstance(message, cst.SimpleString) or "b" in message.prefix.lower():
        return message
    text = message.raw_value
    stripped = re.sub(r"^\s*(error|errors|failure)\s*:\s*", "", text, flags=re.IGNORECASE)
    if stripped == text:
        return message
    return cst.SimpleString(f"{message.prefix}{message.quote}{stripped[:1].upper()}{stripped[1:]}{message.quote}")


# Exceptions that say the thing looked for is not there (``NotFoundError``, ``ObjectDoesNotExist``, ``NoSuchKey``),
# and error codes that say so (``e.response["Error"]["Code"] == "ResourceNotFoundException"``). A missing file or
# module is not one: a read's input file is judged by where its path comes from (see ``_existence_check``).
_NOT_FOUND_NAME = re.compile(r"(not_?found|does_?not_?exists?|no_?such|not_?exists?|no_?results?_?found)", re.IGNORECASE)
_NOT_ABSENCE_EXCEPTIONS = frozenset({"FileNotFoundError", "ModuleNotFoundError", "ImportError"})
# Members that hold an HTTP status: ``e.response.status_code``, ``resp.status``, ``exc.code``.
_STATUS_MEMBERS = frozenset({"status_code", "status", "code", "http_status", "statusCode", "http_code"})
# Words of the names of functions that set up what a tool needs (``initiate_auth_flow``, ``get_client``).
_SETUP_TOKENS = frozenset(
    "auth oauth login token tokens credential credentials client connect connection session config configure "
    "setup init initialize initiate".split()
)
# Verbs of tools that answer with a collection.
_COLLECTION_VERBS = frozenset("list search query browse scan count explore filter".split())
# Verbs of tools that examine what they are given: its missing input file is bad input, not an empty answer.
_ANALYSIS_VERBS = frozenset("check analyze validate verify inspect scan compare diff probe summarize".split())
# Nouns of what examines, or of examining (``source_db_analyzer``, ``data_model_validation``): a tool so named
# examines what it is given, as one named by an analysis verb does.
_ANALYSIS_AGENTS = frozenset(
    "analyzer analyser checker validator verifier inspector scanner linter validation verification inspection".split()
)
# Words of the names of helpers that authenticate the request a tool makes (``verify_token``, ``_login``).
_AUTH_TOKENS = frozenset("auth oauth authenticate login token tokens credential credentials".split())
# Builtins that make what a loop goes over out of other values.
_ITERATORS = frozenset({"range", "zip", "map", "iter", "reversed", "chain", "product"})


def _reads_exception(handler: cst.ExceptHandler) -> bool:
    """Whether an ``except`` hands the exception it caught to a helper that may read it (``error=
    _format_api_error(exc, name=name)``, which says "not found" for a 404), not only to a conversion or a log
    (``str(exc)``, ``logger.warning(..., exc)``)."""
    caught = caught_name(handler)
    if caught is None:
        return False
    for node in nodes(handler.body, prune=(cst.FunctionDef, cst.ClassDef, cst.Lambda)):
        if not isinstance(node, cst.Call) or callee_name(node.func) in _ONLY_SHOWS:
            continue
        if isinstance(node.func, cst.Attribute) and _last_name(node.func.value) in ("logger", "logging", "log"):
            continue
        if any(isinstance(arg.value, cst.Name) and arg.value.value == caught for arg in node.args):
            return True
    return False


#: Calls that show an exception without telling its failures apart.
_ONLY_SHOWS = frozenset({"str", "repr", "type", "print", "format", "isinstance", "getattr", "ToolError", "McpError"})


def _says_not_found(name: str | None) -> bool:
    """Whether an exception class's name says the thing looked for is not there (``RunNotFoundError``; not a
    missing file or module)."""
    return name is not None and name not in _NOT_ABSENCE_EXCEPTIONS and _NOT_FOUND_NAME.search(name) is not None


def _echoes(statement: cst.Return | cst.Raise, caught: str) -> bool:
    """Whether a report's message is only the text of the exception an ``except`` caught: ``str(e)``, ``e``,
    ``f"{e}"``, in an error dict's message field, a raised exception's first argument or the report itself."""
    payload = statement.value if isinstance(statement, cst.Return) else statement.exc
    if isinstance(payload, cst.Call) and isinstance(statement, cst.Raise):
        payload = payload.args[0].value if payload.args else None
    fields = payload_fields(payload) if isinstance(payload, cst.Dict) else None
    if fields is not None:
        payload = next((fields[key] for key in ("error", "message", "detail", "msg") if key in fields), None)
    while isinstance(payload, cst.Call) and isinstance(payload.func, cst.Name) and payload.func.value == "str":
        payload = payload.args[0].value if len(payload.args) == 1 else None
    if isinstance(payload, cst.FormattedString) and len(payload.parts) == 1:
        part = payload.parts[0]
        payload = part.expression if isinstance(part, cst.FormattedStringExpression) else None
    return isinstance(payload, cst.Name) and payload.value == caught


def _not_found_exception(handler: cst.ExceptHandler) -> bool:
    """Whether an ``except`` catches an exception that says the thing looked for is not there."""
    return any(_says_not_found(name) for name in caught_types(handler))


def _leaves_unless_empty(block: cst.BaseSuite) -> bool:
    """Whether a block returns or raises, or ends in a non-empty test whose block does (``texts = [...]`` then ``if
    texts: return ...``): what falls through it found nothing."""
    if leaves(block):
        return True
    last = block.body[-1] if isinstance(block, cst.IndentedBlock) and block.body else None
    return (
        isinstance(last, cst.If)
        and last.orelse is None
        and bool(nonempty_subjects(last.test))
        and _leaves_unless_empty(last.body)
    )


def _specific_exception(handler: cst.ExceptHandler) -> bool:
    """Whether an ``except`` names exception classes none of which says a file or module is missing (an unmet
    precondition: see _NOT_ABSENCE_EXCEPTIONS)."""
    names = caught_types(handler)
    return bool(names) and all(name is not None and name not in _NOT_ABSENCE_EXCEPTIONS for name in names)


def _not_found_status(test: cst.BaseExpression, caught: frozenset[str] = frozenset()) -> bool:
    """Whether a test asks if a request found nothing: ``e.response.status_code == 404``, ``resp.status ==
    HTTPStatus.NOT_FOUND``, ``status.HTTP_404_NOT_FOUND == r.status_code``, an error code that says so
    (``err["Code"] == "NoSuchKey"``), or the text of a caught exception that says so (``"404" in str(e)``,
    ``"not found" in str(e).lower()``, where ``e`` is one of ``caught``)."""
    if isinstance(test, cst.BooleanOperation):
        return isinstance(test.operator, cst.Or) and (
            _not_found_status(test.left, caught) or _not_found_status(test.right, caught)
        )
    if not (isinstance(test, cst.Comparison) and len(test.comparisons) == 1):
        return False
    target = test.comparisons[0]
    if isinstance(target.operator, cst.In):
        text = string_value(test.left)
        return (
            text is not None and (text.strip() == "404" or _NOT_THERE.fullmatch(text.strip()) is not None)
            and mentions(target.comparator, caught)
        )  # fmt: skip
    if not isinstance(target.operator, cst.Equal):
        return False
    for value, other in ((test.left, target.comparator), (target.comparator, test.left)):
        number = integer_value(value) if isinstance(value, cst.Integer) else None
        text = string_value(value)
        name = _last_name(value) if isinstance(value, (cst.Name, cst.Attribute)) else None
        if number == 404 or (name is not None and re.search(r"NOT_FOUND$", name) is not None):
            if _last_name(other) in _STATUS_MEMBERS or _status_getattr(other):
                return True
        elif text is not None and _NOT_FOUND_NAME.search(text) is not None and re.fullmatch(r"[\w.]+", text):
            return True
    return False


def _texts_of(handler: cst.ExceptHandler, caught: str) -> list[str]:
    """The locals an ``except`` clause binds, in its own statements, to what it says of the exception it caught
    (``error_msg = str(e).lower()``)."""
    found = []
    for statement in handler.body.body if isinstance(handler.body, cst.IndentedBlock) else ():
        for small in statement.body if isinstance(statement, cst.SimpleStatementLine) else ():
            if (
                isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name)
                and mentions(small.value, {caught})
            ):  # fmt: skip
                found.append(small.targets[0].target.value)
    return found


def _not_found_instance(test: cst.BaseExpression) -> bool:
    """Whether a test asks if a value is an exception that says the thing looked for is not there:
    ``isinstance(track, NotFoundError)``."""
    if not (isinstance(test, cst.Call) and callee_name(test.func) == "isinstance" and len(test.args) == 2):
        return False
    kind = test.args[1].value
    kinds = [e.value for e in kind.elements] if isinstance(kind, cst.Tuple) else [kind]
    return bool(kinds) and all(_says_not_found(_last_name(k)) for k in kinds)


def _status_getattr(expr: cst.BaseExpression) -> bool:
    """Whether a value reads a status with ``getattr`` (``getattr(e.response, "status_code", None)``)."""
    return (
        isinstance(expr, cst.Call) and callee_name(expr.func) == "getattr" and len(expr.args) >= 2
        and string_value(expr.args[1].value) in _STATUS_MEMBERS
    )  # fmt: skip


def _sent_by_action(test: cst.BaseExpression, flow: Flow) -> bool:
    """Whether the response a status test reads came from a request that changes something
    (``response = requests.post(...)``): its 404 is a missing endpoint or target, not an empty answer."""
    for node in nodes(test, prune=_SCOPES):
        if not isinstance(node, cst.Name):
            continue
        for value in flow.reaching(node.value)[0]:
            value = value.expression if isinstance(value, cst.Await) else value
            if isinstance(value, cst.Call) and callee_name(value.func) in _MUTATORS:
                return True
    return False


def _lists(scope: ToolScope) -> bool:
    """Whether the function, or a tool that reaches it, lists or searches (``list_epics``, ``search``): a list that
    finds nothing comes back empty, so a not-found exception or status there is about what the tool was pointed at
    (the project whose epics it lists), an argument that names nothing."""
    own = _named_tool(scope.function) or scope.function.name
    if scope.handler is not None and _gets_one_too(scope.function, own):
        return False  # ``query_activities(..., activity_id=None)``: also a lookup of one activity
    tools = _reaching_tools(scope)
    if scope.handler is None and any(
        verb_of(tool) == "read" and _first_verb(tool) not in _COLLECTION_VERBS for tool in tools
    ):  # fmt: skip
        # a helper that a lookup of one item reaches too (``get_paper_details`` beside ``search_papers``, both
        # through ``make_api_request``): there a 404 is the empty answer, so only the helper's own name lists
        return _first_verb(own) in _COLLECTION_VERBS
    return any(_first_verb(name) in _COLLECTION_VERBS for name in [own, *tools])


def _gets_one_too(function: FunctionInfo, name: str) -> bool:
    """Whether a tool named for a collection also looks up one of its items by an optional id named for the item
    (``query_activities(..., activity_id: int | None = None)``, ``list_routes(route_id=None)``): then a 404 may be the
    answer to that lookup, not to a scope that names nothing."""
    noun = name.rsplit("_", 1)[-1].lower()
    singulars = {noun[:-3] + "y" if noun.endswith("ies") else "", noun[:-2] if noun.endswith("es") else "",
                 noun[:-1] if noun.endswith("s") else ""} - {""}  # fmt: skip
    ids = {f"{singular}_id" for singular in singulars}
    params = function.node.params
    return any(
        isinstance(p.default, cst.Name) and p.default.value == "None" and p.name.value.lower() in ids
        for p in (*params.params, *params.kwonly_params)
    )  # fmt: skip


#: Keys of a dict that answers a yes-or-no question (``{"valid": False, "error": "..."}``).
_VERDICT_KEYS = frozenset({"valid", "is_valid", "isValid", "exists", "found", "available", "allowed"})


def _report_dict(payload: cst.BaseExpression) -> cst.Dict | None:
    """The dict literal a report sends, also inside ``json.dumps(...)`` or a helper call (first arguments)."""
    while isinstance(payload, cst.Call) and payload.args:
        payload = payload.args[0].value
    return payload if isinstance(payload, cst.Dict) else None


def _gives_verdict(payload: cst.BaseExpression) -> bool:
    """Whether a report is a dict that answers a yes-or-no question with a literal False (``{"valid": False,
    "error": f"Field {name} not found"}`` from a validation tool, ``{"found": False, ...}``), also inside
    ``json.dumps(...)`` or a helper call: the answer, not a failure."""
    payload = _report_dict(payload)
    if payload is None:
        return False
    return any(
        isinstance(element, cst.DictElement) and string_value(element.key) in _VERDICT_KEYS
        and isinstance(element.value, cst.Name) and element.value.value == "False"
        for element in payload.elements
    )


#: Keys of a report that lists the values the argument may take (``available_templates``, ``valid_ids``).
_CHOICES_KEY = re.compile(r"^(available|valid|supported|allowed)(_|[A-Z]|$)", re.IGNORECASE)


def _offers_choices(payload: cst.BaseExpression, function: FunctionInfo, containers: set[str]) -> bool:
    """Whether a report is a dict that lists the values the argument may take, made of what the test looked the
    argument up in (``{"error": f"Template {t} not found", "available_templates": list(templates)}`` after ``if t
    not in templates:``; see :func:`_lookup_containers`), also inside ``json.dumps(...)`` or a helper call: the
    server knows every value, and the argument is none of them, an input error rather than an empty result. A
    list of something else (the sections of a page, where a section holds no table) is not."""
    payload = _report_dict(payload)
    for element in payload.elements if payload is not None else ():
        if not (isinstance(element, cst.DictElement) and _CHOICES_KEY.match(string_value(element.key) or "")):
            continue
        if _names_behind(element.value, function) & containers:
            return True
    return False


def _lookup_containers(test: cst.BaseExpression, function: FunctionInfo) -> set[str]:
    """The collections a test looks a value up in, directly (``t not in templates``) or through the binding of a
    name it tests (``found = next((r for r in buckets if r["arn"] == arn), None)``, then ``if not found:``)."""
    found: set[str] = set()
    looked = [test, *(bound for name in value_names(test)[0] if (bound := function.assigned(name)) is not None)]
    for expr in looked:
        for node in nodes(expr, prune=(cst.Lambda,)):
            if isinstance(node, cst.Comparison):
                for target in node.comparisons:
                    if isinstance(target.operator, (cst.In, cst.NotIn)):
                        found.update(value_names(target.comparator)[0])
            elif isinstance(node, cst.CompFor) and node.ifs:
                found.update(value_names(node.iter)[0])
    return found


def _names_behind(expr: cst.BaseExpression, function: FunctionInfo) -> set[str]:
    """The names an expression reads, and those the values last bound to them read (one step back)."""
    names = set(value_names(expr)[0])
    for name in list(names):
        bound = function.assigned(name)
        if bound is not None:
            names.update(value_names(bound)[0])
    return names


def _examines(scope: ToolScope) -> bool:
    """Whether a tool that reaches the function examines what it is given (``check_script``, ``analyze_file``)
    rather than fetching it, or is named for doing so (``source_db_analyzer``, ``schema_validator``); the helper's
    own name (``validate_path``) does not decide."""
    return any(
        _first_verb(name) in _ANALYSIS_VERBS or not _ANALYSIS_AGENTS.isdisjoint(_tokens(name))
        for name in _reaching_tools(scope)
    )


def _reaching_tools(scope: ToolScope) -> list[str]:
    """The names of the tools that reach a function (a dispatcher's branches aside)."""
    return [_tool_names(handler)[0] for handler in scope.handlers if not handler.is_dispatcher]


def _calling_tools(
    helper: FunctionInfo, index: ModuleIndex, branches: Mapping[tuple[str | None, str], list[str]]
) -> list[str]:  # fmt: skip
    """The tools a low-level dispatcher runs a helper for, found from the helper's callers, directly or through up
    to two other functions: a function of the project's own tool registry (see :attr:`ToolScope.registered`) is
    its tool (``get_pod_logs``, which calls ``_resolve_container``), and a function the dispatcher calls under a
    tool-name branch (``branches``) stands for that branch's tools (``create_page``, called under ``if name ==
    "confluence_create_page":``, which calls ``client.get_space_homepage``)."""
    names: list[str] = []
    layer, seen = [helper], {index.key_of(helper)}
    for _ in range(3):
        following = []
        for function in layer:
            for caller in (function.module or index).callers(function):
                key = index.key_of(caller)
                if key in seen:
                    continue
                seen.add(key)
                scope = (caller.module or index).scopes.get(caller.node)
                if scope is not None and scope.registered:
                    names.append(caller.name)
                elif branches.get(key):
                    names.extend(branches[key])
                else:
                    following.append(caller)
        layer = following
    return names


def _kept_on_self(function: FunctionInfo, tested: list[cst.BaseExpression]) -> bool:
    """Whether what the function looked up is stored on ``self`` (``self._workspace = self._init(info)``): a lazy
    set-up of the server's own state, whose absence is an unmet precondition, not an empty answer."""
    roots = set()
    for subject in tested:
        base = _member_chain(subject)[0]
        if isinstance(base, cst.NamedExpr):
            base = base.target
        if isinstance(base, cst.Name):
            roots.add(base.value)
    if not roots:
        return False
    for node in function.own_of(cst.Assign):
        if any(
            isinstance(t.target, cst.Attribute) and isinstance(t.target.value, cst.Name) and t.target.value.value == "self"
            for t in node.targets
        ) and any(isinstance(n, cst.Name) and n.value in roots for n in nodes(node.value, prune=_SCOPES)):
            return True
    return False


# Calls that make a key no caller chose: a handle the server issues (``uuid.uuid4().hex``, ``secrets.token_hex(8)``,
# ``next(self._ids)``).
_MADE_KEY = re.compile(r"\b(uuid[1345]?|token_hex|token_urlsafe|token_bytes|getrandbits|randbits|time_ns|next)\s*\(")
# Exceptions a lookup in a mapping raises.
_LOOKUP_MISSES = frozenset({"KeyError", "LookupError"})


def _mapping_key(expr: cst.BaseExpression, index: ModuleIndex) -> str | None:
    """How a mapping the server keeps is named across its module: ``self._sessions``, ``cls._sessions`` and
    ``Manager._sessions`` (a class of the module) as ``._sessions``, a module-level ``_SESSIONS`` as itself;
    None for anything else (a local, a call's outcome)."""
    if isinstance(expr, cst.Attribute) and isinstance(expr.value, cst.Name):
        owner = expr.value.value
        if owner in ("self", "cls") or owner in index.classes:
            return f".{expr.attr.value}"
        return None
    if isinstance(expr, cst.Name) and expr.value in index.symbols.constants:
        return expr.value
    return None


def _made_key(key: cst.BaseExpression, function: FunctionInfo) -> bool:
    """Whether a key is one the server makes (``uuid.uuid4().hex``), directly or through the local it is bound to."""
    if isinstance(key, cst.Name):
        bound = function.assigned(key.value)
        key = bound if bound is not None else key
    return _MADE_KEY.search(cst.Module([]).code_for_node(key)) is not None


def handle_registries(index: ModuleIndex) -> frozenset[str]:
    """The mappings a module keeps of the handles it issues: those its functions store items in under a key the
    server makes (``subscription_id = uuid.uuid4().hex`` then ``cls._subscriptions[subscription_id] =
    subscription``), named as :func:`_mapping_key` names them. A later call that names a handle no longer there
    (expired, closed, never issued) meets an unmet precondition (subscribe first), not an empty result.

    Args:
        index (ModuleIndex): the module.
    Returns:
        frozenset[str]: the mappings' names.
    """
    known = index.memo.get(("MCP003.handles",))
    if known is None:
        found: set[str] = set()
        for function in index.functions.values():
            for assign in function.own_of(cst.Assign):
                for target in assign.targets:
                    stored = target.target
                    if not (isinstance(stored, cst.Subscript) and len(stored.slice) == 1):
                        continue
                    key = stored.slice[0].slice
                    name = _mapping_key(stored.value, index)
                    if name is not None and isinstance(key, cst.Index) and _made_key(key.value, function):
                        found.add(name)
        known = index.memo[("MCP003.handles",)] = frozenset(found)
    return known


def _handle_lookup(expr: cst.BaseExpression, index: ModuleIndex) -> bool:
    """Whether an expression looks a handle up in a mapping of the handles the server issued
    (``cls._subscriptions.get(subscription_id)``, ``_SESSIONS[session_id]``; see :func:`handle_registries`)."""
    if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute) and expr.func.attr.value in ("get", "pop"):
        mapping = expr.func.value
    elif isinstance(expr, cst.Subscript):
        mapping = expr.value
    else:
        return False
    name = _mapping_key(mapping, index)
    return name is not None and name in handle_registries(index)


def _try_callees(try_node: cst.Try, function: FunctionInfo, index: ModuleIndex, depth: int = 2) -> Iterator[FunctionInfo]:
    """The project functions a ``try`` runs, up to ``depth`` calls deep (also in a worker thread,
    ``asyncio.to_thread(Manager.read_messages, subscription_id)``), each once."""
    seen: set[int] = set()
    work: list[tuple[FunctionInfo, cst.Call, int]] = [
        (function, call, depth) for call in nodes(try_node.body, prune=_SCOPES) if isinstance(call, cst.Call)
    ]
    while work:
        caller, call, left = work.pop()
        home = caller.module or index
        callee = home.callee(caller, run_elsewhere(call) or call.func)
        if callee is None or callee is caller or id(callee.node) in seen:
            continue
        seen.add(id(callee.node))
        yield callee
        if left > 0:
            work.extend((callee, inner, left - 1) for inner in callee.own_of(cst.Call))


def _handle_miss(handler: cst.ExceptHandler, try_node: cst.CSTNode, function: FunctionInfo, index: ModuleIndex) -> bool:
    """Whether an ``except KeyError`` catches a lookup of a handle the server issued: the ``try`` runs, up to two
    calls deep (see :func:`_try_callees`), a function that looks the handle up in its mapping of issued handles
    (see :func:`_handle_lookup`). The handle is stale, an unmet precondition, not an empty result."""
    names = caught_types(handler)
    if not names or not set(names) <= _LOOKUP_MISSES or not isinstance(try_node, cst.Try):
        return False
    return any(_looks_up_handle(callee, index) for callee in _try_callees(try_node, function, index))


def _looks_up_handle(function: FunctionInfo, index: ModuleIndex) -> bool:
    """Whether a function looks a handle up in its module's mapping of issued handles (see :func:`_handle_lookup`)."""
    return any(_handle_lookup(n, function.module or index) for n in function.own_of(cst.Call, cst.Subscript))


def _absence_raised(handler: cst.ExceptHandler, try_node: cst.CSTNode, function: FunctionInfo, index: ModuleIndex) -> bool:
    """Whether an ``except`` of a plain class (``except ValueError as e``) catches what the project code its ``try``
    calls, up to two calls deep, raises only to say the thing looked for is not there: each ``raise`` of that class
    there says so (``raise ValueError(f"Block '{uuid}' not found")``), and there is one; and the ``try`` does no
    conversion of its own that raises it (``int(x)``)."""
    names = set(caught_types(handler))
    if not names or None in names or not names <= _PLAIN_EXCEPTIONS or not isinstance(try_node, cst.Try):
        return False
    if any(isinstance(n, cst.Call) and callee_name(n.func) in _CONVERSIONS for n in nodes(try_node.body, prune=_SCOPES)):
        return False
    absent = False
    for callee in _try_callees(try_node, function, index):
        raising = False
        for raised in callee.own_of(cst.Raise):
            exc = raised.exc
            if isinstance(exc, cst.Call) and callee_name(exc.func) in names:
                if not (exc.args and _NOT_THERE.search(literal_text(exc.args[0].value))):
                    return False
                raising = True
        if raising and (_setup_name(callee.name) or _looks_up_handle(callee, index)):
            return False  # ``get_connection``: "Connection ID {id} not found. You must connect first", a precondition
        absent = absent or raising
    return absent


#: Built-in exception classes a project may raise for any reason; what it raises them for is read at the raise.
_PLAIN_EXCEPTIONS = frozenset({"ValueError", "LookupError", "RuntimeError"})

#: Conversions that raise ValueError of their own.
_CONVERSIONS = frozenset({"int", "float", "Decimal", "UUID", "uuid.UUID", "json.loads", "datetime.fromisoformat", "date.fromisoformat"})


def _iterated_after(test: cst.BaseExpression, statements: Sequence[cst.BaseStatement]) -> set[str]:
    """The names an ``is None`` test asks about (``if rows is None:``) that the statements after it go through
    item by item (``for row in rows``, ``{row["ticker"] for row in rows}``): a collection, whose empty case is no
    items and goes on with them. Where the collection is a listing given nothing of the tool's arguments,
    ``None`` in its place is an abnormal answer, not the empty one; a lookup by an argument (``steps =
    get_playbook_steps(playbook_id)``) may answer ``None`` for "no such playbook"."""
    if not (isinstance(test, cst.Comparison) and isinstance(test.comparisons[0].operator, cst.Is)):
        return set()
    asked = {subject.value for subject in emptiness_subjects(test) if isinstance(subject, cst.Name)}
    if not asked:
        return set()
    found: set[str] = set()
    for statement in statements:
        for inner in nodes(statement, prune=_SCOPES):
            if isinstance(inner, (cst.For, cst.CompFor)) and isinstance(inner.iter, cst.Name) and inner.iter.value in asked:
                found.add(inner.iter.value)
    return found


def _kept_by_callers(function: FunctionInfo, index: ModuleIndex) -> bool:
    """Whether every caller keeps what a function returns on ``self`` (``self.cloud_id = await
    self._get_cloud_id()``): a lazy set-up of the server's own state that every request waits on, whose absence is
    an unmet precondition, not an empty answer."""
    bound = index.bound_calls(function)
    return bool(bound) and all(
        assigns and all(
            isinstance(t.target, cst.Attribute) and _last_name(t.target.value) == "self"
            for assign in assigns for t in assign.targets
        )
        for _, assigns in bound
    )  # fmt: skip


def _found_exit(loop: cst.For) -> bool:
    """Whether a loop's body leaves the function with what it found (``if row.id == key: return row``)."""
    return any(isinstance(n, cst.Return) and n.value is not None for n in nodes(loop.body, prune=_SCOPES))


def _found_flag(loop: cst.For) -> str | None:
    """The local a loop sets to what it found just before it breaks (``if name in names: found = kind; break``)."""
    for node in nodes(loop.body, prune=_SCOPES):
        block = node.body if isinstance(node, cst.If) and isinstance(node.body, cst.IndentedBlock) else None
        lines = list(block.body) if block is not None else []
        smalls = [small for line in lines if isinstance(line, cst.SimpleStatementLine) for small in line.body]
        if len(smalls) >= 2 and isinstance(smalls[-1], cst.Break) and isinstance(smalls[-2], cst.Assign):
            targets = smalls[-2].targets
            if len(targets) == 1 and isinstance(targets[0].target, cst.Name):
                return targets[0].target.value
    return None


def _flag_unset_test(test: cst.BaseExpression, flag: str) -> bool:
    """Whether a test holds when a loop's found flag was never set: ``not found``, ``found is None``."""
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        return isinstance(test.expression, cst.Name) and test.expression.value == flag
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1:
        target = test.comparisons[0]
        return (
            isinstance(test.left, cst.Name) and test.left.value == flag
            and isinstance(target.operator, (cst.Is, cst.Equal))
            and isinstance(target.comparator, cst.Name) and target.comparator.value == "None"
        )  # fmt: skip
    return False


def _loop_items(expr: cst.BaseExpression) -> cst.BaseExpression:
    """The collection a loop goes over: ``enumerate(rows)``, ``sorted(rows)``, ``rows.items()`` and ``await`` are seen
    through."""
    while True:
        if isinstance(expr, cst.Await):
            expr = expr.expression
        elif (
            isinstance(expr, cst.Call) and isinstance(expr.func, cst.Name) and expr.args
            and expr.func.value in (_WRAPPERS | {"enumerate"})
        ):  # fmt: skip
            expr = expr.args[0].value
        elif (
            isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute) and not expr.args
            and expr.func.attr.value in ("items", "values", "keys")
        ):  # fmt: skip
            expr = expr.func.value
        else:
            return expr


class EmptyResultAsError(Rule):
    """## What it does
    Finds a read, search, list or lookup tool (a get-by-id included), or a helper it reaches, that reports a
    failure when what it looked for is not there: a raised exception, `CallToolResult(isError=True)`, an error
    dict, `json.dumps` of one, an `"Error: ..."` string, or an error helper of the project (alone or in a list;
    when the call's own text says nothing, the helper's returned text is its message) or one named so on an
    object the tool is given (`errors.tool_error("Alert not found", "not_found")`), whose message speaks of
    absence ("not found", "no rows", "no historical data for", "no documents match", "no move matching", "unknown
    ability"; also in German, French, Spanish and Portuguese, "nicht gefunden", "introuvable", "no encontrado") or
    is raised as an exception whose class says so (`RunNotFoundError(run_id)`, no fix there; what its `__init__`,
    or a project base's, writes counts as its text: `message = "No results found."`, then `super().__init__(message)`),
    or returned by an
    error mapper, a function whose every answer is an exception its callers raise (`return ToolError(f"Metric not
    found during {operation}")`, used as `raise map_error(e, "fetch")`; no fix there) and not of a failure ("failed", "could not fetch", "the endpoint may be unavailable"; not "No failed builds found", where the failed thing is what was looked for; unless it
    offers absence as the other answer, "Unable to fetch filings or no filings found") nor of an
    argument that must be given ("Metrics list cannot be empty", "a query is required") nor of a capability the
    system lacks ("No wireless interface support detected") or a service the deployment lacks ("endpoint not found
    in service catalog", "not configured"). A `raise` its own function catches and swallows
    (`except Exception as e: logger.warning(e); return DEFAULTS`) never reaches the model and is not reported, nor
    one that every read's call of the helper catches by name and keeps from the model (`except
    PackageNotFoundError: pass`, or a report of the caller's own, "Package not found", judged where it is sent;
    not `return f"Error: {e}"`, which relays it), nor
    a missing configuration file (`os.path.exists(kubeconfig_path)`). It looks at
    the branch taken when the result is empty (nested blocks included), at a message that branch only sets and a
    later `if errmsg:` sends (no fix there), at the `else` of a non-empty test, and at the fall-through after
    `if rows: return ...` (also when that `if` is the last statement of an `if` without `else`, `if
    isinstance(response, dict): ...`, and past `if` statements between them that only build the report's words,
    `if since: words.append(f"since {since}")`). The tests it knows: `not x`, `x is None`, `len(x) == 0`
    (`< 1`), `x == []`, `x.empty` (pandas), the `else` of `"k" in r and r["k"]["items"]` (the key tests only
    guard the subscript), `not x.get("items")`, `"k" not in r or not r["k"]`, a missing key that holds a
    response's items (`"data" not in response`; not in a list or search, whose response always holds them, none
    or some, and is malformed without them), counts that
    are zero (`count == 0`, `r.total == 0`, `r["total"] == 0`, `not r.total_count`), and the `else` of an
    `if`/`elif` chain of counts that covers every count from 1 up (`if len(m) == 1: ... elif len(m) > 1:
    ... else:`), and the `else` of a chain that sorts a value by type where one test says it is not empty
    (`if isinstance(x, dict): ... elif isinstance(x, list) and len(x) > 0: ... else:`). In a tool named as a read, it also looks at an
    `except` of an exception that says the thing is not there (`NotFoundError`, `ObjectDoesNotExist`,
    `NoSuchKey`; not a missing file or module), at a test of a 404 status or of a not-found error code
    (`e.response.status_code == 404`, `err["Code"] == "NoSuchKey"`, or the text of the exception caught around
    it, `"404" in str(e)`, `"Not Found" in str(e)`, also through a local the `except` binds to it, `text =
    str(e).lower()`; in a list or search tool only when the report
    says nothing matched, "No matching paper found", since there a 404 usually means the scope it was given names
    nothing (not in a tool named for a collection that also looks up one item by an optional id named for it,
    `query_activities(activity_id=None)`, where the 404 may answer that lookup); a helper that a lookup of one item reaches too, `get_paper` beside `search_papers`, counts as a list
    only by its own name). Such a 404 or not-found exception is also reported, without a fix, in a helper that
    reads for some of its tools and acts for others and whose own name does not say it acts (a request helper
    every tool calls), and at what follows a loop over a fetched
    result that returns what it looks for (`for f in feeds: if f["id"] == feed_id: return f`, then
    `raise ToolError("Feed not found")`; also after a `while` that pages through such loops until it runs out,
    and after an `if` that holds only the loop and checks there are items: `if clients and len(clients) > 0:`),
    or that sets what it found and breaks (`found = c; break`, then `if not found:`; not in a list, whose missing
    scope names nothing, unless the branch of a many-purpose tool says it describes one thing). A lookup by a key from the tool's arguments in
    what the tool fetched (`if sheet not in book.sheet_names`) is a get-by-name that found nothing. So is a
    read tool's missing input file or stored item (`if not os.path.exists(filename)` in `get_comments`),
    unless every tool that reaches the check already made it itself (also after looking for the file in other
    folders first, `for folder in FOLDERS: ... break`, `else: return {"error": ...}`), or a tool that reaches it examines what it
    is given (`check_script`, `analyze_file`, `schema_validator`: the argument names nothing to examine). An
    `except` of an exception named for absence (`CompanyNotFoundError`) counts also where the report is only its
    message (`{"success": False, "error": str(e)}`), outside a listing and unless the `try` raises it itself (that
    `raise` is then the report). So does an `except` of a plain class (`except ValueError as e: return f"Error:
    {e}"`) where the project code the `try` calls, two calls deep, raises that class only to say the thing is not
    there (`raise ValueError(f"Block {block_id} not found")`), and the `try` converts nothing itself (`int(x)`),
    for the reports that carry the exception (a report that only restates the absence is left to that `raise`);
    not where that code looks up a handle the server issued or set-up (`get_connection`: "Connection ID {id} not
    found. You must connect first"). An
    `except` of a narrow exception whose name says nothing of absence counts when the report says the thing is
    not found, does not exist or there is no such thing
    (`except CommError: raise ValueError(f"Run not found: {run_id}")`); a library catch-all
    (`ClientError`, `httpx.HTTPStatusError`, `ApiException`) or a broad `except` read as absence (`except
    Exception: raise RunNotFoundError(run_id)`: every failure becomes "not found", MCP002's concern) does not,
    unless it hands the exception to a project helper that tells its failures apart (`except ApiException as
    exc: return {"error": _api_error(exc, name)}`, where `_api_error` says "not found" for a 404). The field a GraphQL
    query selects with arguments (`pullRequest(number: $number)`) is what the tool looked up, however deep in the
    response it is read. A report may also be a result model's error field
    (`Doc(error_message=f"Document {id} not found")`) or a formatter given the failure's text
    (`format_result(op, summary=f"Error: vertex {id} not found")`, or an error dict it puts in what it returns,
    `self.format_response(None, {"error": f"Gene {symbol} not found"})`; no fix there); a message bound more than once
    is read from the binding that reaches the report, and a message bound to what a project function returns
    (`message = job_not_found(name)`, then `raise ValueError(message)`) from that function's text. A 404 or
    emptiness branch that only sets the message (`if status == 404: error_msg = f"Build {n} not found" else:
    error_msg = ...`) is reported at the report right after the `if` that sends it (no fix there: the other
    branch sends it too); so is one that sets an error code saying so (`error_type = "not_found"`, read as the
    words it spells), beside other values it sets (`suggestions = ["Check the ID"]`).

    The tested value must be the tool's own result, judged from the binding that reaches the test: a call, an
    await, a subscript, a comprehension, or an accumulator filled in a loop (`rows = []` then `rows.append(...)`),
    or a member of such a result that holds its items or their number (`page.items`, `r["results"]`,
    `r.modules`, `r.total`, the top-level fields of a GraphQL response, a member whose default is an empty list,
    `response.get("PubTator3", [])`, or one named for what the call fetched, `page.get("page", {})` after
    `page = await get_page_by_title(title)`, or for what the query it ran asks for, `product.get("product")`
    after `product = await client.execute(queries.PRODUCT_BY_ID_QUERY, ...)`); a parse of a fetched value is a result too, and so is a pandas
    table tested with `x.empty`, even read as a member of what the tool fetched (`getattr(ticker, "income_stmt")`).
    A handler whose name has no verb (`handle_call`, reached through a table) is named by the tool the first line
    of its docstring names ("Handle the list_metrics tool call."), not by an API it mentions. Not reported: a report
    that answers a yes-or-no question with a literal False (`{"valid": False, "error": f"Project {key} not found"}`,
    `{"found": False, ...}`), which is the answer, not a failure; a report that lists the values the argument
    may take, made of what the test looked it up in (`if t not in catalog: return {"error": ..., "available_palettes":
    sorted(catalog)}`), an input error; a helper's report that its only caller runs for many inputs at once and
    keeps the found ones of (`results = await asyncio.gather(*[fetch_pool(n) for n in names])`, then `if
    result.get("success"):`); a missing scalar field
    of a fetched record, tested directly or through a name bound to it (`if not user.email`,
    `account_id = ad.get("account_id")`, `xbrl = filing.xbrl()`, `graph = item.GetNodeGraph()`), or a literal
    key (`"creative" not in ad`), or an element of a fetched document at a fixed path (`root.find(".//{DAV:}href")`,
    not one at a path made of the tool's arguments); a single object read through a getter given no arguments
    (`project = manager.GetCurrentProject()`, `org = fetch_organization()`): a part of what the tool holds, or the
    session's current record, an unmet precondition;
    a record the code then goes through what a method of it lists in, and returns only so (`calendar =
    self.calendars.find(uid)`, `if calendar is None: raise CalendarNotFoundError(uid)`, then `return [t.uid for t
    in calendar.todos()]`; not a part read from it, `filing.obj()`): a missing container, an unmet precondition;
    `None` in place of a listing given nothing of the tool's arguments, which the code then goes through item by
    item (`rows = db.table("watchlist").select("ticker").execute().data`, `if rows is None: raise ...`, then
    `{r["ticker"] for r in rows}`): the empty listing is no rows, and goes on, so `None` is an abnormal answer
    (a lookup by an argument that answers `None`, `stops = transit.route_stops(route_id)`, is still reported);
    a value the empty branch computes itself to try another way; values taken from the tool's arguments
    (`arguments.get("ids")`, `args["x"]`, `request.query`, a parse or conversion of them, `str(lamp_id)`, still
    looked up in what the tool fetched when the report says so, `isinstance` checks); a member of an object picked
    by name (`func = getattr(api, endpoint)`: code, not data); the files at a place the code names
    (`glob.glob(os.path.join(SOURCES, "*/archive.db"))`: configuration, unlike a listing of a folder the tool is
    given); allow-list
    checks (`if name not in ALLOWED`, or the argument looked up in a registry or configuration the server
    holds: `[e for e, lang in registry.items() if lang == language]`), or looked up in a dict the code writes out
    when the report says the argument is unknown or unsupported (`QUERIES.get(metric)` answered with "Unknown
    metric"; so is an index of such dicts built by a comprehension; a demo store of data written out, answered
    with "No orders found", is still searched); configuration, credentials, request headers, clients and connections, and the
    components the code picks for an input (a processor or parser for a content type) (`if not api_key`,
    `if client is None`, `shutil.which("tool")`; a plural such as `market_sessions` or `channels` names records a
    read lists, not setup; so does what a search for that kind of thing found for the tool's argument,
    `client, session, name = _find_client(plex, client_name)`, and so does what a call to such a thing
    answered, `service_definition_response`), a file named by a constant (`Path("models/x.pt").exists()`); a
    helper that
    authenticates the request (`verify_token`'s missing signing key), or that sets up what the server holds
    (it keeps what it found on `self`: `self._workspace = init(info)`, or every caller keeps what it returns
    there: `self.region = await self._find_region()`); and boolean flags, also the answer of a project predicate
    annotated `-> bool` (`if not await check_api_keys(): return "Error: No API keys configured"`). Nor a handle the
    server issued and no longer holds: a lookup in a mapping the module stores items in under keys it makes itself
    (`cls._watches[watch_id] = watch` after `watch_id = uuid.uuid4().hex`), tested (`watch =
    cls._watches.get(watch_id)` then `if watch is None:`) or caught (`except KeyError:` around a call that, up to
    two calls deep, also in a worker thread, looks the handle up there): the handle is stale, closed or was never
    issued, an unmet precondition (open one first). A mapping filled under the keys the tool is given
    (`cls._items[item_id] = item`) is a store of data, and its missing item is still an empty result.

    Nor is an action's missing target. A tool that updates, deletes, renames, approves, rejects, comments on,
    writes, creates, sends, connects, assigns, merges, closes, cancels, copies, builds, downloads, opens or transforms
    (`blur_image`, `resize_image`) something, and fails because the thing, its input file or a prerequisite
    does not exist, reports a real failure. So does a computation that comes back empty (`estimate_reach`, an
    `EXPLAIN` statement, a transcription): an estimate or a plan always exists. Whether the code reads or acts is
    decided from the tool's registered name or the handler's name (its first known verb, wherever it stands:
    `get_issue` and `clip_markers_get` read, `jira_delete_issue` and `folder_export` act), from the tool-name
    branch of a low-level dispatcher (`if name == "delete_issue":`) or the operation branch of a many-purpose
    tool (`if action == "delete_folder":`, `subaction == "disk_details"`, also when the branch reaches a helper
    through other functions),
    for a helper from every tool that reaches it (when reads and actions both reach it, the helper's own name
    decides; a report a helper returns is left to its callers when every call the reads make binds the outcome,
    tests it and does not send it on as a failure: `r = discover_pages(a)`, then `if not r.get("success"): return
    json.dumps({"data": [], ...})`; a caller that raises a text it makes of the outcome sends it on, `if message
    := error_text(result): raise RuntimeError(message)`, and its `return result` after that check is no report of
    its own; for the entry method of a tool class that a dispatcher runs through a table of tool objects,
    `ListTablesTool.perform` or `.run`, its class's name; for a helper that a dispatcher runs only through the
    project's own tool registry, the registered functions that call it, `get_pod_logs` for `_resolve_container`;
    for a helper of a function a dispatcher calls under a tool-name branch, that branch's tools, so
    `client.get_space_homepage`, called only by `create_page` under `if name == "wiki_create_page":`, acts),
    a read joined to an action (`search_and_trigger`,
    `get_or_create`, or a docstring whose first sentence does so: "Fetch the reactions and store the opt-ins.")
    acts, and from what the function does next: a mutating call on what it found (`ticket.update(...)`,
    `db.delete(row)`, `cur.execute("UPDATE ...")`) makes it an action. A tool named as a read acts only through
    a method of what it found or a write statement; handing the value to a helper (`create_reference(report)`)
    builds the answer. A tool whose name and docstring name no known verb (`paper_authors`) reads when it answers
    with what a read gives (`return await client.get_paper_authors(request)`) and calls nothing that acts; one
    whose registration declares it read-only (`@mcp.tool(annotations=ToolAnnotations(readOnlyHint=True))`, the MCP
    tool annotation for a tool that does not modify its environment) reads, in its own body (its helpers may
    take apart what it was given), whatever its name says; one whose registration says it may modify its
    environment (`readOnlyHint=False` written out, or `destructiveHint=True`) acts, with every helper it reaches,
    even when named for a read (`fetch_external_fulltext`, which attaches what it fetches). When
    none of this tells a read from an action (a tool named `clip_color` or
    `timeline(action=...)` outside its operation branches, a branch for `("get_stats", "purge")` together),
    nothing is reported: a guess would be wrong for the actions.

    Also read as absence: an `except StopIteration` around `next(item for item in dock if ...)`; a 404 read with
    `getattr(e.response, "status_code", None)`; an exception a lookup gave back and a test names as not found
    (`asyncio.gather(..., return_exceptions=True)`, then `if isinstance(track, NotFoundError):`). A status that
    marks a dict as a failure report (`{"status": "failed", "error": "No contact found ..."}`) does not make its
    message speak of a failure. A call through a client reads a resource of the service whatever its name says
    (`client.autoscale_settings.get(group, name)` is not the server's configuration), and an author is a record,
    not authentication. A not-found raised in a `try` whose `except` only raises exceptions of its own (a fallback
    `try` with its own not-found) never reaches the caller and is not reported there.

    ## Why is this bad?
    A query that finds nothing has succeeded. Reported as an error, it sends the model into error recovery:
    it retries, escalates or gives up on a question that has a perfectly good answer, "there is none"
    (the structured-errors guide in References, "Distinguishing Empty Results from Access Failures"). Return a
    successful empty result instead: `{"found": False, "message": ...}`, an empty list, or plain text with
    `isError` false. An action is different: "cannot delete issue 42, it does not exist" is a failure the model
    must see as one, so that it does not report the deletion as done.

    ## Example
    ```python
    from fastmcp import FastMCP
    from fastmcp.exceptions import ToolError

    mcp = FastMCP("orders")

    @mcp.tool()
    async def find_recent_orders(customer_id: str) -> dict:
        orders = await order_db.search(customer_id=customer_id, days=90)
        if not orders:
            raise ToolError(f"No orders found for {customer_id}")
        return {"found": True, "orders": orders}
    ```

    ## Use instead
    ```python
    from fastmcp import FastMCP
    from fastmcp.exceptions import ToolError

    mcp = FastMCP("orders")

    @mcp.tool()
    async def find_recent_orders(customer_id: str) -> dict:
        orders = await order_db.search(customer_id=customer_id, days=90)
        if not orders:
            return {"found": False, "message": f"No orders found for {customer_id}"}
        return {"found": True, "orders": orders}

    @mcp.tool()
    async def cancel_order(order_id: str) -> dict:
        order = await order_db.get(order_id)
        if order is None:  # an action whose target does not exist: a real failure
            raise ToolError(f"Order {order_id} not found, nothing was cancelled")
        await order_db.cancel(order)
        return {"cancelled": order_id}
    ```

    ## Fix safety
    The fix is unsafe, because it changes control flow: the tool no longer fails. It turns the report into a
    successful empty result that keeps the message, in the shape the tool returns:
    - a tool annotated `-> str`, or evidently returning strings: the message text (a leading `"Error: "` is
      dropped, in an f-string too);
    - `-> dict`: `{"found": False, "message": ...}`;
    - `-> list`: `[]`;
    - a low-level handler: `CallToolResult(content=[TextContent(type="text", text=...)])`, without `isError`.

    Where the return type cannot be told, or the report is in a helper rather than the handler's own body,
    there is no fix.

    ## References
    - "Implement Structured Error Responses for MCP Tools", sections "Distinguishing Empty Results from Access
      Failures" and "Separate Empty from Failure" (a query with zero results is a valid outcome):
      https://learn.logeshclouduniverse.com/MasteringClaude/domain2_task2.html
    - MCP spec 2025-11-25, tools, "Error Handling" (tool execution errors are for failures, SEP-1303):
      https://modelcontextprotocol.io/specification/2025-11-25/server/tools#error-handling
    """

    code = "MCP003"
    name = "empty-result-as-error"
    summary = "An empty or absent result is reported as a failure"
    fix_applicability = Applicability.UNSAFE
    # an absence phrase, or an exception class named for one (``raise CalendarNotFoundError(uid)``, whose message is
    # in another module)
    requires = re.compile(ABSENCE.pattern.encode() + rb"|" + _NOT_FOUND_NAME.pattern.encode(), re.IGNORECASE)

    def __init__(self, context: RuleContext) -> None:
        super().__init__(context)
        self._reported: set[int] = set()
        # (handler, helper) -> verdict: the same pair is asked about for every ``if`` in the helper.
        self._verdicts: dict[tuple[int, int], str | None] = {}
        # handler function -> the operations (``if action == "delete":``) under which its calls run each function;
        # the project's memo stands in for it when there is a project (see _operations_of).
        self._operations: dict[tuple[str | None, ...], dict[tuple[str | None, str], list[str]]] = {}
        self._reached: dict[tuple[int, int], frozenset] = {}

    def visit_If(self, node: cst.If) -> None:
        scope = self.context.scope
        if scope is None:
            return
        caught = frozenset(
            said for a in self.context.ancestors if isinstance(a, cst.ExceptHandler) and (name := caught_name(a))
            for said in (name, *_texts_of(a, name))
        )
        if _not_found_status(node.test, caught):
            chain = [*ancestors_within(self.context.ancestors, scope.function.node), node]
            if not _sent_by_action(node.test, self._flow(scope, chain)):
                candidates = _reports_in(node.body)
                text = None
                if not candidates:
                    candidates, text = self._set_then_sent(node)
                # in a list or search, only a report that no item matched speaks of its answer (see _lists)
                self._report_absence(
                    node, candidates, scope, _NO_MATCH if _lists(scope) else None, text=text, shared=True
                )
            return
        if _not_found_instance(node.test):
            # ``track, info = await asyncio.gather(..., return_exceptions=True)`` then ``if isinstance(track,
            # NotFoundError): raise ...``: the exception a lookup gave back, tested instead of caught
            self._report_absence(
                node, _reports_in(node.body), scope, _NO_MATCH if _lists(scope) else None, shared=True
            )
            return
        subjects = emptiness_subjects(node.test)
        if _missing_payload(node.test) and _lists(scope):
            # a listing's response always holds its items, none or some: without them it is malformed
            subjects = []
        lookups = membership_lookups(node.test)
        text: str | None = None
        if subjects or lookups:
            fallbacks = {id(r) for inner in _fallback_tests(node.body) for r in _reports_in(inner.body)}
            candidates = [r for r in _reports_in(node.body) if id(r) not in fallbacks]
            if not candidates:
                candidates = self._reported_later(node)
            if not candidates:
                candidates, text = self._set_then_sent(node)
        else:
            subjects = nonempty_subjects(node.test)
            if not subjects and isinstance(node.orelse, cst.Else):
                # ``if len(m) == 1: ... elif len(m) > 1: raise Ambiguous(...) else: raise NotFound(...)``
                tests, child = [node.test], node
                for outer in reversed(self.context.ancestors):
                    if not (isinstance(outer, cst.If) and outer.orelse is child):
                        break
                    tests.insert(0, outer.test)
                    child = outer
                if len(tests) > 1 and elif_chain_empty(tests):
                    subjects = [_is_len(tests[0].left)]  # type: ignore[attr-defined, list-item]
                elif len(tests) > 1:
                    subjects = _type_chain_subject(tests)
            if not subjects:
                return
            # ``if message := error_text(result): raise ...``, then ``return result``: what falls through hands on the
            # value the test looked into, not a report of its own
            candidates = [
                r for r in self._otherwise(node)
                if not (isinstance(r, cst.Return) and isinstance(r.value, cst.Name) and mentions(node.test, {r.value.value}))
            ]  # fmt: skip
        reports = self._absence_reports(candidates, scope, text=text)
        if not reports:
            return
        chain = [*ancestors_within(self.context.ancestors, scope.function.node), node]
        flow = self._flow(scope, chain)
        iterated = _iterated_after(node.test, self._statements_after(node))
        frames = {id(frame) for frame in _frames(node.test)}
        tested = [
            subject for subject in subjects
            if (flow.is_result(subject) or id(subject) in frames and flow.kind(subject) == "field")
            and not (isinstance(subject, cst.Name) and subject.value in iterated and not flow.from_input(subject))
        ]  # fmt: skip
        tested += [container for key, container in lookups if flow.is_lookup(key, container)]
        if tested and all(flow.looked_up_in_table(t) for t in tested) and any(
            _VALIDATION.search(self._message_text(r.payload, scope.function, r.statement)) for r in reports
        ):
            return  # ``QUERIES.get(metric)`` answered with "Unknown metric": the argument is checked, not searched for
        if not tested:
            # A read tool whose input file or stored item is not there reports an empty result too; an action's
            # missing input is an unmet precondition (``resize_image`` of a missing file).
            tested = [
                subject for subject in subjects
                if _existence_check(subject) and any(flow.from_input(thing) for thing in _checked_things(subject))
                and not _checks_configuration(subject)
            ]  # fmt: skip
            if not tested or self._tool_verdict(scope, chain) != "read" or _checked_by_callers(scope, self.context.index):
                return
            if _examines(scope):
                return  # ``check_script(path)`` of a missing script: the argument names nothing to examine
            if _lists(scope):
                return  # ``list_dumps(directory)`` of a missing directory: the argument names nothing
        if self._tool_verdict(scope, chain) is None:
            return  # neither a read nor an action by any name that reaches it: stay silent rather than guess
        if scope.handler is None and _AUTH_TOKENS.intersection(_tokens(scope.function.name)):
            return  # ``verify_token``'s missing signing key fails the request whatever tool made it
        if scope.handler is None and (
            _kept_on_self(scope.function, tested) or _kept_by_callers(scope.function, self.context.index)
        ):
            return  # ``self._workspace = ...(info)``, ``self.cloud_id = await self._get_cloud_id()``: set-up
        if self._is_action(scope, flow, tested):
            return
        # ``{"error": f"Template {t} not found", "available_templates": list(templates)}`` after ``if t not in
        # templates:``: the argument is none of the values the server lists, an input error
        containers = _lookup_containers(node.test, scope.function)
        reports = [r for r in reports if not _offers_choices(r.payload, scope.function, containers)]
        self._report_all(reports, scope, fixable=text is None)

    def visit_ExceptHandler(self, node: cst.ExceptHandler) -> None:
        # ``except ResourceNotFoundError: raise MCPError(f"User {user_id} not found")`` in a read.
        scope = self.context.scope
        if scope is None:
            return
        # In a list or search, only a report that no item matched speaks of its answer (see _lists).
        lists = _lists(scope)
        if _not_found_exception(node) or "StopIteration" in caught_types(node):
            # ``except StopIteration:`` of ``next(item for item in dock if ...)``: the search found nothing
            candidates = _reports_in(node.body)
            self._report_absence(node, candidates, scope, _NO_MATCH if lists else None, shared=True)
            caught = caught_name(node)
            echoed = [c for c in candidates if caught is not None and _echoes(c, caught)] if not lists else []
            if echoed and not self._raised_in_try(node):
                # ``except CompanyNotFoundError as e: return {"success": False, "error": str(e)}``: the report is
                # the exception's own message, which its name says is an absence
                self._report_absence(node, echoed, scope, text="not found")
        elif (caught := caught_name(node)) is not None and _absence_raised(
            node, self.context.ancestors[-1], scope.function, self.context.index
        ):  # fmt: skip
            # ``except ValueError as e: return f"Error: {e}"`` where the project code the ``try`` calls raises that
            # class only to say the thing looked for is not there (``raise ValueError(f"Block {id} not found")``)
            carried = [c for c in _reports_in(node.body) if mentions(c, {caught})]
            self._report_absence(node, carried, scope, text="not found")
        elif _specific_exception(node) and (
            (caught := breadth(node, self.context.index)) is None or caught and _reads_exception(node)
        ) and not _handle_miss(node, self.context.ancestors[-1], scope.function, self.context.index):
            # ``except CommError as e: raise ValueError(f"Run not found: {run_id}")``: the handler says what the
            # exception meant, in words only an absence has. A library catch-all (``except ApiException as
            # exc``) only where a helper it hands the exception to tells its failures apart.
            self._report_absence(node, _reports_in(node.body), scope, _NO_MATCH if lists else _NOT_THERE)

    def _raised_in_try(self, handler: cst.ExceptHandler) -> bool:
        """Whether the ``try`` of an ``except`` raises what it catches itself (``raise FilingNotFoundError(...)``):
        that ``raise`` is the report, judged where it is."""
        try_node = self.context.ancestors[-1]
        kinds = caught_types(handler)
        return isinstance(try_node, cst.Try) and any(
            isinstance(n, cst.Raise) and isinstance(n.exc, cst.Call) and callee_name(n.exc.func) in kinds
            for n in nodes(try_node.body, prune=_SCOPES)
        )

    def visit_For(self, node: cst.For) -> None:
        # ``for feed in feeds: if feed["id"] == feed_id: return feed`` then ``raise ToolError("Feed not found")``.
        scope = self.context.scope
        if scope is None:
            return
        if _found_exit(node):
            if isinstance(node.orelse, cst.Else):
                candidates = _reports_in(node.orelse.body)
            else:
                candidates = self._after(node) or self._after_pages(node) or self._after_guard(node)
        else:
            # ``for kind, names in kinds.items(): if name in names: found = kind; break`` then ``if not found:``
            # a list's missing scope names nothing; an operation branch (``elif action == "describe":``) of a
            # many-purpose tool says what the tool does there
            operations = _operation_branch([*ancestors_within(self.context.ancestors, scope.function.node), node])
            listing = (
                any(_first_verb(o) in _COLLECTION_VERBS for o in operations) if operations else _lists(scope)
            )
            flag = _found_flag(node) if not listing else None
            following = next(iter(self._statements_after(node)), None) if flag is not None else None
            if not (isinstance(following, cst.If) and _flag_unset_test(following.test, flag)):  # type: ignore[arg-type]
                return
            candidates = _reports_in(following.body)
        if not candidates:
            return
        chain = [*ancestors_within(self.context.ancestors, scope.function.node), node]
        items = _loop_items(node.iter)
        base, _ = _member_chain(items)
        flow = self._flow(scope, chain)
        if isinstance(base, cst.Call) and isinstance(base.func, cst.Name) and base.func.value in _ITERATORS:
            return  # ``for i in range(count)``: positions, not the items of a result
        if isinstance(base, cst.Name):
            fetched = not _setup_name(base.value) and flow.name_kind(base.value) == "result"
        else:
            fetched = flow.kind(base) == "result"
        if fetched:
            self._report_absence(node, candidates, scope)

    def _statements_after(
        self, node: cst.CSTNode, ancestors: Sequence[cst.CSTNode] | None = None
    ) -> Sequence[cst.BaseStatement]:
        """The statements after one in its block (the last of ``ancestors``, the walk's when None)."""
        ancestors = self.context.ancestors if ancestors is None else ancestors
        block = ancestors[-1] if ancestors else None
        if not isinstance(block, cst.IndentedBlock):
            return ()
        position = next((k for k, s in enumerate(block.body) if s is node), len(block.body))
        return block.body[position + 1 :]

    def _report_all(self, reports: list[FailureReport], scope: ToolScope, fixable: bool = True) -> None:
        """Report each empty result reported as a failure, with the fix that returns it as a success (none when
        not ``fixable``: a report that other branches send too). A helper's returned report that every call of it
        tests first is left to its callers (see :func:`_tested_by_callers`), and so is an exception it raises that
        every call of it catches by name and keeps from the client, each exception on its own (see
        :func:`_caught_by_callers`)."""
        if (
            scope.handler is None and all(isinstance(r.statement, cst.Return) for r in reports)
            and _tested_by_callers(scope, self.context.index, lambda h: self._cached_verdict(h, scope.function))
        ):  # fmt: skip
            return
        if scope.handler is None:
            reports = [r for r in reports if not self._caught_by_reads(r, scope)]
        for report in reports:
            self._reported.add(id(report.statement))
            if _gives_verdict(report.payload):
                continue  # ``{"valid": False, "error": f"User {name} not found"}``: the answer to what was asked
            self.report(
                report.statement,
                f"Empty result reported as a failure ({report.shape.value}); return it as a successful result",
                # a helper's result (``format_result(op, summary="Error: ...")``): what it builds is not known here
                None if report.shape is Shape.HELPER or not fixable else self._fix(report.statement, report.payload, scope),
            )

    def _set_then_sent(self, node: cst.If) -> tuple[list[cst.Return | cst.Raise], str | None]:
        """The report after an ``if`` whose branch only sets the message it sends (``if status == 404: error_msg =
        f"Build {n} not found" else: error_msg = f"HTTP error {status}"``, then ``return {"error": error_msg}``),
        and the text the branch sets; ``([], None)`` when the branch does anything else."""
        body = node.body.body if isinstance(node.body, cst.IndentedBlock) else ()
        texts: dict[str, str] = {}
        for statement in body:
            for small in statement.body if isinstance(statement, cst.SimpleStatementLine) else (None,):
                if isinstance(small, cst.Expr):
                    continue  # ``logger.warning(...)``
                if not (isinstance(small, cst.Assign) and len(small.targets) == 1):
                    return [], None
                target = small.targets[0].target
                if not isinstance(target, cst.Name):
                    return [], None
                if string_prefix(small.value) is None:
                    if isinstance(small.value, (cst.List, cst.Tuple, cst.Name)) and all(
                        string_prefix(e.value) is not None for e in getattr(small.value, "elements", ())
                    ):  # fmt: skip
                        continue  # ``suggestions = ["Check the ID"]``, ``retryable = False``: said beside it
                    return [], None
                texts[target.value] = _code_words(literal_text(small.value))
        said = {name for name, text in texts.items() if ABSENCE.search(text)}
        if not said:
            return [], None
        sent = [
            r for r in self._after(node)
            if any(isinstance(n, cst.Name) and n.value in said for n in nodes(r))
        ]
        return sent, " ".join(texts[name] for name in sorted(said))

    def _absence_reports(
        self, candidates: list[cst.Return | cst.Raise], scope: ToolScope, also: re.Pattern[str] | None = None,
        text: str | None = None,
    ) -> list[FailureReport]:
        """The failure reports among ``return`` and ``raise`` statements whose message speaks of absence ("not
        found", "no rows"; and says what ``also`` matches, when given) and not of a failure ("failed to"), and that
        were not reported yet. ``text``, when given, is the message they send (set by the branch before them)."""
        reports = []
        for small in candidates:
            if id(small) in self._reported or _caught_in(scope.function.node, small):
                continue
            report = (
                failure_report(small, self.context.index, scope.function) or _named_error_call(small)
                or _returned_exception(small, scope.function)
            )  # fmt: skip
            if report is None:
                continue
            message = text if text is not None else self._message_text(report.payload, scope.function, report.statement)
            said = ABSENCE.search(message) is not None and (also is None or also.search(message) is not None)
            if said and _REQUIRED.search(message) is None and _UNSUPPORTED.search(message) is None and (
                _NOT_DEPLOYED.search(message) is None
            ) and (
                _FAILURE.search(_NOT_FAILED.sub(" ", message)) is None or _OR_ABSENT.search(message) is not None
            ):
                reports.append(report)
        return reports

    def _report_absence(
        self, node: cst.CSTNode, candidates: list[cst.Return | cst.Raise], scope: ToolScope,
        also: re.Pattern[str] | None = None, text: str | None = None, shared: bool = False,
    ) -> None:  # fmt: skip
        """Report the failure reports that speak of absence (and say what ``also`` matches, when given) where a read
        found nothing without a value test: a not-found exception, a 404 status, a lookup loop that fell through.
        ``text``, when given, is the message the reports send (set before them by the branch). With ``shared``
        (a 404 or a not-found exception turned into a failure), also in a helper that reads for some of the tools
        that reach it and acts for others, such as a request helper every tool calls: there without a fix, which
        would be wrong for the actions."""
        reports = self._absence_reports(candidates, scope, also, text)
        if not reports:
            return
        name = scope.function.name
        if _EXISTENCE.search(name) or _sets_up(scope.function) or (
            scope.handler is None and _kept_by_callers(scope.function, self.context.index)
        ):
            # ``check_image_exists`` answers a question whose answer may be no; ``initiate_auth_flow``,
            # ``get_client`` and a helper whose outcome its callers keep on ``self`` set up what the tool needs,
            # and their missing endpoint is a failure.
            return
        chain = [*ancestors_within(self.context.ancestors, scope.function.node), node]
        if self._tool_verdict(scope, chain) != "read":
            # an action's missing target is a real failure; an unnamed tool is not guessed at
            if shared and self._shared_by_reads(scope, chain):
                self._report_all(reports, scope, fixable=False)
            return
        self._report_all(reports, scope, fixable=text is None)

    def _caught_by_reads(self, report: FailureReport, scope: ToolScope) -> bool:
        """Whether the exception a helper raises is caught by name around every call the reads make of it, and kept
        from the client there (see :func:`_caught_by_callers`)."""
        exc = report.statement.exc if isinstance(report.statement, cst.Raise) else None
        name = callee_name(exc.func if isinstance(exc, cst.Call) else exc) if exc is not None else None
        return name is not None and _caught_by_callers(
            scope, self.context.index, {name}, lambda h: self._cached_verdict(h, scope.function)
        )

    def _shared_by_reads(self, scope: ToolScope, chain: Sequence[cst.CSTNode]) -> bool:
        """Whether a helper (not a tool) is reached by read tools and action tools alike, with nothing of its own
        saying it acts (its name, an operation branch): ``_request(method, path)`` that ``get_post`` and
        ``create_post`` both call, where a 404 is an empty answer for the first."""
        if scope.handler is not None or _operation_branch(chain):
            return False
        function = scope.function
        if verb_of(_named_tool(function) or function.name) is not None:
            return False
        verdicts = [self._cached_verdict(h, function) for h in scope.handlers]
        return _combine(verdicts) == "mixed"

    def _flow(self, scope: ToolScope, chain: Sequence[cst.CSTNode]) -> Flow:
        """Flow: what reaches the end of ``chain`` in the scope's function, with this module's constants."""
        return Flow(scope.function, chain, self.context.index.symbols.constants, self.context.index)

    def _reported_later(self, node: cst.If) -> list[cst.Return | cst.Raise]:
        """The reports of a message the empty branch only sets (``if not rows: errmsg = "no data"``) and a later
        ``if errmsg:`` in the same block sends (``return f"Error: {errmsg}"``)."""
        body = node.body.body if isinstance(node.body, cst.IndentedBlock) else ()
        names: set[str] = set()
        for statement in body:
            for small in statement.body if isinstance(statement, cst.SimpleStatementLine) else (None,):
                if not (isinstance(small, cst.Assign) and len(small.targets) == 1):
                    return []
                target = small.targets[0].target
                if not isinstance(target, cst.Name) or string_prefix(small.value) is None:
                    return []
                names.add(target.value)
        if not names:
            return []
        # After the ``if`` in its block, or after an ``if`` it is nested in (``else: if df.empty: errmsg = ...``).
        child: cst.CSTNode = node
        for block in reversed(self.context.ancestors):
            if isinstance(block, cst.FunctionDef):
                break
            if not isinstance(block, cst.IndentedBlock):
                child = block
                continue
            position = next((k for k, s in enumerate(block.body) if s is child), len(block.body))
            for statement in block.body[position + 1 :]:
                if not isinstance(statement, cst.If):
                    continue
                test = statement.test
                if isinstance(test, cst.Comparison) and len(test.comparisons) == 1:
                    if isinstance(test.comparisons[0].operator, cst.IsNot):
                        test = test.left
                if isinstance(test, cst.Name) and test.value in names:
                    return [
                        r for r in _reports_in(statement.body)
                        if any(isinstance(n, cst.Name) and n.value == test.value for n in nodes(r))
                    ]
            child = block
        return []

    def _after(self, node: cst.CSTNode, ancestors: Sequence[cst.CSTNode] | None = None) -> list[cst.Return | cst.Raise]:
        """The first ``return`` or ``raise`` among the simple statements right after a statement in its block (the
        last of ``ancestors``, the walk's when None); an ``if`` that only builds the words of the report (``if
        min_date: parts.append(f"since {min_date}")``) is passed over."""
        for statement in self._statements_after(node, ancestors):
            if isinstance(statement, cst.If) and _only_words(statement):
                continue
            if not isinstance(statement, cst.SimpleStatementLine):
                return []
            found = [small for small in statement.body if isinstance(small, (cst.Return, cst.Raise))]
            if found:
                return found
        return []

    def _after_guard(self, node: cst.For) -> list[cst.Return | cst.Raise]:
        """The report after an ``if`` that only holds the lookup loop, testing that there are items to look through
        (``if clients and len(clients) > 0: for c in clients: if c["clientId"] == wanted: return c``, then ``raise
        Exception("Client ... not found")``): no items, or none that matched, fall through to the same report."""
        ancestors = self.context.ancestors
        if len(ancestors) < 3:
            return []
        block, guard = ancestors[-1], ancestors[-2]
        if not (
            isinstance(block, cst.IndentedBlock) and isinstance(guard, cst.If) and guard.orelse is None
            and block.body and block.body[-1] is node
        ):  # fmt: skip
            return []
        base, _ = _member_chain(_loop_items(node.iter))
        if not isinstance(base, cst.Name) or not mentions(guard.test, {base.value}):
            return []
        return self._after(guard, ancestors[:-2])

    def _after_pages(self, node: cst.For) -> list[cst.Return | cst.Raise]:
        """The report after a ``while`` that pages through a lookup (``while page <= pages: for a in fetch(page):
        if a["id"] == wanted: return a`` then ``page += 1``): the loop ran out of pages without finding it."""
        ancestors = self.context.ancestors
        if len(ancestors) < 3:
            return []
        block, loop = ancestors[-1], ancestors[-2]
        if not (isinstance(block, cst.IndentedBlock) and isinstance(loop, cst.While) and loop.orelse is None):
            return []
        for statement in self._statements_after(node):
            if isinstance(statement, cst.SimpleStatementLine) and not any(
                isinstance(small, (cst.Return, cst.Raise, cst.Break)) for small in statement.body
            ):
                continue  # ``page += 1``, ``cursor = data.get("next")``
            if isinstance(statement, cst.If) and statement.orelse is None and _only_breaks(statement.body):
                continue  # ``if page >= total_pages: break``: out of pages, to the same report
            return []
        return self._after(loop, ancestors[:-2])

    def _message_text(self, payload: cst.BaseExpression, function: FunctionInfo, statement: cst.CSTNode) -> str:
        """The literal text of a report sent by ``statement``, with that of the messages its calls' arguments build
        in functions of the project (``_error(_empty_outline_message(source))``); when that says nothing of
        absence, with that of what the project function that builds the report returns (``return
        empty_body_error(f"retrieving user {user_id}")``, where the helper returns ``{"error": f"API returned an
        empty response while {action}."}``; also ``return [empty_body_error(...)]``)."""
        text = [report_text(_without_status(payload), function, statement)]
        items = [e.value for e in payload.elements] if isinstance(payload, (cst.List, cst.Tuple)) else [payload]
        if isinstance(payload, cst.Dict):  # ``{"error": _api_error(exc, name)}``
            items.extend(e.value for e in payload.elements if isinstance(e, cst.DictElement))
        builders: list[FunctionInfo] = []
        for item in items:
            if isinstance(item, cst.Await):
                item = item.expression
            if not isinstance(item, cst.Call):
                continue
            if _says_not_found(callee_name(item.func)):
                text.append("not found")  # ``raise RunNotFoundError(run_id)``: the class says what it reports
                # and its ``__init__`` may say how (``msg = "No results found."``, then ``super().__init__(msg)``)
                init = self.context.index.constructor(function, item.func)
                if init is not None:
                    text.append(literal_text(init.node.body))
            for call in (item, *(arg.value for arg in item.args)):
                helper = self.context.index.callee(function, call.func) if isinstance(call, cst.Call) else None
                if helper is None or helper is function:
                    continue
                if call is item:
                    builders.append(helper)
                else:
                    text.extend(report_text(value, helper) for value in helper.returns)
        for name in nodes(payload, prune=(cst.Lambda,)):
            # ``message = not_found_message(job)`` then ``raise ValueError(message)``
            bound = function.assigned(name.value) if isinstance(name, cst.Name) else None
            if isinstance(bound, cst.Await):
                bound = bound.expression
            if isinstance(bound, cst.Call):
                helper = self.context.index.callee(function, bound.func)
                if helper is not None and helper is not function:
                    builders.append(helper)
        if builders and ABSENCE.search(" ".join(text)) is None:
            text.extend(report_text(value, helper) for helper in builders for value in helper.returns)
        return " ".join(text)

    def _otherwise(self, node: cst.If) -> list[cst.Return | cst.Raise]:
        """The reports on the path taken when a non-empty test fails: its ``else``, or the fall-through after a
        branch that returns (``if rows: return rows`` then ``return "Error: no rows"``)."""
        if isinstance(node.orelse, cst.Else):
            return _reports_in(node.orelse.body)
        if node.orelse is not None or not _leaves_unless_empty(node.body):
            return []
        reports = self._after(node)
        ancestors, inner = list(self.context.ancestors), node
        while not reports and len(ancestors) >= 2:
            # ``if isinstance(response, dict): articles = ...; if articles: return ...`` then ``return "Error:
            # article not found"``: the last statement of an ``if`` without ``else`` falls through past it
            block, outer = ancestors[-1], ancestors[-2]
            if not (
                isinstance(block, cst.IndentedBlock) and isinstance(outer, cst.If) and outer.orelse is None
                and block.body and block.body[-1] is inner
            ):  # fmt: skip
                break
            ancestors, inner = ancestors[:-2], outer
            reports = self._after(outer, ancestors)
        return reports

    def _is_action(self, scope: ToolScope, flow: Flow, tested: list[cst.BaseExpression]) -> bool:
        """Whether the code is part of an action (update, delete, send, ...) rather than a read.

        An action's missing target or unmet precondition is a real failure (see References). Decided by the tool's
        name (registered or the handler's), the tool-name branch of a low-level dispatcher, the tools that reach
        a helper, and the operations the function performs on what it found.
        """
        verdict = self._tool_verdict(scope, flow.chain)
        if verdict == "action":
            return True
        roots = {base.value for base in (_member_chain(s)[0] for s in tested) if isinstance(base, cst.Name)}
        roots |= {base.target.value for base in (_member_chain(s)[0] for s in tested)
                  if isinstance(base, cst.NamedExpr) and isinstance(base.target, cst.Name)}  # fmt: skip
        for statement in flow.following():
            for call in nodes(statement, prune=_SCOPES):
                if not (isinstance(call, cst.Call) and _mutates(call) and mentions(call, roots)):
                    continue
                # A tool named as a read acts only through a method of what it found (``ticket.delete()``) or a
                # write statement; a helper it hands the value to (``self._create_reference(filing)``) builds output.
                if verdict != "read" or _is_write_sql(call) or _called_on(call, roots):
                    return True
        for root in roots:  # the operation that produced the value
            for value in flow.reaching(root)[0]:
                value = value.expression if isinstance(value, cst.Await) else value
                if not isinstance(value, cst.Call):
                    continue
                if verdict is None and _is_mutation_name(callee_name(value.func)):
                    return True
                if _runs_explain(value, flow):
                    return True  # a query plan always comes back; none is a failure to compute it
        return False

    def _tool_verdict(self, scope: ToolScope, chain: Sequence[cst.CSTNode]) -> str | None:
        operation = _verdict(_operation_branch(chain))
        if operation is not None:
            return operation  # ``if action == "delete_tool":`` in a tool that does many things
        handler = scope.handler
        if handler is not None:
            if handler.is_dispatcher:
                return _verdict(_branch_tools(handler, chain))
            return (
                _annotated_verdict(handler.function) or _verdict(_tool_names(handler)[:1])
                or _described_verdict(handler.function) or _work_verdict(handler.function)
            )  # fmt: skip
        verdict = _combine([self._cached_verdict(h, scope.function) for h in scope.handlers])
        if verdict is not None and verdict != "mixed":
            return verdict
        # Reached only by tools whose names tell nothing, or by reads and actions alike (then a guess would be
        # wrong for some): the helper's own name decides (``find_similar``), else nothing is reported. The entry
        # method of a tool class (``ListTablesTool.perform``, run by a dispatcher through a table of tool objects)
        # is named by its class.
        function = scope.function
        if function.name in _ENTRY_METHODS and function.class_name is not None:
            verdict = verb_of(function.class_name)
            if verdict is not None:
                return verdict
        return verb_of(_named_tool(function) or function.name) or _described_verdict(function)

    def _operations_of(self, function: FunctionInfo) -> dict[tuple[str | None, str], list[str]]:
        """The operation branches of a many-purpose tool (``if action == "extract_frames":``) under which its
        calls run each function of the project, directly or three hops deep."""
        return self._memoised("MCP003 operations", function, lambda: self._reached_under(function, _operation_branch))

    def _memoised(
        self, kind: str, function: FunctionInfo, work: Callable[[], dict[tuple[str | None, str], list[str]]],
    ) -> dict[tuple[str | None, str], list[str]]:  # fmt: skip
        """What ``work`` finds for a function, worked out once per project: the checks of a project's other modules
        ask about the same tools, and what one worked out serves them."""
        index = self.context.index
        memo = index.project.memo if index.project is not None else self._operations
        key = (kind, *index.key_of(function))
        found = memo.get(key)
        if found is None:
            found = memo[key] = work()
        return found

    def _reached_under(
        self, function: FunctionInfo, branch_of: Callable[[list[cst.CSTNode]], list[str]],
    ) -> dict[tuple[str | None, str], list[str]]:  # fmt: skip
        """The functions of the project each call of ``function`` runs, directly or three hops deep, with the names
        ``branch_of`` gives the branch that holds the call (operations, tool names); calls outside such a branch
        are left out."""
        index = self.context.index
        found: dict[tuple[str | None, str], list[str]] = {}

        def enter(node: cst.CSTNode, path: list[cst.CSTNode]) -> bool:
            if isinstance(node, cst.Call):
                names = branch_of([*path, node])
                if names:
                    for reached in _reach(index, function, node, self._reached):
                        found.setdefault(reached, []).extend(names)
            return not isinstance(node, cst.Lambda)

        walk_paths(function.node.body, enter)
        return found

    def _cached_verdict(self, handler: Handler, helper: FunctionInfo) -> str | None:
        key = (id(handler), id(helper))
        if key not in self._verdicts:
            self._verdicts[key] = self._reaching_verdict(handler, helper)
        return self._verdicts[key]

    def _reaching_verdict(self, handler: Handler, helper: FunctionInfo) -> str | None:
        """Whether a handler that reaches a helper is a read or an action tool (for a dispatcher: the branches
        that call the helper; for a many-purpose tool whose name tells nothing: the operation branches,
        ``if action == "extract_frames":``, whose calls lead to the helper)."""
        if not handler.is_dispatcher:
            function = self.context.index.definition(handler)
            declared = _annotated_verdict(function)
            # a tool declared read-only reads in its own body only (its helpers may take apart what it was given)
            verdict = "action" if declared == "action" else _verdict(_tool_names(handler)[:1])
            if verdict is not None or function is None:
                return verdict
            operations = self._operations_of(function).get(self.context.index.key_of(helper), [])
            return _verdict(operations) or _described_verdict(function)
        index = self.context.index
        function = handler.function or index.definition(handler)
        if function is None:
            return _verdict(_tool_names(handler)[:1])
        wanted = index.key_of(helper)
        branches = self._memoised("MCP003 branch calls", function, lambda: self._branch_calls(function))
        names = branches.get(wanted, [])
        if not names:
            # reached under the branches of the method the dispatcher hands the tool name to (``result = await
            # self._execute_tool(name, arguments)``), through the functions those branches call
            names = self._dispatched(function).get(wanted, [])
        if not names:
            names = _calling_tools(helper, index, branches)
        return _verdict(names)

    def _branch_calls(self, dispatcher: FunctionInfo) -> dict[tuple[str | None, str], list[str]]:
        """The functions of the project a dispatcher calls itself, each with the tool names of the branches it
        calls them under (``if name == "create_page": return await create_page(...)``)."""
        index = self.context.index
        found: dict[tuple[str | None, str], list[str]] = {}

        def enter(node: cst.CSTNode, path: list[cst.CSTNode]) -> bool:
            if isinstance(node, cst.Call):
                called = index.callee(dispatcher, node.func)
                if called is not None:
                    found.setdefault(index.key_of(called), []).extend(_branch_names(dispatcher, [*path, node]))
            return not isinstance(node, cst.Lambda)

        walk_paths(dispatcher.node.body, enter)
        return found

    def _dispatched(self, dispatcher: FunctionInfo) -> dict[tuple[str | None, str], list[str]]:
        """The functions of the project a dispatcher runs under each tool name, directly or three hops deep, in the
        functions it hands the tool name to (``self._execute_tool(name, arguments)``, whose ``if tool_name ==
        "browser_switch_tab":`` branches call ``self._switch_tab(...)``)."""
        return self._memoised("MCP003 dispatched", dispatcher, lambda: self._dispatched_now(dispatcher))

    def _dispatched_now(self, dispatcher: FunctionInfo) -> dict[tuple[str | None, str], list[str]]:
        """:meth:`_dispatched`, worked out."""
        index = self.context.index
        found: dict[tuple[str | None, str], list[str]] = {}
        targets: list[FunctionInfo] = []
        for node in dispatcher.own_of(cst.Call):
            if any(_tool_name_expr(arg.value, dispatcher) for arg in node.args):
                target = index.callee(dispatcher, node.func)
                if target is not None and target is not dispatcher and target not in targets:
                    targets.append(target)
        for target in targets:
            under = self._reached_under(target, lambda chain, target=target: _branch_names(target, chain))
            for reached, names in under.items():
                found.setdefault(reached, []).extend(names)
        return found

    def _fix(self, statement: cst.Return | cst.Raise, payload: cst.BaseExpression, scope: ToolScope) -> Fix | None:
        handler = scope.handler
        message = message_node(payload, self.context.index)
        if handler is None or message is None:
            return None  # only a handler's own return value is known to reach the client
        named = isinstance(payload, cst.Call) and _says_not_found(callee_name(payload.func))
        if named and ABSENCE.search(literal_text(message)) is None:
            return None  # ``RunNotFoundError(run_id)``: the message alone would not say what was not there
        imports: list[tuple[str, str]] = []
        kind = "lowlevel" if handler.framework.is_lowlevel else _return_kind(handler.function, statement)
        if kind == "lowlevel":
            text = _strip_error_prefix(message)
            value, imports = call_tool_result(text if text is not None else message, is_error=False)
        elif kind == "dict":
            q = quote_of(message)
            value = fill(f"{{{q}found{q}: False, {q}message{q}: __MSG__}}", message)
        elif kind == "list":
            value = cst.List([])
        elif kind == "str":
            value = _strip_error_prefix(message)
            if value is None or is_error_string(value):
                return None
        else:
            return None
        return Fix(
            "Return a successful empty result that keeps the message",
            Applicability.UNSAFE,
            [(statement, lambda _: cst.Return(value=value))],
            imports,
        )
