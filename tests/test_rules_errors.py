"""The engine's words: every error and Message is a code and params, and the English text
is built from them by one table (so the app can build it in another language)."""

import ast
from pathlib import Path

import pytest

from scorekeeper.rules import (
    FalseKnock,
    HandEntry,
    InvalidRound,
    InvalidRules,
    Message,
    MoneyError,
    RoundEntry,
    Rules,
    RulesError,
    TooManyCopies,
    check_deck,
    parse_money,
    replay,
)
from scorekeeper.rules.errors import TEMPLATES, Plural

from .test_rules_knock_facts import THREE, WIENER, knock

ENGINE = Path(__file__).resolve().parent.parent / "scorekeeper" / "rules"
ERRORS = {"RulesError", "InvalidRules", "CardError", "TooManyCopies", "MoneyError",
          "InvalidRound", "FalseKnock", "RebuyNotAllowed", "GameOver", "Message"}


def engine_trees():
    for path in sorted(ENGINE.rglob("*.py")):
        yield path, ast.parse(path.read_text())


def test_every_error_the_engine_raises_names_a_sentence_of_the_table():
    # given every call of an error class or Message with a literal reason in the engine
    reasons = {
        (path.name, node.args[0].value)
        for path, tree in engine_trees() for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
        and node.func.id in ERRORS and node.args and isinstance(node.args[0], ast.Constant)
    }

    # then each names a sentence of TEMPLATES: no error is worded in place
    assert reasons and {(path, reason) for path, reason in reasons
                        if reason not in TEMPLATES} == set()


def test_every_sentence_of_the_table_is_said_somewhere():
    said = {node.value for path, tree in engine_trees() if path.name != "errors.py"
            for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)}

    # (the two consequences of a correction are said by the services, which replay it; and
    # the look-alike names, which the services judge against the table and the club)
    assert set(TEMPLATES) - said == {"correction_breaks_round", "correction_breaks_rebuy",
                                     "player_looks_like_seated", "player_looks_like_member"}


@pytest.mark.parametrize("code", sorted(TEMPLATES))
def test_every_sentence_builds_from_its_params(code):
    template = TEMPLATES[code]
    plural = isinstance(template, Plural)
    forms = (template.singular, template.plural) if plural else (template,)
    params = {name: 2 for form in forms for name in _placeholders(form)}
    if plural:
        params[template.count] = 2

    message = Message(code, params).message

    assert message and "%(" not in message


def _placeholders(template):
    # the names of the %(name)s placeholders of one template
    return [part.split(")")[0] for part in template.split("%(")[1:]]


@pytest.mark.parametrize(
    ("count", "text"),
    [(1, "Ben has 1 card; a hand at the end of a round has 10"),
     (2, "Ben has 2 cards; a hand at the end of a round has 10")],
)
def test_a_counted_number_takes_its_plural_form(count, text):
    error = InvalidRound("wrong_hand_size", {"name": "Ben", "count": count, "hand_size": 10})

    assert error.message == text


def test_an_error_carries_the_api_code_its_reason_params_and_field():
    # when Anna knocks with 6 above the knock limit 5
    with pytest.raises(FalseKnock) as caught:
        replay(WIENER, THREE, [knock("Anna", Anna=6, Ben=40, Cem=22)])

    # then the error says it in every form a caller needs
    error = caught.value
    assert (error.code, error.reason, error.params, error.field, error.message, str(error)) == (
        "false_knock", "false_knock", {"name": "Anna", "deadwood": 6, "limit": 5},
        "rounds[0].hands[0].deadwood",
        "False knock: Anna has 6 deadwood, but the knock limit is 5",
        "False knock: Anna has 6 deadwood, but the knock limit is 5",
    )


def test_a_refined_reason_keeps_the_code_the_api_answers_with():
    with pytest.raises(InvalidRound) as missing:
        replay(WIENER, THREE, [knock("Anna", Anna=3, Ben=4)])
    with pytest.raises(TooManyCopies) as jokers:
        check_deck([["JK", "JK"], ["JK"]], decks=2, jokers=2)
    with pytest.raises(InvalidRules) as range_:
        Rules.preset("wiener", knock_limit=101)
    with pytest.raises(MoneyError) as money:
        parse_money("-5")

    assert [(e.value.code, e.value.reason) for e in (missing, jokers, range_, money)] == [
        ("invalid_round", "hand_missing"), ("too_many_copies", "too_many_jokers"),
        ("out_of_range", "not_between"), ("invalid_amount", "amount_negative")]


def test_a_sentence_from_outside_the_engine_is_kept_as_it_is():
    error = RulesError("Idempotency-Key has at most 255 characters", field="Idempotency-Key",
                       code="invalid")

    assert (error.code, error.reason, error.params, error.field, error.message) == (
        "invalid", None, {}, "Idempotency-Key", "Idempotency-Key has at most 255 characters")


def test_a_message_is_a_plain_value():
    message = Message("rebuy_window", {"name": "Ben", "total": 1, "rebuy_from": 0, "last": 9})

    assert message == Message("rebuy_window", {"name": "Ben", "total": 1, "rebuy_from": 0,
                                               "last": 9})
    assert message.message == "Ben has 1 point; a re-buy is open from 0 to 9 points"


# --- Positions: parts, and the same as text --------------------------------------------------


def test_a_position_is_given_as_parts_and_read_as_text_too():
    error = InvalidRound("laid_only_rami", where=("hands", 2, "laid"))

    assert (error.where, error.field) == (("hands", 2, "laid"), "hands[2].laid")


def test_a_position_given_as_text_reads_as_parts():
    error = InvalidRound("laid_only_rami", field="rounds[3].hands[2].laid")

    assert error.where == ("rounds", 3, "hands", 2, "laid")
    assert InvalidRound("laid_only_rami").where == () and InvalidRound("laid_only_rami").field \
        is None


def test_at_places_the_position_under_parts_or_text():
    error = InvalidRound("laid_only_rami", where=("hands", 2, "laid"))

    error.at("rounds", 3)
    assert error.field == "rounds[3].hands[2].laid"
    error.at("games[0]")
    assert error.where == ("games", 0, "rounds", 3, "hands", 2, "laid")
    assert error.within("games[0]", "rounds", 3).field == "hands[2].laid"


def test_at_moves_every_error_found_at_once():
    with pytest.raises(RulesError) as caught:
        replay(Rules.preset("wiener"), ["Anna", "Ben"], [
            RoundEntry("Anna", (HandEntry("Anna", deadwood=1), HandEntry("Ben", deadwood=-1)))])

    assert [error.where for error in caught.value.errors] == [
        ("rounds", 0, "hands", 0, "deadwood"), ("rounds", 0, "hands", 1, "deadwood")]


def test_a_position_set_as_text_is_kept_as_parts():
    error = InvalidRound("laid_only_rami")
    error.field = "cards"

    assert (error.where, error.field) == (("cards",), "cards")
