"""Property-based fuzzing of the whole OpenAPI schema (docs/reliability.md 19).

schemathesis reads /api/v1/schema/ from the WSGI application in-process and,
for every operation, sends generated requests, valid ones and invalid ones, as
the organiser of a club that has a running game, so that ids sometimes hit real
objects. Every answer must be free of server errors, conform to the schema and
to the status codes the operation declares, and invalid input must be refused.

/api/v2/ serves the same operations through the same views (tests/test_api_v2.py); what it
does its own way, its lists, is fuzzed against /api/v2/schema/ too: every GET that answers
a page, with its `page` and `page_size`.
"""

import schemathesis
from django.db import connection
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    ignored_auth,
    negative_data_rejection,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
    use_after_free,
)

from scorekeeper.wsgi import application
from tests.api_fuzzing import aim

pytest_plugins = ["tests.api_fuzzing"]  # world, wsgi_in_test_transaction

# The fuzzing phase's random cases: a seed for each database, so that the two passes of
# `make test` (SQLite, then PostgreSQL) send different ones, 26 an operation between them
# where each sent the same 25 before; the coverage phase's cases (the edges of every field,
# where the two databases differ most) go to both. Seeded: the same cases on every run of a
# database, so CI is stable; new findings come from changing a seed or the number on a
# developer's machine.
SEEDS = {"sqlite": 20261019, "postgresql": 20261020}
EXAMPLES_PER_DATABASE = 13
SETTINGS = {
    "seed": SEEDS[connection.vendor],
    "generation": {"max-examples": EXAMPLES_PER_DATABASE, "deterministic": True,
                   "with-security-parameters": False},
    "operations": [{
        # The import document has so many fields that the coverage phase alone would send
        # some 2,000 requests (40 s); the fuzzing phase still sends it valid and invalid
        # documents.
        "include-path": "/api/v1/clubs/{club_id}/import/",
        "phases": {"coverage": {"enabled": False}},
    }],
}
CONFIG = schemathesis.Config.from_dict(SETTINGS)
# /v2: its lists only, the operations whose id ends in _list. (schemathesis 4.32's
# `schema.include()` selects nothing here: every operation stays in; this setting does.)
V2_LISTS = schemathesis.Config.from_dict({**SETTINGS, "operations": [
    {"exclude-operation-id-regex": "_list$", "enabled": False}]})
# The schemas as JSON: the same documents as the YAML served by default, read in a tenth of
# the time.
schema = schemathesis.openapi.from_wsgi("/api/v1/schema/?format=json", application,
                                        config=CONFIG)
v2_lists = schemathesis.openapi.from_wsgi("/api/v2/schema/?format=json", application,
                                          config=V2_LISTS)

# The checks of docs/reliability.md 19. ignored_auth sends each request again without the token
# and with a wrong one (it must then be refused); use_after_free watches DELETEs.
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    response_headers_conformance,
    negative_data_rejection,
    ignored_auth,
    use_after_free,
]


@schema.parametrize()
@settings(suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
def test_api_conforms_to_its_schema(case, world, wsgi_in_test_transaction):
    aim(case, world)
    case.call_and_validate(headers={"Authorization": f"Token {world['token']}"}, checks=CHECKS)


@v2_lists.parametrize()
@settings(suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
def test_v2_lists_conform_to_their_schema(case, world, wsgi_in_test_transaction):
    aim(case, world)
    case.call_and_validate(headers={"Authorization": f"Token {world['token']}"}, checks=CHECKS)
