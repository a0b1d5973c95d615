"""The engine's words in the reader's language: one sentence per code, built from the same
params as the engine's English, with plural forms where a number is counted."""

import pytest
from django.utils import translation

from scorekeeper.messages import TEXTS, message_for
from scorekeeper.rules import (
    CardError,
    InvalidRound,
    Message,
    RebuyNotAllowed,
    RulesError,
    TooManyCopies,
    replay,
)
from scorekeeper.rules.errors import TEMPLATES, Plural

from .test_rules_knock_facts import THREE, WIENER, cards, knock


def sample_params(code, count):
    """Params for every placeholder of the engine's sentence: each its own name as text
    (so it can be found in the result), the counted number `count`."""
    template = TEMPLATES[code]
    forms = (template.singular, template.plural) if isinstance(template, Plural) else (
        template,)
    names = {part.split(")")[0] for form in forms for part in form.split("%(")[1:]}
    params = {name: f"<{name}>" for name in names}
    if isinstance(template, Plural):
        params[template.count] = count
    return params


def test_every_code_of_the_engine_has_its_sentence_here_and_no_other():
    assert set(TEXTS) == set(TEMPLATES)


@pytest.mark.parametrize("count", [1, 2])
@pytest.mark.parametrize("code", sorted(TEMPLATES))
def test_the_english_is_the_engines_word_for_word(code, count):
    said = Message(code, sample_params(code, count))

    with translation.override("en"):
        assert message_for(said) == said.message


@pytest.mark.parametrize("code", sorted(TEMPLATES))
def test_every_sentence_has_its_german(code):
    said = Message(code, sample_params(code, 2))

    with translation.override("de"):
        german = message_for(said)

    assert german != said.message
    assert all(f"<{name}>" in german for name, value in said.params.items()
               if isinstance(value, str) and f"<{name}>" in said.message)


@pytest.mark.parametrize(
    ("hand", "german"),
    [("AS", "Ben hat 1 Karte; eine Hand am Ende einer Runde hat 10"),
     ("AS 2S", "Ben hat 2 Karten; eine Hand am Ende einer Runde hat 10")],
)
def test_german_counts_one_card_and_two_cards(hand, german):
    # given Ben's hand entered with too few cards
    with pytest.raises(InvalidRound) as caught:
        replay(WIENER, THREE, [cards("Anna", Anna="5H 6H 7H 8S 8D 8C KS KH KD 2C", Ben=hand,
                                     Cem="4H 8H 9H 3S 3D JC QC 9D 10D 2S")])

    # when it is shown in German
    with translation.override("de"):
        shown = message_for(caught.value)

    # then the number of cards takes its German plural
    assert shown == german


def test_a_rebuy_refusal_reads_in_german():
    game = replay(WIENER, THREE, [knock("Anna", Anna=0, Ben=40, Cem=30)])

    refusal = game.can_rebuy("Ben")
    with translation.override("de"):
        shown = message_for(refusal)

    assert isinstance(refusal, RebuyNotAllowed)
    assert shown == "Ben hat 50 Punkte; nachkaufen kann man mit 81 bis 100 Punkten"


def test_a_sentence_from_outside_the_engine_keeps_its_words():
    error = RulesError("Idempotency-Key has at most 255 characters", field="Idempotency-Key")

    with translation.override("de"):
        assert message_for(error) == "Idempotency-Key has at most 255 characters"


def test_a_code_this_table_does_not_know_keeps_the_engines_english(monkeypatch):
    monkeypatch.delitem(TEXTS, "false_knock")
    said = Message("false_knock", {"name": "Anna", "deadwood": 6, "limit": 5})

    with translation.override("de"):
        assert message_for(said) == "False knock: Anna has 6 deadwood, but the knock limit is 5"


# --- Cards named as the picker shows them (the pages); the API keeps the card text --------


def test_a_page_names_cards_as_the_picker_shows_them():
    error = TooManyCopies("too_many_copies", {"card": "QH", "count": 3, "decks": 2})
    meld = InvalidRound("not_a_meld", {"cards": "7H 8H 10H"})
    jokers = TooManyCopies("too_many_jokers", {"card": "JK", "count": 3, "jokers": 2})

    with translation.override("en"):
        shown = [message_for(error), message_for(meld), message_for(jokers)]

    assert shown == ["Q♥ appears 3 times; the decks hold 2", "7♥ 8♥ 10♥ is not a meld",
                     "Joker appears 3 times; jokers in this game: 2"]


def test_german_pages_name_the_queen_d_and_the_jack_b():
    error = TooManyCopies("too_many_copies", {"card": "QS", "count": 3, "decks": 2})
    meld = InvalidRound("not_a_meld", {"cards": "JS QS AS"})

    with translation.override("de"):
        shown = [message_for(error), message_for(meld)]

    assert shown == ["D♠ kommt 3-mal vor; die Pakete enthalten sie nur 2-mal",
                     "B♠ D♠ A♠ ist keine Kombination"]


def test_the_api_keeps_the_canonical_card_text():
    error = TooManyCopies("too_many_copies", {"card": "QH", "count": 3, "decks": 2})

    with translation.override("en"):
        assert message_for(error, cards_as_shown=False) == "QH appears 3 times; the decks hold 2"


def test_a_mistyped_card_is_repeated_as_it_was_typed():
    error = CardError("not_a_card", {"card": "QX"})

    with translation.override("en"):
        assert message_for(error).startswith("'QX' is not a card")


def test_every_bad_hand_of_a_round_reads_in_the_readers_language():
    with pytest.raises(RulesError) as caught:
        replay(WIENER, THREE, [knock("Anna", Anna=0, Ben=1, Cem=129)])

    with translation.override("en"):
        shown = [message_for(error) for error in caught.value.errors]

    assert shown == ["Ben cannot have 1 point in hand: the smallest card counts 2",
                     "Cem's deadwood of 129 is more than a hand of 10 cards can hold (at most "
                     "128)"]
