"""Card text (docs/rules.md 1) and rule parameters (docs/rules.md 6.5 and 6.6)."""

import ast
from pathlib import Path

import pytest

from scorekeeper.rules import (
    PRESETS,
    CardError,
    InvalidRules,
    Rules,
    TooManyCopies,
    check_deck,
    parse_card,
    parse_cards,
)


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("AS", "AS"), ("as", "AS"), ("10h", "10H"), ("TH", "10H"), ("t♥", "10H"),
        ("A♠", "AS"), ("Q♦", "QD"), ("k♣", "KC"), ("JK", "JK"), ("*", "JK"),
        ("joker", "JK"), ("Joker", "JK"), (" 7c ", "7C"),
    ],
)  # fmt: skip
def test_every_alias_reads_as_the_canonical_card(text, canonical):
    assert parse_card(text) == canonical


def test_a_hand_as_text_accepts_spaces_commas_and_semicolons():
    assert parse_cards("AS, 2s;3S  JK\t10♥") == ["AS", "2S", "3S", "JK", "10H"]


@pytest.mark.parametrize("token", ["1X", "11H", "AX", "1", "JKK", "10", "♠A"])
def test_a_bad_card_is_named_in_the_error(token):
    with pytest.raises(CardError) as error:
        parse_cards(f"AS {token}")

    assert f"'{token}' is not a card" in error.value.message
    assert error.value.code == "invalid_card"


def test_an_empty_hand_is_an_error_not_a_crash():
    with pytest.raises(CardError, match="No cards given"):
        parse_cards("  ")


def test_a_third_copy_of_a_card_in_a_round_is_named_with_its_hand():
    hands = [["QH", "2S"], ["QH"], ["5D", "QH"]]

    with pytest.raises(TooManyCopies) as error:
        check_deck(hands, decks=2, jokers=2)

    assert error.value.message == "QH appears 3 times; the decks hold 2"
    assert error.value.field == "hands[2].cards"
    assert error.value.code == "too_many_copies"


def test_a_third_joker_is_refused_and_two_pass():
    check_deck([["JK"], ["JK"]], decks=2, jokers=2)

    with pytest.raises(TooManyCopies, match="JK appears 3 times; jokers in this game: 2"):
        check_deck([["JK"], ["JK", "JK"]], decks=2, jokers=2)


def test_presets_hold_the_parameter_table():
    wiener, romme, gin = (Rules.preset(key) for key in ("wiener", "romme", "gin"))

    assert (wiener.card_values["A"], romme.card_values["A"], gin.card_values["A"]) == (11, 10, 1)
    assert (wiener.rummy_bonus_points, romme.rummy_bonus_points) == (10, 0)
    assert (wiener.rebuy_min_players, romme.rebuy_min_players) == (3, 2)
    assert (wiener.pot_split, romme.pot_split) == ((70, 30), (100,))
    assert (wiener.effective_rummy_premium, romme.effective_rummy_premium) == (200, 100)
    assert (gin.decks, gin.jokers, gin.ace_in_runs, gin.knock_limit) == (1, 0, "low", 10)
    assert gin.lay_off == "knocker_melds_free"
    # docs/rules.md 6.2: the last living player plays on against the dead by default
    assert (wiener.dead_last_living, romme.dead_last_living) == ("plays_on", "plays_on")
    # docs/rules.md 8.1: online rooms score gin and undercut 25 each
    online = Rules.preset("gin_online")
    assert (gin.gin_bonus, gin.undercut_bonus, online.gin_bonus, online.undercut_bonus) == (
        20, 10, 25, 25)
    assert Rules.from_dict({**gin.to_dict(), "gin_bonus": 25, "undercut_bonus": 25}) == online
    assert sorted(PRESETS) == ["basic", "gin", "gin_online", "rami", "romme", "wiener"]


def test_overrides_are_validated_and_round_trip_through_the_api_form():
    rules = Rules.preset("wiener", knock_limit=10, undercut=True, buy_in="2.50", pot_split=[60, 40])

    assert (rules.knock_limit, rules.undercut, rules.buy_in, rules.pot_split) == (
        10, True, 250, (60, 40),
    )
    assert Rules.from_dict(rules.to_dict()) == rules
    assert rules.to_dict()["buy_in"] == "2.50"


def test_the_rummykasse_replaces_the_bonus_points_unless_both_are_asked_for():
    assert Rules.preset("wiener", rummy_kitty=True).rummy_bonus_points == 0
    assert Rules.preset("wiener", rummy_kitty=True, rummy_bonus_points=10).rummy_bonus_points == 10


@pytest.mark.parametrize(
    ("overrides", "field", "code"),
    [
        ({"knock_at": 10}, "rules.knock_at", "unknown_parameter"),
        ({"knock_limit": -1}, "rules.knock_limit", "out_of_range"),
        ({"knock_limit": "5"}, "rules.knock_limit", "invalid_type"),
        ({"undercut": "yes"}, "rules.undercut", "invalid_type"),
        ({"buy_in": 5.0}, "rules.buy_in", "invalid_amount"),
        ({"buy_in": "-5"}, "rules.buy_in", "invalid_amount"),
        ({"buy_in": "0.001"}, "rules.buy_in", "invalid_amount"),
        ({"buy_in": "NaN"}, "rules.buy_in", "invalid_amount"),
        ({"pot_split": [70, 20]}, "rules.pot_split", "out_of_range"),
        ({"rebuy_from": 101}, "rules.rebuy_from", "out_of_range"),
        ({"dealer_rule": "youngest"}, "rules.dealer_rule", "out_of_range"),
        ({"card_values": {"Z": 3}}, "rules.card_values", "unknown_parameter"),
    ],
)
def test_a_bad_rule_is_an_error_naming_the_parameter(overrides, field, code):
    with pytest.raises(InvalidRules) as error:
        Rules.preset("wiener", **overrides)

    assert (error.value.field, error.value.code) == (field, code)
    assert error.value.message


def test_an_unknown_preset_is_named():
    with pytest.raises(InvalidRules, match="Unknown preset 'canasta'"):
        Rules.preset("canasta")


def test_the_rules_engine_imports_nothing_from_django():
    package = Path(__file__).resolve().parent.parent / "scorekeeper" / "rules"
    imported = set()
    paths = sorted(package.rglob("*.py"))
    assert package / "knock" / "replay.py" in paths
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                imported.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                imported.add(node.module.split(".")[0])

    assert "django" not in imported
    assert "rest_framework" not in imported
