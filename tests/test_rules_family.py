"""Rule families and the status vocabulary: which family plays a rule set, what it
provides, and the one set of words for a game's and a player's state."""

from dataclasses import replace

import pytest

from scorekeeper.rules import (
    BasicRound,
    GameStatus,
    GinRound,
    HandEntry,
    InvalidRound,
    KnockRound,
    LaidHand,
    PenaltyEntry,
    PlayerState,
    RamiRound,
    RoundEntry,
    Rules,
    family_for,
    play_on,
    replay,
    resume,
    round_entry,
    snapshot,
)
from scorekeeper.rules import knock as knock_family

from .test_rules_knock_facts import FOUR, ROMME, SEED_001, THREE, WIENER, knock


def test_the_knock_family_plays_wiener_and_romme():
    family = family_for(WIENER)

    assert (family.name, family.round_entry, family.presets) == (
        "knock", KnockRound, ("wiener", "romme"))
    assert issubclass(family.round_entry, RoundEntry)
    assert family is family_for(ROMME)
    assert (family.closes_by_hand(WIENER), family.closes_by_hand(
        Rules.preset("romme", mode="points"))) == (False, True)


@pytest.mark.parametrize(("preset", "family"), [("basic", "basic"), ("rami", "rami")])
def test_basic_rummy_and_rami_are_families_that_add_points_per_round(preset, family):
    rules = Rules.preset(preset)
    played = family_for(rules)

    assert (played.name, played.presets, played.void_rounds) == (family, (preset,), False)
    assert replay(rules, ["Anna", "Ben"]).standings[0].total == 0


def test_gin_is_a_family_of_its_own_with_void_rounds_and_its_money():
    gin = family_for(Rules.preset("gin"))

    assert (gin.name, gin.presets, gin.void_rounds) == ("gin", ("gin", "gin_online"), True)
    assert gin.ledger_kinds == {"buy_in", "carry_over", "payout", "point_settlement"}
    assert family_for(ROMME).void_rounds is False


def test_the_top_level_calls_go_through_the_family():
    # given a game replayed through the top level and through the knock family itself
    game = replay(ROMME, FOUR, SEED_001)
    fourth = knock("Anna", Anna=0, Ben=10, Cem=2, Dora=3)

    # then each call gives what the family's own gives
    assert game == knock_family.replay(ROMME, FOUR, SEED_001)
    assert play_on(game, fourth) == knock_family.play_on(game, fourth)
    assert snapshot(game) == knock_family.snapshot(game)
    assert resume(ROMME, FOUR, snapshot(game)) == knock_family.resume(ROMME, FOUR,
                                                                      snapshot(game))


def test_play_on_needs_a_game_the_engine_made():
    built_by_hand = replace(replay(ROMME, FOUR), rules=None, _table=None)

    with pytest.raises(ValueError, match="needs a Game made by replay"):
        play_on(built_by_hand, knock("Anna", Anna=0, Ben=10, Cem=2, Dora=3))


def test_states_and_statuses_are_the_engines_one_vocabulary():
    # given a game that Anna wins, Ben and Cem going out in round 1
    game = replay(ROMME, THREE, [knock("Anna", Anna=0, Ben=101, Cem=101)])

    # then the status and the states are members of the engine's enums, equal to their words
    assert (game.status, [s.state for s in game.standings]) == (
        GameStatus.FINISHED, [PlayerState.IN, PlayerState.OUT, PlayerState.OUT])
    assert (type(game.status), {type(s.state) for s in game.standings}) == (
        GameStatus, {PlayerState})
    assert game.status == "finished" and game.standings[1].state == "out"
    assert [status.value for status in GameStatus if status.ended] == [
        "finished", "carried_over"]
    assert family_for(ROMME).is_over(game)


# --- A round of each family's own type -------------------------------------------------------

HANDS = (HandEntry("Anna", deadwood=0), HandEntry("Ben", deadwood=10))


@pytest.mark.parametrize(("preset", "kind"), [
    ("wiener", KnockRound), ("romme", KnockRound), ("gin", GinRound), ("basic", BasicRound),
    ("rami", RamiRound)])
def test_round_entry_makes_the_familys_own_type(preset, kind):
    rules = Rules.preset(preset)

    entry = round_entry(rules, ender="Anna", hands=HANDS)

    assert type(entry) is kind is family_for(rules).round_entry
    assert (entry.ender, entry.hands) == ("Anna", HANDS)


def test_round_entry_keeps_what_the_family_takes():
    gin = round_entry(Rules.preset("gin"), ender=None, hands=(), void=True, match=2)
    rami = round_entry(Rules.preset("rami"), ender="Anna", finish="rummy",
                       hands=(LaidHand("Anna", laid=40),),
                       penalties=[PenaltyEntry("Ben", 300)])
    knock_round = round_entry(WIENER, ender="Anna", hands=HANDS, ender_melds=[("AS", "2S", "3S")])

    assert (gin.void, gin.match) == (True, 2)
    assert (rami.finish, rami.penalties, rami.hands[0].laid) == (
        "rummy", (PenaltyEntry("Ben", 300),), 40)
    assert knock_round.ender_melds == [("AS", "2S", "3S")]


@pytest.mark.parametrize(("preset", "facts", "reason", "field"), [
    ("wiener", {"void": True}, "void_not_in_family", "void"),
    ("basic", {"void": True}, "void_not_in_family", "void"),
    ("gin", {"finish": "rummy"}, "finish_only_rami", "finish"),
    ("basic", {"finish": "rummy"}, "finish_only_rami", "finish"),
    ("wiener", {"penalties": [PenaltyEntry("Ben", 300)]}, "penalty_only_rami", "penalties"),
    ("romme", {"match": 2}, "gin_match_not_open", "match"),
    ("rami", {"ender_melds": [("AS", "2S", "3S")]}, "ender_melds_without_lay_off",
     "ender_melds"),
    ("gin", {"hands": (LaidHand("Anna", deadwood=0, laid=30),)}, "laid_only_rami",
     "hands[0].laid"),
])
def test_round_entry_refuses_what_the_family_does_not_take(preset, facts, reason, field):
    with pytest.raises(InvalidRound) as caught:
        round_entry(Rules.preset(preset), **{"ender": "Anna", "hands": HANDS, **facts})

    assert (caught.value.reason, caught.value.field) == (reason, field)
    assert caught.value.where == tuple(int(part) if part.isdigit() else part
                                       for part in field.replace("[", ".").replace("]", "")
                                       .split("."))


def test_round_entry_says_every_fact_refused_at_once():
    with pytest.raises(InvalidRound) as caught:
        round_entry(WIENER, ender="Anna", hands=HANDS, void=True, finish="none")

    assert [error.field for error in caught.value.errors] == ["void", "finish"]


def test_a_family_takes_another_kind_of_round_as_its_own_or_refuses_it():
    # given a knock round, and a Gin round that is void
    plain = KnockRound("Anna", (HandEntry("Anna", deadwood=0), HandEntry("Ben", deadwood=3),
                                HandEntry("Cem", deadwood=4)))
    void = GinRound(None, (), void=True)

    # then Basic Rummy plays the first as its own and refuses the second where it is wrong
    basic = Rules.preset("basic", players=3)
    with pytest.raises(InvalidRound) as caught:
        replay(basic, THREE, [void])
    assert (caught.value.reason, caught.value.field) == ("void_not_in_family", "rounds[0].void")
    assert replay(basic, THREE, [plain]).standings[0].total == 7


def test_without_rules_round_entry_picks_a_type_that_holds_the_facts():
    assert type(round_entry(None, ender="Anna", hands=HANDS)) is KnockRound
    assert type(round_entry(None, ender=None, hands=(), void=True)) is GinRound
    assert type(round_entry(None, ender="Anna", hands=HANDS, finish="none")) is RamiRound
    assert type(round_entry(None, ender="Anna", hands=(LaidHand("Anna", laid=0),))) is RamiRound


def test_a_round_of_any_kind_reads_the_facts_its_kind_does_not_hold_as_nothing():
    entry = BasicRound("Anna", HANDS)

    assert (entry.ender_melds, entry.void, entry.match, entry.finish, entry.penalties) == (
        None, False, None, None, ())
    assert (HANDS[0].laid, HANDS[0].laid_melds) == (None, None)


@pytest.mark.parametrize(("preset", "overrides", "lowest"), [
    ("wiener", {}, True),          # docs/rules.md 4: points in hand count against
    ("gin", {}, False),            # 8: points won count for
    ("basic", {}, False),          # 9: points scored count for
    ("rami", {}, False),           # 10: normal mode, laid points count for
    ("rami", {"mode": "elimination"}, True),  # 10.5: points in hand count against
])
def test_each_family_says_whether_the_lowest_total_leads(preset, overrides, lowest):
    rules = Rules.preset(preset, **overrides)
    assert family_for(rules).lowest_leads(rules) is lowest
