"""Round and correction bodies under a maintained OpenAPI validator (openapi-core), both
ways: every real round is taken (docs/api.md, "Entering a round": the round body is an
anyOf of the families' shapes, since nothing in a body names its family), and a body
the server refuses for its shape is refused by the schema too.

Every body the rest of the suite sends and the server takes is checked as it is sent
(tests/round_bodies.py, turned on in tests/conftest.py).
"""

import json

import pytest
from django.test.client import RequestFactory

from .round_bodies import refusal, served_schema

POST = ("POST", "/api/v1/games/9/rounds/")
PUT = ("PUT", "/api/v1/games/9/rounds/2/")
IF_MATCH = {"If-Match": '"5"'}

REAL_ROUNDS = {
    # the body an integrator's validator refused: valid under the knock, Gin and Basic shapes
    "knock, points": {"number": 1, "ender": 11,
                      "hands": [{"player": 11, "deadwood": 3}, {"player": 12, "deadwood": 40}]},
    "knock, cards and the ender's melds": {
        "number": 2, "ender": 11, "ender_melds": [["7H", "8H", "9H"]],
        "hands": [{"player": 11, "cards": "AS 2S"}, {"player": 12, "cards": ["KD", "QD"]}]},
    "Gin, a knock": {"number": 3, "ender": 11,
                     "hands": [{"player": 11, "deadwood": 7}, {"player": 12, "deadwood": 30}]},
    "Gin, a void round": {"number": 4, "void": True},
    "Gin, a tournament match": {"number": 1, "ender": 11, "match": 2,
                                "hands": [{"player": 11, "deadwood": 0},
                                          {"player": 12, "deadwood": 12}]},
    "Rami, a finish with laid cards and a penalty": {
        "number": 1, "ender": 11, "finish": "rummy", "penalties": [{"player": 12, "points": 10}],
        "hands": [{"player": 11, "laid_melds": [["4H", "4C", "4D"]]},
                  {"player": 12, "deadwood": 25, "laid": 30}]},
}

SHAPES_NO_FAMILY_TAKES = {
    "the number as text": {"number": "1", "ender": 11, "hands": [{"player": 11, "deadwood": 3}]},
    "round 0": {"number": 0, "ender": 11, "hands": [{"player": 11, "deadwood": 3}]},
    "an unknown key": {"number": 1, "ender": 11, "hands": [{"player": 11, "deadwood": 3}],
                       "winner": 11},
    "a hand without its player": {"number": 1, "ender": 11, "hands": [{"deadwood": 3}]},
    "a hand with an unknown key": {"number": 1, "ender": 11,
                                   "hands": [{"player": 11, "deadwood": 3, "bonus": 1}]},
    "cards as a number": {"number": 1, "ender": 11, "hands": [{"player": 11, "cards": 7}]},
    "no number": {"ender": 11, "hands": [{"player": 11, "deadwood": 3}]},
    "a list for a body": [{"number": 1}],
}


def body(data) -> bytes:
    return json.dumps(data).encode()


@pytest.mark.parametrize("name", REAL_ROUNDS)
def test_every_familys_real_round_is_valid_under_the_schema(name):
    assert refusal(*POST, body(REAL_ROUNDS[name])) is None


@pytest.mark.parametrize("name", REAL_ROUNDS)
def test_every_familys_real_correction_is_valid_under_the_schema(name):
    correction = {key: value for key, value in REAL_ROUNDS[name].items() if key != "number"}
    assert refusal(*PUT, body({**correction, "reason": "typo"}), IF_MATCH) is None


@pytest.mark.parametrize("name", SHAPES_NO_FAMILY_TAKES)
def test_a_body_no_family_takes_is_refused_by_the_schema(name):
    assert refusal(*POST, body(SHAPES_NO_FAMILY_TAKES[name])) is not None


def test_a_round_with_no_body_is_refused_and_the_body_is_required_in_the_schema():
    assert refusal(*POST, b"") is not None
    operations = served_schema().spec / "paths"
    for path, method in (("/api/v1/games/{game_id}/rounds/", "post"),
                         ("/api/v1/games/{game_id}/rounds/{number}/", "put"),
                         ("/api/v1/clubs/{club_id}/import/", "post")):
        assert (operations / path / method / "requestBody" / "required").read_bool() is True


def test_a_correction_without_if_match_is_refused():
    assert refusal(*PUT, body({"ender": 11, "hands": [{"player": 11, "deadwood": 3}]})) \
        is not None


def test_the_suite_checks_each_round_body_it_sends():
    # tests/conftest.py wraps the test clients' requests for the whole session
    assert RequestFactory.generic.__name__ == "checked"


def test_a_round_the_server_takes_is_checked_as_it_is_sent(as_alice):
    # a real round through the API, sent by the wrapped client: the check runs on it (a
    # refusal would fail this test with the schema's reason)
    from .api_table import Table

    table = Table.start(as_alice, ["Anna", "Ben"])
    table.knock("Anna", Anna=2, Ben=30)
    assert refusal("POST", f"/api/v1/games/{table.id}/rounds/",
                   body({"number": 2, "ender": table.ids["Ben"],
                         "hands": table.hands(Anna=20, Ben=3)})) is None
