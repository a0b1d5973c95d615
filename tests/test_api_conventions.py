"""The conventions every operation of the API keeps (docs/api.md): JSON bodies only,
Idempotency-Key on every POST, Location on every 201, the headers and bounds the schema
declares, one way to page, no redirects, and a ledger numbered per game.

The walks over every route use the world and the matrix of tests/api_routes.py, so that
a new POST is held to these conventions as soon as it has its row there.
"""

import json
import re
from contextlib import contextmanager
from urllib.parse import parse_qs, urlsplit

import pytest
from django.core.cache import cache
from django.db import transaction
from django.urls import resolve

from ledger.models import Entry
from scorekeeper.api.access import JsonView
from scorekeeper.models import Game
from tests.api_routes import (
    ALICE,
    BOB,
    CAROL,
    ROUTES,
    counts,
    error_body,
    headers_of,
    make_world,
    url_of,
    valid_body,
)
from tests.api_table import API, Table, errors
from tests.openapi import served_schema

THREE = ["Anna", "Ben", "Cem"]


@pytest.fixture
def world(as_alice, as_bob, as_carol, as_mallory, anonymous, club, settings):
    settings.WEBHOOK_ALLOW_PRIVATE_TARGETS = True  # the world's webhook is on loopback
    return make_world(as_alice, as_bob, as_carol, as_mallory, anonymous, club)


@pytest.fixture(scope="module")
def schema():
    return served_schema()


@contextmanager
def rolled_back():
    """The requests inside are undone afterwards, so that every route meets the same world."""
    savepoint = transaction.savepoint_create()
    try:
        yield
    finally:
        transaction.savepoint_rollback(savepoint)
        cache.clear()  # game states are cached per version; the rollback reuses versions


def posts(world):
    """(route name, the persona allowed to POST, the URL) for every route that takes a POST."""
    for name, route in ROUTES.items():
        if (use := route.uses.get("post")) is not None:
            persona = next(p for p in (ALICE, BOB, CAROL) if p in use.allowed)
            yield name, persona, url_of(world, name)


def post(world, name, persona, *, key=None, body=None, content_type="application/json"):
    body = valid_body(world, name, "post") if body is None else body
    headers = headers_of(world, name, "post")
    if key is not None:
        headers["Idempotency-Key"] = key
    data = json.dumps(body) if content_type == "application/json" and body is not None else (
        body or "")
    return world["clients"][persona].generic("POST", url_of(world, name), data,
                                             content_type=content_type, headers=headers)


def schema_path(url: str) -> str:
    """/api/v1/games/7/rounds/ -> /api/v1/games/{game_id}/rounds/, as the schema names it."""
    return "/" + re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", resolve(url).route)


# --- JSON only ---------------------------------------------------------------------------------


@pytest.mark.parametrize("content_type", ["application/x-www-form-urlencoded",
                                          "multipart/form-data; boundary=xyz", "text/plain"])
def test_every_post_refuses_a_body_that_is_not_json_and_writes_nothing(world, content_type):
    for name, persona, _url in posts(world):
        with rolled_back():
            before = counts()
            response = post(world, name, persona, body="name=Neu&reason=x",
                            content_type=content_type)
            assert (response.status_code, error_body(response)) == (415, True), (name, response)
            assert counts() == before, name


def test_every_request_body_in_the_schema_is_json_only(schema):
    bodies = {(path, method): set(operation["requestBody"]["content"])
              for path, operations in schema["paths"].items()
              for method, operation in operations.items() if "requestBody" in operation}
    assert bodies and all(types == {"application/json"} for types in bodies.values()), bodies


# --- Idempotency-Key on every POST -------------------------------------------------------------


def test_every_post_answers_a_retry_with_its_first_answer_and_writes_nothing_more(world):
    keyed = [(name, persona) for name, persona, url in posts(world)
             if issubclass(resolve(url).func.view_class, JsonView)]
    assert {"games", "clubs", "club-members", "sessions", "club-import", "game-close",
            "game-void", "evaluate", "rebuys", "rounds", "club-invites",
            "club-webhooks"} <= {name for name, _ in keyed}
    for name, persona in keyed:
        with rolled_back():
            first = post(world, name, persona, key=f"retry-{name}")
            assert first.status_code == ROUTES[name].uses["post"].status, (name, first.content)
            after_first = counts()

            retry = post(world, name, persona, key=f"retry-{name}")

            assert "Idempotent-Replayed" not in first.headers, name
            assert (retry.status_code, _body(retry), retry.headers.get("Idempotent-Replayed"),
                    retry.headers.get("Location"), retry.headers.get("ETag")) == (
                first.status_code, _body(first), "true", first.headers.get("Location"),
                first.headers.get("ETag")), name
            assert counts() == after_first, name


def _body(response):
    """The JSON of an answer; None for one without a body (204)."""
    return response.json() if response.content else None


def test_a_retried_game_start_makes_one_game_and_charges_the_buy_ins_once(as_alice, club):
    body = {"name": "Freitag", "preset": "wiener", "players": THREE}
    key = {"Idempotency-Key": "start-friday"}

    first = as_alice.post(f"{API}/games/", body, format="json", headers=key)
    retry = as_alice.post(f"{API}/games/", body, format="json", headers=key)

    assert (first.status_code, retry.status_code) == (201, 201)
    assert retry.json() == first.json() and retry["Location"] == first["Location"]
    assert Game.objects.count() == 1
    assert list(Entry.objects.values_list("kind", flat=True)) == ["buy_in"] * 3


def test_a_key_sent_again_with_another_body_is_a_422_and_writes_nothing(as_alice, club):
    key = {"Idempotency-Key": "start-friday"}
    as_alice.post(f"{API}/games/", {"name": "Freitag", "preset": "wiener", "players": THREE},
                  format="json", headers=key)
    before = (Game.objects.count(), Entry.objects.count())

    reused = as_alice.post(f"{API}/games/", {"name": "Samstag", "preset": "wiener",
                                             "players": THREE}, format="json", headers=key)

    assert (reused.status_code, errors(reused)) == (422, [(
        "Idempotency-Key", "idempotency_key_reused",
        "This Idempotency-Key was used for another request; use a new key for a new request")])
    assert (Game.objects.count(), Entry.objects.count()) == before


def test_a_key_is_the_callers_own(as_alice, as_bob, club):
    # given alice started a game with a key
    body = {"name": "Freitag", "preset": "wiener", "players": THREE}
    key = {"Idempotency-Key": "friday"}
    alices = as_alice.post(f"{API}/games/", body, format="json", headers=key)

    # when bob sends the same request with the same key
    bobs = as_bob.post(f"{API}/games/", body, format="json", headers=key)

    # then it is his own request: a second game
    assert (bobs.status_code, bobs.headers.get("Idempotent-Replayed")) == (201, None)
    assert bobs.json()["id"] != alices.json()["id"]


# --- Location on every 201 ---------------------------------------------------------------------


def test_every_201_names_where_its_object_is_in_location(world, schema):
    created = {path for path, operations in schema["paths"].items()
               if "201" in operations.get("post", {}).get("responses", {})}
    walked = set()
    for name, persona, url in posts(world):
        if ROUTES[name].uses["post"].status != 201:
            continue
        walked.add(schema_path(url))
        with rolled_back():
            response = post(world, name, persona)
            location = response.headers.get("Location", "")
            # Root-relative, under the API, and it answers.
            assert response.status_code == 201 and location.startswith(f"{API}/"), (name, location)
            shown = world["clients"][persona].get(location, headers={"Accept": "application/json"})
            assert shown.status_code == 200, (name, location)
    # Naming a member changes their role (201, the member list); the world's POST names
    # someone else, who is invited (202): tests/test_membership_consent.py has both.
    assert walked == created - {"/api/v1/clubs/{club_id}/members/"}


def test_location_names_the_new_game_round_club_and_session(as_alice, club):
    table = Table.start(as_alice, THREE)
    game = as_alice.post(f"{API}/games/", {"name": "x", "preset": "wiener", "players": THREE},
                         format="json")
    round_ = table.post_round("Anna", Anna=3, Ben=40, Cem=85)
    rebuy = as_alice.post(f"{table.url}rebuys/", {"player": table.ids["Cem"]}, format="json")
    new_club = as_alice.post(f"{API}/clubs/", {"name": "Meidling"}, format="json")
    session = as_alice.post(f"{API}/sessions/", {"club": club.pk}, format="json")

    assert [r.status_code for r in (game, round_, rebuy, new_club, session)] == [201] * 5
    assert [r["Location"] for r in (game, round_, rebuy, new_club, session)] == [
        f"{API}/games/{game.json()['id']}/", f"{API}/games/{table.id}/rounds/1/",
        f"{API}/games/{table.id}/",  # a re-buy changes its game
        f"{API}/clubs/{new_club.json()['id']}/", f"{API}/sessions/{session.json()['id']}/"]


def test_a_club_and_its_members_are_read_by_its_members_only(as_alice, as_carol, as_mallory,
                                                              club, bob):
    url = f"{API}/clubs/{club.pk}/"

    assert as_carol.get(url).json() == {"id": club.pk, "name": "Ottakring", "role": "viewer"}
    assert as_carol.get(f"{url}members/").json() == [
        {"username": "alice", "role": "organiser"}, {"username": "bob", "role": "scorekeeper"},
        {"username": "carol", "role": "viewer"}]
    for refused in (as_mallory.get(url), as_mallory.get(f"{url}members/")):
        assert (refused.status_code, errors(refused)[0][1]) == (404, "not_found")


# --- What the schema declares ------------------------------------------------------------------


def test_every_201_declares_location_and_every_keyed_post_its_headers(schema):
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            responses = operation["responses"]
            if "201" in responses:
                assert responses["201"]["headers"]["Location"]["required"] is True, path
            if method != "post" or path == f"{API}/auth/token/":  # the token is never kept
                continue
            parameters = {p["name"]: p for p in operation["parameters"] if p["in"] == "header"}
            assert parameters["Idempotency-Key"]["schema"] == {"type": "string",
                                                               "maxLength": 255}, path
            assert "422" in responses, path
            for code, response in responses.items():
                if code.startswith("2"):
                    assert "Idempotent-Replayed" in response["headers"], (path, code)


@pytest.mark.parametrize(("path", "method", "codes"), [
    ("/api/v1/games/", "post", {"201"}),
    ("/api/v1/games/{game_id}/", "get", {"200", "304"}),
    ("/api/v1/games/{game_id}/", "delete", {"200", "412"}),
    ("/api/v1/games/{game_id}/close/", "post", {"200"}),
    ("/api/v1/games/{game_id}/void/", "post", {"200", "412"}),
    ("/api/v1/games/{game_id}/rounds/", "post", {"201"}),
    ("/api/v1/games/{game_id}/rounds/{number}/", "put", {"200", "412"}),
    ("/api/v1/games/{game_id}/rebuys/", "post", {"201"}),
    ("/api/v1/games/{game_id}/rebuys/{player}/", "delete", {"200", "412"}),
    ("/api/v1/games/{game_id}/rounds/", "get", {"200", "304"}),
    ("/api/v1/games/{game_id}/ledger/", "get", {"200", "304"}),
])
def test_the_answers_that_send_the_games_etag_declare_it(schema, path, method, codes):
    responses = schema["paths"][path][method]["responses"]
    assert {code for code, response in responses.items()
            if "ETag" in response.get("headers", {})} == codes


def test_the_ledger_kind_is_an_enum_of_the_ledgers_kinds(schema):
    kind = schema["components"]["schemas"]["LedgerEntry"]["properties"]["kind"]
    enum = schema["components"]["schemas"][kind["$ref"].rsplit("/", 1)[1]]["enum"]
    assert enum == list(Entry.Kind.values)


@pytest.mark.parametrize("path", ["/api/v1/games/", "/api/v1/clubs/{club_id}/report/"])
def test_the_lists_that_page_declare_the_page_bounds(schema, path):
    parameters = {p["name"]: p["schema"] for p in schema["paths"][path]["get"]["parameters"]}
    assert (parameters["page"]["minimum"], parameters["page_size"]["minimum"],
            parameters["page_size"]["maximum"]) == (1, 1, 200)


def test_the_reports_csv_is_an_operation_of_its_own(schema):
    report = schema["paths"]["/api/v1/clubs/{club_id}/report/"]["get"]
    csv = schema["paths"]["/api/v1/clubs/{club_id}/report/csv/"]["get"]
    assert set(report["responses"]["200"]["content"]) == {"application/json"}
    assert "format" not in {p["name"] for p in report["parameters"]}
    assert csv["responses"]["200"]["content"] == {"text/csv": {"schema": {"type": "string"}}}
    assert {p["name"]: p["schema"]["enum"] for p in csv["parameters"] if p["in"] == "query"} == {
        "table": ["games", "players"]}


# --- The report's CSV --------------------------------------------------------------------------


def test_the_csv_operation_answers_the_csv_and_its_errors_in_json(as_alice, as_carol, club):
    table = Table.start(as_alice, THREE)
    for ender, hands in (("Anna", (2, 30, 60)), ("Ben", (50, 3, 30)), ("Cem", (50, 70, 2))):
        table.knock(ender, **dict(zip(THREE, hands, strict=True)))
    url = f"{API}/clubs/{club.pk}/report/csv/"

    games = as_alice.get(url)
    players = as_alice.get(f"{url}?table=players")
    wrong = as_alice.get(f"{url}?table=rounds", headers={"Accept": "text/csv"})
    viewer = as_carol.get(url, headers={"Accept": "text/csv"})

    assert (games.status_code, games["Content-Type"]) == (200, "text/csv; charset=utf-8")
    assert b"".join(games.streaming_content).decode().count("\n") == 1 + 3  # a game's players
    assert b"".join(players.streaming_content).decode().count("\n") == 1 + 3
    assert (wrong.status_code, wrong["Content-Type"], errors(wrong)[0][:2]) == (
        400, "application/json", ("table", "invalid_choice"))
    # every member reads the report, as on the pages (docs/security.md)
    assert (viewer.status_code, viewer["Content-Type"]) == (200, "text/csv; charset=utf-8")
    # Callers of the old address still get the same CSV.
    old = as_alice.get(f"{API}/clubs/{club.pk}/report/?format=csv")
    assert b"".join(old.streaming_content) == b"".join(as_alice.get(url).streaming_content)


# --- Pagination --------------------------------------------------------------------------------


def query(link):
    return parse_qs(urlsplit(link).query) if link else None


def test_a_page_past_the_end_is_empty_and_points_back_to_the_last_page(as_alice, club):
    for _ in range(3):
        Table.start(as_alice, THREE)
    url = f"{API}/games/?page_size=2"

    last = as_alice.get(f"{url}&page=2").json()
    past = as_alice.get(f"{url}&page=3")
    far = as_alice.get(f"{url}&page=99").json()

    assert (len(last["results"]), last["next"], query(last["previous"])) == (
        1, None, {"page_size": ["2"]})
    assert past.status_code == 200
    assert {key: past.json()[key] for key in ("count", "results", "next")} == {
        "count": 3, "results": [], "next": None}
    assert query(past.json()["previous"]) == query(far["previous"]) == {
        "page": ["2"], "page_size": ["2"]}


def links(response) -> dict[str, dict]:
    """The answer's RFC 8288 Link header: {rel: the target's query}."""
    return {rel: parse_qs(urlsplit(target).query)
            for target, rel in LINK.findall(response["Link"])}


LINK = re.compile(r'<([^>]*)>; rel="(\w+)"')


def test_every_page_links_first_prev_next_and_last_in_its_link_header(as_alice, club):
    for _ in range(5):
        Table.start(as_alice, THREE)
    url = f"{API}/games/?status=running&page_size=2"
    first, middle, last, past = (as_alice.get(f"{url}&page={page}") for page in (1, 2, 3, 4))

    listed = {"status": ["running"], "page_size": ["2"]}
    page = {number: {**listed, "page": [str(number)]} for number in (2, 3)}
    assert links(first) == {"first": listed, "next": page[2], "last": page[3]}
    assert links(middle) == {"first": listed, "prev": listed, "next": page[3], "last": page[3]}
    assert links(last) == {"first": listed, "prev": page[2], "last": page[3]}
    # past the end: no next, and prev back to the last page, as the body says
    assert links(past) == {"first": listed, "prev": page[3], "last": page[3]}
    for answer in (first, middle, last, past):
        body = answer.json()
        assert (query(body["next"]), query(body["previous"])) == (
            links(answer).get("next"), links(answer).get("prev"))


def test_the_report_links_its_one_page_when_no_game_has_ended(as_alice, club):
    Table.start(as_alice, THREE)
    answer = as_alice.get(f"{API}/clubs/{club.pk}/report/?page_size=2")
    assert (answer.json()["count"], links(answer)) == (
        0, {"first": {"page_size": ["2"]}, "last": {"page_size": ["2"]}})


def test_the_lists_that_page_declare_their_link_header(schema):
    for path in ("/api/v1/games/", "/api/v1/clubs/{club_id}/report/",
                 "/api/v1/clubs/{club_id}/webhooks/{webhook_id}/deliveries/"):
        assert schema["paths"][path]["get"]["responses"]["200"]["headers"]["Link"][
            "required"], path


def test_past_the_end_of_an_empty_list_points_back_to_the_first_page(as_alice, club):
    for url in (f"{API}/games/", f"{API}/clubs/{club.pk}/report/"):
        body = as_alice.get(f"{url}?page=2").json()
        assert (body["count"], body["results"], body["next"], query(body["previous"])) == (
            0, [], None, {}), url


@pytest.mark.parametrize(("junk", "field", "code"), [
    ("page=0", "page", "min_value"), ("page=-1", "page", "min_value"),
    ("page=abc", "page", "invalid"), ("page=", "page", "invalid"),
    ("page_size=0", "page_size", "min_value"), ("page_size=201", "page_size", "max_value"),
])
def test_a_bad_page_is_the_same_400_on_every_list(as_alice, club, junk, field, code):
    answers = [as_alice.get(f"{url}?{junk}")
               for url in (f"{API}/games/", f"{API}/clubs/{club.pk}/report/")]
    assert [a.status_code for a in answers] == [400, 400]
    assert errors(answers[0]) == errors(answers[1])
    assert [error[:2] for error in errors(answers[0])] == [(field, code)]


# --- No redirects ------------------------------------------------------------------------------


def test_an_api_address_without_its_slash_is_served_not_redirected(as_alice, club):
    started = as_alice.post(f"{API}/games", {"name": "Freitag", "preset": "wiener",
                                             "players": THREE}, format="json")
    game = started.json()
    listed = as_alice.get(f"{API}/games")
    entered = as_alice.post(f"{API}/games/{game['id']}/rounds", {
        "number": 1, "ender": game["players"][0]["id"],
        "hands": [{"player": p["id"], "deadwood": d}
                  for p, d in zip(game["players"], (3, 40, 22), strict=True)]}, format="json")

    assert (started.status_code, started["Location"]) == (201, f"{API}/games/{game['id']}/")
    assert (listed.status_code, [g["id"] for g in listed.json()["results"]]) == (
        200, [game["id"]])
    assert entered.status_code == 201, entered.json()
    assert as_alice.get(f"{API}/games/{game['id']}").json()["round_count"] == 1


@pytest.mark.parametrize("path", ["/api/v1/nope", "/api/v1/games/1/nope", "/api/v1", "/api/"])
def test_an_api_address_that_matches_nothing_is_the_json_404(as_alice, path):
    for method in ("get", "post"):
        response = getattr(as_alice, method)(path)
        assert (response.status_code, response["Content-Type"], errors(response)) == (
            404, "application/json", [(None, "not_found", "No such object")]), (method, path)


def test_the_pages_keep_their_trailing_slash_redirect(client):
    response = client.get("/accounts/login")
    assert (response.status_code, response["Location"]) == (301, "/accounts/login/")


def test_the_schema_names_each_address_with_its_slash_only(schema):
    assert all(path.endswith("/") for path in schema["paths"])


# --- The ledger: numbered per game --------------------------------------------------------------


def test_each_games_ledger_is_numbered_from_one_whatever_other_games_write(as_alice, club):
    # given two games written in turns
    first, second = Table.start(as_alice, THREE), Table.start(as_alice, THREE)
    first.knock("Anna", Anna=3, Ben=40, Cem=22)
    second.knock("Ben", Anna=30, Ben=2, Cem=22)
    first.knock("Cem", Anna=30, Ben=20, Cem=3)

    # when round 1 of the first is corrected (Ben knocked)
    corrected = first.correct(1, "Ben", Anna=30, Ben=2, Cem=22, reason="Ben knocked")
    assert corrected.status_code == 200, corrected.json()

    # then each ledger counts 1, 2, 3... and a reversal names the seq of what it cancels
    for table in (first, second):
        ledger = table.ledger()
        assert [entry["seq"] for entry in ledger] == list(range(1, len(ledger) + 1))
    ledger = first.ledger()
    by_seq = {entry["seq"]: entry for entry in ledger}
    reversals = [entry for entry in ledger if entry["reverses"] is not None]
    assert len(reversals) == 2
    for entry in reversals:
        cancelled = by_seq[entry["reverses"]]
        assert cancelled["seq"] < entry["seq"]
        assert (cancelled["from"], cancelled["to"], cancelled["amount"], cancelled["kind"]) == (
            entry["to"], entry["from"], entry["amount"], entry["kind"])


def test_a_payout_made_again_by_a_correction_carries_its_reason(as_alice, club):
    # given Cem won and was paid out when Anna and Ben went out in round 3
    table = Table.start(as_alice, THREE)
    table.knock("Anna", Anna=2, Ben=30, Cem=60)
    table.knock("Ben", Anna=50, Ben=3, Cem=30)
    table.knock("Cem", Anna=50, Ben=70, Cem=2)
    assert table.names[table.game["winner"]] == "Cem"

    # when round 3 is corrected: Anna knocked, and Cem is the one who went out with Ben
    response = table.correct(3, "Anna", Anna=2, Ben=70, Cem=50, reason="Anna knocked")

    # then Cem's payout is reversed and Anna's is posted, both saying why
    assert response.status_code == 200, response.json()
    assert table.names[table.refresh()["winner"]] == "Anna"
    table.check_books()
    payouts = [(table.flows([entry])[0][2:4], entry["reverses"] is not None, entry["reason"])
               for entry in table.ledger() if entry["kind"] == "payout"]
    assert payouts == [
        (("pot", "Cem"), False, ""),
        (("Cem", "pot"), True, "correction of round 3: Anna knocked"),
        (("pot", "Anna"), False, "correction of round 3: Anna knocked"),
    ]
