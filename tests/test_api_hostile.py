"""Hostile input through the API: every refusal is a clear 4xx in the error format.

Huge bodies, deep nesting, bodies that are not JSON or not an object, wrong types in
every field, 10,000 cards, control characters, weird numbers in rule overrides, ids
out of range and junk in queries and headers: each answers 4xx with
{"errors": [{"field", "code", "message"}]}, never a 500, and writes nothing (every
request runs in a savepoint, and the rows of every model are counted around it).
SQL-like names are only text: they are stored and shown verbatim.
"""

import json

import pytest

from scorekeeper.api.access import JsonBodyParser
from tests.api_routes import (
    ALICE,
    ANON,
    ROUTES,
    counts,
    headers_of,
    send,
    url_of,
    valid_body,
)
from tests.api_table import API

# Every write that takes a JSON body; the writes without one close a Punktespiel, delete a
# game and undo a re-buy.
BODY_WRITES = sorted((name, method) for name, route in ROUTES.items()
                     for method, use in route.uses.items()
                     if method in ("post", "put", "patch") and use.body is not None)
NO_BODY = {("game-close", "post"), ("game", "delete"), ("rebuy", "delete"), ("round", "delete"),
           ("token-detail", "delete"), ("club-token", "delete"), ("club-invite", "delete"),
           ("club-webhook", "delete"), ("club-webhook-replay", "post"),
           ("club-webhook-ping", "post"), ("club-webhook-rotate", "post"),
           ("club-member-me", "delete"), ("invitation-accept", "post"),
           ("invitation-decline", "post")}
# Every view reads JSON only, the token endpoint too (docs/api.md, "Signing in and tokens").
FORMS_TOO: set[str] = set()


@pytest.fixture
def world(api_world, db, settings):
    """The world of tests/api_routes.py, made once for this module (tests/conftest.py,
    api_world); each test meets it unchanged, in a transaction of its own."""
    settings.WEBHOOK_ALLOW_PRIVATE_TARGETS = True  # the world's webhook is on loopback
    for client in api_world["clients"].values():
        client.cookies.clear()  # nothing an earlier test was answered carries over
    return api_world


def test_every_write_is_tried_with_a_hostile_body():
    writes = {(name, method) for name, route in ROUTES.items() for method in route.uses
              if method in ("post", "put", "patch", "delete")}
    assert writes - set(BODY_WRITES) == NO_BODY


def _as(route_name: str) -> str:
    return ALICE if route_name not in ("token",) else ANON


def refused(world, route_name, method, data, *, status=400, code=None, field=None,
            content_type="application/json", headers=None, url=None):
    """Send `data`; the answer must be `status` in the error format and nothing written.
    Returns the errors as (field, code) pairs."""
    response, written = send(
        world, _as(route_name), method, url or url_of(world, route_name), data,
        content_type=content_type,
        headers={**headers_of(world, route_name, method), **(headers or {})})
    shown = f"{method.upper()} {route_name} {str(data)[:80]!r}: {response.status_code} " \
            f"{response.content[:300]!r}"
    assert response.status_code == status, shown
    assert response["Content-Type"].startswith("application/json"), shown
    body = response.json()
    assert set(body) <= {"errors", "next_round", "request_id"} and body["errors"], shown
    # the error names the request it answers, as its X-Request-ID header does
    assert body["request_id"] == response["X-Request-ID"], shown
    for error in body["errors"]:
        assert set(error) == {"field", "code", "message"}, shown
        assert isinstance(error["code"], str) and error["code"], shown
        assert isinstance(error["message"], str) and error["message"].strip(), shown
    assert not written, f"{shown} wrote {written}"
    pairs = [(error["field"], error["code"]) for error in body["errors"]]
    if code is not None:
        assert code in {c for _, c in pairs}, shown
    if field is not None:
        assert any(f is not None and f.startswith(field) for f, _ in pairs), shown
    return pairs


def _json(world, route_name, method, **changes) -> str:
    return json.dumps({**valid_body(world, route_name, method), **changes})


# --- Size and shape of the body ------------------------------------------------------------


@pytest.mark.parametrize(("route_name", "method"), BODY_WRITES)
def test_a_5_mb_body_is_a_413(world, route_name, method):
    refused(world, route_name, method, _json(world, route_name, method, padding="x" * 5_000_000),
            status=413, code="too_large")


@pytest.mark.parametrize(("route_name", "method"), BODY_WRITES)
def test_json_nested_100000_deep_is_a_400_not_a_recursion_error(world, route_name, method):
    refused(world, route_name, method, "[" * 100_000 + "]" * 100_000, code="parse_error")
    refused(world, route_name, method, '{"a": ' * 50_000 + "1" + "}" * 50_000,
            code="parse_error")


def test_the_parser_takes_32_levels_and_refuses_33():
    def nested(depth):
        return "[" * depth + "]" * depth

    assert JsonBodyParser().parse(_stream(nested(32))) == json.loads(nested(32))
    with pytest.raises(Exception, match="nested more than 32 levels"):
        JsonBodyParser().parse(_stream(nested(33)))


def _stream(text):
    import io

    return io.BytesIO(text.encode())


@pytest.mark.parametrize(("route_name", "method"), BODY_WRITES)
def test_a_body_that_is_not_an_object_is_a_400(world, route_name, method):
    for data in ("[]", '"text"', "42", "null", "true",
                 json.dumps([valid_body(world, route_name, method)])):
        refused(world, route_name, method, data)


@pytest.mark.parametrize(("route_name", "method"), BODY_WRITES)
def test_malformed_json_is_a_400(world, route_name, method):
    valid = _json(world, route_name, method)
    for data in (valid[:-1], valid + " {}", valid.encode().replace(b"{", b"{\xff", 1),
                 b"\xef\xbb\xbf" + valid.encode(), '{"x": NaN}', '{"x": Infinity}',
                 '{"x": 1' + "0" * 5000 + "}", "{'single': 'quotes'}", "{,}"):
        refused(world, route_name, method, data, code="parse_error")


@pytest.mark.parametrize(("route_name", "method"), BODY_WRITES)
def test_a_body_that_is_not_json_is_a_415(world, route_name, method):
    valid = _json(world, route_name, method)
    for content_type in ("text/plain", "application/xml", "text/html", "application/csv", ""):
        refused(world, route_name, method, valid, status=415, code="unsupported_media_type",
                content_type=content_type)
    if route_name not in FORMS_TOO:
        for content_type in ("application/x-www-form-urlencoded",
                             "multipart/form-data; boundary=XYZ"):
            response, written = send(world, ALICE, method, url_of(world, route_name), "a=1",
                                     content_type=content_type)
            # 415 from the JSON-only views; a view that also parses forms finds no valid field
            assert (response.status_code in (400, 415), written) == (True, {}), response.content


# --- Wrong types in every field --------------------------------------------------------------

# Fields that may be null (the valid bodies give them a value).
NULLABLE = {"session", "cards", "deadwood", "ender_melds"}
WRONG = {
    str: [7, 7.5, True, [], {}, None],
    int: ["7", 7.5, True, [], {}, None],
    bool: ["true", 1, [], {}, None],
    list: ["x", 7, {}, None, True],
    dict: ["x", 7, [], None, True],
}


def _wrong_versions(body: dict):
    """(path, body) for the body with one field of the wrong type, at the top and one level
    into the first object of each list (hands[0].player)."""
    for key, value in body.items():
        kind = bool if isinstance(value, bool) else type(value)
        for wrong in WRONG.get(kind, []):
            if not (wrong is None and key in NULLABLE):
                yield key, {**body, key: wrong}
        if isinstance(value, list) and value and isinstance(value[0], dict):
            for inner, inner_value in value[0].items():
                inner_kind = bool if isinstance(inner_value, bool) else type(inner_value)
                for wrong in WRONG.get(inner_kind, []):
                    if wrong is None and inner in NULLABLE:
                        continue
                    changed = [{**value[0], inner: wrong}, *value[1:]]
                    yield f"{key}[0].{inner}", {**body, key: changed}


@pytest.mark.parametrize(("route_name", "method"), BODY_WRITES)
def test_a_wrong_type_in_any_field_is_a_400_naming_it(world, route_name, method):
    body = valid_body(world, route_name, method)
    for path, wrong in _wrong_versions(body):
        # The token endpoint answers "unable to log in" for any bad credentials, field-less.
        refused(world, route_name, method, json.dumps(wrong),
                field=None if route_name == "token" else path)


# --- Cards, names, numbers ------------------------------------------------------------------


def test_a_hand_of_10000_cards_is_refused_before_anything_is_worked_out(world):
    cards = ["AS"] * 10_000
    refused(world, "evaluate", "post", json.dumps({"cards": cards}), field="cards",
            code="too_many")
    refused(world, "evaluate", "post", json.dumps({"cards": " ".join(cards)}), field="cards",
            code="too_long")
    for route_name, method in (("rounds", "post"), ("round", "put")):
        body = valid_body(world, route_name, method)
        body["hands"][1] = {"player": body["hands"][1]["player"], "cards": cards}
        refused(world, route_name, method, json.dumps(body), field="hands[1].cards",
                code="too_many")


JUNK_CARDS = [["A\x00S", "2S", "3S"], ["\u202eAS", "2S", "3S"], ["\U0001d538S", "2S"],
              ["A\nS", "2S"], ["🂡"], ["AS", "AS", "AS"], [""], "AS\x002S 3S", "' OR 1=1 --",
              ["JK"] * 5, [" "], ["1" * 10]]


def test_junk_cards_are_a_400_for_the_hand_and_for_a_round(world):
    for cards in JUNK_CARDS:
        refused(world, "evaluate", "post", json.dumps({"cards": cards}), field="cards")
        body = valid_body(world, "rounds", "post")
        body["hands"][1] = {"player": body["hands"][1]["player"], "cards": cards}
        refused(world, "rounds", "post", json.dumps(body), field="hands")


# (Leading and trailing white space, line breaks included, is trimmed off a name.)
CONTROL = ["Anna\x00", "An\x07na", "\u202eanna", "Anna\nBen", "An\u2028na", "\x1b[31mred",
           "tab\there", "\ud800", "x\x7f", "ne\x85xt"]
NAME_FIELDS = [("clubs", "post", "name"), ("sessions", "post", "name"), ("games", "post", "name")]


def test_control_characters_in_names_are_a_400_naming_the_field(world):
    for name in CONTROL:
        for route_name, method, key in NAME_FIELDS:
            refused(world, route_name, method, _json(world, route_name, method, **{key: name}),
                    field=key)
        refused(world, "games", "post", _json(world, "games", "post", players=["Anna", name]),
                field="players[1]")
    for blank in ("", "   ", "\u3000"):
        refused(world, "games", "post", _json(world, "games", "post", players=[blank, "Ben"]),
                field="players[0]")


UNICODE_NAMES = ["Zoë", "李雷", "👩‍👩‍👧 Familie", "O'Brien", "سارة", "Łukasz", "ǅemal",
                 "Ann-Kathrin Müller-Lüdenscheidt"]
SQL_NAMES = ["Robert'); DROP TABLE scorekeeper_player;--", "' OR '1'='1", "1; SELECT pg_sleep(5)",
             '"; DELETE FROM ledger_entry; --', "%' AND 1=0 UNION SELECT username FROM auth_user--",
             "\\'; TRUNCATE scorekeeper_game; --"]


@pytest.mark.parametrize("names", [UNICODE_NAMES, SQL_NAMES], ids=["unicode", "sql"])
def test_unicode_and_sql_like_names_are_stored_and_shown_verbatim(world, names):
    as_alice = world["clients"][ALICE]
    rows = counts()
    club = as_alice.post(f"{API}/clubs/", {"name": names[0]}, format="json")
    session = as_alice.post(f"{API}/sessions/", {"club": world["club"], "name": names[1]},
                            format="json")
    game = as_alice.post(f"{API}/games/", {"club": world["club"], "name": names[2],
                                           "players": names, "session": session.json()["id"]},
                         format="json")

    assert (club.status_code, session.status_code, game.status_code) == (201, 201, 201), \
        game.content
    shown = as_alice.get(f"{API}/games/{game.json()['id']}/").json()
    assert [player["name"] for player in shown["players"]] == names
    assert shown["name"] == names[2]
    assert as_alice.get(f"{API}/sessions/{session.json()['id']}/").json()["name"] == names[1]
    assert names[0] in [c["name"] for c in as_alice.get(f"{API}/clubs/").json()]
    # and every table is still there, with just the new rows in it
    after = counts()
    assert after["Club"] == rows["Club"] + 1 and after["Game"] == rows["Game"] + 1
    assert after["Player"] == rows["Player"] + len(names)


MONEY = ["-5", -5, "-0.01", "1e3", "1E3", "NaN", "Infinity", "0.001", "5.001", 1000.0, 5.5,
         [], {}, True, "1" * 30, "+5", ".5", "5.", "5,001", "five", "5 EUR", "0x10"]
WHOLE = ["1e3", "NaN", 10.5, 10.0, True, -1, 101, 10**30, None, [], {}, "10"]


def test_weird_numbers_in_rule_overrides_are_a_400_naming_the_parameter(world):
    for route_name in ("games", "evaluate"):
        # (null is "not set" for rebuy_cost: a re-buy then costs the buy-in)
        for parameter, values in (("buy_in", [*MONEY, None]), ("rebuy_cost", MONEY),
                                  ("knock_premium", [*MONEY, None]), ("knock_limit", WHOLE)):
            for value in values:
                refused(world, route_name, "post",
                        _json(world, route_name, "post", rules={parameter: value}),
                        field=f"rules.{parameter}")


# --- Ids, queries and headers ------------------------------------------------------------------


def test_ids_out_of_range_are_a_400_in_a_body_and_a_404_in_an_address(world):
    for bad in (0, -1, 2**63, 10**30):
        refused(world, "rebuys", "post", json.dumps({"player": bad}), field="player")
        refused(world, "games", "post", _json(world, "games", "post", club=bad), field="club")
        refused(world, "rounds", "post", _json(world, "rounds", "post", ender=bad),
                field="ender")
    refused(world, "rounds", "post", _json(world, "rounds", "post", number=2**31),
            field="number")
    for path in (f"games/{2**63}/", f"games/{10**30}/rounds/", f"games/{world['game']}/rounds/"
                 f"{10**30}/", "games/abc/", "games/-1/", "games/1.5/", "sessions/%00/",
                 "games/%F0%9F%82%A1/", "nope/", "games/1/nope/"):
        refused(world, "game", "get", "", status=404, code="not_found", url=f"{API}/{path}")


def test_junk_in_the_game_list_query_is_a_400(world):
    for query, field in (("page=abc", "page"), ("page=0", "page"), ("page=-1", "page"),
                         ("page_size=0", "page_size"), ("page_size=1000", "page_size"),
                         ("club=abc", "club"), ("club=-1", "club"), (f"club={2**70}", "club"),
                         ("club=", "club"), ("status=DROP", "status"), ("status=", "status"),
                         ("status=running'--", "status")):
        refused(world, "games", "get", "", field=field, url=f"{API}/games/?{query}")
    # A page past the end is no error: it is empty (docs/api.md, "Pagination").
    past_end = world["clients"][ALICE].get(f"{API}/games/?page=999")
    assert (past_end.status_code, past_end.json()["results"]) == (200, [])


def test_junk_in_idempotency_key_and_if_match_headers(world):
    refused(world, "rounds", "post", _json(world, "rounds", "post"), field="Idempotency-Key",
            headers={"Idempotency-Key": "k" * 256})
    for junk in ("abc", '"-1"', 'W/"x"', '"5" "6"', "*"):
        refused(world, "round", "put", _json(world, "round", "put"), field="If-Match",
                headers={"If-Match": junk})
    refused(world, "round", "put", _json(world, "round", "put"), status=412,
            headers={"If-Match": f'"{10**30}"'})
    response, written = send(world, ALICE, "put", url_of(world, "round"),
                             _json(world, "round", "put"), headers={})
    assert (response.status_code, written) == (428, {})
