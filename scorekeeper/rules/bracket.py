"""A club's knockout tournament (docs/rules.md, "A club's Gin tournament"): the Gin text's
"Multitable" tournaments, for 5 to 32 players, each match an ordinary Gin game.

Pure bracket logic: the draw (seeds in standard bracket order, byes to the top seeds), who
plays whom once winners are known, the placings, and how the prize pool is paid out. The
services keep the facts (the seeds and each match's winner); everything here is derived
from them, so a correction of a match only has to change its winner.

Seeds count from 1 (the best); a match is named by its round (1 the first) and its number
within the round (from 1, top to bottom of the bracket).
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .core import Transfer
from .errors import InvalidRules
from .money import allocate
from .presets import PRESETS, Rules

PlayerId = int

MIN_PLAYERS = 5
MAX_PLAYERS = 32
# docs/rules.md: "the winner gets at least 75% by default".
MIN_WINNER_PERCENT = 75
POT = "pot"
# The Gin text's Multitable tournaments are the only knockout the texts name.
MATCH_FAMILY = "gin"


def match_presets() -> list[str]:
    """The presets a club tournament's matches may be played under."""
    return [name for name in PRESETS if Rules.preset(name).family == MATCH_FAMILY]


def match_rules(preset: str, **overrides) -> Rules:
    """Every match's rules: the preset with its variants, played by two."""
    rules = Rules.preset(preset, players=2, **overrides)
    if rules.family != MATCH_FAMILY:
        raise InvalidRules("match_not_gin", where=("preset",), code="not_supported")
    if rules.tournament:
        raise InvalidRules("match_single_table", where=("rules", "tournament"))
    return rules


def player_key(player: PlayerId) -> str:
    """The tournament ledger's account of an entrant, as a game's ledger names its players."""
    return f"player:{player}"


def bracket_size(players: int) -> int:
    """The field rounded up to a power of two: the places a first round has."""
    size = 1
    while size < players:
        size *= 2
    return size


def round_count(players: int) -> int:
    return bracket_size(players).bit_length() - 1


def seed_order(size: int) -> list[int]:
    """The seeds from the top of the bracket to the bottom, so that seed 1 and seed 2 meet
    only in the final, 1 to 4 only in the semi-finals, and so on: each doubling puts the
    new seed s's opponent, size + 1 - s, beside it ([1, 8, 4, 5, 2, 7, 3, 6] for 8)."""
    if size < 1 or size & (size - 1):
        raise ValueError(f"a bracket's size is a power of two, not {size}")
    order = [1]
    while len(order) < size:
        width = 2 * len(order)
        order = [seed for top in order for seed in (top, width + 1 - top)]
    return order


@dataclass(frozen=True)
class Match:
    """One match of the bracket as far as it is known: `players` are the entrants by id
    in bracket order (None where the feeding match has no winner yet); a first-round match
    with one player is a bye, which its player wins without playing."""

    round: int
    number: int
    players: tuple[PlayerId | None, ...]
    winner: PlayerId | None

    @property
    def bye(self) -> bool:
        return self.round == 1 and len(self.players) == 1

    @property
    def ready(self) -> bool:
        """Both players are known: the match can be played (a bye never is)."""
        return len(self.players) == 2 and None not in self.players

    @property
    def loser(self) -> PlayerId | None:
        if self.winner is None or not self.ready:
            return None
        return next(p for p in self.players if p != self.winner)


def feeders(round_number: int, number: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """The two matches of the round before whose winners meet in this one."""
    return (round_number - 1, 2 * number - 1), (round_number - 1, 2 * number)


def next_match(round_number: int, number: int, rounds: int) -> tuple[int, int] | None:
    """The match this one's winner goes on to; None after the final."""
    if round_number >= rounds:
        return None
    return round_number + 1, (number + 1) // 2


def check_field(players: int) -> None:
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise InvalidRules(f"A tournament has {MIN_PLAYERS} to {MAX_PLAYERS} players, not "
                           f"{players}", where=("players",), code="out_of_range")


def draw(seeded: Sequence[PlayerId]) -> list[Match]:
    """The first round: `seeded` are the entrants by seed (seeded[0] is seed 1). The seeds
    the field lacks are the byes, so the top seeds play none in round 1."""
    order = seed_order(bracket_size(len(seeded)))
    matches = []
    for index in range(0, len(order), 2):
        players = tuple(seeded[seed - 1] for seed in order[index:index + 2]
                        if seed <= len(seeded))
        matches.append(Match(1, index // 2 + 1, players,
                             players[0] if len(players) == 1 else None))
    return matches


def bracket(seeded: Sequence[PlayerId],
            winners: Mapping[tuple[int, int], PlayerId]) -> list[list[Match]]:
    """Every round's matches, from the seeds and the winners of the matches played
    ((round, number) -> winner). A winner named for a match whose players are not both
    known, or who does not play in it, is an error of the caller's facts."""
    rounds = [draw(seeded)]
    rounds[0] = [_decided(match, winners) for match in rounds[0]]
    for round_number in range(2, round_count(len(seeded)) + 1):
        before = rounds[-1]
        matches = []
        for number in range(1, len(before) // 2 + 1):
            players = tuple(before[index - 1].winner for _r, index in
                            feeders(round_number, number))
            matches.append(_decided(Match(round_number, number, players, None), winners))
        rounds.append(matches)
    return rounds


def _decided(match: Match, winners: Mapping[tuple[int, int], PlayerId]) -> Match:
    winner = winners.get((match.round, match.number))
    if match.bye or winner is None:
        return match
    if not match.ready or winner not in match.players:
        raise ValueError(f"match {match.round}.{match.number} cannot be won by {winner}")
    return Match(match.round, match.number, match.players, winner)


def champion(rounds: Sequence[Sequence[Match]]) -> PlayerId | None:
    return rounds[-1][0].winner


def placings(rounds: Sequence[Sequence[Match]]) -> dict[PlayerId, int]:
    """The places decided so far: 1 the final's winner, 2 its loser, and every loser of an
    earlier round shares the place after all who went further (3 for both semi-final
    losers, 5 for the quarter-final losers, ...)."""
    total = len(rounds)
    places = {}
    for round_number, matches in enumerate(rounds, start=1):
        for match in matches:
            if match.loser is not None:
                places[match.loser] = 2 ** (total - round_number) + 1
    final = rounds[-1][0]
    if final.winner is not None:
        places[final.winner] = 1
    return places


def check_payouts(percents: Sequence[int], players: int) -> None:
    """The payout table: whole percents of the pool by place, summing to 100, the
    winner's at least 75, none negative, and no more places than players."""
    where = ("payouts",)
    if not percents:
        raise InvalidRules("payouts_missing", where=where, code="required")
    if any(p < 0 for p in percents):
        raise InvalidRules("payout_negative", where=where, code="out_of_range")
    if sum(percents) != 100:
        raise InvalidRules("payouts_sum", {"sum": sum(percents)}, where=where)
    if percents[0] < MIN_WINNER_PERCENT:
        raise InvalidRules("payout_winner_low", {"least": MIN_WINNER_PERCENT,
                                                 "given": percents[0]},
                           where=where, code="out_of_range")
    if len(percents) > players:
        raise InvalidRules("payouts_places", {"players": players}, where=where,
                           code="out_of_range")


def prizes(pot: int, percents: Sequence[int], places: Mapping[PlayerId, int],
           seed_of: Mapping[PlayerId, int]) -> dict[PlayerId, int]:
    """Each placed player's prize in minor units; the prizes add up to the pot exactly.

    Place p's share is `percents[p - 1]` of the pot (largest remainders, so the shares are
    whole cents adding up to the pot). Players who share a place (the two semi-final losers
    share 3rd) pool the shares of the places they cover (3rd and 4th) and split them
    equally; a cent that does not split goes to the better seed first.
    """
    shares = allocate(pot, percents) if pot else [0] * len(percents)
    by_place: dict[int, list[PlayerId]] = {}
    for player, place in places.items():
        by_place.setdefault(place, []).append(player)
    result = {}
    for place, group in sorted(by_place.items()):
        group.sort(key=lambda player: seed_of[player])
        pooled = sum(shares[place - 1:place - 1 + len(group)])
        for player, amount in zip(group, allocate(pooled, [1] * len(group)), strict=True):
            result[player] = amount
    return result


def entry_transfers(players: Sequence[PlayerId], fee: int) -> list[Transfer]:
    """The entry fees into the pot, in seed order."""
    if fee <= 0:
        return []
    return [Transfer(player_key(p), POT, fee, "buy_in", None) for p in players]


def payout_transfers(prize_of: Mapping[PlayerId, int], seed_of: Mapping[PlayerId, int]
                     ) -> list[Transfer]:
    """The pot paid out to the placed players, best place (then seed) first."""
    return [Transfer(POT, player_key(player), amount, "payout", None)
            for player, amount in sorted(prize_of.items(), key=lambda i: seed_of[i[0]])
            if amount > 0]
