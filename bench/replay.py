"""Replay benchmark: one seeded 40-round, 6-player Wiener game, replayed whole, and its
40th round played onto the first 39.

`replay` recomputes a game's standings and money from its rounds when a round is
corrected, or when a process has not seen the game's current version; a new round is
played onto the state so far with `play_on`. Both are timed.
"""

import random

from bench.timing import Timing, measure
from scorekeeper.rules import Rules, possible_hand_value
from scorekeeper.rules.knock import HandEntry, KnockRound, play_on, replay

DESCRIPTION = "Wiener, 6 players, 40 rounds"
INCLUDES = (
    "replay(rules, players, rounds) of the whole game from typed deadwood (no cards\n"
    "  to evaluate): standings, placings and every money transfer of all 40 rounds;\n"
    "  play_on: round 40 played onto the replayed game of rounds 1-39"
)
PLAYERS = ("Anna", "Bert", "Cleo", "Dora", "Emil", "Fritz")
ROUNDS = 40
RUNS = 300  # full replays timed
WARM_UP = 30


def make_game(seed: int) -> tuple[Rules, list[str], list[KnockRound]]:
    """The rules and rounds of a seeded game in which every player lasts all 40 rounds.

    Real Wiener deadwood (up to 100 and more a round) would eliminate players at 101
    long before round 40, and a game that ends early would time a shorter replay; so
    the rules move elimination out of reach (eliminate_at 10000) and keep the rest
    of the Wiener preset. The ender knocks with 0..knock_limit points (those a hand can
    count: no Wiener hand counts 1); the others hold 6..90, always above the ender, so no
    round is an undercut or a false knock.
    """
    rules = Rules.preset("wiener", eliminate_at=10000, rebuy_from=9000)
    knocks = [value for value in range(rules.knock_limit + 1) if possible_hand_value(value, rules)]
    rng = random.Random(seed)
    rounds = []
    for _ in range(ROUNDS):
        ender = rng.choice(PLAYERS)
        hands = tuple(
            HandEntry(
                player,
                deadwood=rng.choice(knocks) if player == ender
                else rng.randint(6, 90),
            )
            for player in PLAYERS
        )
        rounds.append(KnockRound(ender, hands=hands))
    return rules, list(PLAYERS), rounds


def run(seed: int = 40, runs: int = RUNS, warm_up: int = WARM_UP) -> tuple[Timing, Timing]:
    """Time `runs` full replays of one game and `runs` times its last round played on, each
    after `warm_up` untimed calls."""
    rules, players, rounds = make_game(seed)
    # Time the game we mean to time: all 40 rounds played, nobody out or dead.
    result = replay(rules, players, rounds)
    assert result.round_count == ROUNDS, result.round_count
    assert all(standing.state == "in" for standing in result.standings), result.standings
    game = (rules, players, rounds)
    whole = measure(lambda args: replay(*args), [game] * runs, [game] * warm_up)
    before_last = replay(rules, players, rounds[:-1])
    assert play_on(before_last, rounds[-1]) == result
    last = (before_last, rounds[-1])
    one_more = measure(lambda args: play_on(*args), [last] * runs, [last] * warm_up)
    return whole, one_more
