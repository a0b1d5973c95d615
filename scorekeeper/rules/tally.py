"""The families that add points round by round (docs/rules.md 9 and 10): Basic Rummy and
Rami. Their rounds are scored differently, their games are kept alike.

A family module gives a `Scorer`: it checks one round's entry and says each player's
points in parts. This module keeps the rest, the same for both: who plays and who deals,
the totals, when a game is over (a target reached, a game closed by hand, or in Rami's
elimination mode one player left), the places and every money movement.

The game keeps the core's result types (Game, RoundResult, Standing, Transfer), so the
app reads every family the same way. Error positions are inside replay's arguments:
`rounds[3].hands[1].cards`, `rounds[3].penalties[0].points`.
"""

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol

from .cards import JOKER, check_deck, parse_cards
from .core import (
    POT,
    Game,
    HandEntry,
    PlayerId,
    PlayerResult,
    RebuyEntry,
    RoundEntry,
    RoundResult,
    Standing,
    Table,
    as_kind,
    check_carried_in,
    check_player_ids,
    rules_digest,
)
from .core.hands import check_deadwood
from .core.payout import placings, pot_shares, pot_split
from .errors import (
    CardError,
    Collected,
    GameOver,
    InvalidRound,
    InvalidRules,
    Message,
    Part,
    RulesError,
    SnapshotError,
    TooManyCopies,
)
from .handvalues import largest_deadwood
from .presets import Rules, face_values
from .status import GameStatus, PlayerState

SNAPSHOT_FORMAT = 1

# docs/rules.md 9 and 10, 6.6: what the rule sets of both families start from. Their money is
# a payment per point (and Rami's elimination mode a pot), never a knock premium.
TALLY = {
    **Rules().to_dict(),
    "decks": 1,
    "jokers": 0,
    "ace_in_runs": "low",
    "card_values": face_values(A=1, JK=0),
    "knock_limit": 0,
    "rummy_bonus_points": 0,
    "lay_off": "none",
    "rebuy": False,
    "buy_in": "0.00",
    "knock_premium": "0.00",
    "rummy_premium": None,
    "pot_split": [100],
    "pot_split_min_players": 2,
    "dealer_rule": "rotate",
    "point_value": "0.10",
}


def check_no_pot(rules: Rules) -> None:
    """Only Rami's elimination mode plays for a pot: no buy-in otherwise."""
    if rules.buy_in and rules.mode != "elimination":
        raise InvalidRules("buy_in_without_pot", where=("rules", "buy_in"), code="out_of_range")

# --- A round's hands --------------------------------------------------------------------


@dataclass(slots=True)
class Held:
    """One player's entry as checked: the value of the cards left in hand, and (Rami)
    what was laid. `laid` is None when it was not given."""

    index: int
    player: PlayerId
    value: int = 0
    cards: tuple[str, ...] = ()
    laid: int | None = None
    melds: tuple[tuple[str, ...], ...] = ()


class Parts(NamedTuple):
    """A player's points in a round, by name (docs/rules.md 9.2, 10.2, 10.5)."""

    points: int
    laid: int = 0
    hand: int = 0
    bonus: int = 0
    penalty: int = 0
    multiplier: int = 1


class Scored(NamedTuple):
    """A round as a family scored it."""

    parts: dict[PlayerId, Parts]
    held: dict[PlayerId, Held]
    finish: str = ""
    nobody_else_laid: bool = False


class Round(NamedTuple):
    """What a scorer is told about the round it scores."""

    entry: RoundEntry
    rules: Rules
    seated: tuple[PlayerId, ...]
    playing: tuple[PlayerId, ...]
    name: Callable[[PlayerId], str]
    out_round: Mapping[PlayerId, int | None]


class Scorer(Protocol):
    def __call__(self, round_: Round) -> Scored: ...


def hand_value(cards: Sequence[str], rules: Rules) -> int:
    """The points of cards held at the end of a round: every card counts whole."""
    values = rules.card_values
    return sum(values[JOKER if card == JOKER else card[:-1]] for card in cards)


def check_ender(round_: Round) -> PlayerId:
    """The player who went out: named, seated and still playing."""
    ender = round_.entry.ender
    if ender is None:
        raise InvalidRound("went_out_missing", where=("ender",))
    check_plays(round_, ender, ("ender",))
    return ender


def check_plays(round_: Round, player: PlayerId, where: tuple[Part, ...]) -> None:
    if player not in round_.out_round:
        raise InvalidRound("not_a_player", {"name": round_.name(player)}, where=where)
    if player not in round_.playing:
        raise InvalidRound("player_out", {"name": round_.name(player),
                                          "round": round_.out_round[player]}, where=where)


def check_hands(round_: Round, ender: PlayerId, *,
                laid: Callable[[HandEntry, Held, tuple[Part, ...]], None] | None = None,
                ender_entered: bool = False) -> dict[PlayerId, Held]:
    """Every player of the round once; the one who went out holds nothing, every other
    gives the hand's points or its cards. `laid` checks what a Rami player laid; without
    it, laying is not entered in this family. `ender_entered`: the one who went out is
    entered too (for what they laid)."""
    rules, name = round_.rules, round_.name
    bound = largest_deadwood(rules)
    held: dict[PlayerId, Held] = {}
    # Each hand is checked on its own (what was laid and what is held apart), so every bad
    # entry is said at once; "missing" waits for a clean seating, the deck for clean cards.
    found = Collected()
    seated_right = True
    for index, hand in enumerate(round_.entry.hands):
        where = ("hands", index)
        player = hand.player
        try:
            check_plays(round_, player, (*where, "player"))
            if player in held:
                raise InvalidRound("player_entered_twice", {"name": name(player)},
                                   where=(*where, "player"))
        except RulesError as error:
            found.add(error)
            seated_right = False
            continue
        entry = Held(index, player)
        held[player] = entry
        with found:
            if laid is not None:
                laid(hand, entry, where)
            elif hand.laid is not None or hand.laid_melds is not None:
                raise InvalidRound("laid_only_rami", where=(*where, "laid"))
        with found:
            check_held(hand, entry, rules, bound, where=where, name=name,
                       went_out=player == ender)
    missing = [p for p in round_.playing if p not in held and (p != ender or ender_entered)]
    if missing and seated_right:
        found.add(InvalidRound("hand_missing", {"names": ", ".join(map(name, missing)),
                                                "count": len(missing)}, where=("hands",)))
    held.setdefault(ender, Held(len(round_.entry.hands), ender))
    with found:
        check_round_deck(held.values(), rules)
    found.raise_any()
    return held


def check_held(hand: HandEntry, entry: Held, rules: Rules, bound: int, *,
               where: tuple[Part, ...], name: Callable[[PlayerId], str],
               went_out: bool) -> None:
    """What a player holds: nothing for the one who went out, else points or cards."""
    player = hand.player
    if went_out:
        if hand.deadwood or hand.cards:
            raise InvalidRound("went_out_holding", {"name": name(player)},
                               where=(*where, "cards" if hand.cards else "deadwood"))
        return
    if hand.cards is None and hand.deadwood is None:
        raise InvalidRound("deadwood_or_cards", {"name": name(player)}, where=where)
    if hand.cards is not None and hand.deadwood is not None:
        raise InvalidRound("deadwood_and_cards", {"name": name(player)}, where=where)
    if hand.cards is None:
        entry.value = check_deadwood(hand, rules, bound, where=where, name=name)
    else:
        entry.cards = check_held_cards(hand, rules, where=(*where, "cards"), name=name)
        entry.value = hand_value(entry.cards, rules)


def check_round_deck(held, rules: Rules) -> None:
    """No more copies of a card in the round than the decks hold, laid or in hand; the
    error names the melds or the hand where one too many appears."""
    places, groups = [], []
    for entry in sorted(held, key=lambda h: h.index):
        places.append(("hands", entry.index, "laid_melds"))
        groups.append([card for meld in entry.melds for card in meld])
        places.append(("hands", entry.index, "cards"))
        groups.append(entry.cards)
    try:
        check_deck(groups, decks=rules.decks, jokers=rules.jokers)
    except TooManyCopies as error:
        # check_deck names the group (`hands[i].cards`, i its index in `groups`).
        error.where = places[error.where[1]]
        raise


def check_held_cards(hand: HandEntry, rules: Rules, *, where: tuple[Part, ...],
                     name: Callable[[PlayerId], str]) -> tuple[str, ...]:
    """Cards left in a hand: one at least, and no more than were dealt."""
    try:
        cards = tuple(parse_cards(hand.cards))
    except CardError as error:
        raise error.at(*where) from None
    if not cards:
        raise InvalidRound("no_cards", {"name": name(hand.player)}, where=where)
    if len(cards) > rules.hand_size:
        raise InvalidRound("held_too_many", {"name": name(hand.player), "count": len(cards),
                                             "hand_size": rules.hand_size}, where=where)
    return cards


# --- The game --------------------------------------------------------------------------


def eliminates(rules: Rules) -> bool:
    """Rami's elimination mode: lowest wins, out past the limit, the last one in takes the
    pot (docs/rules.md 10.5)."""
    return rules.family == "rami" and rules.mode == "elimination"


def check_seating(rules: Rules, players: Sequence[PlayerId], *, family: str, title: str,
                  most: int) -> None:
    """The family's number of players, with cards enough to deal them all."""
    if rules.family != family:
        raise InvalidRules("family_not_playable", {"family": rules.family},
                           where=("rules", "family"), code="family_not_playable")
    if not 2 <= len(players) <= most:
        raise InvalidRules("family_players", {"family": title, "low": 2, "high": most,
                                              "given": len(players)}, where=("players",))
    check_player_ids(players)
    cards = rules.decks * 52 + rules.jokers
    if len(players) * rules.hand_size >= cards:  # and one card at least for the stock
        raise InvalidRules("too_few_cards", {"players": len(players),
                                             "hand_size": rules.hand_size, "cards": cards},
                           where=("players",))


class TallyTable(Table):
    """The game while it is played: mutable, private, one round at a time."""

    def __init__(self, rules: Rules, players: Sequence[PlayerId], carried_in: int,
                 closed: bool, names: Mapping[PlayerId, str], family: "TallyRules"):
        check_carried_in(carried_in)
        self.pot_game = eliminates(rules)
        if carried_in and not self.pot_game:
            raise InvalidRules("carried_pot_no_pot", where=("carried_in",))
        if closed and self.pot_game:
            raise InvalidRules("closed_with_pot", where=("closed",))
        super().__init__(rules, players, names)
        self.family, self.scorer, self.closed = family, family.scorer, closed
        self.totals = dict.fromkeys(self.order, 0)
        self.out_round: dict[PlayerId, int | None] = dict.fromkeys(self.order)
        self.dealer = self.order[0]
        self.winner: PlayerId | None = None

    def copy(self) -> "TallyTable":
        twin = super().copy()
        twin.totals, twin.out_round = dict(self.totals), dict(self.out_round)
        return twin

    def start(self, carried_in: int) -> None:
        """Elimination mode's buy-ins and a pot an earlier game of the evening left."""
        if self.pot_game:
            self.buy_in(carried_in)

    def playing(self) -> tuple[PlayerId, ...]:
        return tuple(p for p in self.order if self.out_round[p] is None)

    def over(self) -> bool:
        return self.winner is not None

    # -- a round ---------------------------------------------------------------------------

    def play(self, entry: RoundEntry) -> None:
        if self.over():
            raise GameOver("game_over_won", {"name": self.name(self.winner)})
        if self.closed:
            raise GameOver("game_over_closed")
        entry = as_kind(self.family.round_entry, entry)
        number = self.played + 1
        playing = self.playing()
        scored = self.scorer(Round(entry, self.rules, self.order, playing, self.name,
                                   self.out_round))
        start = len(self.transfers)
        for player in playing:
            self.totals[player] += scored.parts[player].points
        ender = entry.ender
        if self.family.pays_each_round:
            # docs/rules.md 9.3: each other player pays the one who went out at once.
            for player in playing:
                if player != ender:
                    self.move(self.accounts[player], self.accounts[ender],
                              scored.held[player].value * self.rules.point_value,
                              "point_settlement", number)
        out: tuple[PlayerId, ...] = ()
        if self.pot_game:
            # docs/rules.md 10.5: out only past the limit ("die Spieler, die eine vorher
            # festgelegte Punktzahl überschreiten, eliminiert"); a total of 500 stays in.
            out = tuple(p for p in playing if self.totals[p] > self.rules.eliminate_at)
            if len(out) == len(playing):
                # docs/rules.md 10.8 (our reading): when every player still in passes the
                # limit at once, those with the lowest total stay in.
                lowest = min(self.totals[p] for p in out)
                out = tuple(p for p in out if self.totals[p] != lowest)
            for player in out:
                self.out_round[player] = number
            left = self.playing()
            if len(left) == 1:
                self.winner = left[0]
        else:
            self.winner = self.leader(reached=True)
        results = tuple(
            PlayerResult(
                player, scored.held[player].value, scored.parts[player].points,
                self.totals[player], scored.held[player].melds, scored.held[player].cards,
                laid=scored.parts[player].laid, hand=scored.parts[player].hand,
                bonus=scored.parts[player].bonus, penalty=scored.parts[player].penalty,
                multiplier=scored.parts[player].multiplier,
            )
            for player in playing
        )
        self.results.append(RoundResult(
            number=number, ender=ender, dealer=self.dealer, winner=ender,
            rummy=scored.finish in ("rummy", "own_cards"), undercut=False, decider=False,
            results=results, out=out, rebuy_offers=(), transfers=tuple(self.transfers[start:]),
            finish=scored.finish, nobody_else_laid=scored.nobody_else_laid,
        ))
        self.played = number
        self.dealer = self.next_dealer()

    def leader(self, *, reached: bool) -> PlayerId | None:
        """The one highest total, once a total reached the target (`reached`), else None;
        a tie for the top plays on (docs/rules.md 9.3, 10.7)."""
        best = max(self.totals.values())
        top = [p for p in self.order if self.totals[p] == best]
        if len(top) != 1 or (reached and best < self.rules.game_target):
            return None
        return top[0]

    def next_dealer(self) -> PlayerId | None:
        """The deal passes to the next seat still in."""
        left = self.playing()
        if not left or self.over():
            return None
        index = self.order.index(self.dealer)
        for step in range(1, len(self.order) + 1):
            player = self.order[(index + step) % len(self.order)]
            if player in left:
                return player
        return None

    # -- the end ---------------------------------------------------------------------------

    def finish(self) -> Game:
        """The game as it stands; once over, its money settled first."""
        if self.closed and self.winner is None:
            self.winner = self.leader(reached=False)
            if self.winner is None:
                best = max(self.totals.values())
                tied = [self.name(p) for p in self.order if self.totals[p] == best]
                raise InvalidRules("closed_tied_top", {"names": ", ".join(tied)},
                                   where=("closed",))
        if self.over() and self.payouts is None:
            self.settle()
        return self.game()

    def settle(self) -> None:
        """Rami: the pot to the places, or each other player pays the difference to the
        winner (docs/rules.md 10.7). Basic Rummy paid every round already."""
        self.payouts = []
        if self.pot_game:
            split = pot_split(self.rules, len(self.order))
            self.pay_pot(pot_shares(self.balances[POT], split, self.places(), self.order))
        elif not self.family.pays_each_round:
            best = self.totals[self.winner]
            for player in self.order:
                if player != self.winner:
                    self.move(self.accounts[player], self.accounts[self.winner],
                              (best - self.totals[player]) * self.rules.point_value,
                              "point_settlement", None)

    def places(self) -> dict[PlayerId, int]:
        """Once over: by going out (later is better) in elimination mode, else by total,
        highest first; equal totals share a place."""
        if not self.over():
            return {}
        if self.pot_game:
            return placings(self.order, self.winner, self.out_round, self.totals)
        places = {}
        ranked = sorted(self.order, key=lambda p: (p != self.winner, -self.totals[p]))
        for index, player in enumerate(ranked):
            earlier = ranked[index - 1] if index else None
            same = earlier is not None and earlier != self.winner and (
                self.totals[earlier] == self.totals[player])
            places[player] = places[earlier] if same else index + 1
        return places

    def game(self) -> Game:
        places = self.places()
        over = self.over()
        standings = tuple(
            Standing(
                player=p, seat=seat, total=self.totals[p],
                state=PlayerState.IN if self.out_round[p] is None else PlayerState.OUT,
                rebought=False, rebuy=None, balance=self.balances[self.accounts[p]],
                place=places.get(p), out_round=self.out_round[p],
            )
            for seat, p in enumerate(self.order)
        )
        return Game(
            status=GameStatus.FINISHED if over else GameStatus.RUNNING,
            round_count=self.played, next_round=self.played + 1,
            next_dealer=None if over else self.dealer,
            next_participants=() if over else self.playing(), pot=self.balances[POT],
            kitty=0, carried_out=0, standings=standings, rounds=tuple(self.results),
            transfers=tuple(self.transfers), winner=self.winner,
            payouts=tuple(self.payouts or ()), balances=dict(self.balances),
            rebuy_closed=Message("rebuy_off"), rebuy_break=dict.fromkeys(self.order),
            names=dict(self.names), rules=self.rules, whole=self.whole, _table=self,
        )


# --- What a family module gives the seam -----------------------------------------------------


@dataclass(frozen=True)
class TallyRules:
    """One family's scorer, its round entry and its seating, made into replay, play_on,
    snapshot and resume."""

    family: str
    title: str
    most_players: int
    scorer: Scorer
    round_entry: type[RoundEntry]
    # Basic Rummy pays each round at once (docs/rules.md 9.3); Rami the difference at the
    # end (10.7).
    pays_each_round: bool

    def table(self, rules: Rules, players: Sequence[PlayerId], carried_in: int, closed: bool,
              names: Mapping[PlayerId, str] | None) -> TallyTable:
        check_seating(rules, players, family=self.family, title=self.title,
                      most=self.most_players)
        return TallyTable(rules, players, carried_in, closed, names or {}, self)

    def replay(self, rules: Rules, players: Sequence[PlayerId],
               rounds: Sequence[RoundEntry] = (), rebuys: Sequence[RebuyEntry] = (), *,
               carried_in: int = 0, closed: bool = False,
               names: Mapping[PlayerId, str] | None = None) -> Game:
        """The game these facts make; `players` in seat order, the first deals first."""
        table = self.table(rules, players, carried_in, closed, names)
        if rebuys:
            raise InvalidRound("rebuy_off", where=("rebuys", 0, "player"))
        table.start(carried_in)
        closing, table.closed = table.closed, False
        for index, entry in enumerate(rounds):
            try:
                table.play(entry)
            except RulesError as error:
                raise error.at("rounds", index) from None
        table.closed = closing
        return table.finish()

    @staticmethod
    def play_on(game: Game, entry: RoundEntry) -> Game:
        """`game` with one more round, the same Game a replay with it would give."""
        return TallyTable.play_on(game, entry)

    @staticmethod
    def snapshot(game: Game) -> dict[str, Any]:
        """The state as JSON-able data, as large as the seating."""
        table = TallyTable.of(game)
        seat_of = {player: index for index, player in enumerate(table.order)}
        return {
            "format": SNAPSHOT_FORMAT,
            "family": table.rules.family,
            "rules": rules_digest(table.rules),
            "players": list(table.order),
            "rounds": table.played,
            "closed": table.closed,
            "totals": [table.totals[p] for p in table.order],
            "out": [table.out_round[p] for p in table.order],
            "dealer": None if table.dealer is None else seat_of[table.dealer],
            "winner": None if table.winner is None else seat_of[table.winner],
            "balances": table.balance_list(),
            "payouts": None if table.payouts is None else [
                [seat_of[p], amount] for p, amount in table.payouts],
        }

    def resume(self, rules: Rules, players: Sequence[PlayerId], data: Mapping[str, Any], *,
               carried_in: int = 0, closed: bool = False,
               names: Mapping[PlayerId, str] | None = None) -> Game:
        """The Game a snapshot was taken of; SnapshotError for another format, rule set,
        seating or closing."""
        table = self.table(rules, players, carried_in, closed, names)
        if not isinstance(data, Mapping) or data.get("format") != SNAPSHOT_FORMAT:
            raise SnapshotError("the snapshot is of another format: replay the game")
        if data.get("family") != rules.family or data.get("rules") != rules_digest(rules):
            raise SnapshotError("the snapshot is of other rules: replay the game")
        if data.get("players") != list(table.order):
            raise SnapshotError("the snapshot is of another seating: replay the game")
        if data.get("closed") != closed:
            raise SnapshotError("the snapshot was taken before the game was closed: replay")
        order = table.order
        try:
            table.played = int(data["rounds"])
            table.totals = {p: int(total) for p, total in zip(order, data["totals"],
                                                               strict=True)}
            table.out_round = dict(zip(order, data["out"], strict=True))
            table.dealer = None if data["dealer"] is None else order[data["dealer"]]
            table.winner = None if data["winner"] is None else order[data["winner"]]
            table.restore_balances(data["balances"])
            payouts = data["payouts"]
            table.payouts = None if payouts is None else [(order[s], int(a))
                                                          for s, a in payouts]
        except (KeyError, IndexError, TypeError, ValueError) as error:
            raise SnapshotError(f"the snapshot cannot be read ({error!r}): replay the game") \
                from None
        table.whole = False
        return table.finish()

    @staticmethod
    def is_over(game: Game) -> bool:
        return game.status.ended
