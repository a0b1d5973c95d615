"""Operating the API (docs/api.md, "Request ids", "Errors", "Query parameters", "Calling
from a browser on another origin", "Rate limits", "Idempotency"): what every answer
carries, the error shape whatever failed, unknown query parameters, CORS, the rate-limit
headers and how long an Idempotency-Key holds."""

from datetime import timedelta

import pytest
from django.core.management import call_command
from django.test import Client, override_settings
from django.utils import timezone
from rest_framework.test import APIClient

from scorekeeper.models import IdempotencyKey

from .api_table import API, Table, errors
from .test_throttling import rates

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(as_alice) -> Table:
    table = Table.start(as_alice, ["Anna", "Ben", "Cem"])
    table.knock("Anna", Anna=2, Ben=30, Cem=40)
    return table


# --- Request ids ------------------------------------------------------------------------


def test_every_answer_carries_the_request_id_it_was_sent_or_a_new_one(as_alice, table):
    sent = as_alice.get(table.url, headers={"X-Request-ID": "phone-7:round-2"})
    made = as_alice.get(table.url)
    page = Client().get("/accounts/login/")
    assert sent["X-Request-ID"] == "phone-7:round-2"
    assert len(made["X-Request-ID"]) == 32 and made["X-Request-ID"] != sent["X-Request-ID"]
    assert len(page["X-Request-ID"]) == 32


@pytest.mark.parametrize("junk", ["two words", "x" * 129, "<script>"])
def test_a_request_id_that_is_no_token_is_replaced(as_alice, table, junk):
    answer = as_alice.get(table.url, headers={"X-Request-ID": junk})
    assert answer["X-Request-ID"] != junk and len(answer["X-Request-ID"]) == 32


def test_an_error_body_names_its_request_id(as_alice, table):
    refused = table.post_round("Ben", number=9, Anna=20, Ben=3, Cem=40,
                               headers={"X-Request-ID": "retry-42"})
    assert refused.status_code == 409
    assert refused.json()["request_id"] == "retry-42" == refused["X-Request-ID"]


# --- The error shape, whatever failed -------------------------------------------------------


@pytest.mark.parametrize("debug", [False, True])
def test_an_unknown_api_address_is_a_json_404_debug_or_not(as_alice, debug):
    with override_settings(DEBUG=debug):
        answer = as_alice.get(f"{API}/no-such-thing/")
    assert answer.status_code == 404
    assert answer["Content-Type"] == "application/json"
    assert errors(answer) == [(None, "not_found", "No such object")]
    assert answer.json()["request_id"] == answer["X-Request-ID"]


@pytest.mark.parametrize("debug", [False, True])
def test_a_crash_under_the_api_is_a_json_500_naming_the_request(alice, table, monkeypatch,
                                                                debug):
    from scorekeeper.api import games

    def crash(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(games.GameDetailView, "get", crash)
    client = APIClient(raise_request_exception=False)
    client.force_authenticate(alice)
    with override_settings(DEBUG=debug):
        answer = client.get(table.url, headers={"X-Request-ID": "bug-1"})
    assert answer.status_code == 500
    assert answer["Content-Type"] == "application/json"
    [(field, code, message)] = errors(answer)
    assert (field, code) == (None, "server_error") and "bug-1" in message
    assert "a bug" not in answer.content.decode()  # nothing of the server's insides


def test_a_method_an_address_does_not_take_is_a_json_405_with_allow(as_alice, table):
    answer = as_alice.patch(f"{table.url}rounds/")
    assert answer.status_code == 405
    assert errors(answer)[0][1] == "method_not_allowed"
    assert "POST" in answer["Allow"]


# --- Query parameters --------------------------------------------------------------------


def test_an_unknown_query_parameter_is_a_400_naming_it(as_alice, table):
    answer = as_alice.get(f"{API}/games/?clubb=99&status=running")
    assert answer.status_code == 400
    assert errors(answer) == [(
        "clubb", "unknown_parameter",
        "Unknown query parameter 'clubb'; this operation takes: club, page, page_size, status")]


def test_an_operation_without_parameters_takes_none(as_alice, table):
    answer = as_alice.get(f"{table.url}?x=1&y=2")
    assert answer.status_code == 400
    assert [(field, code) for field, code, _ in errors(answer)] == [
        ("x", "unknown_parameter"), ("y", "unknown_parameter")]


def test_known_query_parameters_still_work_and_bad_values_are_still_400(as_alice, table):
    assert as_alice.get(f"{API}/games/?status=running&page_size=5").status_code == 200
    bad = as_alice.get(f"{API}/games/?page_size=x")
    assert bad.status_code == 400 and errors(bad)[0][0] == "page_size"


def test_a_query_parameter_given_twice_is_a_400_naming_it_not_the_last_one_taken(as_alice, table):
    answer = as_alice.get(f"{API}/games/?status=running&status=void")
    assert answer.status_code == 400
    assert [(field, code) for field, code, _ in errors(answer)] == [
        ("status", "repeated_parameter")]
    assert "given 2 times" in errors(answer)[0][2]


def test_a_bad_page_is_a_400_even_where_the_list_is_unchanged(as_alice, table):
    rounds = f"/api/v2/games/{table.id}/rounds/"
    etag = as_alice.get(rounds)["ETag"]
    assert as_alice.get(rounds, headers={"If-None-Match": etag}).status_code == 304
    answer = as_alice.get(f"{rounds}?page=x", headers={"If-None-Match": etag})
    assert answer.status_code == 400 and errors(answer)[0][0] == "page"
    answer = as_alice.get(f"{rounds}?page_size=0", headers={"If-None-Match": "*"})
    assert answer.status_code == 400 and errors(answer)[0][:2] == ("page_size", "min_value")


# --- CORS ------------------------------------------------------------------------------------

ORIGIN = "https://app.example.org"


def preflight(client, path, origin=ORIGIN):
    return client.options(path, headers={
        "Origin": origin, "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization, content-type, idempotency-key"})


def test_cors_is_off_unless_origins_are_set(as_alice, table):
    answer = as_alice.get(table.url, headers={"Origin": ORIGIN})
    assert "Access-Control-Allow-Origin" not in answer
    assert "Access-Control-Allow-Origin" not in preflight(as_alice, f"{table.url}rounds/")


def test_cors_lets_the_origins_set_call_the_api_only(as_alice, table):
    with override_settings(CORS_ALLOWED_ORIGINS=[ORIGIN]):
        asked = preflight(as_alice, f"{table.url}rounds/")
        read = as_alice.get(table.url, headers={"Origin": ORIGIN})
        stranger = as_alice.get(table.url, headers={"Origin": "https://evil.example"})
        page = Client().get("/accounts/login/", headers={"Origin": ORIGIN})
    assert asked.status_code == 200
    assert asked["Access-Control-Allow-Origin"] == ORIGIN
    assert "idempotency-key" in asked["Access-Control-Allow-Headers"]
    assert "Access-Control-Allow-Credentials" not in asked  # tokens, never cookies
    assert read["Access-Control-Allow-Origin"] == ORIGIN
    assert "etag" in read["Access-Control-Expose-Headers"]
    assert "Access-Control-Allow-Origin" not in stranger
    assert "Access-Control-Allow-Origin" not in page


# --- Rate-limit headers ----------------------------------------------------------------------


def test_a_throttled_route_says_how_many_requests_are_left(as_alice, table):
    with rates(user_read="3/min"):
        answers = [as_alice.get(table.url) for _ in range(4)]
    assert [a.status_code for a in answers] == [200, 200, 200, 429]
    assert [a["RateLimit-Remaining"] for a in answers] == ["2", "1", "0", "0"]
    assert {a["RateLimit-Limit"] for a in answers} == {"3"}
    assert all(0 < int(a["RateLimit-Reset"]) <= 60 for a in answers)
    assert int(answers[-1]["Retry-After"]) > 0


def test_without_a_rate_there_are_no_rate_limit_headers(as_alice, table):
    assert "RateLimit-Limit" not in as_alice.get(table.url)


# --- Idempotency-Key on every write, for a day --------------------------------------------------


def test_a_correction_sent_twice_with_one_key_is_made_once(as_alice, table):
    body = {"ender": table.ids["Anna"], "reason": "typo",
            "hands": table.hands(Anna=2, Ben=60, Cem=40)}
    headers = {"If-Match": f'"{table.game["version"]}"', "Idempotency-Key": "fix-1"}
    first = as_alice.put(f"{table.url}rounds/1/", body, format="json", headers=headers)
    again = as_alice.put(f"{table.url}rounds/1/", body, format="json", headers=headers)
    assert first.status_code == again.status_code == 200
    assert again["Idempotent-Replayed"] == "true"
    assert again.json() == first.json() and again["ETag"] == first["ETag"]
    assert table.get()["version"] == table.game["version"] + 1  # one change, not two


def test_an_expired_key_makes_a_retry_a_new_request(as_alice, table):
    headers = {"Idempotency-Key": "round-2"}
    first = table.post_round("Ben", Anna=20, Ben=3, Cem=40, headers=headers)
    assert first.status_code == 201
    IdempotencyKey.objects.filter(key="round-2").update(
        created_at=timezone.now() - timedelta(hours=25))
    again = table.post_round("Ben", number=2, Anna=20, Ben=3, Cem=40, headers=headers)
    # no longer the first answer: a new request for a round that is taken
    assert again.status_code == 409 and "Idempotent-Replayed" not in again
    assert IdempotencyKey.objects.filter(key="round-2").count() == 0


def test_the_sweep_deletes_only_expired_keys(as_alice, table):
    for key in ("old", "new"):
        table.post_round("Ben", Anna=20, Ben=3, Cem=40, headers={"Idempotency-Key": key})
        table.refresh()
    IdempotencyKey.objects.filter(key="old").update(
        created_at=timezone.now() - timedelta(hours=24, minutes=1))
    call_command("sweepidempotencykeys", verbosity=0)
    assert list(IdempotencyKey.objects.values_list("key", flat=True)) == ["new"]


# --- Conditional requests -----------------------------------------------------------------------


def test_if_match_compares_strongly_and_a_412_sends_the_current_etag(as_alice, table):
    version = table.game["version"]
    body = {"ender": table.ids["Anna"], "reason": "typo",
            "hands": table.hands(Anna=2, Ben=60, Cem=40)}
    weak = as_alice.put(f"{table.url}rounds/1/", body, format="json",
                        headers={"If-Match": f'W/"{version}"'})
    stale = as_alice.put(f"{table.url}rounds/1/", body, format="json",
                         headers={"If-Match": f'"{version - 1}"'})
    for refused in (weak, stale):
        assert refused.status_code == 412, refused.json()
        assert errors(refused)[0][1] == "version_mismatch"
        assert refused["ETag"] == f'"{version}"'
    assert table.get()["version"] == version  # neither changed the game
    strong = as_alice.put(f"{table.url}rounds/1/", body, format="json",
                          headers={"If-Match": refused["ETag"]})
    assert strong.status_code == 200


@pytest.mark.parametrize("what", ["rounds/", "ledger/", ""])
def test_the_game_its_rounds_and_its_ledger_answer_304_while_unchanged(as_alice, table, what):
    first = as_alice.get(f"{table.url}{what}")
    etag = first["ETag"]
    assert etag == f'"{table.game["version"]}"'
    again = as_alice.get(f"{table.url}{what}", headers={"If-None-Match": etag})
    assert again.status_code == 304 and again["ETag"] == etag and not again.content
    table.knock("Ben", Anna=20, Ben=3, Cem=40)
    changed = as_alice.get(f"{table.url}{what}", headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed["ETag"] != etag


# --- Problem details (RFC 9457) ---------------------------------------------------------------

PROBLEM = "application/json, application/problem+json"


def test_errors_come_as_problem_details_when_asked_for_with_the_same_codes(as_alice, table):
    stale = table.post_round("Ben", number=9, Anna=20, Ben=3, Cem=40,
                             headers={"Accept": PROBLEM, "X-Request-ID": "p-1"})
    missing = as_alice.get(f"{API}/no-such-thing/", headers={"Accept": PROBLEM})
    assert stale.status_code == 409 and stale["Content-Type"] == "application/problem+json"
    problem = stale.json()
    assert problem["type"] == "about:blank" and problem["title"] == "Conflict"
    assert problem["status"] == 409 and problem["code"] == "stale_round"
    assert problem["detail"] == "Round 9 cannot be entered: the next round is 2"
    assert problem["instance"] == f"{table.url}rounds/"
    assert problem["next_round"] == 2 and problem["request_id"] == "p-1"
    assert [e["code"] for e in problem["errors"]] == ["stale_round"]
    assert missing.status_code == 404 and missing.json()["code"] == "not_found"
    assert missing["Content-Type"] == "application/problem+json"


def test_without_asking_errors_keep_the_apis_own_shape(as_alice, table):
    stale = table.post_round("Ben", number=9, Anna=20, Ben=3, Cem=40)
    assert stale["Content-Type"] == "application/json"
    assert set(stale.json()) == {"errors", "next_round", "request_id"}


def test_the_task_workers_sweep_deletes_expired_keys_too(as_alice, table):
    from scorekeeper.tasks import sweep

    table.post_round("Ben", Anna=20, Ben=3, Cem=40, headers={"Idempotency-Key": "old"})
    IdempotencyKey.objects.update(created_at=timezone.now() - timedelta(days=2))
    sweep.call()
    assert not IdempotencyKey.objects.exists()


def test_the_servers_log_names_the_request_id_of_a_failure(alice, table, monkeypatch, caplog):
    from scorekeeper.api import games

    def crash(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(games.GameDetailView, "get", crash)
    client = APIClient(raise_request_exception=False)
    client.force_authenticate(alice)
    with caplog.at_level("ERROR", logger="scorekeeper.api.middleware"):
        client.get(table.url, headers={"X-Request-ID": "bug-2"})
    assert any("request id bug-2" in record.getMessage() for record in caplog.records)
