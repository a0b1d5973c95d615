"""Query parameters as the schema declares them (docs/api.md, "Query parameters"): an
operation takes the parameters its OpenAPI description names and no other, each once.
`?clubb=99` is a 400 naming `clubb`, not the whole list; `?status=running&status=void` a 400
naming `status`, not whichever came last. A page's `page` and `page_size` are checked here,
before the operation answers anything (a 304 included); the value of any other parameter is
checked by the operation itself, as it reads it.

The schema is the one description of what each operation takes: the one the schema view of
the request's version serves (generated once per process), read on the first request to
that version that has a query string.
"""

import functools
import re

from ..rules import RulesError
from ..rules.errors import Collected
from . import serializers as s

# A route as Django's resolver names it -> the path as the schema writes it:
# "api/v1/games/<int:game_id>/" -> "/api/v1/games/{game_id}/".
ROUTE_PARAMETER = re.compile(r"<(?:\w+:)?(\w+)>")
# Parameters of the machinery rather than of an operation: DRF's renderer choice.
ALWAYS_TAKEN = frozenset({"format"})
# The parameters of every list that pages (scorekeeper/api/lists.py).
PAGING = ("page", "page_size")


@functools.cache
def declared(version: str) -> dict[tuple[str, str], frozenset[str]]:
    """(schema path, method) -> the names of each operation's query parameters, in one
    version's schema (made when a request to that version first needs it)."""
    from .schema import VERSIONS, KeptSchemaGenerator

    if version not in VERSIONS:
        return {}
    schema = KeptSchemaGenerator(api_version=version).get_schema(request=None, public=True)
    return {(path, method.upper()): frozenset(
                parameter["name"] for parameter in operation.get("parameters", [])
                if parameter.get("in") == "query")
            for path, operations in schema["paths"].items()
            for method, operation in operations.items()}


def check(request) -> None:
    """RulesError (400) naming each query parameter the operation does not take."""
    if not request.query_params:
        return
    match = getattr(request, "resolver_match", None)
    if match is None or match.route is None:
        return
    path = "/" + ROUTE_PARAMETER.sub(r"{\1}", match.route)
    version = path.split("/")[2] if path.startswith("/api/") else ""  # /api/v2/... -> v2
    taken = declared(version).get((path, request.method.upper()))
    if taken is None:
        return  # not an operation of the schema (the schema itself, the docs page)
    found = Collected()
    for name, values in request.query_params.lists():
        if name not in taken and name not in ALWAYS_TAKEN:
            known = ", ".join(sorted(taken)) or "none"
            found.add(RulesError(
                f"Unknown query parameter {name!r}; this operation takes: {known}",
                where=(name,), code="unknown_parameter"))
        elif len(values) > 1:
            found.add(RulesError(
                f"Query parameter {name!r} is given {len(values)} times; give it once",
                where=(name,), code="repeated_parameter"))
    found.raise_any()
    paging = {name: request.query_params[name] for name in PAGING if name in request.query_params}
    if paging:
        s.validated(s.PageQuerySerializer, paging)
