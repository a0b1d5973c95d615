"""Gin Rummy (docs/rules.md 8), replayed from its facts: a match of two players to the
game target, a ring game of 1 to 3 rounds, or a single-table tournament of two to four.

A round is a knock (or gin) by one of the match's two players, or a void round. The
rules of a round, one function each: `score_round` (knock, gin, undercut), `final_account`
(total + game bonus + boxes), `match_winner`, `pool_shares`. The game keeps the
core's result types (Game, RoundResult, Standing, Transfer) so that the app reads every
family the same way; what only Gin has (boxes, the final account, the matches) is in
their Gin fields. The snapshot and resume are in gin_snapshot.py; what the variants
(Oklahoma, the Big Gin, the shutout) are is in gin_variants.py, played here; Hollywood's
three games at once are in gin_hollywood.py.

Error positions are inside replay's arguments, as in the knock family: `rounds[3].ender`,
`rounds[3].hands[1].cards`.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import NamedTuple

from .core import (
    POT,
    Game,
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
)
from .core.hands import Seating, check_ender_melds, check_hands
from .errors import (
    CardError,
    FalseKnock,
    GameOver,
    InvalidRound,
    InvalidRules,
    Message,
    Part,
    RulesError,
)
from .gin_hollywood import HollywoodPlay, check_hollywood, hollywood_games
from .gin_variants import (
    Deal,
    check_big_gin,
    check_oklahoma_options,
    deal_terms,
    oklahoma_defaults,
    shutout_doubles,
)
from .handvalues import largest_deadwood
from .layoff import Evaluator, lay_off
from .money import allocate
from .presets import FamilyRules, Rules, check_between, face_values
from .status import GameStatus, PlayerState

# docs/rules.md 8.7: "Single Table Gin Rummy Tourniere sind ... für 2 - 4 Spieler".
TOURNAMENT_PLAYERS = (2, 3, 4)
# A tournament of three gives one player a bye into the final (docs/rules.md 8.7).
BYE_PLAYERS = 3
# The final's match number, whatever the tournament's size: the API's `match` names it so.
FINAL = 3

# --- The rule sets (docs/rules.md 6.6 and 8) --------------------------------------------------

GIN = {
    **Rules().to_dict(),
    "family": "gin",
    "decks": 1,
    "jokers": 0,
    "ace_in_runs": "low",
    "card_values": face_values(A=1, JK=0),
    "knock_limit": 10,
    "rummy_bonus_points": 0,
    "lay_off": "knocker_melds_free",
    "rebuy": False,
    "buy_in": "0.00",
    "knock_premium": "0.00",
    "rummy_premium": None,
    "pot_split": [100],
    "pot_split_min_players": 2,
    "dealer_rule": "winner_deals",
}
# docs/rules.md 8: online rooms pay 25 for gin and 25 for an undercut.
GIN_ONLINE = {**GIN, "gin_bonus": 25, "undercut_bonus": 25}


def check_rules(rules: Rules) -> None:
    """Only a tournament of three has a bye: `bye` names its seat (0, 1 or 2, as the API
    counts seats; the last, 2, unless given); the seating checks that three are seated.
    Oklahoma's options only with Oklahoma; Hollywood only as a match to the target."""
    check_oklahoma_options(rules)
    check_hollywood(rules)
    if rules.bye is None:
        return
    if not rules.tournament:
        raise InvalidRules("gin_bye_only_three", where=("rules", "bye"), code="out_of_range")
    check_between(rules, "bye", 0, BYE_PLAYERS - 1)


def bye_seat(rules: Rules) -> int:
    """The seat of a tournament of three's bye: the one chosen, else the third (docs/rules.md
    8.7)."""
    return BYE_PLAYERS - 1 if rules.bye is None else rules.bye


def tournament_bye(rules: Rules, players: Sequence[PlayerId]) -> PlayerId | None:
    """The player a tournament of three sends straight into the final; None for any other
    game."""
    if not rules.tournament or len(players) != BYE_PLAYERS:
        return None
    return players[bye_seat(rules)]


RULE_SETS = FamilyRules(
    name="gin",
    modes=("pot", "points"),
    presets={"gin": ("Gin Rummy", GIN), "gin_online": ("Gin Rummy (online scoring)", GIN_ONLINE)},
    check=check_rules,
    defaults=oklahoma_defaults,
)


@dataclass(frozen=True)
class GinRound(RoundEntry):
    """A Gin round: a knock (or gin) by one of the match's two players, or `void`, a round
    abandoned with two cards left in the stock (docs/rules.md 8), which has no ender and
    no hands and scores nothing. `match` names a tournament's match (1 and 2 the
    semifinals, 3 the final) when the round does not say it by its players. `big_gin`:
    the knocker's 11 cards all melded, scored with the Big Gin bonus (rules.big_gin).
    `upcard`: Oklahoma's first upcard, the deal's knock limit (deal_terms)."""

    # The knocker's melds as laid, for the lay-off (docs/rules.md 3.7).
    ender_melds: tuple[tuple[str, ...], ...] | None = None
    void: bool = False
    match: int | None = None
    big_gin: bool = False
    upcard: str | None = None


# --- The rules of a round and of a match ---------------------------------------------------


class Score(NamedTuple):
    """A round scored: whether the knocker won, and the winner's points in parts."""

    knocker_wins: bool
    difference: int
    bonus: int
    gin: bool
    undercut: bool

    @property
    def points(self) -> int:
        return self.difference + self.bonus

    def doubled(self) -> "Score":
        """Oklahoma's spade deal: every point doubled, the bonus too (docs/rules.md 8)."""
        return self._replace(difference=self.difference * 2, bonus=self.bonus * 2)


def check_knock_limit(name: str, deadwood: int, limit: int, *,
                      where: tuple[Part, ...]) -> None:
    """Refuse a false knock: more deadwood than the limit (knock_limit: 10, or 8 or 5 by
    agreement; in Oklahoma the deal's)."""
    if deadwood > limit:
        raise FalseKnock("false_knock", {"name": name, "deadwood": deadwood,
                                         "limit": limit}, where=where)


def score_round(rules: Rules, knocker: int, defender: int, *, big_gin: bool = False) -> Score:
    """The winner and the points of a round from both deadwoods (the defender's after
    laying off); `big_gin` a gin of all 11 cards (checked by check_big_gin)."""
    if knocker == 0:
        # Gin: the defender's whole deadwood (doubled as an option) plus the gin bonus, or
        # the Big Gin bonus in its place; the defender cannot undercut a gin, even with 0.
        factor = 2 if rules.gin_doubles_deadwood else 1
        bonus = rules.big_gin_bonus if big_gin else rules.gin_bonus
        return Score(True, defender * factor, bonus, True, False)
    if defender <= knocker:
        # Seed 004: lower or equal is an undercut; a defender at 0 gets no gin bonus.
        return Score(False, knocker - defender, rules.undercut_bonus, False, True)
    return Score(True, defender - knocker, 0, False, False)


def final_account_parts(rules: Rules, total: int, boxes: int,
                        reached_target: bool) -> tuple[int, int, int]:
    """(total, game bonus, box bonus): the game bonus for the one who reached the target, the
    box bonus per round won."""
    return total, rules.game_bonus if reached_target else 0, rules.box_bonus * boxes


def final_account(rules: Rules, total: int, boxes: int, reached_target: bool) -> int:
    """Total + game bonus + box bonus, the account that decides the match."""
    return sum(final_account_parts(rules, total, boxes, reached_target))


def match_account_parts(rules: Rules, match: "Match", side: int) -> tuple[int, int, int]:
    """The parts of a player's final account in a match that is over (the sheet's
    "103 + 100 + 60")."""
    return final_account_parts(rules, match.totals[side], match.boxes[side],
                               match.players[side] == match.reached)


def match_over(rules: Rules, totals: Sequence[int], rounds_counted: int) -> bool:
    """The match ends when a total reaches the target, or after `rounds_to_play` rounds in a
    ring game."""
    return max(totals) >= rules.game_target or (
        rules.rounds_to_play > 0 and rounds_counted >= rules.rounds_to_play)


def match_winner(finals: Mapping[PlayerId, int], reached: PlayerId | None) -> PlayerId | None:
    """The higher final account wins, even without the target (seed 004); on a tie the one
    who reached the target, else nobody yet (docs/rules.md 7: the match plays on)."""
    (first, a), (second, b) = finals.items()
    if a != b:
        return first if a > b else second
    return reached


def pool_shares(pool: int, winner: PlayerId, others: Sequence[PlayerId],
                winner_share: int) -> list[tuple[PlayerId, int]]:
    """The prize pool: `winner_share` percent to the winner, the rest in equal parts to the
    others (docs/rules.md 7, our reading), exact to the cent."""
    weights = [winner_share * len(others)] + [100 - winner_share] * len(others)
    return list(zip([winner, *others], allocate(pool, weights), strict=True))


# --- Matches --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Match:
    """One match as it stands: two players, their totals and boxes, who deals next, and
    once it is over the final accounts and the winner."""

    number: int
    players: tuple[PlayerId, PlayerId]
    totals: tuple[int, int]
    boxes: tuple[int, int]
    rounds: int
    dealer: PlayerId | None
    reached: PlayerId | None = None
    finals: tuple[int, int] | None = None
    winner: PlayerId | None = None
    ended_in: int | None = None
    # Hollywood (docs/rules.md 8.12): its three games, each a Match of the same players.
    games: tuple["Match", ...] = ()

    @property
    def over(self) -> bool:
        return self.winner is not None

    @property
    def stage(self) -> str:
        """`match`, or in a tournament `semifinal` or `final`."""
        return {0: "match", 1: "semifinal", 2: "semifinal", 3: "final"}[self.number]

    def side(self, player: PlayerId) -> int:
        return self.players.index(player)


def _seating(rules: Rules, players: Sequence[PlayerId]) -> list[Match]:
    """The opening matches (docs/rules.md 8.7): the two players; a tournament's semifinals,
    seats 1-2 and 3-4 of four or the two without the bye of three; the final alone of two."""
    if rules.family != "gin":
        raise InvalidRules("not_gin_family", where=("rules", "family"))
    low, high = min(TOURNAMENT_PLAYERS), max(TOURNAMENT_PLAYERS)
    if not rules.tournament and len(players) != 2:
        raise InvalidRules("gin_two_players", {"count": 2, "given": len(players)},
                           where=("players",))
    if rules.tournament and not low <= len(players) <= high:
        raise InvalidRules("gin_tournament_players",
                           {"low": low, "high": high, "given": len(players)}, where=("players",))
    check_player_ids(players)
    if not rules.tournament:
        match = _opening(0, players)
        return [replace(match, games=hollywood_games(match)) if rules.hollywood else match]
    _check_bye(rules, len(players))
    if len(players) == 2:
        return [_opening(FINAL, players)]
    if len(players) == 4:
        return [_opening(1, players[:2]), _opening(2, players[2:])]
    return [_opening(1, [p for seat, p in enumerate(players) if seat != bye_seat(rules)])]


def _opening(number: int, pair: Sequence[PlayerId]) -> Match:
    """A match about to start: its first player deals (reading 39)."""
    first, second = pair
    return Match(number, (first, second), (0, 0), (0, 0), 0, first)


def _check_bye(rules: Rules, seated: int) -> None:
    """Only a tournament of three has a bye (the third seat's unless chosen); a bye given
    for two or four is refused."""
    if seated != BYE_PLAYERS and rules.bye is not None:
        raise InvalidRules("gin_bye_only_three", where=("rules", "bye"), code="out_of_range")


# --- The game -------------------------------------------------------------------------------


def replay(rules: Rules, players: Sequence[PlayerId], rounds: Sequence[GinRound] = (),
           rebuys: Sequence[RebuyEntry] = (), *, carried_in: int = 0, closed: bool = False,
           names: Mapping[PlayerId, str] | None = None) -> Game:
    """The Gin game these facts make. `players` in seat order; the first deals first
    (in a tournament of four, seats 1 and 3 deal the two semifinals first)."""
    table = GinTable(rules, players, carried_in, names or {})
    if rebuys:
        raise InvalidRound("rebuy_off", where=("rebuys", 0, "player"))
    if closed:
        raise InvalidRules("closed_with_pot", where=("closed",))
    table.buy_in(carried_in)
    for index, entry in enumerate(rounds):
        try:
            table.play(entry)
        except RulesError as error:
            raise error.at("rounds", index) from None
    return table.finish()


def play_on(game: Game, entry: GinRound) -> Game:
    """`game` with one more round, the same Game a replay with it would give."""
    return GinTable.play_on(game, entry)


def is_over(game: Game) -> bool:
    return game.status.ended


class GinTable(HollywoodPlay, Table):
    """The Gin game while it is played: mutable, private, one round at a time."""

    def __init__(self, rules: Rules, players: Sequence[PlayerId], carried_in: int,
                 names: Mapping[PlayerId, str]):
        self.matches = _seating(rules, players)
        check_carried_in(carried_in)
        super().__init__(rules, players, names)
        self.bound = largest_deadwood(rules)
        self.evaluate = Evaluator(rules)

    def copy(self) -> "GinTable":
        twin = super().copy()
        twin.matches = list(self.matches)  # Match is frozen: replaced, never changed
        return twin

    @property
    def winner(self) -> PlayerId | None:
        last = self.matches[-1]
        return last.winner if self.over() else None

    def over(self) -> bool:
        """The match is won; in a tournament, its final (always the last match opened)."""
        last = self.matches[-1]
        return last.over and (not self.rules.tournament or last.stage == "final")

    @property
    def bye(self) -> PlayerId | None:
        """The player a tournament of three sends straight into the final."""
        return tournament_bye(self.rules, self.order)

    def open_matches(self) -> list[Match]:
        return [match for match in self.matches if not match.over]

    # -- a round ---------------------------------------------------------------------------

    def play(self, entry: GinRound) -> None:
        if self.over():
            raise GameOver("game_over_won", {"name": self.name(self.winner)})
        entry = as_kind(GinRound, entry)
        number = self.played + 1
        index, match = self.match_of(entry)
        deal = self.deal_of(entry)
        if entry.void:
            self.play_void(number, entry, match)
        else:
            self.play_knock(number, entry, index, match, deal)
        self.played = number

    def match_of(self, entry: GinRound) -> tuple[int, Match]:
        """The open match a round belongs to: the one it names, else the only one open, else
        the ender's (two semifinals are played at once)."""
        open_ = self.open_matches()
        if entry.match is not None:
            match = next((m for m in open_ if m.number == entry.match), None)
            if match is None:
                raise InvalidRound("gin_match_not_open", {"match": entry.match},
                                   where=("match",))
        elif len(open_) == 1:
            match = open_[0]
        elif entry.ender is None:
            raise InvalidRound("gin_which_match", where=("match",))
        else:
            match = next((m for m in open_ if entry.ender in m.players), None)
            if match is None:
                raise self.not_in_match(entry.ender, ("ender",))
        return self.matches.index(match), match

    def deal_of(self, entry: GinRound) -> Deal | None:
        """Oklahoma's terms of the round's deal from its upcard, which every knocked or void
        round then gives; None in other games, which take no upcard."""
        if not self.rules.oklahoma:
            if entry.upcard is not None:
                raise InvalidRound("upcard_without_oklahoma", where=("upcard",))
            return None
        if entry.upcard is None:
            raise InvalidRound("upcard_missing", where=("upcard",))
        try:
            return deal_terms(self.rules, entry.upcard)
        except CardError as error:
            raise error.at("upcard") from None

    def not_in_match(self, player: PlayerId, where: tuple[Part, ...]) -> InvalidRound:
        if player not in self.accounts:
            return InvalidRound("not_a_player", {"name": self.name(player)}, where=where)
        return InvalidRound("gin_not_in_match", {"name": self.name(player)}, where=where)

    def play_void(self, number: int, entry: GinRound, match: Match) -> None:
        """A void round: no score, the same dealer deals again (seed 004)."""
        check_big_gin(entry.big_gin, rules=self.rules, deadwood=None)
        if entry.ender is not None or entry.hands:
            raise InvalidRound("void_with_hands",
                               where=("ender",) if entry.ender is not None else ("hands",))
        self.results.append(RoundResult(
            number=number, ender=None, dealer=match.dealer, winner=None, rummy=False,
            undercut=False, decider=False, results=(), out=(), rebuy_offers=(), transfers=(),
            void=True, match=match.number,
        ))

    def play_knock(self, number: int, entry: GinRound, index: int, match: Match,
                   deal: Deal | None) -> None:
        rules = self.rules
        if entry.ender is None:
            raise InvalidRound("gin_knocker_missing", where=("ender",))
        seating = Seating(dict.fromkeys(self.order), match.players, self.not_in_match)
        hands = check_hands(entry, seating, rules=rules, name=self.name, bound=self.bound,
                            evaluate=self.evaluate)
        knocker, dealer = entry.ender, match.dealer
        defender = next(p for p in match.players if p != knocker)
        check_ender_melds(entry, hands[knocker], rules)
        check_knock_limit(self.name(knocker), hands[knocker].deadwood,
                          rules.knock_limit if deal is None else deal.knock_limit,
                          where=hands[knocker].where)
        check_big_gin(entry.big_gin, rules, hands[knocker].deadwood)
        if hands[knocker].deadwood > 0:  # no lay-off against gin
            lay_off(rules, knocker, match.players, hands, self.evaluate)
        score = score_round(rules, hands[knocker].deadwood, hands[defender].deadwood,
                            big_gin=entry.big_gin)
        if deal is not None and deal.doubled:
            score = score.doubled()  # the box it wins is one box all the same
        winner = knocker if score.knocker_wins else defender
        side = match.side(winner)
        totals = list(match.totals)
        boxes = list(match.boxes)
        totals[side] += score.points
        boxes[side] += 1
        match = replace(match, totals=(totals[0], totals[1]), boxes=(boxes[0], boxes[1]),
                        rounds=match.rounds + 1, dealer=winner)
        start = len(self.transfers)
        out: tuple[PlayerId, ...] = ()
        if rules.hollywood:
            match = self.write_hollywood(match, winner, score.points, number)
        elif match_over(rules, match.totals, match.rounds):
            match = self.end_match(match, number)
        if match.over:
            out = tuple(p for p in match.players if p != match.winner)
        self.matches[index] = match
        self.open_final()
        results = tuple(
            PlayerResult(
                p, hands[p].deadwood, score.points if p == winner else 0,
                match.totals[match.side(p)], hands[p].melds, hands[p].unmatched,
                hands[p].laid_off, score.difference if p == winner else 0,
                score.bonus if p == winner else 0,
            )
            for p in match.players
        )
        self.results.append(RoundResult(
            number=number, ender=knocker, dealer=dealer, winner=winner, rummy=score.gin,
            undercut=score.undercut, decider=False, results=results, out=out,
            rebuy_offers=(), transfers=tuple(self.transfers[start:]), gin=score.gin,
            match=match.number,
        ))

    def end_match(self, match: Match, number: int) -> Match:
        """Final accounts; the winner, unless a ring game's finals tie (it plays on)."""
        rules = self.rules
        reached = next((p for p, total in zip(match.players, match.totals, strict=True)
                        if total >= rules.game_target), None)
        finals = {p: final_account(rules, match.totals[side], match.boxes[side], p == reached)
                  for side, p in enumerate(match.players)}
        winner = match_winner(finals, reached)
        if winner is None:
            return match
        loser = next(p for p in match.players if p != winner)
        finals[winner] *= shutout_doubles(rules, match.boxes[match.side(loser)])
        # docs/rules.md 8.8 (our reading): the stake per point of the final difference,
        # paid when the match ends.
        self.move(self.accounts[loser], self.accounts[winner],
                  (finals[winner] - finals[loser]) * rules.stake_per_point,
                  "point_settlement", number)
        return replace(match, reached=reached, finals=(finals[match.players[0]],
                                                       finals[match.players[1]]),
                       winner=winner, dealer=None, ended_in=number)

    def open_final(self) -> None:
        """A tournament's final, once its semifinals have winners: semifinal 1's winner
        against semifinal 2's, or against the player with the bye; semifinal 1's winner
        deals first (reading 39)."""
        if (not self.rules.tournament or self.matches[-1].stage == "final"
                or not all(match.over for match in self.matches)):
            return
        winners = [match.winner for match in self.matches]
        self.matches.append(_opening(FINAL, winners if self.bye is None
                                     else [*winners, self.bye]))

    # -- the end ---------------------------------------------------------------------------

    def finish(self) -> Game:
        if self.over() and self.payouts is None:
            others = [p for p in self.order if p != self.winner]
            self.pay_pot(pool_shares(self.balances[POT], self.winner, others,
                                     self.rules.winner_share))
        return self.game()

    def places(self) -> dict[PlayerId, int]:
        """1 the winner; 2 the loser of the last match; 3 the semifinal losers (the bye
        plays the final, so it is 1 or 2)."""
        if not self.over():
            return {}
        places = {}
        for match in self.matches:
            for player in match.players:
                places[player] = 1 if player == match.winner else (
                    2 if match.stage in ("match", "final") else 3)
        return places

    def game(self) -> Game:
        places = self.places()
        # The bye's match is the final: until it opens, a final not begun (0, no boxes).
        waiting = _opening(FINAL, (self.bye, self.bye))
        last_match = {p: m for m in self.matches for p in m.players}
        standings = []
        for seat, player in enumerate(self.order):
            match = last_match.get(player, waiting)
            side = match.side(player)
            lost = match.over and match.winner != player
            standings.append(Standing(
                player=player, seat=seat, total=match.totals[side],
                state=PlayerState.OUT if lost else PlayerState.IN, rebought=False,
                rebuy=None, balance=self.balances[self.accounts[player]],
                place=places.get(player), out_round=match.ended_in if lost else None,
                boxes=match.boxes[side], final=None if match.finals is None
                else match.finals[side],
            ))
        open_ = self.open_matches()
        over = self.over()
        return Game(
            status=GameStatus.FINISHED if over else GameStatus.RUNNING,
            round_count=self.played, next_round=self.played + 1,
            next_dealer=open_[0].dealer if len(open_) == 1 else None,
            next_participants=tuple(p for p in self.order
                                    if any(p in m.players for m in open_)),
            pot=self.balances[POT], kitty=0, carried_out=0, standings=tuple(standings),
            rounds=tuple(self.results), transfers=tuple(self.transfers),
            winner=self.winner, payouts=tuple(self.payouts or ()),
            balances=dict(self.balances), rebuy_closed=Message("rebuy_off"),
            rebuy_break={p: None for p in self.order}, names=dict(self.names),
            matches=tuple(self.matches), rules=self.rules, whole=self.whole, _table=self,
        )
