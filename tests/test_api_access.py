"""Who may do what through the API (docs/security.md, "Who may do what"), route by route.

The matrix (tests/api_routes.py) names every route under /api/v1/ with the methods it
serves and the access policy's action of each; who may use it is what the policy's
table says (scorekeeper/services/policy.py). A test walks the URL resolver and fails on
a route (or a method) the matrix does not know, so a new endpoint cannot ship without
saying who may use it.

For every route x {anonymous, carol the viewer, bob the scorekeeper, alice the
organiser, mallory of another club, alice's read-only token, alice's token limited to
another club} x every method: exactly the allowed callers succeed, and each of them
asked the policy on the way; the others get 401 (anonymous, except on PUBLIC routes),
404 (mallory, and the token of another club: an object of Ottakring does not exist for
them) or 403 (a member without the right).
A method a route does not serve is a 405 (a 401 for anonymous on a non-public route).
Every refused request writes nothing. Each request runs in a savepoint that is rolled
back, so every caller meets the same club.
"""

import pytest
from rest_framework.test import APIClient

from scorekeeper.services import policy
from tests.api_routes import (
    ALICE,
    ANON,
    HTML,
    MALLORY,
    METHODS,
    OPEN,
    PERSONAS,
    PUBLIC,
    ROUTES,
    TOKEN_PERSONAS,
    Use,
    api_routes,
    attempt,
    error_body,
    policy_says,
)
from tests.api_table import API
from tests.policy_spy import asking

# Among the longest modules: run first (tests/conftest.py), so the processes end together.
pytestmark = pytest.mark.slow


@pytest.fixture
def world(api_world, db, settings):
    """The world of tests/api_routes.py, made once for this module (tests/conftest.py,
    api_world); each test meets it unchanged, in a transaction of its own."""
    settings.WEBHOOK_ALLOW_PRIVATE_TARGETS = True  # the world's webhook is on loopback
    for client in api_world["clients"].values():
        client.cookies.clear()  # nothing an earlier test was answered carries over
    return api_world


def test_the_matrix_covers_every_api_route_and_method():
    served = api_routes()
    assert not set(served) - set(ROUTES), (
        f"API routes without a row in ROUTES of tests/test_api_access.py: "
        f"{sorted(set(served) - set(ROUTES))}; say who may use each of their methods")
    assert not set(ROUTES) - set(served), f"ROUTES names gone routes: {set(ROUTES) - set(served)}"
    assert {name: set(route.uses) for name, route in ROUTES.items()} == served
    assert PUBLIC == {name for name, route in ROUTES.items()
                      if any(ANON in use.allowed for use in route.uses.values())}


def _expected(route_name: str, use: Use | None, persona: str) -> int:
    if persona in TOKEN_PERSONAS and use is not None:
        # alice through a limited token: what the policy refuses the token, else alice's.
        says = policy_says(persona, use.action)
        return _expected(route_name, use, ALICE) if says == policy.ALLOWED else int(says)
    if use is None:  # a method the route does not serve
        return 401 if persona == ANON and route_name not in PUBLIC else 405
    if persona in use.allowed:
        return use.status
    if persona == ANON:
        return 401
    if persona in use.refused:
        return use.refused[persona]
    if persona == MALLORY:
        return 404  # Ottakring's objects do not exist for her
    return 403


@pytest.mark.parametrize("route_name", sorted(ROUTES))
def test_exactly_the_allowed_callers_succeed_and_the_refused_write_nothing(world, route_name):
    route = ROUTES[route_name]
    wrong = []
    for method in METHODS:
        use = route.uses.get(method)
        for persona in PERSONAS + TOKEN_PERSONAS:
            with asking() as asked:
                response, written = attempt(world, route_name, method, persona)
            expected = _expected(route_name, use, persona)
            refused = expected >= 400
            if use and use.action != OPEN and persona in use.allowed and not asked:
                wrong.append(f"{method.upper()} as {persona}: answered without asking the "
                             f"access policy (scorekeeper/services/policy.py)")
            if response.status_code != expected:
                wrong.append(f"{method.upper()} as {persona}: {response.status_code} "
                             f"(expected {expected}) {response.content[:200]!r}")
            elif refused and written:
                wrong.append(f"{method.upper()} as {persona}: refused but wrote {written}")
            elif refused and route_name not in HTML and not error_body(response):
                wrong.append(f"{method.upper()} as {persona}: {response.status_code} without "
                             f'the {{"errors": [...]}} body: {response.content[:200]!r}')
    assert not wrong, f"{route.path}:\n" + "\n".join(wrong)


def test_mallory_never_sees_a_row_of_ottakring_in_a_list(world):
    mallory = world["clients"][MALLORY]
    ottakring_games = {world["game"], world["points"]}

    clubs = mallory.get(f"{API}/clubs/").json()
    games = mallory.get(f"{API}/games/").json()
    games_of_ottakring = mallory.get(f"{API}/games/?club={world['club']}").json()
    running = mallory.get(f"{API}/games/?status=running").json()

    assert [club["name"] for club in clubs] == ["Favoriten"]
    assert world["club"] not in {club["id"] for club in clubs}
    assert not {game["id"] for game in games["results"]} & ottakring_games
    assert {game["club"] for game in games["results"] + running["results"]} == {
        clubs[0]["id"]}
    assert (games_of_ottakring["count"], games_of_ottakring["results"]) == (0, [])
    # and her own club's report knows nothing of Ottakring's players
    report = mallory.get(f"{API}/clubs/{clubs[0]['id']}/report/")
    assert report.status_code == 200
    assert not {"Anna", "Ben", "Cem"} & {p.get("name") for p in report.json()["players"]}


def test_a_wrong_token_is_a_401_even_on_public_routes_and_no_token_is_anonymous(world):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Token not-a-token")

    assert client.get(f"{API}/presets/").status_code == 401
    assert client.get(f"{API}/games/{world['game']}/").status_code == 401
    assert APIClient().get(f"{API}/presets/").status_code == 200
