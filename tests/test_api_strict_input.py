"""Strict input through the API (docs/api.md, "Errors" and "Starting a game"): a key a body
does not know is a 400 naming it, a rule override of the wrong JSON type is a 400, a
currency must be an ISO 4217 code counted in hundredths, and names are Unicode text
cleaned once and compared by one key. Every refusal writes nothing."""

import json
import unicodedata

import pytest

from scorekeeper.models import Game, Player, TableSession
from tests.api_routes import ALICE, ANON, ROUTES, counts, headers_of, make_world, send, url_of
from tests.api_routes import valid_body as route_body
from tests.api_table import API, Table, errors, start

ZOE = "Zo\u00eb"  # ë composed
ZOE_DECOMPOSED = "Zoe\u0308"  # e and a combining diaeresis
INVISIBLE = ["\u200b", " \u200d ", "\u2060", "\ufeff", "\u200c\u200b", "\u0301", "\u3164",
             "\u00a0\u200b\u3000"]

# Every write that takes a JSON body (tests/api_routes.py), tried with one key too many.
BODY_WRITES = sorted((name, method) for name, route in ROUTES.items()
                     for method, use in route.uses.items()
                     if method in ("post", "put", "patch") and use.body is not None)


@pytest.fixture
def world(as_alice, as_bob, as_carol, as_mallory, anonymous, club, settings):
    settings.WEBHOOK_ALLOW_PRIVATE_TARGETS = True  # the world's webhook is on loopback
    return make_world(as_alice, as_bob, as_carol, as_mallory, anonymous, club)


def _refused(response, *expected) -> None:
    assert response.status_code == 400, response.json()
    assert errors(response) == list(expected)


# --- Unknown fields -------------------------------------------------------------------------


@pytest.mark.parametrize(("route_name", "method"), BODY_WRITES)
def test_every_body_refuses_a_key_it_does_not_know_and_writes_nothing(world, route_name,
                                                                      method):
    body = {**route_body(world, route_name, method), "colour": "blue"}
    persona = ANON if route_name == "token" else ALICE

    response, written = send(world, persona, method, url_of(world, route_name),
                             json.dumps(body), headers=headers_of(world, route_name, method))

    assert response.status_code == 400, response.content[:300]
    unknown = [error for error in response.json()["errors"] if error["field"] == "colour"]
    assert [error["code"] for error in unknown] == ["unknown_field"], response.json()
    assert unknown[0]["message"].startswith('Unknown field "colour"; this body takes: ')
    assert not written


def test_a_misspelt_round_field_is_named_and_the_round_is_not_entered(as_alice):
    table = Table.start(as_alice, ["Anna", "Ben", "Cem"])
    before = table.snapshot()

    response = as_alice.post(f"{table.url}rounds/", {
        "number": 1, "enderr": table.ids["Anna"],
        "hands": table.hands(Anna=3, Ben=20, Cem=30)}, format="json")

    assert response.status_code == 400, response.json()
    # the missing ender is named too: every error of the body in one answer
    assert errors(response) == [
        ("ender", "required", "This field is required."),
        ("enderr", "unknown_field",
         'Unknown field "enderr"; this body takes: number, ender, hands, ender_melds'),
    ]
    assert table.snapshot() == before
    assert table.refresh()["version"] == before[0]["version"]


def test_a_misspelt_hand_field_is_named_with_its_path(as_alice):
    table = Table.start(as_alice, ["Anna", "Ben", "Cem"])
    before = table.snapshot()
    hands = table.hands(Anna=3, Ben=20, Cem=30)
    hands[1] = {"player": table.ids["Ben"], "deadwod": 20}

    response = table.post_round("Anna", hands=hands)

    _refused(response, ("hands[1].deadwod", "unknown_field",
                        'Unknown field "deadwod"; this object takes: player, deadwood, cards'))
    assert table.snapshot() == before


def test_a_rami_penalty_and_a_correction_name_their_unknown_keys(as_alice):
    rami = Table.start(as_alice, ["Anna", "Ben"], preset="rami")
    before = rami.snapshot()
    response = rami.client.post(f"{rami.url}rounds/", {
        "number": 1, "ender": rami.ids["Anna"], "finish": "none",
        "hands": [{"player": rami.ids["Anna"], "laid": 40},
                  {"player": rami.ids["Ben"], "laid": 0, "deadwood": 30}],
        "penalties": [{"player": rami.ids["Ben"], "points": 300, "reason": "joker"}]},
        format="json")
    _refused(response, ("penalties[0].reason", "unknown_field",
                        'Unknown field "reason"; this object takes: player, points'))
    assert rami.snapshot() == before

    knock = Table.start(as_alice, ["Anna", "Ben", "Cem"])
    knock.knock("Anna", Anna=3, Ben=20, Cem=30)
    before = knock.snapshot()
    response = knock.client.put(
        f"{knock.url}rounds/1/",
        {"ender": knock.ids["Anna"], "hands": knock.hands(Anna=2, Ben=20, Cem=30),
         "reasn": "typo"},
        format="json", headers={"If-Match": f'"{knock.game["version"]}"'})
    assert response.status_code == 400, response.json()
    assert [(field, code) for field, code, _ in errors(response)] == [
        ("reasn", "unknown_field")]
    assert knock.snapshot() == before


def test_an_import_document_names_an_unknown_key_by_its_path(as_alice, club, other_club,
                                                             alice):
    table = Table.start(as_alice, ["Anna", "Ben", "Cem"])
    table.knock("Anna", Anna=3, Ben=20, Cem=30)
    document = as_alice.get(f"{table.url}export/").json()
    document["game"]["rounds"][0]["hands"][1]["deadwod"] = 20
    rows = counts()

    response = as_alice.post(f"{API}/clubs/{club.pk}/import/", document, format="json")

    assert response.status_code == 400, response.json()
    ((field, code, message),) = errors(response)
    assert (field, code) == ("game.rounds[0].hands[1].deadwod", "unknown_field")
    assert message.startswith('Unknown field "deadwod"; this object takes: player, position')
    assert counts() == rows


# --- The JSON types of rule overrides ----------------------------------------------------------


@pytest.mark.parametrize(("rules", "expected"), [
    pytest.param({"buy_in": 5}, [("rules.buy_in", "invalid_amount",
                                  '5 is not an amount: send money as a decimal string such as '
                                  '"5.00"')], id="money-as-a-number"),
    pytest.param({"buy_in": 5.5}, [("rules.buy_in", "invalid_amount",
                                    '5.5 is not an amount: send money as a decimal string such '
                                    'as "5.00"')], id="money-as-a-float"),
    pytest.param({"buy_in": " 5.00"}, [("rules.buy_in", "invalid_amount",
                                        "' 5.00' is not an amount: use a number with at most two "
                                        'decimals, e.g. "5.00"')], id="money-with-spaces"),
    pytest.param({"knock_limit": "10"}, [("rules.knock_limit", "invalid_type",
                                          "knock_limit must be a whole number")],
                 id="integer-as-text"),
    pytest.param({"knock_limit": 10.0}, [("rules.knock_limit", "invalid_type",
                                          "knock_limit must be a whole number")],
                 id="integer-as-a-float"),
    pytest.param({"undercut": 1}, [("rules.undercut", "invalid_type",
                                    "undercut must be true or false")], id="boolean-as-1"),
    pytest.param({"lay_off": "sideways"}, [("rules.lay_off", "out_of_range",
                                            "lay_off must be one of none, knocker_melds, "
                                            "right_neighbour, knocker_melds_free")],
                 id="not-a-choice"),
    pytest.param({"players": 3}, [("rules.players", "unknown_parameter",
                                   "'players' is not a rule parameter")], id="unknown-key"),
    pytest.param({"buy_in": 5, "undercut": "yes", "decks": True}, [
        ("rules.buy_in", "invalid_amount",
         '5 is not an amount: send money as a decimal string such as "5.00"'),
        ("rules.undercut", "invalid_type", "undercut must be true or false"),
        ("rules.decks", "invalid_type", "decks must be a whole number")],
        id="every-mistake-at-once"),
])
def test_a_rule_override_of_the_wrong_json_type_is_refused(as_alice, rules, expected):
    games = Game.objects.count()

    response = start(as_alice, ["Anna", "Ben"], rules=rules, status=400)
    evaluated = as_alice.post(f"{API}/hands/evaluate/", {"cards": "AS 2S 3S", "rules": rules},
                              format="json")

    assert errors(response) == expected
    assert (evaluated.status_code, errors(evaluated)) == (400, expected)
    assert Game.objects.count() == games


def test_rules_that_are_not_an_object_are_refused(as_alice):
    for rules, code in ((None, "null"), ([], "not_a_dict"), ("knock_limit=10", "not_a_dict"),
                        (10, "not_a_dict")):
        response = start(as_alice, ["Anna", "Ben"], rules=rules, status=400)
        assert [(field, code) for field, code, _ in errors(response)] == [("rules", code)]


def test_overrides_of_the_right_types_are_taken(as_alice):
    game = start(as_alice, ["Anna", "Ben", "Cem"], rules={
        "buy_in": "2.50", "rebuy_cost": None, "undercut": True, "knock_limit": 10,
        "lay_off": "knocker_melds", "max_jokers_per_meld": None, "pot_split": [100],
        "card_values": {"A": 1}}).json()

    assert {key: game["rules"][key] for key in ("buy_in", "rebuy_cost", "undercut",
                                                "knock_limit", "lay_off", "pot_split")} == {
        "buy_in": "2.50", "rebuy_cost": None, "undercut": True, "knock_limit": 10,
        "lay_off": "knocker_melds", "pot_split": [100]}
    assert game["rules"]["card_values"]["A"] == 1
    assert game["pot"] == "7.50"


# --- Currencies --------------------------------------------------------------------------------


@pytest.mark.parametrize("currency", ["EUR", "CHF", "USD", "GBP"])
def test_a_currency_counted_in_hundredths_is_taken(as_alice, currency):
    game = start(as_alice, ["Anna", "Ben"], currency=currency).json()

    assert game["currency"] == currency
    assert Game.objects.get(pk=game["id"]).currency == currency


@pytest.mark.parametrize(("currency", "code", "message"), [
    ("XYZ", "unknown_currency", '"XYZ" is not an ISO 4217 currency code, such as EUR, CHF or '
                                "USD"),
    ("eur", "unknown_currency", "Currency codes are written in capitals: EUR"),
    ("DEM", "unknown_currency", '"DEM" is not an ISO 4217 currency code, such as EUR, CHF or '
                                "USD"),
    ("JPY", "unsupported_currency", "Scorekeeper keeps amounts in hundredths; JPY has no cents"),
    ("BHD", "unsupported_currency",
     "Scorekeeper keeps amounts in hundredths; BHD counts in 3 decimal places"),
    ("XAU", "unsupported_currency", "Scorekeeper keeps amounts in hundredths; XAU has no minor "
                                    "unit (it is a metal, a fund or a code for tests)"),
])
def test_a_currency_that_is_not_iso_4217_or_not_in_hundredths_is_refused(as_alice, currency,
                                                                        code, message):
    rows = counts()

    response = start(as_alice, ["Anna", "Ben"], currency=currency, status=400)

    assert errors(response) == [("currency", code, message)]
    assert counts() == rows


def test_a_currency_must_be_text(as_alice):
    response = start(as_alice, ["Anna", "Ben"], currency=978, status=400)

    assert errors(response) == [("currency", "invalid", 'A currency is a code as text, e.g. '
                                                        '"EUR"')]


# --- Unicode names ---------------------------------------------------------------------------


def test_zoe_composed_decomposed_and_in_capitals_is_one_player_across_games(as_alice):
    first = Table.start(as_alice, [ZOE, "Ben"])
    second = Table.start(as_alice, [ZOE_DECOMPOSED, "Ben"])
    third = Table.start(as_alice, ["ZO\u00cb", "Ben"])

    # one player, the club's spelling kept
    assert first.ids[ZOE] == second.ids[ZOE] == third.ids[ZOE]
    assert Player.objects.filter(name__in=[ZOE, ZOE_DECOMPOSED, "ZO\u00cb"]).count() == 1


def test_a_name_is_stored_nfc_without_the_spaces_around_it(as_alice):
    game = start(as_alice, [f"\u3000{ZOE_DECOMPOSED}\u00a0", "Ben"]).json()

    assert [player["name"] for player in game["players"]] == [ZOE, "Ben"]
    assert Player.objects.get(pk=game["players"][0]["id"]).name == ZOE
    assert unicodedata.is_normalized("NFC", Player.objects.get(pk=game["players"][0]["id"]).name)


@pytest.mark.parametrize("players", [
    pytest.param([ZOE, "Ben", ZOE_DECOMPOSED], id="composed-and-decomposed"),
    pytest.param([ZOE, "Ben", "zo\u00cb"], id="other-case"),
    pytest.param(["Stra\u00dfe", "Ben", "STRASSE"], id="case-folded"),
])
def test_two_names_with_one_key_in_a_game_are_refused(as_alice, players):
    rows = counts()

    response = start(as_alice, players, status=400)

    shown = unicodedata.normalize("NFC", players[2])
    assert errors(response) == [("players[2]", "duplicate_player", f"{shown} is seated twice")]
    assert counts() == rows


@pytest.mark.parametrize("name", INVISIBLE)
def test_an_invisible_name_is_refused_everywhere_a_name_is_taken(as_alice, club, name):
    rows = counts()
    message = ("A name needs a visible character: this one holds only spaces or invisible "
               "characters")

    player = start(as_alice, ["Anna", name], status=400)
    game = start(as_alice, ["Anna", "Ben"], name=name, status=400)
    club_ = as_alice.post(f"{API}/clubs/", {"name": name}, format="json")
    session = as_alice.post(f"{API}/sessions/", {"club": club.pk, "name": name}, format="json")

    assert errors(player) == [("players[1]", "invisible_name", message)]
    assert errors(game) == [("name", "invisible_name", message)]
    assert (club_.status_code, errors(club_)) == (400, [("name", "invisible_name", message)])
    assert (session.status_code, errors(session)) == (400, [("name", "invisible_name", message)])
    assert counts() == rows


def test_a_name_with_a_letter_among_invisible_characters_is_taken(as_alice):
    # a zero-width joiner between emoji is part of the name, not all of it
    names = ["\U0001f469\u200d\U0001f467", "A\u0301na", "Ben"]
    game = start(as_alice, names).json()

    assert [player["name"] for player in game["players"]] == [
        "\U0001f469\u200d\U0001f467", "\u00c1na", "Ben"]


def test_blank_optional_names_take_their_defaults(as_alice, club):
    game = start(as_alice, ["Anna", "Ben"], name="  \u3000").json()
    session = as_alice.post(f"{API}/sessions/", {"club": club.pk, "name": " "}, format="json")

    assert game["name"] == "Game"
    assert session.status_code == 201
    assert TableSession.objects.get(pk=session.json()["id"]).name == ""


def test_a_name_too_long_with_its_spaces_is_refused(as_alice):
    response = start(as_alice, ["Anna", "Ben"], name="Freitag" + " " * 100, status=400)

    assert [(field, code) for field, code, _ in errors(response)] == [("name", "max_length")]


def test_an_imported_game_finds_the_clubs_player_by_the_key_of_the_name(as_alice, club,
                                                                        other_club, alice):
    from tests.export_support import organised_by_alice

    favoriten = organised_by_alice(other_club, alice)
    table = Table.start(as_alice, [ZOE_DECOMPOSED, "Ben", "Cem"], club=club.pk)
    table.knock(ZOE, **{ZOE: 3, "Ben": 20, "Cem": 30})
    # the exporting club kept an old decomposed spelling (stored before names were NFC)
    Player.objects.filter(pk=table.ids[ZOE]).update(name=ZOE_DECOMPOSED)
    document = as_alice.get(f"{table.url}export/").json()
    assert document["game"]["seats"][0]["player"] == ZOE_DECOMPOSED
    there = Table.start(as_alice, ["ZO\u00cb", "Ben"], club=favoriten.pk)

    imported = as_alice.post(f"{API}/clubs/{favoriten.pk}/import/", document, format="json")

    assert imported.status_code == 201, imported.json()
    players = {player["name"]: player["id"] for player in imported.json()["players"]}
    assert players["ZO\u00cb"] == there.ids["ZO\u00cb"]  # the club's own player and spelling
    assert Player.objects.filter(club=favoriten).count() == 3  # ZOË, Ben, Cem


# --- The schema says it -------------------------------------------------------------------------


@pytest.fixture
def schema(anonymous):
    response = anonymous.get(f"{API}/schema/", headers={"Accept": "application/json"})
    assert response.status_code == 200
    return json.loads(response.content)["components"]["schemas"]


def test_the_schema_declares_what_the_input_takes(schema):
    inputs = {name: component for name, component in schema.items()
              if name.endswith("Request") and component.get("type") == "object"
              and "properties" in component}
    # strict bodies: no other keys
    strict = ("GameInputRequest", "KnockRoundInputRequest", "HandInputRequest",
              "RamiRoundInputRequest", "PenaltyInputRequest", "ClubInputRequest",
              "SessionInputRequest", "EvaluateInputRequest")
    assert all(inputs[name]["additionalProperties"] is False for name in strict)
    # an export document's parts are one component for the export and the import
    assert schema["DocHand"]["additionalProperties"] is False
    # names: one schema, or anyOf "" and a name; never a oneOf that "" matches twice
    game_name = inputs["GameInputRequest"]["properties"]["name"]
    assert "oneOf" not in game_name and len(game_name["anyOf"]) == 2
    assert "oneOf" not in inputs["SessionInputRequest"]["properties"]["name"]
    assert inputs["ClubInputRequest"]["properties"]["name"]["type"] == "string"
    # the hands' bounds
    for family in ("Knock", "Basic", "Rami"):
        hands = inputs[f"{family}RoundInputRequest"]["properties"]["hands"]
        assert (hands["minItems"], hands["maxItems"]) == (1, 12)
    # rule overrides: typed, nothing else
    rules = schema["RuleOverrides"]
    assert rules["additionalProperties"] is False
    assert rules["properties"]["buy_in"]["type"] == "string"
    assert rules["properties"]["knock_limit"]["type"] == "integer"
    assert rules["properties"]["undercut"]["type"] == "boolean"
    # currencies counted in hundredths
    currencies = schema["CurrencyEnum"]["enum"]
    assert {"EUR", "CHF", "USD"} <= set(currencies) and not {"JPY", "BHD", "XAU"} & set(
        currencies)
