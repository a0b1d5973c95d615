"""Knock family (RULES.md 3): Wiener Rummy and Rommé ohne Auslegen, replayed from the facts.

`replay(rules, players, rounds, rebuys)` turns what happened at the table (who sat
where, each round as entered, each re-buy taken) into standings, placings and every
money movement of RULES.md 5 as `Transfer` data. It keeps no state: a corrected
round is a new replay of the corrected facts, and the same facts always give the
same game. `play_on(game, entry)` is the same replay with one more round, without
playing the earlier rounds again (what a new round at the table needs).

Error fields. Every RulesError raised here has `.field` as a path into replay's
arguments:

- `players`, `players[2]`, `carried_in`, `closed`: the game's own arguments;
- `rounds[3]`, `rounds[3].ender`, `rounds[3].hands`, `rounds[3].hands[2].deadwood`,
  `rounds[3].hands[2].cards`, `rounds[3].ender_melds[0]`: round index 3 in `rounds`
  (0-based, so round number 4); what follows `rounds[3].` is the path inside that
  RoundEntry, the one a round form shows the message next to;
- `rebuys[0].player`, `rebuys[0].after_round`: a re-buy in `rebuys`.

Ledger rounds. `Transfer.round` is the round number for what a round moves
(kitty_in paid before it, premiums, undercut_tie, kitty_win, point_settlement)
and for a re-buy (the round after which it was taken); it is None for the game's
start (buy_in, carry_over in) and end (payout, kitty_final, carry_over out).
"""

import copy
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal, NamedTuple

from .cards import JOKER, RANKS, SUITS, check_deck, parse_cards
from .errors import (
    CardError,
    FalseKnock,
    GameOver,
    InvalidRound,
    InvalidRules,
    RebuyNotAllowed,
    RulesError,
)
from .melds import evaluate_hand
from .money import allocate
from .presets import Rules

PlayerId = int | str

RUNNING, DECIDER, FINISHED, CARRIED_OVER = "running", "decider", "finished", "carried_over"
IN, OUT, DEAD = "in", "out", "dead"
POT, KITTY, CARRY = "pot", "kitty", "carry"


def account(player: PlayerId) -> str:
    """The ledger account of a player."""
    return f"player:{player}"


# --- Facts in -------------------------------------------------------------------------


@dataclass(frozen=True)
class HandEntry:
    """One participant's hand at the end of a round: the deadwood as a number, or the cards."""

    player: PlayerId
    deadwood: int | None = None
    cards: tuple[str, ...] | None = None


@dataclass(frozen=True)
class RoundEntry:
    """A round as entered at the table: who ended it and every participant's hand."""

    ender: PlayerId
    hands: tuple[HandEntry, ...]
    # The ender's melds as laid, only for a lay_off variant (RULES.md 3.1).
    ender_melds: tuple[tuple[str, ...], ...] | None = None


@dataclass(frozen=True)
class RebuyEntry:
    """A re-buy taken in the break after round `after_round`."""

    player: PlayerId
    after_round: int


# --- Results out ----------------------------------------------------------------------


# The two results made by the thousand in a long replay are named tuples: immutable
# like the rest, and several times cheaper to build than frozen dataclasses.
class Transfer(NamedTuple):
    """One ledger movement (RULES.md 5): a positive amount from one account to another."""

    source: str
    target: str
    amount: int
    kind: str
    round: int | None


@dataclass(frozen=True)
class RebuyOffer:
    """A re-buy open to a player: pay `cost` into the pot and have the total set to `target`."""

    player: PlayerId
    target: int
    cost: int


class PlayerResult(NamedTuple):
    """One participant's line in a round."""

    player: PlayerId
    deadwood: int
    points: int
    total: int
    melds: tuple[tuple[str, ...], ...]
    unmatched: tuple[str, ...]
    laid_off: tuple[str, ...] = ()


@dataclass(frozen=True)
class RoundResult:
    """A round scored: winner, points, who went out, the re-buys it opened and its money."""

    number: int
    ender: PlayerId
    dealer: PlayerId
    winner: PlayerId | None
    rummy: bool
    undercut: bool
    decider: bool
    results: tuple[PlayerResult, ...]
    out: tuple[PlayerId, ...]
    rebuy_offers: tuple[RebuyOffer, ...]
    transfers: tuple[Transfer, ...]


@dataclass(frozen=True)
class Standing:
    """A player's place in the game right now."""

    player: PlayerId
    seat: int
    total: int
    state: Literal["in", "out", "dead"]
    rebought: bool
    rebuy: RebuyOffer | None
    balance: int
    place: int | None
    out_round: int | None


@dataclass(frozen=True)
class Game:
    """A game replayed from its facts: standings, rounds, money, and what comes next."""

    status: Literal["running", "decider", "finished", "carried_over"]
    round_count: int
    next_round: int
    next_dealer: PlayerId | None
    next_participants: tuple[PlayerId, ...]
    pot: int
    kitty: int
    carried_out: int
    standings: tuple[Standing, ...]
    rounds: tuple[RoundResult, ...]
    transfers: tuple[Transfer, ...]
    winner: PlayerId | None
    payouts: tuple[tuple[PlayerId, int], ...]
    balances: dict[str, int]
    # Why re-buys are closed for everyone, else each player's offer or reason (this break).
    rebuy_closed: str | None = field(default=None, repr=False)
    rebuy_break: Mapping[PlayerId, "RebuyOffer | str | None"] = field(
        default_factory=dict, repr=False
    )
    names: Mapping[PlayerId, str] = field(default_factory=dict, repr=False)
    # The replay that made this game, kept so that `play_on` can go on from here.
    _table: "_Table | None" = field(default=None, repr=False, compare=False)

    def standing(self, player: PlayerId) -> Standing:
        """The standing of one player; KeyError for someone not in this game."""
        for standing in self.standings:
            if standing.player == player:
                return standing
        raise KeyError(player)

    def rebuy_offer(self, player: PlayerId) -> RebuyOffer | None:
        """The re-buy open to `player` right now, if any."""
        return None if self.can_rebuy(player) else self.rebuy_break[player]

    def can_rebuy(self, player: PlayerId, after_round: int | None = None) -> str | None:
        """None when `player` may re-buy now, else the reason (RULES.md 3.3)."""
        known = any(standing.player == player for standing in self.standings)
        return rebuy_refusal(
            self.names.get(player) or _name(player),
            known=known,
            closed=self.rebuy_closed,
            round_count=self.round_count,
            rebought=known and self.standing(player).rebought,
            offer=self.rebuy_break.get(player),
            after_round=after_round,
        )


# --- The rules, one function each -----------------------------------------------------


def largest_deadwood(rules: Rules) -> int:
    """The most deadwood a hand can hold: its dearest cards, the bound for a typed number."""
    values = [rules.card_values[rank] for rank in RANKS for _ in range(len(SUITS) * rules.decks)]
    values += [rules.card_values[JOKER]] * rules.jokers
    values.sort(reverse=True)
    # Free hand sizes have no fixed count, so only the whole deck bounds them.
    return sum(values) if rules.free_hand_size else sum(values[: rules.hand_size])


def knock_limit(rules: Rules) -> int:
    """The most deadwood the ender may have."""
    # RULES.md 3.6: the Punktespiel knocks only "glatt", whatever knock_limit says.
    return 0 if rules.mode == "points" else rules.knock_limit


def check_knock(name: str, deadwood: int, rules: Rules, *, field: str) -> None:
    """Refuse a false knock: the ender's (named `name`) deadwood above the knock limit."""
    limit = knock_limit(rules)
    if deadwood > limit:
        if rules.mode == "points":
            message = (f"False knock: {name} has {deadwood} deadwood, but in the "
                       "Punktespiel you may only knock with 0")
        else:
            message = (f"False knock: {name} has {deadwood} deadwood, but the knock "
                       f"limit is {limit}")
        raise FalseKnock(message, field=field)


def is_rummy(deadwood: int) -> bool:
    """The ender went Rummy ("glatt", "mit Null klopfen")."""
    return deadwood == 0


def round_winner(
    ender: PlayerId, deadwood: Mapping[PlayerId, int], rules: Rules
) -> tuple[PlayerId | None, bool, tuple[PlayerId, ...]]:
    """(winner, undercut, tied): the ender, or under `undercut` the least deadwood.

    `tied` lists the players tied for the least deadwood below the ender's, when
    there is no winner.
    """
    if not rules.undercut:
        return ender, False, ()
    least = min((dw for player, dw in deadwood.items() if player != ender), default=None)
    # Seed 000: a tie with the knocker goes to the knocker (unlike Gin).
    if least is None or least >= deadwood[ender]:
        return ender, False, ()
    lowest = tuple(p for p, dw in deadwood.items() if p != ender and dw == least)
    if len(lowest) == 1:
        return lowest[0], True, ()
    return None, True, lowest


def is_out(total: int, rules: Rules) -> bool:
    """A total that reaches eliminate_at puts the player out (101 is out, RULES.md 3.3)."""
    return total >= rules.eliminate_at


def rebuy_target(player: PlayerId, totals_in: Mapping[PlayerId, int], rules: Rules) -> int | None:
    """The highest total among the other players still in that is below rebuy_from."""
    below = [total for other, total in totals_in.items()
             if other != player and total < rules.rebuy_from]
    return max(below, default=None)


def rebuy_refusal(
    name: str,
    *,
    known: bool,
    closed: str | None,
    round_count: int,
    rebought: bool,
    offer: "RebuyOffer | str | None",
    after_round: int | None = None,
) -> str | None:
    """Why the player `name` may not re-buy now, or None; `offer` is this break's for them."""
    if not known:
        return f"{name} is not a player in this game"
    if closed:
        return closed
    if after_round is not None and after_round != round_count:
        if after_round < round_count:
            return (f"The re-buys after round {after_round} closed when round "
                    f"{after_round + 1} was entered")
        return f"Round {after_round} has not been played yet"
    if rebought:
        return f"{name} has already re-bought; a re-buy is allowed once per game"
    if isinstance(offer, str):
        return offer
    return None


def check_rebuy(game: Game, player: PlayerId, *, after_round: int | None = None) -> RebuyOffer:
    """The offer `player` takes now; RebuyNotAllowed with the reason can_rebuy gives."""
    reason = game.can_rebuy(player, after_round)
    if reason:
        raise RebuyNotAllowed(reason, field="player")
    return game.rebuy_break[player]


def rebuy(game: Game, player: PlayerId, *, after_round: int | None = None) -> RebuyEntry:
    """The re-buy to record for `player` in the current break, or RebuyNotAllowed.

    `after_round` is the round the caller saw last; a stale one is refused because
    the next round's entry closed that break.
    """
    check_rebuy(game, player, after_round=after_round)
    return RebuyEntry(player, game.round_count)


def next_dealer(
    rules: Rules,
    seats: Sequence[PlayerId],
    dealer: PlayerId,
    winner: PlayerId | None,
    players_next: Sequence[PlayerId],
) -> PlayerId | None:
    """Who deals the next round: the next seat still playing, or the round winner."""
    if not players_next:
        return None
    if rules.dealer_rule == "winner_deals" and winner in players_next:
        return winner
    playing = set(players_next)
    seat = seats.index(dealer)
    for step in range(1, len(seats) + 1):
        candidate = seats[(seat + step) % len(seats)]
        if candidate in playing:
            return candidate
    return None  # pragma: no cover - players_next is never empty here


def placings(
    seats: Sequence[PlayerId],
    winner: PlayerId | None,
    out_round: Mapping[PlayerId, int | None],
    totals: Mapping[PlayerId, int],
) -> dict[PlayerId, int]:
    """Places of the winner and of every player out (RULES.md 3.3, reading).

    Winner first; then later out is better; out in the same round, lower total is
    better; exact ties share the place. A player still in has no place yet.
    """
    places: dict[PlayerId, int] = {}
    if winner is not None:
        places[winner] = 1
    gone = sorted((p for p in seats if out_round[p] is not None),
                  key=lambda p: (-out_round[p], totals[p]))
    ahead = len(seats) - len(gone)
    previous = None
    for index, player in enumerate(gone):
        key = (out_round[player], totals[player])
        if key != previous:
            place, previous = ahead + index + 1, key
        places[player] = place
    return places


def pot_split(rules: Rules, started_with: int) -> tuple[int, ...]:
    """The percentages by place: pot_split from pot_split_min_players, else all to the winner."""
    # RULES.md 3.5: the dead have lost their claim to the pot, so the living winner takes it.
    if rules.dead_play_on or started_with < rules.pot_split_min_players:
        return (100,)
    return rules.pot_split


def pot_shares(
    pot: int,
    split: Sequence[int],
    places: Mapping[PlayerId, int],
    seats: Sequence[PlayerId],
) -> list[tuple[PlayerId, int]]:
    """Each placed player's share, in place order; tied places pool their shares.

    Places share by largest remainder (ties to the better place); a tie pools the
    shares of the places it covers and splits them equally (ties to the earlier seat).
    """
    weights = list(split[: len(seats)])
    by_place = allocate(pot, weights)
    groups: dict[int, list[PlayerId]] = {}
    for player in seats:  # seat order, so allocate's ties go to the earlier seat
        if player in places:
            groups.setdefault(places[player], []).append(player)
    shares: list[tuple[PlayerId, int]] = []
    for place in sorted(groups):
        group = groups[place]
        pooled = sum(by_place[place - 1: place - 1 + len(group)])
        parts = allocate(pooled, [1] * len(group))
        shares.extend(zip(group, parts, strict=True))
    return shares


# --- Lay-off (RULES.md 3.1) ------------------------------------------------------------

_POSITION = {rank: number for number, rank in enumerate(RANKS, start=1)}  # A 1 .. K 13


def _card_at(position: int, suit: str) -> str:
    return ("A" if position == 14 else RANKS[position - 1]) + suit


# A meld's shape for lay-offs: ("set", rank, suits, size, jokers) or
# ("run", suit, low, high, jokers) with positions 1 (ace low) .. 14 (ace high).
Shape = tuple


def meld_shape(cards: Sequence[str], rules: Rules) -> Shape | None:
    """A meld as laid -> its shape (set or run, where a run's ends are), or None if no meld."""
    naturals = [card for card in cards if card != JOKER]
    jokers = len(cards) - len(naturals)
    if len(cards) < 3 or not naturals:
        return None  # RULES.md 2 (reading): a meld needs a natural card
    if rules.max_jokers_per_meld is not None and jokers > rules.max_jokers_per_meld:
        return None
    ranks = {card[:-1] for card in naturals}
    suits = [card[-1] for card in naturals]
    if len(ranks) == 1 and len(cards) <= 4:
        if rules.set_distinct_suits and len(set(suits)) != len(suits):
            return None
        return ("set", naturals[0][:-1], frozenset(suits), len(cards), jokers)
    if len(set(suits)) != 1 or len(ranks) != len(naturals):
        return None
    for ace in (1, 14) if rules.ace_high else (1,):
        span = _run_span(cards, ace, rules)
        if span is not None:
            return ("run", suits[0], span[0], span[1], jokers)
    return None


def _run_span(cards: Sequence[str], ace: int, rules: Rules) -> tuple[int, int] | None:
    """Low and high position of a run, jokers where the laid order puts them."""
    top = 14 if rules.ace_high else 13
    placed = [(index, ace if card[:-1] == "A" else _POSITION[card[:-1]])
              for index, card in enumerate(cards) if card != JOKER]
    length = len(cards)

    def fits(low: int, high: int) -> bool:
        # Never around the corner, and one ace cannot stand at both ends.
        return 1 <= low and high <= top and not (low == 1 and high == 14)

    first_index, first_position = placed[0]
    for step in (1, -1):  # laid upwards or downwards
        start = first_position - step * first_index
        if all(position == start + step * index for index, position in placed):
            low, high = sorted((start, start + step * (length - 1)))
            if fits(low, high):
                return low, high
    positions = sorted(position for _, position in placed)
    low, high = positions[0], positions[-1]
    spare = length - (high - low + 1)
    if spare < 0:
        return None
    # As melds.py writes runs: extra jokers lengthen upwards first, then downwards.
    raised = min(top, high + spare)
    low -= spare - (raised - high)
    return (low, raised) if fits(low, raised) else None


def _joker_fits(jokers: int, rules: Rules) -> bool:
    return rules.max_jokers_per_meld is None or jokers < rules.max_jokers_per_meld


def _extensions(shape: Shape, rules: Rules) -> Iterable[tuple[str, str, Shape]]:
    """(end, card, new shape) for every single card that can be laid onto a meld."""
    if shape[0] == "set":
        _, rank, suits, size, jokers = shape
        if size >= 4:
            return
        for suit in SUITS:
            if not (rules.set_distinct_suits and suit in suits):
                yield "set", rank + suit, ("set", rank, suits | {suit}, size + 1, jokers)
        if _joker_fits(jokers, rules):
            yield "set", JOKER, ("set", rank, suits, size + 1, jokers + 1)
        return
    _, suit, low, high, jokers = shape
    top = 14 if rules.ace_high else 13
    ends = []
    if low > 1 and not (low == 2 and high == 14):
        ends.append(("low", low - 1, ("run", suit, low - 1, high, jokers)))
    if high < top and not (high == 13 and low == 1):
        ends.append(("high", high + 1, ("run", suit, low, high + 1, jokers)))
    for end, position, grown in ends:
        yield end, _card_at(position, suit), grown
        if _joker_fits(jokers, rules):
            yield end, JOKER, grown[:4] + (jokers + 1,)


class _Evaluator:
    """evaluate_hand with the answers remembered for one replay (lay-off asks often)."""

    def __init__(self, rules: Rules):
        self.rules = rules
        self.memo: dict[tuple[str, ...], tuple[int, tuple, tuple]] = {}

    def __call__(self, cards: Sequence[str]) -> tuple[int, tuple, tuple]:
        key = tuple(sorted(cards))
        found = self.memo.get(key)
        if found is None:
            if cards:
                result = evaluate_hand(list(cards), self.rules)
                found = (result.deadwood, tuple(tuple(m) for m in result.melds),
                         tuple(result.unmatched))
            else:
                found = (0, (), ())
            self.memo[key] = found
        return found


def best_lay_off(
    cards: Sequence[str],
    board: tuple[Shape, ...],
    closed: frozenset,
    rules: Rules,
    evaluate: "_Evaluator",
    *,
    one_per_end: bool,
) -> tuple[tuple[int, tuple, tuple], tuple[str, ...], tuple[Shape, ...], frozenset]:
    """The lay-off that leaves the least deadwood, tried exhaustively.

    Returns (evaluation of the cards kept, cards laid off in hand order, board after,
    ends used).
    `one_per_end` is seed 000 method 1: one card per run end, never onto an added
    card; otherwise (method 2) runs grow without restriction. Among equal results
    the fewest cards are laid off, leaving the ends to later players.
    """
    memo: dict = {}

    def search(hand: tuple[str, ...], board: tuple, closed: frozenset, first: int):
        # Lay-offs onto different melds commute, so they are tried in meld order only.
        key = (hand, board, closed, first)
        if key in memo:
            return memo[key]
        kept = evaluate(hand)
        best = ((kept[0], 0), kept, (), board, closed)
        held = set(hand)
        for index in range(first, len(board)):
            for end, card, grown in _extensions(board[index], rules):
                if card not in held or (one_per_end and (index, end) in closed):
                    continue
                rest = list(hand)
                rest.remove(card)
                now = board[:index] + (grown,) + board[index + 1:]
                ends = closed | {(index, end)} if one_per_end else closed
                score, result, laid, after, used = search(tuple(rest), now, ends, index)
                score = (score[0], score[1] + 1)
                if score < best[0]:
                    best = (score, result, (card, *laid), after, used)
        memo[key] = best
        return best

    _, result, laid, after, used = search(tuple(cards), board, closed, 0)
    return result, tuple(sorted(laid, key=cards.index)), after, used


# --- Replay ---------------------------------------------------------------------------


def replay(
    rules: Rules,
    players: Sequence[PlayerId],
    rounds: Sequence[RoundEntry] = (),
    rebuys: Sequence[RebuyEntry] = (),
    *,
    carried_in: int = 0,
    closed: bool = False,
    names: Mapping[PlayerId, str] | None = None,
) -> Game:
    """The game these facts make: standings, rounds, money and what comes next.

    `players` in seat order (the first deals first); `carried_in` is the pot a
    previous game of the table session left standing (RULES.md 3.5); `closed`
    ends a Punktespiel (RULES.md 3.6); `names` are what messages call the players
    (else a text id itself, a number as "Player 12").
    """
    table = _Table(rules, players, carried_in, closed, names or {})
    rebuys_after = _rebuys_by_round(rebuys, len(rounds))
    table.take_rebuys(rebuys_after.get(0, ()))
    for index, entry in enumerate(rounds):
        try:
            table.play(entry)
        except RulesError as error:
            raise error.at(f"rounds[{index}]") from None
        table.take_rebuys(rebuys_after.get(index + 1, ()))
    return table.finish()


def play_on(game: Game, entry: RoundEntry) -> Game:
    """`game` with the round `entry` played next: the same Game that replaying all its
    facts with `entry` added would give, at the cost of one round.

    `game` itself does not change. Errors name fields inside `entry` (`ender`,
    `hands[2].cards`), as a round form shows them.
    """
    if game._table is None:
        raise ValueError("play_on needs a Game made by replay or play_on")
    table = game._table.copy()
    table.play(entry)
    return table.finish()


def _name(player: PlayerId) -> str:
    return player if isinstance(player, str) else f"Player {player}"


def _rebuys_by_round(rebuys: Sequence[RebuyEntry], played: int) -> dict[int, list]:
    by_round: dict[int, list[tuple[int, RebuyEntry]]] = {}
    for index, entry in enumerate(rebuys):
        after = entry.after_round
        if isinstance(after, bool) or not isinstance(after, int) or after < 0:
            raise RebuyNotAllowed("after_round must be a round number",
                                  field=f"rebuys[{index}].after_round")
        if after > played:
            raise RebuyNotAllowed(f"Round {after} has not been played yet",
                                  field=f"rebuys[{index}].after_round")
        by_round.setdefault(after, []).append((index, entry))
    return by_round


@dataclass(slots=True)
class _Seat:
    player: PlayerId
    seat: int
    total: int = 0
    state: str = IN
    rebought: bool = False
    out_round: int | None = None


@dataclass(slots=True)
class _Hand:
    index: int
    player: PlayerId
    cards: tuple[str, ...] | None
    deadwood: int
    melds: tuple = ()
    unmatched: tuple = ()
    laid_off: tuple = ()

    @property
    def field(self) -> str:
        return f"hands[{self.index}].{'deadwood' if self.cards is None else 'cards'}"


class _Table:
    """The game while it is replayed: mutable, private, one round at a time."""

    def __init__(self, rules: Rules, players: Sequence[PlayerId], carried_in: int,
                 closed: bool, names: Mapping[PlayerId, str]):
        _check_game(rules, players, carried_in, closed)
        self.rules = rules
        self.names = names
        self.points_mode = rules.mode == "points"
        self.order = tuple(players)
        self.seats = {p: _Seat(p, seat) for seat, p in enumerate(self.order)}
        self.status = RUNNING
        self.contenders: tuple[PlayerId, ...] = ()  # who plays the decider
        self.dealer: PlayerId = self.order[0]
        self.winner: PlayerId | None = None
        self.closed = closed
        self.results: list[RoundResult] = []
        self.transfers: list[Transfer] = []
        self.balances = {account(p): 0 for p in self.order} | {POT: 0, KITTY: 0, CARRY: 0}
        self.accounts = {p: account(p) for p in self.order}
        self.bound = largest_deadwood(rules)
        self.evaluate = _Evaluator(rules)
        self.open_break(0)
        self.carried_out = 0
        if not self.points_mode:
            for player in self.order:
                self.move(self.accounts[player], POT, rules.buy_in, "buy_in", None)
            # RULES.md 3.5: the pot a dead player's knock left standing joins this one.
            self.move(CARRY, POT, carried_in, "carry_over", None)

    def copy(self) -> "_Table":
        """A table to play on that leaves this one (and the Game it made) as it is.

        Everything a round changes is copied; the rules, the seating and the evaluator's
        memo of hands (a cache of pure answers) are shared.
        """
        twin = copy.copy(self)
        twin.seats = {player: replace(seat) for player, seat in self.seats.items()}
        twin.results, twin.transfers = list(self.results), list(self.transfers)
        twin.balances, twin.offers = dict(self.balances), dict(self.offers)
        twin.totals_in = dict(self.totals_in)
        return twin

    def move(self, source: str, target: str, amount: int, kind: str, number: int | None):
        """Book one ledger movement; nothing moves for a zero amount."""
        if amount > 0:
            self.transfers.append(Transfer(source, target, amount, kind, number))
            self.balances[source] -= amount
            self.balances[target] += amount

    def name(self, player: PlayerId) -> str:
        """What messages call a player."""
        return self.names.get(player) or _name(player)

    def over(self) -> bool:
        """The game has ended: won, or its pot carried over."""
        return self.status in (FINISHED, CARRIED_OVER)

    def playing(self) -> tuple[PlayerId, ...]:
        """The participants of the next round, in seat order."""
        if self.over():
            return ()
        if self.status == DECIDER:
            return self.contenders
        # RULES.md 3.5: the dead keep playing; the out do not.
        return tuple(p for p in self.order if self.seats[p].state != OUT)

    def living(self) -> list[PlayerId]:
        """The players still in (not out, not dead), in seat order."""
        return [p for p in self.order if self.seats[p].state == IN]

    # -- a round ---------------------------------------------------------------------

    def play(self, entry: RoundEntry) -> None:
        """Check one round's input, then write its points, money and consequences."""
        rules = self.rules
        if self.over():
            how = ("the pot was carried over" if self.status == CARRIED_OVER
                   else f"{self.name(self.winner)} won it")
            raise GameOver(f"The game is over ({how}); no more rounds can be entered")
        number = len(self.results) + 1
        playing = self.playing()
        decider = self.status == DECIDER
        hands = self.check_hands(entry, playing)
        ender = entry.ender
        ender_hand = hands[ender]
        self.check_ender_melds(entry, ender_hand)
        check_knock(self.name(ender), ender_hand.deadwood, rules, field=ender_hand.field)
        self.lay_off(ender, playing, hands)

        start = len(self.transfers)
        recorded = [p for p in playing if self.seats[p].state != DEAD]
        if rules.rummy_kitty and not self.points_mode:
            # Seed 000: before each round every player still in pays into the Rummykasse;
            # RULES.md 3.5 (reading): the dead do not.
            for player in recorded:
                self.move(self.accounts[player], KITTY, rules.kitty_contribution, "kitty_in",
                          number)
        deadwood = {p: hands[p].deadwood for p in playing}
        rummy = is_rummy(deadwood[ender])
        winner, undercut, tied = round_winner(ender, deadwood, rules)
        self.pay_round(number, ender, winner, tied, rummy, playing, deadwood)

        bonus = rules.rummy_bonus_points if rummy and not self.points_mode else 0
        points = {}
        for player in playing:
            seat = self.seats[player]
            # RULES.md 3.5: a dead player's points are no longer written.
            if seat.state == DEAD:
                points[player] = 0
            else:
                points[player] = deadwood[player] + (bonus if player != ender else 0)
                seat.total += points[player]
        results = tuple(
            PlayerResult(p, deadwood[p], points[p], self.seats[p].total, hands[p].melds,
                         hands[p].unmatched, hands[p].laid_off)
            for p in playing
        )
        out = self.settle_outcome(number, ender, winner, decider, playing, recorded)
        dealer = self.dealer
        self.dealer = next_dealer(rules, self.order, dealer, winner, self.playing())
        self.results.append(RoundResult(
            number=number, ender=ender, dealer=dealer, winner=winner, rummy=rummy,
            undercut=undercut, decider=decider, results=results, out=out,
            rebuy_offers=self.open_break(number), transfers=tuple(self.transfers[start:]),
        ))

    def check_hands(self, entry: RoundEntry, playing: tuple[PlayerId, ...]) -> dict:
        """Every participant exactly once, each with a valid deadwood or hand of cards."""
        rules = self.rules
        if entry.ender not in self.seats:
            raise InvalidRound(f"{self.name(entry.ender)} is not a player in this game",
                               field="ender")
        if entry.ender not in playing:
            raise InvalidRound(self.not_playing(entry.ender), field="ender")
        hands: dict[PlayerId, _Hand] = {}
        any_cards = False
        for index, hand in enumerate(entry.hands):
            player = hand.player
            where = f"hands[{index}]"
            if player not in self.seats:
                raise InvalidRound(f"{self.name(player)} is not a player in this game",
                                   field=f"{where}.player")
            if player in hands:
                raise InvalidRound(f"{self.name(player)} is entered twice",
                                   field=f"{where}.player")
            if player not in playing:
                raise InvalidRound(self.not_playing(player), field=f"{where}.player")
            if hand.cards is None and hand.deadwood is None:
                raise InvalidRound(f"Enter {self.name(player)}'s deadwood or cards",
                                   field=where)
            if hand.cards is not None and hand.deadwood is not None:
                raise InvalidRound(f"Enter {self.name(player)}'s deadwood or cards, not both",
                                   field=where)
            if hand.cards is None:
                hands[player] = _Hand(index, player, None, self.check_deadwood(hand, where))
            else:
                any_cards = True
                hands[player] = _Hand(index, player, self.check_cards(hand, where), 0)
        missing = [p for p in playing if p not in hands]
        if missing:
            raise InvalidRound(
                f"The hand of {', '.join(map(self.name, missing))} is missing: every player "
                "of the round is entered", field="hands",
            )
        if any_cards:
            check_deck((hand.cards or () for hand in sorted(hands.values(),
                                                             key=lambda h: h.index)),
                       decks=rules.decks, jokers=rules.jokers)
            for hand in hands.values():
                if hand.cards is not None:
                    hand.deadwood, hand.melds, hand.unmatched = self.evaluate(hand.cards)
        return hands

    def not_playing(self, player: PlayerId) -> str:
        """Why a known player has no hand in this round."""
        seat = self.seats[player]
        if self.status == DECIDER:
            return f"{self.name(player)} does not play the decider"
        return f"{self.name(player)} is out since round {seat.out_round} and does not play"

    def check_deadwood(self, hand: HandEntry, where: str) -> int:
        """A typed deadwood: a whole number from 0 to what a hand can hold."""
        deadwood = hand.deadwood
        name = self.name(hand.player)
        if isinstance(deadwood, bool) or not isinstance(deadwood, int):
            raise InvalidRound(f"{name}'s deadwood must be a whole number",
                               field=f"{where}.deadwood")
        if deadwood < 0:
            raise InvalidRound(f"{name}'s deadwood cannot be negative",
                               field=f"{where}.deadwood")
        if deadwood > self.bound:
            held = ("the cards in play" if self.rules.free_hand_size
                    else f"a hand of {self.rules.hand_size} cards")
            raise InvalidRound(
                f"{name}'s deadwood of {deadwood} is more than {held} can hold "
                f"(at most {self.bound})", field=f"{where}.deadwood",
            )
        return deadwood

    def check_cards(self, hand: HandEntry, where: str) -> tuple[str, ...]:
        """Entered cards: canonical text, and hand_size of them unless sizes are free."""
        try:
            cards = tuple(parse_cards(hand.cards))
        except CardError as error:
            raise error.at(f"{where}.cards") from None
        size = self.rules.hand_size
        if not self.rules.free_hand_size and len(cards) != size:
            raise InvalidRound(
                f"{self.name(hand.player)} has {len(cards)} cards; a hand at the end of a "
                f"round has {size}", field=f"{where}.cards",
            )
        if not cards:
            raise InvalidRound(f"{self.name(hand.player)} has no cards",
                               field=f"{where}.cards")
        return cards

    def check_ender_melds(self, entry: RoundEntry, hand: _Hand) -> None:
        """Use the melds the ender laid, which lay-offs go onto (RULES.md 3.1)."""
        if entry.ender_melds is None:
            return
        if self.rules.lay_off == "none":
            raise InvalidRound("The ender's melds are only recorded when cards are laid off "
                               "(lay_off is none)", field="ender_melds")
        if hand.cards is None:
            raise InvalidRound("Enter the ender's cards to record the melds as laid",
                               field="ender_melds")
        left = Counter(hand.cards)
        melds = []
        for index, meld in enumerate(entry.ender_melds):
            where = f"ender_melds[{index}]"
            try:
                cards = tuple(parse_cards(meld))
            except CardError as error:
                raise error.at(where) from None
            if meld_shape(cards, self.rules) is None:
                raise InvalidRound(f"{' '.join(cards)} is not a meld", field=where)
            for card in cards:
                if left[card] <= 0:
                    raise InvalidRound(f"{card} in the ender's melds is not in the ender's hand",
                                       field=where)
                left[card] -= 1
            melds.append(cards)
        unmatched = []
        for card in hand.cards:
            if left[card] > 0:
                left[card] -= 1
                unmatched.append(card)
        values = self.rules.card_values
        # The melds as laid are the facts: the ender's deadwood is what they leave.
        hand.deadwood = sum(values["JK" if c == JOKER else c[:-1]] for c in unmatched)
        hand.melds, hand.unmatched = tuple(melds), tuple(unmatched)

    def lay_off(self, ender: PlayerId, playing: tuple[PlayerId, ...], hands: dict) -> None:
        """Opponents lay cards off in seat order after the ender (seed 000, two methods)."""
        method = self.rules.lay_off
        if method == "none":
            return
        at = playing.index(ender)
        opponents = playing[at + 1:] + playing[:at]
        board: tuple = ()
        closed: frozenset = frozenset()
        right = hands[ender]  # method 2: each lays onto the melds of the player to the right
        if method == "knocker_melds" and right.cards is not None:
            board = self.shapes(right.melds)
        for player in opponents:
            hand = hands[player]
            if method == "right_neighbour":
                board = self.shapes(right.melds) if right.cards is not None else ()
                closed = frozenset()
                right = hand
            if hand.cards is None or not board:
                continue
            (hand.deadwood, hand.melds, hand.unmatched), hand.laid_off, board, closed = (
                best_lay_off(hand.cards, board, closed, self.rules, self.evaluate,
                             one_per_end=method == "knocker_melds")
            )

    def shapes(self, melds: Iterable[Sequence[str]]) -> tuple[Shape, ...]:
        """The lay-off shapes of a player's melds."""
        found = (meld_shape(meld, self.rules) for meld in melds)
        return tuple(shape for shape in found if shape is not None)

    def pay_round(self, number, ender, winner, tied, rummy, playing, deadwood) -> None:
        """The round's money: point settlement, premiums or the undercut tie, the kitty."""
        rules = self.rules
        if self.points_mode:
            # RULES.md 3.6: the ender receives every other player's deadwood times point_value.
            for player in playing:
                if player != ender:
                    self.move(self.accounts[player], self.accounts[ender],
                              deadwood[player] * rules.point_value, "point_settlement", number)
            return
        if winner is None:
            # Seed 000 undercut: two or more tie below the knocker, the rest pay into the pot.
            for player in playing:
                if player not in tied:
                    self.move(self.accounts[player], POT, rules.knock_premium, "undercut_tie",
                              number)
        else:
            amount, kind = ((rules.effective_rummy_premium, "rummy_premium") if rummy
                            else (rules.knock_premium, "knock_premium"))
            for player in playing:
                if player != winner:
                    self.move(self.accounts[player], self.accounts[winner], amount, kind, number)
        if rummy and rules.rummy_kitty and self.seats[ender].state != DEAD:
            # Seed 000: the Rummy ender takes the whole kitty at once, this round's included.
            self.move(KITTY, self.accounts[ender], self.balances[KITTY], "kitty_win", number)

    def settle_outcome(self, number, ender, winner, decider, playing, recorded) -> tuple:
        """Who is out after the round, and whether the game ends, goes to a decider or on."""
        rules = self.rules
        if self.points_mode:
            return ()  # RULES.md 3.6: no elimination
        gone_state = DEAD if rules.dead_play_on else OUT
        if decider:
            if winner is None:
                return ()  # (reading) an undercut tie repeats the decider
            losers = tuple(p for p in playing if p != winner)
            self.finish_with(winner, losers, gone_state, number)
            return losers
        over = tuple(p for p in recorded if is_out(self.seats[p].total, rules))
        living = [p for p in recorded if p not in over]
        ender_dead = self.seats[ender].state == DEAD
        if not living and recorded:
            if ender_dead:
                # RULES.md 3.5: a dead player's knock put the last living out: the pot stays.
                self.mark_out(over, gone_state, number)
                self.status = CARRIED_OVER
                return over
            if len(over) == 1:
                # (reading) a decider among one player: the plays_on survivor's own knock.
                self.finish_with(over[0], (), gone_state, number)
                return ()
            # Seed 000: all went over together, so they play a decider.
            self.status, self.contenders = DECIDER, over
            return ()
        self.mark_out(over, gone_state, number)
        if len(living) == 1:
            last = living[0]
            survivor_won = len(recorded) == 1 and winner == last
            if not (rules.dead_play_on and rules.dead_last_living == "plays_on") or survivor_won:
                self.finish_with(last, (), gone_state, number)
        return over

    def mark_out(self, players, state, number) -> None:
        """Players out (or dead) in round `number`."""
        for player in players:
            seat = self.seats[player]
            seat.state, seat.out_round = state, number

    def finish_with(self, winner, losers, state, number) -> None:
        """The game is won; `losers` go out in this round."""
        self.mark_out(losers, state, number)
        self.status, self.winner, self.contenders = FINISHED, winner, ()

    # -- re-buys ---------------------------------------------------------------------

    def open_break(self, number: int) -> tuple[RebuyOffer, ...]:
        """The re-buy offers of the break after round `number`, computed once from the totals
        right after the round, so all who re-buy in one break get the same target (RULES.md 3.3).
        """
        rules = self.rules
        self.rebuy_closed = None
        if self.points_mode:
            self.rebuy_closed = "There is no re-buy in the Punktespiel"
        elif not rules.rebuy:
            self.rebuy_closed = "Re-buys are off in this game"
        elif self.over():
            self.rebuy_closed = "The game is over"
        elif number == 0:
            self.rebuy_closed = "A re-buy is taken after a round; no round has been played yet"
        self.offers: dict[PlayerId, RebuyOffer] = {}
        self.totals_in: dict[PlayerId, int] = {}
        if self.rebuy_closed:
            return ()
        self.totals_in = {p: self.seats[p].total for p in self.living()}
        if len(self.totals_in) < rules.rebuy_min_players:
            return ()
        for player, total in self.totals_in.items():
            if rules.rebuy_from <= total < rules.eliminate_at and not self.seats[player].rebought:
                target = rebuy_target(player, self.totals_in, rules)
                if target is not None:
                    self.offers[player] = RebuyOffer(player, target, rules.effective_rebuy_cost)
        return tuple(self.offers.values())

    def no_offer(self, player: PlayerId) -> str:
        """Why the open break has no re-buy offer for `player`."""
        rules = self.rules
        seat = self.seats[player]
        name = self.name(player)
        total = self.totals_in.get(player, seat.total)
        if seat.state != IN:
            return f"{name} is {seat.state}"
        if seat.rebought:
            return f"{name} has already re-bought; a re-buy is allowed once per game"
        if not rules.rebuy_from <= total < rules.eliminate_at:
            return (f"{name} has {total} points; a re-buy is open from {rules.rebuy_from} "
                    f"to {rules.eliminate_at - 1} points")
        if len(self.totals_in) < rules.rebuy_min_players:
            return f"No re-buy with fewer than {rules.rebuy_min_players} players still in"
        return (f"No other player still in has fewer than {rules.rebuy_from} points, so "
                "there is no total to re-buy to")

    def break_entry(self, player: PlayerId) -> RebuyOffer | str | None:
        """The open break's offer for `player`, else why there is none."""
        if self.rebuy_closed or player not in self.seats:
            return None
        return self.offers.get(player) or self.no_offer(player)

    def take_rebuys(self, entries: Iterable[tuple[int, RebuyEntry]]) -> None:
        """Re-buys taken in the open break: pay into the pot, total set to the target."""
        for index, entry in entries:
            player = entry.player
            seat = self.seats.get(player)
            reason = rebuy_refusal(
                self.name(player), known=seat is not None, closed=self.rebuy_closed,
                round_count=len(self.results), rebought=seat is not None and seat.rebought,
                offer=self.break_entry(player),
            )
            if reason:
                raise RebuyNotAllowed(reason, field=f"rebuys[{index}].player")
            offer = self.offers[player]
            self.move(self.accounts[player], POT, offer.cost, "rebuy", entry.after_round)
            seat.total, seat.rebought = offer.target, True

    # -- the end ---------------------------------------------------------------------

    def finish(self) -> Game:
        """Close the replay: payout or carried pot when the game ended, then the Game."""
        rules = self.rules
        if self.points_mode and self.closed:
            self.status = FINISHED
            self.open_break(len(self.results))
        places: dict[PlayerId, int] = {}
        payouts: list[tuple[PlayerId, int]] = []
        if not self.points_mode and self.status != CARRIED_OVER:
            places = placings(self.order, self.winner,
                              {p: seat.out_round for p, seat in self.seats.items()},
                              {p: seat.total for p, seat in self.seats.items()})
        if self.status == FINISHED and not self.points_mode:
            split = pot_split(rules, len(self.order))
            for player, amount in pot_shares(self.balances[POT], split, places, self.order):
                self.move(POT, self.accounts[player], amount, "payout", None)
                if amount:
                    payouts.append((player, amount))
            # Seed 000: the winner takes what is left in the kitty, even when the pot is split.
            self.move(KITTY, self.accounts[self.winner], self.balances[KITTY], "kitty_final",
                      None)
        elif self.status == CARRIED_OVER:
            self.carried_out = self.balances[POT] + self.balances[KITTY]
            self.move(POT, CARRY, self.balances[POT], "carry_over", None)
            self.move(KITTY, CARRY, self.balances[KITTY], "carry_over", None)
        standings = tuple(
            Standing(
                player=p, seat=seat.seat, total=seat.total, state=seat.state,
                rebought=seat.rebought,
                rebuy=None if seat.rebought else self.offers.get(p),
                balance=self.balances[self.accounts[p]], place=places.get(p),
                out_round=seat.out_round,
            )
            for p, seat in self.seats.items()
        )
        count = len(self.results)
        return Game(
            status=self.status, round_count=count, next_round=count + 1,
            next_dealer=None if self.over() else self.dealer,
            next_participants=self.playing(), pot=self.balances[POT],
            kitty=self.balances[KITTY], carried_out=self.carried_out, standings=standings,
            rounds=tuple(self.results), transfers=tuple(self.transfers), winner=self.winner,
            payouts=tuple(payouts), balances=dict(self.balances),
            rebuy_closed=self.rebuy_closed,
            rebuy_break={p: self.break_entry(p) for p in self.order},
            names=dict(self.names),
            _table=self,
        )


def _check_game(rules: Rules, players: Sequence[PlayerId], carried_in: int,
                closed: bool) -> None:
    """Refuse a game that cannot be played: wrong family, seating, carried pot or closing."""
    if rules.family != "knock":
        raise InvalidRules("These rules are not of the knock family (Wiener Rummy, Rommé)",
                           field="rules.family")
    if len(players) < 2:
        raise InvalidRules("A game needs at least 2 players", field="players")
    seen = set()
    for index, player in enumerate(players):
        if isinstance(player, bool) or not isinstance(player, int | str):
            raise InvalidRules("A player is named by a number or a text",
                               field=f"players[{index}]")
        if player in seen:
            raise InvalidRules(f"{_name(player)} is seated twice", field=f"players[{index}]")
        seen.add(player)
    if isinstance(carried_in, bool) or not isinstance(carried_in, int) or carried_in < 0:
        raise InvalidRules("The carried pot is an amount of zero or more", field="carried_in")
    if carried_in and rules.mode == "points":
        raise InvalidRules("The Punktespiel has no pot to carry a pot into", field="carried_in")
    if closed and rules.mode != "points":
        raise InvalidRules("Only a Punktespiel is closed by hand; a game with a pot ends when "
                           "one player is left", field="closed")
