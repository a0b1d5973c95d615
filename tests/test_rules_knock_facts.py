"""The facts the knock tests are given, and the helpers that read a game back.

No tests here: the knock tests (test_rules_knock_*.py) import these so that every round
reads as it was entered at the table. Players are named by text so the messages read as
at the table.
"""

from scorekeeper.rules import (
    CARRY,
    KITTY,
    POT,
    Game,
    HandEntry,
    KnockRound,
    PlayerResult,
    Rules,
    Transfer,
    account,
)

WIENER = Rules.preset("wiener")
ROMME = Rules.preset("romme")
THREE = ["Anna", "Ben", "Cem"]
FOUR = ["Anna", "Ben", "Cem", "Dora"]
FIVE = ["Anna", "Ben", "Cem", "Dora", "Emil"]


def knock(ender, **deadwood):
    """A round entered with typed deadwood, in the order the keywords are given."""
    return KnockRound(ender, tuple(HandEntry(p, deadwood=d) for p, d in deadwood.items()))


def cards(ender, ender_melds=None, **hands):
    """A round entered with cards: each keyword is a player's hand as text."""
    return KnockRound(
        ender, tuple(HandEntry(p, cards=tuple(h.split())) for p, h in hands.items()), ender_melds
    )


SEED_000 = [
    knock("Dora", Anna=45, Ben=40, Cem=70, Dora=5),
    knock("Cem", Anna=44, Ben=44, Cem=4, Dora=51),
]  # A 89, B 84, C 74, D 56
SEED_001 = [
    knock("Anna", Anna=5, Ben=20, Cem=40, Dora=16),
    knock("Anna", Anna=5, Ben=20, Cem=40, Dora=15),
    knock("Anna", Anna=5, Ben=5, Cem=3, Dora=5),
]  # A 15, B 45, C 83, D 36


def pay(source, target, amount, kind, round_):
    """A transfer between players (by name) or the accounts pot, kitty and carry."""
    accounts = {POT, KITTY, CARRY}
    return Transfer(
        source if source in accounts else account(source),
        target if target in accounts else account(target),
        amount, kind, round_,
    )


def arranged(result: PlayerResult) -> PlayerResult:
    """A result with its melds and unmatched cards in a fixed order (the solver's may vary)."""
    return PlayerResult(
        result.player, result.deadwood, result.points, result.total,
        tuple(sorted(tuple(sorted(meld)) for meld in result.melds)),
        tuple(sorted(result.unmatched)), result.laid_off,
    )


def totals(game: Game) -> dict:
    return {s.player: s.total for s in game.standings}


def states(game: Game) -> dict:
    return {s.player: s.state for s in game.standings}


def places(game: Game) -> dict:
    return {s.player: s.place for s in game.standings}


def nets(game: Game) -> dict:
    return {s.player: s.balance for s in game.standings}


def refusals(game: Game, players) -> dict:
    """Each player's reason not to re-buy now, as its English text, or None."""
    return {p: (None if (refusal := game.can_rebuy(p)) is None else refusal.message)
            for p in players}
