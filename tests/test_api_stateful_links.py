"""The schema's OpenAPI links, and schemathesis' stateful phase that follows them.

A link on an answer says which of its values another operation takes: POST /games/ ->
GET /games/{game_id}/ with `game_id: $response.body#/id`, a posted round -> its PUT, and
so on (scorekeeper/api/links.py, docs/api.md "Links between operations"). Three tests:
the links name real operations, parameters and fields; each one, followed from a real
answer, reaches its object; and schemathesis' state machine walks random chains of
linked calls with the checks of docs/reliability.md 19, among them the two that look at
a whole chain: a resource just created is there (ensure_resource_availability) and a
deleted one is gone (use_after_free).
"""

import itertools
import json

import pytest
import schemathesis
from django.db import connection, transaction
from hypothesis import HealthCheck, Phase, seed, settings
from schemathesis.checks import not_a_server_error
from schemathesis.openapi.checks import UseAfterFree
from schemathesis.specs.openapi.checks import (
    ensure_resource_availability,
    response_schema_conformance,
    status_code_conformance,
    use_after_free,
)

from scorekeeper.models import Seat
from scorekeeper.wsgi import application
from tests.api_fuzzing import aim
from tests.api_table import API, Table

# Among the longest modules: run first (tests/conftest.py), so the processes end together.
pytestmark = pytest.mark.slow

# dns: no test asks real DNS; world and wsgi_in_test_transaction, as the stateless fuzzing
pytest_plugins = ["tests.webhook_fixtures", "tests.api_fuzzing"]

CONFIG = schemathesis.Config.from_dict({
    "generation": {"deterministic": True, "with-security-parameters": False},
    # Only the links the schema writes down: schemathesis would otherwise add links it
    # guesses from names, and these tests are about the ones integrators are given.
    "phases": {"stateful": {"inference": {"algorithms": []}}},
    # Random credentials never sign in (and soon meet the login lockout): chains that start
    # there would only spend the budget. The token's links are checked by the tests above.
    "operations": [{"include-operation-id": "auth_token_create",
                    "phases": {"stateful": {"enabled": False}}}],
})
schema = schemathesis.openapi.from_wsgi("/api/v1/schema/?format=json", application,
                                        config=CONFIG)
RAW = schema.raw_schema

METHODS = {"get", "put", "patch", "post", "delete"}
OPERATIONS = {
    operation["operationId"]: (method, path, operation)
    for path, item in RAW["paths"].items()
    for method, operation in item.items()
    if method in METHODS
}


def all_links():
    """(source operationId, status, link name, link) for every link in the schema."""
    for source, (_, _, operation) in OPERATIONS.items():
        for status, answer in operation["responses"].items():
            for name, link in answer.get("links", {}).items():
                yield source, status, name, link


# --- 1. The links name real operations, parameters and fields -------------------------


def resolve(node: dict) -> dict:
    while "$ref" in node:
        node = RAW["components"]["schemas"][node["$ref"].rsplit("/", 1)[-1]]
    return node


def schema_at(node: dict, pointer: str) -> dict | None:
    """The part of a JSON schema a JSON pointer into its documents lands on; None if none."""
    for part in [p for p in pointer.split("/") if p]:
        node = resolve(node)
        choices = node.get("oneOf") or node.get("anyOf") or node.get("allOf")
        if choices:
            found = [schema_at(choice, part) for choice in choices]
            node = next((choice for choice in found if choice is not None), None)
        elif part.isdigit():
            node = node.get("items")
        else:
            node = node.get("properties", {}).get(part)
        if node is None:
            return None
    return resolve(node)


def parameters_of(operation: dict) -> set[tuple[str, str]]:
    return {(p["in"], p["name"]) for p in operation.get("parameters", [])}


def json_body_of(operation: dict) -> dict:
    return operation["requestBody"]["content"]["application/json"]["schema"]


def where_from(expression: str, source: dict, status: str) -> str:
    """Why the runtime expression cannot be taken from the source operation; "" if it can."""
    answer = source["responses"][status]
    if expression.startswith("$response.body#"):
        body = answer["content"]["application/json"]["schema"]
        found = schema_at(body, expression.split("#", 1)[1])
        return "" if found is not None else "not in the answer's body"
    if expression.startswith("$response.header."):
        header = expression.removeprefix("$response.header.")
        return "" if header in answer.get("headers", {}) else "a header the answer does not declare"
    if expression.startswith("$request.path."):
        name = expression.removeprefix("$request.path.")
        return "" if ("path", name) in parameters_of(source) else "not a path parameter"
    if expression.startswith("$request.body#"):
        found = schema_at(json_body_of(source), expression.split("#", 1)[1])
        return "" if found is not None else "not in the request's body"
    return "not an expression these links use"


def test_every_link_names_a_real_operation_parameter_and_value():
    problems = []
    for source, status, name, link in all_links():
        where = f"{source} {status} -> {name}"
        if link.get("operationId") not in OPERATIONS:
            problems.append(f"{where}: no operation {link.get('operationId')!r}")
            continue
        _, _, target = OPERATIONS[link["operationId"]]
        for parameter, expression in link.get("parameters", {}).items():
            location, _, bare = parameter.rpartition(".")
            declared = {(loc, n) for loc, n in parameters_of(target) if n == bare}
            if not declared or (location and (location, bare) not in declared):
                problems.append(f"{where}: the target takes no parameter {parameter!r}")
            if why := where_from(expression, OPERATIONS[source][2], status):
                problems.append(f"{where}: {parameter} = {expression}: {why}")
        for field, expression in link.get("requestBody", {}).items():
            if schema_at(json_body_of(target), field) is None:
                problems.append(f"{where}: the target's body has no field {field!r}")
            if why := where_from(expression, OPERATIONS[source][2], status):
                problems.append(f"{where}: body {field} = {expression}: {why}")
    assert problems == []


def test_the_objects_that_posts_make_are_linked_to_what_uses_them():
    links = {(source, link["operationId"]) for source, _, _, link in all_links()}
    assert {
        ("games_create", "games_retrieve"), ("games_create", "games_rounds_create"),
        ("games_create", "games_ledger_list"), ("games_create", "games_settlement_retrieve"),
        ("games_create", "games_verify_retrieve"), ("games_create", "games_rebuys_create"),
        ("games_create", "games_close_create"), ("games_create", "games_destroy"),
        ("games_create", "games_export_retrieve"), ("games_create", "games_rounds_list"),
        ("games_rounds_create", "games_rounds_retrieve"),
        ("games_rounds_create", "games_rounds_update"),
        ("sessions_create", "sessions_retrieve"), ("sessions_create", "sessions_export_retrieve"),
        ("clubs_create", "clubs_members_create"), ("clubs_create", "clubs_report_retrieve"),
        ("clubs_create", "clubs_import_create"),
    } <= links


# --- 2. Each link, followed from a real answer, reaches its object ---------------------


def evaluate(expression: str, made: dict):
    """A runtime expression of docs/api.md's links, on one request and its answer."""
    kind, _, rest = expression.partition("#")
    if kind == "$response.body":
        value = made["answer"].json()
    elif kind == "$request.body":
        value = made["body"]
    elif expression.startswith("$request.path."):
        return made["path"][expression.removeprefix("$request.path.")]
    elif expression.startswith("$response.header."):
        return made["answer"].headers[expression.removeprefix("$response.header.")]
    else:
        raise AssertionError(f"unknown expression {expression}")
    for part in [p for p in rest.split("/") if p]:
        value = value[int(part)] if isinstance(value, list) else value[part]
    return value


def test_each_link_followed_from_a_real_answer_reaches_its_object(as_alice, bob, dns):
    """alice makes one of each object (bob is there to be invited as a member)."""
    dns.answer("example.org", "93.184.215.14")  # the webhook's target is a public address
    made = {}  # operationId -> the request (path parameters, body) and its answer

    def post(operation_id, path, body, **parameters):
        answer = as_alice.post(API + path.format(**parameters), body, format="json")
        assert answer.status_code in (200, 201, 202), (operation_id, answer.json())
        made[operation_id] = {"path": parameters, "body": body, "answer": answer}
        return answer.json()

    club = post("clubs_create", "/clubs/", {"name": "Meidling"})
    post("sessions_create", "/sessions/", {"club": club["id"], "name": "Samstag"})
    game = post("games_create", "/games/", {"club": club["id"], "players": ["Anna", "Ben", "Cem"]})
    table = Table(as_alice, game)
    post("games_rounds_create", "/games/{game_id}/rounds/",
         {"number": 1, "ender": table.ids["Anna"],
          "hands": table.hands(Anna=3, Ben=40, Cem=85)}, game_id=game["id"])
    post("games_rebuys_create", "/games/{game_id}/rebuys/", {"player": table.ids["Cem"]},
         game_id=game["id"])
    post("clubs_members_create", "/clubs/{club_id}/members/",
         {"username": "bob", "role": "viewer"}, club_id=club["id"])
    post("clubs_invites_create", "/clubs/{club_id}/invites/", {"role": "viewer"},
         club_id=club["id"])
    post("clubs_webhooks_create", "/clubs/{club_id}/webhooks/",
         {"url": "https://example.org/scorekeeper"}, club_id=club["id"])
    post("auth_token_create", "/auth/token/", {"username": "alice", "password": "alice-secret-42"})

    followed, problems = [], []
    for source, _, name, link in all_links():
        method, path, _ = OPERATIONS[link["operationId"]]
        if source not in made or method != "get":
            continue  # the writes are followed by the state machine below
        values = {p.rpartition(".")[2]: evaluate(e, made[source])
                  for p, e in link["parameters"].items()}
        in_path = {k: v for k, v in values.items() if "{" + k + "}" in path}
        query = {k: v for k, v in values.items() if k not in in_path}
        answer = as_alice.get(API + path.removeprefix("/api/v1").format(**in_path), query)
        followed.append(f"{source} -> {name}")
        if answer.status_code != 200:
            problems.append((f"{source} -> {name}", answer.status_code))
    assert problems == []
    assert {"games_create -> games_retrieve", "games_rounds_create -> games_rounds_retrieve",
            "sessions_create -> sessions_retrieve", "clubs_create -> clubs_report_retrieve",
            "clubs_create -> games_list"} <= set(followed)


# --- 3. schemathesis' stateful phase ---------------------------------------------------

# DELETE on this API takes back rather than erases (docs/api.md, "Undoing"): a game
# started by mistake stays readable as void, a revoked invite as revoked, as Stripe keeps
# a deleted customer readable with "deleted": true. A later read of such an object is no
# use after free as long as it says so; every other DELETE must leave a 404 behind.
KEPT_AFTER_DELETE = {
    "DELETE /api/v1/games/{game_id}/": ("GET /api/v1/games/{game_id}/", "status", "void"),
    "DELETE /api/v1/clubs/{club_id}/invites/{invite_id}/": (
        "GET /api/v1/clubs/{club_id}/invites/{invite_id}/", "state", "revoked"),
}


def use_after_free_but_kept_objects_say_so(ctx, response, case):
    """schemathesis' use_after_free, with the objects that DELETE keeps on record."""
    try:
        return use_after_free(ctx, response, case)
    except UseAfterFree as failure:
        if failure.operation not in KEPT_AFTER_DELETE:
            raise
        read, field, marked = KEPT_AFTER_DELETE[failure.operation]
        if case.operation.label == read and response.status_code == 200 \
                and json.loads(response.content).get(field) != marked:
            raise
        return None


CHECKS = [
    not_a_server_error,
    status_code_conformance,
    response_schema_conformance,
    use_after_free_but_kept_objects_say_so,
    ensure_resource_availability,
]

# Each database walks chains of its own: `make test` runs this on SQLite and on
# PostgreSQL, and a seed for each makes the two passes walk 80 distinct chains between them
# (each under every check) in the time that 80 chains walked twice over took. Seeded, so
# that every run on a database walks the same chains.
CHAINS_PER_DATABASE = 40
SEEDS = {"sqlite": 20261127, "postgresql": 20261128}
SETTINGS = settings(
    max_examples=CHAINS_PER_DATABASE,
    stateful_step_count=30,
    deadline=None,
    phases=[Phase.generate],
    suppress_health_check=list(HealthCheck),
)


def players_of(game_id) -> list[int]:
    """The players seated at the game; [] for a generated id no game can have."""
    if type(game_id) is not int or not 0 < game_id < 2**31:
        return []
    return list(Seat.objects.filter(game_id=game_id).values_list("player_id", flat=True))


def state_machine(world: dict, calls: list):
    """The schema's state machine, as alice, aimed at real objects, recording each call."""
    chains = itertools.count()

    class Workflow(schema.as_state_machine()):
        def setup(self):
            # Each chain starts from the same database: Hypothesis replays choices and
            # expects the same answers, which objects of earlier chains would change.
            self.scenario = transaction.atomic()
            self.scenario.__enter__()
            self.number = next(chains)

        def teardown(self):
            transaction.set_rollback(True)
            self.scenario.__exit__(None, None, None)

        def step(self, input):
            case = input.case
            game_id = (case.path_parameters or {}).get("game_id")
            if input.transition is None:
                # A chain's first call is random: aim it as the stateless run does.
                aim(case, world)
            elif players := players_of(game_id):
                # A linked call into a game names that game's players in its body. The
                # case's own path parameters stand in for the world's, so they stay.
                aim(case, {**world, **case.path_parameters, "players": players})
            output = super().step(input)
            calls.append({
                "scenario": self.number,
                "operation": case.operation.label,
                "linked": input.transition is not None and input.is_applied,
                "path": dict(case.path_parameters or {}),
                "status": output.response.status_code,
                "answer": output.response,
            })
            return output

        def get_call_kwargs(self, case):
            return {"headers": {"Authorization": f"Token {world['token']}"}}

        def validate_response(self, response, case, additional_checks=None, **kwargs):
            case.validate_response(response, checks=CHECKS, transport_kwargs=kwargs or None,
                                   recorder=self.recorder)

    return Workflow


def linked_to_new(calls: list, maker: str, user: str, parameter: str) -> list[dict]:
    """The linked calls of `user` whose `parameter` is an object `maker` made earlier in
    the same chain."""
    made, found = set(), []
    for call in calls:
        if call["operation"] == maker and call["status"] == 201:
            made.add((call["scenario"], json.loads(call["answer"].content)["id"]))
        elif call["operation"] == user and call["linked"] \
                and (call["scenario"], call["path"].get(parameter)) in made:
            found.append(call)
    return found


def test_chains_of_linked_calls_keep_to_the_schema(world, wsgi_in_test_transaction):
    calls = []
    workflow = seed(SEEDS[connection.vendor])(state_machine(world, calls))
    workflow.run(settings=SETTINGS)

    # The chains followed the links: objects made in a chain were used by its later calls.
    assert linked_to_new(calls, "POST /api/v1/games/", "GET /api/v1/games/{game_id}/",
                         "game_id")
    assert linked_to_new(calls, "POST /api/v1/games/", "POST /api/v1/games/{game_id}/rounds/",
                         "game_id")
    assert linked_to_new(calls, "POST /api/v1/clubs/", "GET /api/v1/clubs/{club_id}/report/",
                         "club_id")
    assert linked_to_new(calls, "POST /api/v1/sessions/", "GET /api/v1/sessions/{session_id}/",
                         "session_id")
