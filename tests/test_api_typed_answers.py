"""Typed answers (docs/api.md, "Starting a game", "Events", "Export, import and the club
report"): a game's `rules` is one of the families' shapes, told apart by `family`; `preset`,
`currency` and `finish` are enums; a webhook event is one of the event types' shapes, told
apart by `type`, each with its typed `data`; and an export is imported as it is.

Real answers of the API are checked against the components of the served schema with
openapi-core's JSON Schema validator (openapi-schema-validator, OpenAPI 3.0, to the letter:
a voided game's `voided` and a live game's null pass as the schema says them), and each
check is shown to refuse what the schema rules out, so that it cannot pass by accepting
anything.
"""

import functools
import json
import re
import uuid

import pytest
from openapi_schema_validator import OAS30Validator

from scorekeeper.api import families
from scorekeeper.api.serializers import CURRENCIES
from scorekeeper.models import Game, WebhookEvent
from scorekeeper.rules import PRESETS, Rules
from scorekeeper.rules.presets import FAMILY_RULES
from scorekeeper.services import webhook_sending, webhooks
from tests.api_table import API, Table
from tests.export_support import organised_by_alice
from tests.openapi import served_schema

SCHEMAS = "#/components/schemas/"


@functools.cache
def served() -> dict:
    """The schema as GET /api/v1/schema/ renders it."""
    return served_schema()


def components() -> dict:
    return served()["components"]["schemas"]


def problems(instance, component: str) -> list[str]:
    """Why `instance` is not valid under the component, or [] when it is."""
    root = {"$ref": f"{SCHEMAS}{component}", "components": served()["components"]}
    return [error.message for error in OAS30Validator(root).iter_errors(instance)]


def ref(name: str) -> dict:
    return {"$ref": f"{SCHEMAS}{name}"}


def enum_of(component: str, prop: str) -> list:
    """The values of a property's enum (or enums: a round's finish or "")."""
    shape = components()[component]["properties"][prop]
    refs = [each["$ref"] for each in shape.get("allOf", shape.get("oneOf", [shape]))]
    return [value for each in refs for value in components()[each.rpartition("/")[2]]["enum"]]


def family_of(preset: str) -> str:
    return PRESETS[preset]["rules"]["family"]


# --- A game's rules: a union keyed by family ------------------------------------------------


def test_the_rules_are_one_of_the_families_shapes_keyed_by_family():
    rules = components()["Rules"]
    by_family = {family: serializer.__name__.removesuffix("Serializer")
                 for family, serializer in families.rules_outputs().items()}

    assert rules["discriminator"] == {
        "propertyName": "family",
        "mapping": {family: f"{SCHEMAS}{name}" for family, name in by_family.items()}}
    assert rules["oneOf"] == [ref(name) for name in by_family.values()]
    assert list(by_family) == list(FAMILY_RULES)  # every family the engine plays, one each
    assert components()["Game"]["properties"]["rules"]["allOf"] == [ref("Rules")]
    assert components()["Preset"]["properties"]["rules"]["allOf"] == [ref("Rules")]


@pytest.mark.parametrize("family", list(FAMILY_RULES))
def test_each_familys_rules_hold_every_parameter_typed_with_its_own_family_and_modes(family):
    name = families.rules_outputs()[family].__name__.removesuffix("Serializer")
    shape = components()[name]

    # docs/rules.md 6.6: every rule set holds every parameter, each family reads its own
    assert list(shape["properties"]) == list(Rules().to_dict())
    assert sorted(shape["required"]) == sorted(Rules().to_dict())
    assert enum_of(name, "family") == [family]
    assert enum_of(name, "mode") == list(FAMILY_RULES[family].modes)
    assert shape["properties"]["knock_limit"] == {"type": "integer"}
    assert shape["properties"]["undercut"] == {"type": "boolean"}
    assert shape["properties"]["buy_in"]["type"] == "string"
    assert shape["properties"]["rebuy_cost"]["nullable"] is True
    assert shape["properties"]["pot_split"]["items"] == {"type": "integer"}
    assert shape["properties"]["card_values"] == ref("CardValues")


def players_for(preset: str) -> list[str]:
    return ["Anna", "Ben"] if family_of(preset) == "gin" else ["Anna", "Ben", "Cem"]


@pytest.mark.parametrize("preset", list(PRESETS))
def test_a_games_rules_are_sent_as_stored_and_valid_under_its_familys_shape_only(as_alice,
                                                                                 preset):
    table = Table.start(as_alice, players_for(preset), preset=preset)
    game = table.get()
    family = family_of(preset)
    own = families.rules_outputs()[family].__name__.removesuffix("Serializer")

    # the answer is the game as stored, unchanged
    assert game["rules"] == Game.objects.get(pk=table.id).rules
    assert problems(game, "Game") == []
    assert problems(game["rules"], own) == []
    # and no other family's shape takes it: the union is told apart by `family`
    for other, serializer in families.rules_outputs().items():
        if other != family:
            assert problems(game["rules"], serializer.__name__.removesuffix("Serializer"))
    # and a parameter of the wrong type is refused
    assert problems({**game["rules"], "knock_limit": "5"}, "Rules")
    assert problems({**game["rules"], "buy_in": 5}, "Rules")


def test_a_voided_games_voided_and_a_live_games_null_are_valid_as_they_are(as_alice):
    table = Table.start(as_alice, ["Anna", "Ben", "Cem"])
    live = table.get()
    deleted = as_alice.delete(f"{API}/games/{table.id}/")
    voided = table.get()
    assert deleted.status_code == 200

    assert (live["voided"], voided["voided"]["reason"] is not None) == (None, True)
    assert problems(live, "Game") == problems(voided, "Game") == []
    assert problems({**voided, "voided": "yesterday"}, "Game")


def test_the_presets_answer_is_valid_with_every_key_an_enum(anonymous):
    presets = anonymous.get(f"{API}/presets/").json()

    assert [preset["key"] for preset in presets] == list(PRESETS)
    for preset in presets:
        assert problems(preset, "Preset") == []
    assert problems({**presets[0], "key": "oklahoma"}, "Preset")


# --- Enums: preset, currency, finish ----------------------------------------------------------


def test_preset_currency_and_finish_are_enums_in_answers_and_bodies():
    assert enum_of("Game", "preset") == sorted(PRESETS)
    assert enum_of("GameSummary", "preset") == sorted(PRESETS)
    assert enum_of("GameInputRequest", "preset") == sorted(PRESETS)
    assert enum_of("Game", "currency") == CURRENCIES
    assert enum_of("GameInputRequest", "currency") == CURRENCIES
    rami = families.MODULES["rami"].ROUND_INPUT().fields["finish"]
    assert enum_of("RamiRoundInputRequest", "finish") == list(rami.choices)
    # a round of another family shows no finish: ""
    assert enum_of("Round", "finish") == [*rami.choices, ""]


ROUNDS = {
    "knock": lambda ids: {"ender": ids["Anna"], "hands": [
        {"player": ids["Anna"], "deadwood": 2}, {"player": ids["Ben"], "deadwood": 20},
        {"player": ids["Cem"], "deadwood": 30}]},
    "gin": lambda ids: {"ender": ids["Anna"], "hands": [
        {"player": ids["Anna"], "deadwood": 5}, {"player": ids["Ben"], "deadwood": 20}]},
    "basic": lambda ids: {"ender": ids["Anna"], "hands": [
        {"player": ids["Ben"], "deadwood": 20}, {"player": ids["Cem"], "deadwood": 30}]},
    # docs/rules.md 10: Anna lays her whole hand in one turn
    "rami": lambda ids: {"ender": ids["Anna"], "finish": "rummy", "hands": [
        {"player": ids["Anna"], "laid": 120}, {"player": ids["Ben"], "laid": 0, "deadwood": 80},
        {"player": ids["Cem"], "laid": 0, "deadwood": 60}]},
}


@pytest.mark.parametrize("preset", list(PRESETS))
def test_a_round_of_every_family_is_valid_with_its_finish_and_the_games_enums(as_alice,
                                                                             preset):
    table = Table.start(as_alice, players_for(preset), preset=preset, currency="CHF")
    family = family_of(preset)

    response = as_alice.post(f"{table.url}rounds/",
                             {"number": 1, **ROUNDS[family](table.ids)}, format="json")

    assert response.status_code == 201, response.json()
    answer = response.json()
    assert problems(answer, "RoundWithGame") == []
    assert answer["finish"] == ("rummy" if family == "rami" else "")
    assert (answer["game"]["preset"], answer["game"]["currency"]) == (preset, "CHF")
    # the enums refuse what no game sends
    assert problems({**answer, "finish": "sideways"}, "Round")
    assert problems({**answer["game"], "currency": "XYZ"}, "Game")
    assert problems({**answer["game"], "preset": "oklahoma"}, "Game")


def test_an_import_refuses_a_currency_a_game_cannot_be_kept_in(as_alice, club, other_club,
                                                              alice):
    favoriten = organised_by_alice(other_club, alice)
    table = Table.start(as_alice, ["Anna", "Ben", "Cem"], club=club.pk)
    document = as_alice.get(f"{table.url}export/").json()

    imported = as_alice.post(f"{API}/clubs/{favoriten.pk}/import/",
                             {**document, "game": {**document["game"], "currency": "XYZ"}},
                             format="json")

    assert imported.status_code == 400, imported.json()


# --- Webhook events: a union keyed by type ------------------------------------------------------


def test_an_event_is_one_of_the_event_types_shapes_keyed_by_type():
    event = components()["Event"]
    names = {kind: f"{''.join(part.title() for part in re.split('[._]', kind))}Event"
             for kind in webhooks.EVENT_TYPES}

    assert event["discriminator"] == {
        "propertyName": "type",
        "mapping": {kind: f"{SCHEMAS}{name}" for kind, name in names.items()}}
    assert event["oneOf"] == [ref(name) for name in names.values()]
    assert components()["Delivery"]["properties"]["event"]["allOf"] == [ref("Event")]
    for kind, name in names.items():
        shape = components()[name]
        assert enum_of(name, "type") == [kind]
        assert shape["properties"]["data"] == ref(f"{name}Data")
        data = components()[f"{name}Data"]
        assert set(data["required"]) == set(data["properties"])
    game_events = [name for kind, name in names.items()
                   if kind not in (webhooks.SESSION_SETTLED, webhooks.PING,
                                   *TOURNAMENT_EVENTS)]
    for name in game_events:  # docs/api.md, "The order of events"
        assert {"game", "session", "version", "sequence", "status"} <= set(
            components()[f"{name}Data"]["properties"])


def every_event(client, club) -> Table:
    """A Wiener game that makes every event of a game and of its evening, a game deleted as
    started by mistake, and a ping; the webhook's deliveries hold them (none is sent: the
    changes do not commit in a test)."""
    table = Table.start(client, ["Anna", "Ben", "Cem"])                       # game.created
    table.knock("Anna", Anna=2, Ben=85, Cem=30)                               # round.recorded
    table.rebuy("Ben")                                                        # rebuy.taken
    undone = client.delete(f"{table.url}rebuys/{table.ids['Ben']}/")          # rebuy.undone
    assert undone.status_code == 200, undone.json()
    table.refresh()
    corrected = table.correct(1, "Anna", Anna=3, Ben=85, Cem=30, reason="typo")
    assert corrected.status_code == 200, corrected.json()                     # round.corrected
    table.knock("Anna", Anna=0, Ben=5, Cem=5)
    taken_back = client.delete(f"{table.url}rounds/2/")                       # round.undone
    assert taken_back.status_code == 200, taken_back.json()
    table.refresh()
    # Ben and Cem go out past 101: Anna wins            round.recorded, game.finished,
    table.knock("Anna", Anna=0, Ben=20, Cem=80)         # session.settled
    mistake = Table.start(client, ["Anna", "Ben", "Cem"])
    deleted = client.delete(mistake.url)                                      # game.voided
    assert deleted.status_code == 200, deleted.json()
    return table


# A club tournament's events (docs/api.md, "Tournaments"): not a game's.
TOURNAMENT_EVENTS = (webhooks.TOURNAMENT_MATCH_FINISHED, webhooks.TOURNAMENT_FINISHED)


def every_tournament_event(client, club) -> None:
    """A tournament of five played out: tournament.match_finished four times, then
    tournament.finished (each match is over after one gin: its target is 10)."""
    created = client.post(f"{API}/clubs/{club.pk}/tournaments/", {
        "preset": "gin", "rules": {"game_target": 10}, "seeding": "ordered",
        "players": ["Dora", "Emil", "Fritz", "Gabi", "Hans"], "entry_fee": "1.00"},
        format="json")
    assert created.status_code == 201, created.json()
    url = created.headers["Location"]
    while (tournament := client.get(url).json())["status"] == "running":
        for match in [m for r in tournament["bracket"] for m in r["matches"]
                      if m["game"] is not None and m["winner"] is None]:
            winner, loser = match["players"]
            game = f"{API}/games/{match['game']}/rounds/"
            played = client.post(game, {"number": 1, "ender": winner, "hands": [
                {"player": winner, "deadwood": 0}, {"player": loser, "deadwood": 30}]},
                format="json")
            assert played.status_code == 201, played.json()


def test_every_event_the_api_shows_and_sends_is_valid_under_its_types_shape_only(
        as_alice, club, settings):
    settings.WEBHOOK_ALLOW_PRIVATE_TARGETS = True  # an address nobody is asked to resolve
    hook = as_alice.post(f"{API}/clubs/{club.pk}/webhooks/",
                         {"url": "http://127.0.0.1:9/hooks/"}, format="json").json()
    every_event(as_alice, club)
    every_tournament_event(as_alice, club)
    pinged = as_alice.post(f"{API}/clubs/{club.pk}/webhooks/{hook['id']}/ping/")
    assert pinged.status_code == 202, pinged.json()
    assert problems(pinged.json(), "Delivery") == []

    listed = as_alice.get(f"{API}/clubs/{club.pk}/webhooks/{hook['id']}/deliveries/").json()

    deliveries = listed["results"]
    assert {delivery["event"]["type"] for delivery in deliveries} == set(webhooks.EVENT_TYPES)
    shapes = {kind: f"{''.join(part.title() for part in re.split('[._]', kind))}Event"
              for kind in webhooks.EVENT_TYPES}
    sent = {event.pk: json.loads(webhook_sending.body_of(event))
            for event in WebhookEvent.objects.all()}
    for delivery in deliveries:
        event = delivery["event"]
        assert problems(delivery, "Delivery") == []
        # the answer shows the event as the receiver gets it, valid under its type's shape
        assert event == sent[event["id"]]
        assert problems(event, shapes[event["type"]]) == []
        # and under no other type's: the union is told apart by `type`
        assert all(problems(event, shape) for kind, shape in shapes.items()
                   if kind != event["type"])
    # the data is typed: a sequence as text is refused
    settled = next(d["event"] for d in deliveries if d["event"]["type"] == "session.settled")
    assert problems({**settled, "data": {**settled["data"], "sequence": "31"}}, "Event")


# --- An export that imports as it is ------------------------------------------------------------


def test_the_import_takes_the_very_components_the_export_answers():
    paths = served()["paths"]
    body = paths["/api/v1/clubs/{club_id}/import/"]["post"]["requestBody"]
    game_export = paths["/api/v1/games/{game_id}/export/"]["get"]["responses"]["200"]
    session_export = paths["/api/v1/sessions/{session_id}/export/"]["get"]["responses"]["200"]

    assert body["required"] is True
    assert body["content"]["application/json"]["schema"] == ref("Document")
    assert components()["Document"]["oneOf"] == [
        ref("GameDocument"), ref("SessionDocument"), ref("TournamentDocument")]
    assert components()["Document"]["discriminator"]["propertyName"] == "format"
    assert game_export["content"]["application/json"]["schema"] == ref("GameDocument")
    assert session_export["content"]["application/json"]["schema"] == ref("SessionDocument")
    # no twin of a document for requests: a client has one model for both ways
    assert not [name for name in components()
                if name.startswith("Doc") and name.endswith("Request")
                or name.endswith("DocumentRequest")]


def test_an_exported_game_is_valid_as_the_import_body_and_imports_as_it_is(as_alice, club,
                                                                           other_club, alice):
    favoriten = organised_by_alice(other_club, alice)
    table = Table.start(as_alice, ["Anna", "Ben", "Cem"], club=club.pk)
    table.knock("Anna", Anna=3, Ben=20, Cem=30)
    document = as_alice.get(f"{table.url}export/").json()

    assert problems(document, "Document") == []
    imported = as_alice.post(f"{API}/clubs/{favoriten.pk}/import/", document, format="json")

    assert imported.status_code == 201, imported.json()
    assert problems(imported.json(), "Game") == []
    # and what the import requires, the one component says: a blank currency is refused by
    # the schema and by the server alike
    blank = {**document, "export_id": str(uuid.uuid4()),
             "game": {**document["game"], "currency": ""}}
    assert problems(blank, "Document")
    refused = as_alice.post(f"{API}/clubs/{favoriten.pk}/import/", blank, format="json")
    assert refused.status_code == 400
