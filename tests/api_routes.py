"""Every route of the API (/api/v1/), the access policy's action of each method, and a world
to try them in: shared by tests/test_api_access.py (the authorisation matrix),
tests/test_pages_access.py and tests/test_api_hostile.py.

Who may use a route is not written here: it is what the policy's table says of the route's
action (scorekeeper/services/policy.py, the table of docs/security.md), for each persona.
"""

import json
from dataclasses import dataclass, field

from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import transaction
from django.urls import URLResolver, get_resolver
from rest_framework.test import APIClient

from scorekeeper.models import ApiToken, Club, Membership, WebhookDelivery
from scorekeeper.services import clubs as club_services
from scorekeeper.services import policy
from tests.api_table import API, Table
from tests.db_rows import row_counts

ANON, CAROL, BOB, ALICE, MALLORY = "anonymous", "carol", "bob", "alice", "mallory"
PERSONAS = (ANON, CAROL, BOB, ALICE, MALLORY)
# alice through API tokens: one limited to reading, one limited to her other club, Hernals.
ALICE_READS, ALICE_ELSEWHERE = "alice-read-token", "alice-hernals-token"
TOKEN_PERSONAS = (ALICE_READS, ALICE_ELSEWHERE)
# Who each of them is in the policy's table (docs/security.md, "Who may do what").
AS_IN_POLICY = {ANON: "anonymous", MALLORY: "stranger", CAROL: "viewer", BOB: "scorekeeper",
                ALICE: "organiser", ALICE_READS: "organiser, read token",
                ALICE_ELSEWHERE: "organiser, token of another club"}
OPEN = "open"  # a route anyone may use without signing in


def policy_says(persona: str, action: str) -> str:
    """The policy's answer to the persona for the action: "yes", "401", "403" or "404"."""
    if action == OPEN:
        return policy.ALLOWED
    (row,) = [p for p in policy.PERSONAS if p.name == AS_IN_POLICY[persona]]
    return policy.outcome(row, action)


def may(action: str, personas=PERSONAS) -> frozenset:
    return frozenset(p for p in personas if policy_says(p, action) == policy.ALLOWED)


EVERYONE = frozenset(PERSONAS)
SIGNED_IN = may("account.read")
MEMBERS = may("club.read")  # of Ottakring
WRITERS = may("game.write")
ORGANISERS = may("club.admin")

# The routes anyone may use without signing in; every other route answers 401 to them.
PUBLIC = {"token", "presets", "evaluate", "schema", "docs"}
# The one page among them (Swagger UI): its refusals are not in the JSON error format.
HTML = {"docs"}

METHODS = ("get", "post", "put", "patch", "delete")


@dataclass(frozen=True)
class Use:
    """One method of a route: the policy's action, what success answers, and what to send.
    `only`: whose own object it is (a token, an invitation), among those the action allows;
    `refused`: what the others of those get, where the service, not the policy, refuses."""

    action: str
    status: int
    body: object = None  # a callable of the world, or a value
    headers: dict = field(default_factory=dict)
    refused: dict = field(default_factory=dict)  # persona -> status, where not 403/404
    only: frozenset | None = None

    @property
    def allowed(self) -> frozenset:
        allowed = may(self.action)
        return allowed & self.only if self.only is not None else allowed


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
        OPEN, 200, {"username": "alice", "password": "alice-secret-42"})}),
    # Tokens (docs/api.md, "Signing in and tokens"): everyone lists and revokes their own
    # (someone else's does not exist for them); organisers see and revoke their members'.
    "tokens": Route("auth/tokens/", {"get": Use("account.read", 200)}),
    "token-detail": Route("auth/tokens/{alice_token}/", {"delete": Use(
        "account.write", 204, only={ALICE}, refused={CAROL: 404, BOB: 404})}),  # alice's
    "club-tokens": Route("clubs/{club}/tokens/", {"get": Use("club.admin.read", 200)}),
    "club-token": Route("clubs/{club}/tokens/{bob_token}/", {"delete": Use("club.admin", 204)}),
    "club-invites": Route("clubs/{club}/invites/", {
        "get": Use("club.admin.read", 200),
        "post": Use("club.admin", 201, {"role": "viewer", "days": 3, "uses": 2}),
    }),
    "club-invite": Route("clubs/{club}/invites/{invite}/", {
        "get": Use("club.admin.read", 200),
        "delete": Use("club.admin", 204),
    }),
    "clubs": Route("clubs/", {
        "get": Use("account.read", 200),
        "post": Use("account.write", 201, {"name": "Neuer Club"}),  # everyone may start a club
    }),
    "club": Route("clubs/{club}/", {"get": Use("club.read", 200)}),
    # Membership by consent (docs/api.md, "Clubs and roles"): naming someone who is not a
    # member invites them (202); every member may leave, but not the last organiser (409).
    "club-members": Route("clubs/{club}/members/", {
        "get": Use("club.read", 200),
        "post": Use("club.admin", 202, {"username": "dave", "role": "viewer"}),
    }),
    "club-member-me": Route("clubs/{club}/members/me/", {"delete": Use(
        "club.leave", 204, only={CAROL, BOB}, refused={ALICE: 409})}),  # the last organiser
    # Invitations are their invitee's alone: mallory invited carol to Favoriten; someone
    # else's invitation does not exist for the others (404, mallory's own included).
    "invitations": Route("invitations/", {"get": Use("account.read", 200)}),
    "invitation-accept": Route("invitations/{invitation}/accept/", {"post": Use(
        "account.write", 201, only={CAROL}, refused={BOB: 404, ALICE: 404})}),
    "invitation-decline": Route("invitations/{invitation}/decline/", {"post": Use(
        "account.write", 204, only={CAROL}, refused={BOB: 404, ALICE: 404})}),
    "presets": Route("presets/", {"get": Use(OPEN, 200)}),
    "evaluate": Route("hands/evaluate/", {"post": Use(OPEN, 200, {
        "cards": ["AS", "2S", "3S"], "preset": "wiener", "rules": {"knock_limit": 10},
        "discard": False})}),
    "games": Route("games/", {
        "get": Use("account.read", 200),
        "post": Use("game.write", 201, lambda w: {
            "club": w["club"], "name": "Samstag", "preset": "wiener",
            "rules": {"buy_in": "2.50"}, "players": ["Anna", "Ben"], "session": w["session"],
            "currency": "EUR"}),
    }),
    "game": Route("games/{game}/", {
        "get": Use("club.read", 200),
        # The world's game has rounds: a writer passes the access check and is then told to
        # void it instead (tests/test_undo_api.py deletes a game without rounds).
        "delete": Use("game.write", 409),
    }),
    "game-void": Route("games/{game}/void/", {"post": Use(
        "game.void", 200, {"reason": "played with a short deck"})}),
    "game-close": Route("games/{points}/close/", {"post": Use("game.write", 200)}),
    "rounds": Route("games/{game}/rounds/", {
        "get": Use("club.read", 200),
        "post": Use("game.write", 201, _round_two),
    }),
    "round": Route("games/{game}/rounds/1/", {
        "get": Use("club.read", 200),
        "put": Use("game.write", 200, _correction, {"If-Match": "{version}"}),
        # Undo last round (docs/api.md, "Undoing"): round 1 is the pot game's last.
        "delete": Use("game.write", 200),
    }),
    "rebuys": Route("games/{game}/rebuys/", {"post": Use(
        "game.write", 201, lambda w: {"player": w["ids"]["Cem"]})}),
    "rebuy": Route("games/{rebought}/rebuys/{rebuyer}/", {"delete": Use("game.write", 200)}),
    "ledger": Route("games/{game}/ledger/", {"get": Use("club.read", 200)}),
    "settlement": Route("games/{game}/settlement/", {"get": Use("club.read", 200)}),
    "verify": Route("games/{game}/verify/", {"get": Use("club.read", 200)}),
    "sessions": Route("sessions/", {"post": Use(
        "game.write", 201, lambda w: {"club": w["club"], "name": "Samstagabend"})}),
    "session": Route("sessions/{session}/", {"get": Use("club.read", 200)}),
    "game-export": Route("games/{game}/export/", {"get": Use("club.read", 200)}),
    "session-export": Route("sessions/{session}/export/", {"get": Use("club.read", 200)}),
    "club-import": Route("clubs/{club}/import/", {"post": Use(
        "club.admin", 201, lambda w: w["export"])}),
    # The report: every member, as the season's books on the pages (one answer for viewers).
    "club-report": Route("clubs/{club}/report/", {"get": Use("club.read", 200)}),
    "club-report-csv": Route("clubs/{club}/report/csv/", {"get": Use("club.read", 200)}),
    # Webhooks (docs/api.md, "Webhooks"): the organisers'. A replay is queued (202) and sent
    # once the request commits, which these tests never do: nothing is sent.
    "club-webhooks": Route("clubs/{club}/webhooks/", {
        "get": Use("club.admin.read", 200),
        "post": Use("club.admin", 201, {"url": "http://127.0.0.1:9/hooks",
                                      "events": ["game.finished"]}),
    }),
    "club-webhook": Route("clubs/{club}/webhooks/{webhook}/", {
        "get": Use("club.admin.read", 200),
        "patch": Use("club.admin", 200, {"url": "http://127.0.0.1:9/other",
                                       "events": ["game.created"], "active": False}),
        "delete": Use("club.admin", 204),
    }),
    # A ping is queued like a replay (202); a rotation answers the new secret (200).
    "club-webhook-ping": Route("clubs/{club}/webhooks/{webhook}/ping/",
                               {"post": Use("club.admin", 202)}),
    "club-webhook-rotate": Route("clubs/{club}/webhooks/{webhook}/rotate/",
                                 {"post": Use("club.admin", 200)}),
    "club-webhook-deliveries": Route("clubs/{club}/webhooks/{webhook}/deliveries/",
                                     {"get": Use("club.admin.read", 200)}),
    "club-webhook-replay": Route(
        "clubs/{club}/webhooks/{webhook}/deliveries/{delivery}/replay/",
        {"post": Use("club.admin", 202)}),
    # A club's Gin tournament (docs/api.md, "Tournaments"): organisers start one, members read.
    "club-tournaments": Route("clubs/{club}/tournaments/", {
        "get": Use("club.read", 200),
        "post": Use("tournament.create", 201, {
            "name": "Pokal", "preset": "gin", "players": ["Anna", "Ben", "Cem", "Dora", "Emil"],
            "seeding": "ordered", "entry_fee": "5.00", "payouts": [100]}),
    }),
    "tournament": Route("tournaments/{tournament}/", {"get": Use("club.read", 200)}),
    "tournament-ledger": Route("tournaments/{tournament}/ledger/",
                               {"get": Use("club.read", 200)}),
    "tournament-csv": Route("tournaments/{tournament}/csv/", {"get": Use("club.read", 200)}),
    "tournament-export": Route("tournaments/{tournament}/export/",
                               {"get": Use("club.read", 200)}),
    "schema": Route("schema/", {"get": Use(OPEN, 200)}),
    "docs": Route("docs/", {"get": Use(OPEN, 200)}),
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
    return row_counts(model for app in ("scorekeeper", "ledger")
                      for model in apps.get_app_config(app).get_models())


def make_world(as_alice, as_bob, as_carol, as_mallory, anonymous, club) -> dict:
    """Ottakring (alice, bob, carol) with a session, a pot game whose round 1 left Cem free to
    re-buy, a Punktespiel to close, an export of the pot game, a game where Cem re-bought, a
    webhook told of it all; mallory's game in Favoriten, and her invitation for carol."""
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
    tournament = as_alice.post(f"{API}/clubs/{club.pk}/tournaments/", {
        "preset": "gin", "players": ["Anna", "Ben", "Cem", "Dora", "Emil"]}, format="json")
    assert tournament.status_code == 201, tournament.content[:300]
    export = as_alice.get(f"{table.url}export/")
    assert export.status_code == 200, export.content[:300]
    alice, bob = (get_user_model().objects.get(username=name) for name in ("alice", "bob"))
    invite = club_services.create_invite(club_id=club.pk, role="viewer")
    mallory = get_user_model().objects.get(username="mallory")
    invitation = club_services.invite_member(
        club_id=mallory.memberships.get().club_id, username="carol", role="viewer", by=mallory)
    return {
        "clients": {ANON: anonymous, CAROL: as_carol, BOB: as_bob, ALICE: as_alice,
                    MALLORY: as_mallory, **alice_tokens(alice)},
        "club": club.pk, "game": table.id, "points": points.id, "session": session["id"],
        "version": f'"{table.refresh()["version"]}"', "ids": table.ids,
        "export": export.json(),
        "rebought": rebought.id, "rebuyer": rebought.ids["Cem"],
        "alice_token": ApiToken.objects.create(user=alice)[0].token_key,
        # A token bob limited to Ottakring: the kind its organisers see and may revoke.
        "bob_token": ApiToken.objects.create(user=bob, club=club)[0].token_key,
        "invite": invite.pk, "invitation": invitation.pk,
        "webhook": webhook["id"], "delivery": WebhookDelivery.objects.first().pk,
        "tournament": tournament.json()["id"],
    }


def alice_tokens(alice) -> dict:
    """API clients of alice's tokens: one that only reads, one limited to Hernals, a club
    she also organises (made last, so that her own requests name their club)."""
    hernals = Club.objects.create(name="Hernals")
    Membership.objects.create(club=hernals, user=alice, role=Membership.Role.ORGANISER)
    clients = {}
    for persona, fields in ((ALICE_READS, {"scope": ApiToken.Scope.READ}),
                            (ALICE_ELSEWHERE, {"club": hernals})):
        _row, secret = ApiToken.objects.create(user=alice, **fields)
        clients[persona] = APIClient()
        clients[persona].credentials(HTTP_AUTHORIZATION=f"Bearer {secret}")
    return clients


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
