"""Query parameters as the schema declares them (docs/api.md, "Query parameters"): an
operation takes the parameters its OpenAPI description names and no other. `?clubb=99` is
a 400 naming `clubb`, not the whole list. (The value of a parameter it takes is checked by
the operation itself, as it reads it: `?page_size=x` is a 400 naming `page_size`.)

The schema is the one description of what each operation takes: the one the schema view
serves (generated once per process), read on the first API request that has a query string.
"""

import functools
import re

from ..rules import RulesError
from ..rules.errors import Collected

# A route as Django's resolver names it -> the path as the schema writes it:
# "api/v1/games/<int:game_id>/" -> "/api/v1/games/{game_id}/".
ROUTE_PARAMETER = re.compile(r"<(?:\w+:)?(\w+)>")
# Parameters of the machinery rather than of an operation: DRF's renderer choice.
ALWAYS_TAKEN = frozenset({"format"})


@functools.cache
def declared() -> dict[tuple[str, str], frozenset[str]]:
    """(schema path, method) -> the names of each operation's query parameters."""
    from .schema import KeptSchemaGenerator

    schema = KeptSchemaGenerator().get_schema(request=None, public=True)
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
    taken = declared().get((path, request.method.upper()))
    if taken is None:
        return  # not an operation of the schema (the schema itself, the docs page)
    found = Collected()
    for name in request.query_params:
        if name not in taken and name not in ALWAYS_TAKEN:
            known = ", ".join(sorted(taken)) or "none"
            found.add(RulesError(
                f"Unknown query parameter {name!r}; this operation takes: {known}",
                where=(name,), code="unknown_parameter"))
    found.raise_any()
