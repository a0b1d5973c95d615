"""Rule families and the status vocabulary: which family plays a rule set, what it
provides, and the one set of words for a game's and a player's state."""

from dataclasses import replace

import pytest

from scorekeeper.rules import (
    GameStatus,
    PlayerState,
    RoundEntry,
    Rules,
    family_for,
    play_on,
    replay,
    resume,
    snapshot,
)
from scorekeeper.rules import knock as knock_family

from .test_rules_knock_facts import FOUR, ROMME, SEED_001, THREE, WIENER, knock


def test_the_knock_family_plays_wiener_and_romme():
    family = family_for(WIENER)

    assert (family.name, family.round_entry, family.presets) == (
        "knock", RoundEntry, ("wiener", "romme"))
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
