"""The OpenAPI schema says what docs/api.md promises (docs/reliability.md 20).

`make lint` validates the schema (`spectacular --validate --fail-on-warn`); this checks
that the headers and answers a client relies on are declared, so that a change that
drops one from the schema fails here and not in someone's integration.
"""

import pytest

from tests.openapi import served_schema

GAME = "/api/v1/games/{game_id}/"


@pytest.fixture(scope="module")
def schema():
    return served_schema()


def declared(schema, path, method) -> tuple[set, set]:
    operation = schema["paths"][path][method]
    headers = {p["name"] for p in operation.get("parameters", []) if p["in"] == "header"}
    return headers, set(operation["responses"])


@pytest.mark.parametrize(
    ("path", "method", "headers", "answers"),
    [
        (f"{GAME}rounds/", "post", {"Idempotency-Key"}, {"201", "409", "422", "503"}),
        (f"{GAME}rebuys/", "post", {"Idempotency-Key"}, {"201", "409", "422", "503"}),
        (f"{GAME}rounds/{{number}}/", "put", {"If-Match"}, {"200", "409", "412", "428"}),
        (GAME, "get", {"If-None-Match"}, {"200", "304", "404"}),
    ],
)
def test_the_schema_declares_the_headers_and_answers_of_safe_retries(schema, path, method,
                                                                     headers, answers):
    have_headers, have_answers = declared(schema, path, method)
    assert headers <= have_headers
    assert answers <= have_answers


def test_every_operation_declares_its_error_answers(schema):
    for path, operations in schema["paths"].items():
        if not path.startswith("/api/v1/") or path.startswith("/api/v1/schema"):
            continue
        for method, operation in operations.items():
            answers = set(operation["responses"])
            # Throttled or not signed in: every operation may answer these.
            assert {"400", "401", "429"} <= answers, (method, path)


def test_null_is_said_so_that_strict_validators_accept_it(schema):
    """OpenAPI 3.0.3: `nullable` has no effect without `type` beside it; a field that may be
    null over several shapes says null as a shape of its own (scorekeeper/api/schema.py)."""
    loose = []

    def walk(node, where):
        if isinstance(node, dict):
            if node.get("nullable") is True and "type" not in node:
                loose.append(where)
            for key, value in node.items():
                walk(value, f"{where}/{key}")
        elif isinstance(node, list):
            for index, value in enumerate(node):
                walk(value, f"{where}/{index}")

    walk(schema, "")
    assert loose == []
    voided = schema["components"]["schemas"]["Game"]["properties"]["voided"]
    assert voided["oneOf"] == [{"$ref": "#/components/schemas/Void"}, {"enum": [None]}]
