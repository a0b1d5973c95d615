"""Every route of the API (/api/v1/), who may use each method, and a world to try them in:
shared by tests/test_api_access.py (the authorisation matrix) and tests/test_api_hostile.py.
"""

import json
from dataclasses import dataclass, field

from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import transaction
from django.urls import URLResolver, get_resolver

from scorekeeper.models import ApiToken, WebhookDelivery
from scorekeeper.services import clubs as club_services
from tests.api_table import API, Table

ANON, CAROL, BOB, ALICE, MALLORY = "anonymous", "carol", "bob", "alice", "mallory"
PERSONAS = (ANON, CAROL, BOB, ALICE, MALLORY)
EVERYONE = frozenset(PERSONAS)
SIGNED_IN = EVERYONE - {ANON}
MEMBERS = frozenset({CAROL, BOB, ALICE})  # of Ottakring
WRITERS = frozenset({BOB, ALICE})
ORGANISERS = frozenset({ALICE})

# The routes anyone may use without signing in; every other route answers 401 to them.
PUBLIC = {"token", "presets", "evaluate", "schema", "docs"}
# The one page among them (Swagger UI): its refusals are not in the JSON error format.
HTML = {"docs"}

METHODS = ("get", "post", "put", "patch", "delete")


@dataclass(frozen=True)
class Use:
    """One method of a route: who may use it, what success answers, and what to send."""

    allowed: frozenset
    status: int
    body: object = None  # a callable of the world, or a value
    headers: dict = field(default_factory=dict)
    refused: dict = field(default_factory=dict)  # persona -> status, where not 403/404


@dataclass(frozen=True)
class Route:
    path: str  # formatted with the world: {game}, {points}, {session}, {club}
    uses: dict  # method -> Use


def _round_two(w):
    return {"number": 2, "ender": w["ids"]["Anna"],
            "hands": [{"player": w["ids"][name], "deadwood": points}
                      for name, points in (("Anna", 0), ("Ben", 5), ("Cem", 5))]}


def _correction(w):
    return {"ender": w["ids"]["Anna"], "reason": "typo",
            "hands": [{"player": w["ids"][name], "deadwood": points}
                      for name, points in (("Anna", 2), ("Ben", 40), ("Cem", 85))]}


ROUTES = {
    "token": Route("auth/token/", {"post": Use(
        EVERYONE, 200, {"username": "alice", "password": "alice-secret-42"})}),
    # Tokens (docs/api.md, "Signing in and tokens"): everyone lists and revokes their own
    # (someone else's does not exist for them); organisers see and revoke their members'.
    "tokens": Route("auth/tokens/", {"get": Use(SIGNED_IN, 200)}),
    "token-detail": Route("auth/tokens/{alice_token}/", {"delete": Use(
        frozenset({ALICE}), 204, refused={CAROL: 404, BOB: 404})}),  # alice's token
    "club-tokens": Route("clubs/{club}/tokens/", {"get": Use(ORGANISERS, 200)}),
    "club-token": Route("clubs/{club}/tokens/{bob_token}/", {"delete": Use(ORGANISERS, 204)}),
    "club-invites": Route("clubs/{club}/invites/", {
        "get": Use(ORGANISERS, 200),
        "post": Use(ORGANISERS, 201, {"role": "viewer", "days": 3, "uses": 2}),
    }),
    "club-invite": Route("clubs/{club}/invites/{invite}/", {
        "get": Use(ORGANISERS, 200),
        "delete": Use(ORGANISERS, 204),
    }),
    "clubs": Route("clubs/", {
        "get": Use(SIGNED_IN, 200),
        "post": Use(SIGNED_IN, 201, {"name": "Neuer Club"}),  # everyone may start a club
    }),
    "club": Route("clubs/{club}/", {"get": Use(MEMBERS, 200)}),
    "club-members": Route("clubs/{club}/members/", {
        "get": Use(MEMBERS, 200),
        "post": Use(ORGANISERS, 201, {"username": "dave", "role": "viewer"}),
    }),
    "presets": Route("presets/", {"get": Use(EVERYONE, 200)}),
    "evaluate": Route("hands/evaluate/", {"post": Use(EVERYONE, 200, {
        "cards": ["AS", "2S", "3S"], "preset": "wiener", "rules": {"knock_limit": 10},
        "discard": False})}),
    "games": Route("games/", {
        "get": Use(SIGNED_IN, 200),
        "post": Use(WRITERS, 201, lambda w: {
            "club": w["club"], "name": "Samstag", "preset": "wiener",
            "rules": {"buy_in": "2.50"}, "players": ["Anna", "Ben"], "session": w["session"],
            "currency": "EUR"}),
    }),
    "game": Route("games/{game}/", {
        "get": Use(MEMBERS, 200),
        # The world's game has rounds: a writer passes the access check and is then told to
        # void it instead (tests/test_undo_api.py deletes a game without rounds).
        "delete": Use(WRITERS, 409),
    }),
    "game-void": Route("games/{game}/void/", {"post": Use(
        ORGANISERS, 200, {"reason": "played with a short deck"})}),
    "game-close": Route("games/{points}/close/", {"post": Use(WRITERS, 200)}),
    "rounds": Route("games/{game}/rounds/", {
        "get": Use(MEMBERS, 200),
        "post": Use(WRITERS, 201, _round_two),
    }),
    "round": Route("games/{game}/rounds/1/", {
        "get": Use(MEMBERS, 200),
        "put": Use(WRITERS, 200, _correction, {"If-Match": "{version}"}),
    }),
    "rebuys": Route("games/{game}/rebuys/", {"post": Use(
        WRITERS, 201, lambda w: {"player": w["ids"]["Cem"]})}),
    "rebuy": Route("games/{rebought}/rebuys/{rebuyer}/", {"delete": Use(WRITERS, 200)}),
    "ledger": Route("games/{game}/ledger/", {"get": Use(MEMBERS, 200)}),
    "settlement": Route("games/{game}/settlement/", {"get": Use(MEMBERS, 200)}),
    "verify": Route("games/{game}/verify/", {"get": Use(MEMBERS, 200)}),
    "sessions": Route("sessions/", {"post": Use(
        WRITERS, 201, lambda w: {"club": w["club"], "name": "Samstagabend"})}),
    "session": Route("sessions/{session}/", {"get": Use(MEMBERS, 200)}),
    "game-export": Route("games/{game}/export/", {"get": Use(MEMBERS, 200)}),
    "session-export": Route("sessions/{session}/export/", {"get": Use(MEMBERS, 200)}),
    "club-import": Route("clubs/{club}/import/", {"post": Use(
        ORGANISERS, 201, lambda w: w["export"])}),
    "club-report": Route("clubs/{club}/report/", {"get": Use(ORGANISERS, 200)}),
    "club-report-csv": Route("clubs/{club}/report/csv/", {"get": Use(ORGANISERS, 200)}),
    # Webhooks (docs/api.md, "Webhooks"): the organisers'. A replay is queued (202) and sent
    # once the request commits, which these tests never do: nothing is sent.
    "club-webhooks": Route("clubs/{club}/webhooks/", {
        "get": Use(ORGANISERS, 200),
        "post": Use(ORGANISERS, 201, {"url": "http://127.0.0.1:9/hooks",
                                      "events": ["game.finished"]}),
    }),
    "club-webhook": Route("clubs/{club}/webhooks/{webhook}/", {
        "get": Use(ORGANISERS, 200),
        "delete": Use(ORGANISERS, 204),
    }),
    "club-webhook-deliveries": Route("clubs/{club}/webhooks/{webhook}/deliveries/",
                                     {"get": Use(ORGANISERS, 200)}),
    "club-webhook-replay": Route(
        "clubs/{club}/webhooks/{webhook}/deliveries/{delivery}/replay/",
        {"post": Use(ORGANISERS, 202)}),
    "schema": Route("schema/", {"get": Use(EVERYONE, 200)}),
    "docs": Route("docs/", {"get": Use(EVERYONE, 200)}),
}


def api_routes() -> dict[str, set[str]]:
    """Every route of the "api" namespace (/api/v1/) with the methods its view serves."""
    (namespace,) = [p for p in get_resolver().url_patterns
                    if isinstance(p, URLResolver) and p.namespace == "api"]
    routes = {}
    for pattern in namespace.url_patterns:
        view = pattern.callback.view_class
        routes[pattern.name] = {method for method in METHODS if hasattr(view, method)}
    return routes


# --- The world: Ottakring with two games, a session and an export; mallory's Favoriten ------


def counts() -> dict[str, int]:
    """Rows of every model of the project (rounds, re-buys, ledger entries, games, clubs,
    memberships, ...): a refused request must leave each count as it was."""
    return {model.__name__: model.objects.count()
            for app in ("scorekeeper", "ledger") for model in apps.get_app_config(app).get_models()}


def make_world(as_alice, as_bob, as_carol, as_mallory, anonymous, club) -> dict:
    """Ottakring (alice, bob, carol) with a session, a pot game whose round 1 left Cem free to
    re-buy, a Punktespiel to close, an export of the pot game, a game where Cem re-bought, a
    webhook told of it all; mallory's game in Favoriten."""
    webhook = as_alice.post(f"{API}/clubs/{club.pk}/webhooks/",
                            {"url": "http://127.0.0.1:9/hooks"}, format="json").json()
    session = as_alice.post(f"{API}/sessions/", {"name": "Freitagabend"}, format="json").json()
    table = Table.start(as_alice, ["Anna", "Ben", "Cem"], session=session["id"])
    table.knock("Anna", Anna=3, Ben=40, Cem=85)  # Cem may re-buy
    points = Table.start(as_alice, ["Anna", "Ben", "Cem"], preset="romme",
                         rules={"mode": "points"})
    points.knock("Anna", Anna=0, Ben=23, Cem=12)
    rebought = Table.start(as_alice, ["Anna", "Ben", "Cem"])
    rebought.knock("Anna", Anna=3, Ben=40, Cem=85)
    rebought.rebuy("Cem")  # a re-buy to undo
    Table.start(as_mallory, ["Max", "Moritz"])  # mallory's own game in Favoriten
    get_user_model().objects.create_user("dave")
    export = as_alice.get(f"{table.url}export/")
    assert export.status_code == 200, export.content[:300]
    alice, bob = (get_user_model().objects.get(username=name) for name in ("alice", "bob"))
    invite = club_services.create_invite(club_id=club.pk, role="viewer")
    return {
        "clients": {ANON: anonymous, CAROL: as_carol, BOB: as_bob, ALICE: as_alice,
                    MALLORY: as_mallory},
        "club": club.pk, "game": table.id, "points": points.id, "session": session["id"],
        "version": f'"{table.refresh()["version"]}"', "ids": table.ids,
        "export": export.json(),
        "rebought": rebought.id, "rebuyer": rebought.ids["Cem"],
        "alice_token": ApiToken.objects.create(user=alice)[0].token_key,
        "bob_token": ApiToken.objects.create(user=bob)[0].token_key,
        "invite": invite.pk,
        "webhook": webhook["id"], "delivery": WebhookDelivery.objects.first().pk,
    }


def url_of(world, route_name: str) -> str:
    return f"{API}/{ROUTES[route_name].path.format(**world)}"


def valid_body(world, route_name: str, method: str):
    """The body with which the allowed callers succeed (None: the route takes none)."""
    body = ROUTES[route_name].uses[method].body
    return body(world) if callable(body) else body


def headers_of(world, route_name: str, method: str) -> dict:
    use = ROUTES[route_name].uses.get(method)
    headers = {name: value.format(**world) for name, value in (use.headers if use else {}).items()}
    if route_name not in HTML:
        headers["Accept"] = "application/json"  # the schema would answer YAML otherwise
    return headers


def send(world, persona: str, method: str, url: str, data: str | bytes = "",
         content_type: str = "application/json", headers: dict | None = None):
    """One request in a savepoint that is rolled back: (response, rows written by it)."""
    savepoint = transaction.savepoint_create()
    try:
        before = counts()
        response = world["clients"][persona].generic(
            method.upper(), url, data, content_type=content_type, headers=headers or {})
        written = {name: count - before[name] for name, count in counts().items()
                   if count != before[name]}
    finally:
        transaction.savepoint_rollback(savepoint)
        cache.clear()  # game states are cached per version; the rollback reuses versions
    return response, written


def attempt(world, route_name: str, method: str, persona: str):
    """A route's method as `persona`, with the route's valid body: (response, rows written)."""
    body = valid_body(world, route_name, method) if method in ROUTES[route_name].uses else None
    return send(world, persona, method, url_of(world, route_name),
                json.dumps(body) if body is not None else "",
                headers=headers_of(world, route_name, method))


def error_body(response) -> bool:
    try:
        body = response.json()
    except ValueError:
        return False
    return isinstance(body, dict) and bool(body.get("errors")) and all(
        set(error) == {"field", "code", "message"} and error["message"]
        for error in body["errors"])
