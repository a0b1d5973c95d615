"""The knock family replayed from its facts: Wiener Rummy and Rommé ohne Auslegen.

`replay(rules, players, rounds, rebuys)` turns what happened at the table (who sat
where, each round as entered, each re-buy taken) into standings, placings and every
money movement of docs/rules.md 5.1 as `Transfer` data. It keeps no state: a corrected
round is a new replay of the corrected facts, and the same facts always give the
same game. `play_on(game, entry)` is the same replay with one more round, and
`take_rebuy(game, player)` with one more re-buy, without playing the earlier rounds
again.

Error positions. Every RulesError raised here has its position (`.where`, as text
`.field`) inside replay's arguments:

- `players`, `players[2]`, `carried_in`, `closed`: the game's own arguments;
- `rounds[3]`, `rounds[3].ender`, `rounds[3].hands`, `rounds[3].hands[2].deadwood`,
  `rounds[3].hands[2].cards`, `rounds[3].ender_melds[0]`: round index 3 in `rounds`
  (0-based, so round number 4); what follows `rounds[3].` is the path inside that
  KnockRound, the one a round form shows the message next to;
- `rebuys[0].player`, `rebuys[0].after_round`: a re-buy in `rebuys`.
"""

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from ..core import (
    CARRY,
    KITTY,
    POT,
    Game,
    PlayerId,
    PlayerResult,
    RebuyEntry,
    RebuyOffer,
    RoundResult,
    Standing,
    Table,
    as_kind,
)
from ..core.hands import Seating, check_ender_melds, check_hands
from ..core.payout import placings, pot_shares, pot_split
from ..core.rebuys import rebuy_refusal, refused
from ..core.results import can_rebuy
from ..errors import GameOver, InvalidRound, RulesError
from ..handvalues import largest_deadwood
from ..layoff import Evaluator, lay_off
from ..presets import Rules
from ..status import GameStatus, PlayerState
from .checks import check_game
from .rebuy import Break, no_offer, open_break, rebuys_by_round
from .round import check_knock, is_out, is_rummy, next_dealer, round_winner
from .types import KnockRound

RUNNING, DECIDER = GameStatus.RUNNING, GameStatus.DECIDER
FINISHED, CARRIED_OVER = GameStatus.FINISHED, GameStatus.CARRIED_OVER
IN, OUT, DEAD = PlayerState.IN, PlayerState.OUT, PlayerState.DEAD
ENDED = frozenset({FINISHED, CARRIED_OVER})


def replay(
    rules: Rules,
    players: Sequence[PlayerId],
    rounds: Sequence[KnockRound] = (),
    rebuys: Sequence[RebuyEntry] = (),
    *,
    carried_in: int = 0,
    closed: bool = False,
    names: Mapping[PlayerId, str] | None = None,
) -> Game:
    """The game these facts make: standings, rounds, money and what comes next.

    `players` in seat order (the first deals first); `carried_in` is the pot a
    previous game of the table session left standing (docs/rules.md 5.7); `closed`
    ends a Punktespiel (docs/rules.md 6.3); `names` are what messages call the players
    (else a text id itself, a number as "Player 12").
    """
    table = KnockTable(rules, players, carried_in, closed, names or {})
    table.start(carried_in)
    rebuys_after = rebuys_by_round(rebuys, len(rounds))
    table.take_rebuys(rebuys_after.get(0, ()))
    for index, entry in enumerate(rounds):
        try:
            table.play(entry)
        except RulesError as error:
            raise error.at("rounds", index) from None
        table.take_rebuys(rebuys_after.get(index + 1, ()))
    return table.finish()


def play_on(game: Game, entry: KnockRound) -> Game:
    """`game` with the round `entry` played next (Table.play_on)."""
    return KnockTable.play_on(game, entry)


def take_rebuy(game: Game, player: PlayerId, *, after_round: int | None = None) -> Game:
    """`game` with `player`'s re-buy taken in the open break: the same Game that replaying
    its facts with that re-buy added would give, at the cost of one re-buy.

    RebuyNotAllowed (field `player`) with the reason can_rebuy gives; `game` itself does
    not change.
    """
    refusal = can_rebuy(game, player, after_round)
    if refusal:
        raise refusal
    table = KnockTable.of(game).copy()
    table.take_rebuys([(0, RebuyEntry(player, table.played))])
    return table.finish()


@dataclass(slots=True)
class Seat:
    """A player's seat while the game is played."""

    player: PlayerId
    seat: int
    total: int = 0
    state: PlayerState = IN
    rebought: bool = False
    out_round: int | None = None


class KnockTable(Table):
    """The knock game while it is played: mutable, private, one round at a time."""

    def __init__(self, rules: Rules, players: Sequence[PlayerId], carried_in: int,
                 closed: bool, names: Mapping[PlayerId, str]):
        check_game(rules, players, carried_in, closed)
        super().__init__(rules, players, names)
        self.points_mode = rules.mode == "points"
        self.seats = {p: Seat(p, seat) for seat, p in enumerate(self.order)}
        self.status = RUNNING
        self.contenders: tuple[PlayerId, ...] = ()  # who plays the decider
        self.dealer: PlayerId | None = self.order[0]
        self.winner: PlayerId | None = None
        self.closed = closed
        self.bound = largest_deadwood(rules)
        self.evaluate = Evaluator(rules)
        self.rebuys = Break(0)
        self.carried_out = 0

    def start(self, carried_in: int) -> None:
        """The buy-ins and the carried pot, before round 1 (docs/rules.md 5.2 and 5.7)."""
        self.open_break()
        if not self.points_mode:
            self.buy_in(carried_in)

    def copy(self) -> "KnockTable":
        """A table to play on (Table.copy); the seats are copied too. The open break (never
        changed, only replaced) and the evaluator's memo of hands (a cache of pure answers)
        are shared."""
        twin = super().copy()
        twin.seats = {player: replace(seat) for player, seat in self.seats.items()}
        return twin

    def over(self) -> bool:
        """The game has ended: won, or its pot carried over."""
        return self.status in ENDED

    def playing(self) -> tuple[PlayerId, ...]:
        """The participants of the next round, in seat order."""
        if self.over():
            return ()
        if self.status == DECIDER:
            return self.contenders
        # docs/rules.md 6.2: the dead keep playing; the out do not.
        return tuple(p for p in self.order if self.seats[p].state != OUT)

    def living(self) -> list[PlayerId]:
        """The players still in (not out, not dead), in seat order."""
        return [p for p in self.order if self.seats[p].state == IN]

    def not_playing(self, player: PlayerId, where: tuple) -> InvalidRound:
        """Why a seated player has no hand in this round: out, or not in the decider."""
        if self.status == DECIDER:
            return InvalidRound("not_in_decider", {"name": self.name(player)}, where=where)
        return InvalidRound("player_out", {"name": self.name(player),
                                           "round": self.seats[player].out_round},
                            where=where)

    # -- a round ---------------------------------------------------------------------

    def play(self, entry: KnockRound) -> None:
        """Check one round's input, then write its points, money and consequences."""
        rules = self.rules
        if self.over():
            if self.status == CARRIED_OVER:
                raise GameOver("game_over_carried")
            if self.winner is None:
                raise GameOver("game_over_closed")  # a Punktespiel closed by hand
            raise GameOver("game_over_won", {"name": self.name(self.winner)})
        entry = as_kind(KnockRound, entry)
        number = self.played + 1
        playing = self.playing()
        decider = self.status == DECIDER
        seating = Seating({p: seat.out_round for p, seat in self.seats.items()}, playing,
                          self.not_playing)
        hands = check_hands(entry, seating, rules=rules, name=self.name, bound=self.bound,
                            evaluate=self.evaluate)
        ender = entry.ender
        ender_hand = hands[ender]
        check_ender_melds(entry, ender_hand, rules)
        check_knock(self.name(ender), ender_hand.deadwood, rules, where=ender_hand.where)
        lay_off(rules, ender, playing, hands, self.evaluate)

        start = len(self.transfers)
        recorded = [p for p in playing if self.seats[p].state != DEAD]
        if rules.rummy_kitty and not self.points_mode:
            # docs/rules.md 5.4: before each round every player still in pays into the
            # Rummykasse; the dead do not (docs/rules.md 6.2).
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
            # docs/rules.md 3.4: a dead player's points are no longer written.
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
        self.played = number
        self.results.append(RoundResult(
            number=number, ender=ender, dealer=dealer, winner=winner, rummy=rummy,
            undercut=undercut, decider=decider, results=results, out=out,
            rebuy_offers=self.open_break(), transfers=tuple(self.transfers[start:]),
        ))

    def pay_round(self, number, ender, winner, tied, rummy, playing, deadwood) -> None:
        """The round's money: point settlement, premiums or the undercut tie, the kitty."""
        rules = self.rules
        if self.points_mode:
            # docs/rules.md 5.5: the ender receives every other player's deadwood times
            # point_value.
            for player in playing:
                if player != ender:
                    self.move(self.accounts[player], self.accounts[ender],
                              deadwood[player] * rules.point_value, "point_settlement", number)
            return
        if winner is None:
            # docs/rules.md 3.6: two or more tie below the knocker, the rest pay into the pot.
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
            # docs/rules.md 5.4: the Rummy ender takes the whole kitty at once, this round's
            # contributions included.
            self.move(KITTY, self.accounts[ender], self.balances[KITTY], "kitty_win", number)

    def settle_outcome(self, number, ender, winner, decider, playing, recorded) -> tuple:
        """Who is out after the round, and whether the game ends, goes to a decider or on."""
        rules = self.rules
        if self.points_mode:
            return ()  # docs/rules.md 6.3: no elimination
        gone_state = DEAD if rules.dead_play_on else OUT
        if decider:
            if winner is None:
                return ()  # docs/rules.md 4.3: an undercut tie repeats the decider
            losers = tuple(p for p in playing if p != winner)
            self.finish_with(winner, losers, gone_state, number)
            return losers
        over = tuple(p for p in recorded if is_out(self.seats[p].total, rules))
        living = [p for p in recorded if p not in over]
        ender_dead = self.seats[ender].state == DEAD
        if not living and recorded:
            if ender_dead:
                # docs/rules.md 6.2: a dead player's knock put the last living out: the pot
                # stays.
                self.mark_out(over, gone_state, number)
                self.status = CARRIED_OVER
                return over
            if len(over) == 1:
                # docs/rules.md 7, reading 29: a decider among one player, the plays_on
                # survivor's own knock.
                self.finish_with(over[0], (), gone_state, number)
                return ()
            # docs/rules.md 4.3: all went over together, so they play a decider.
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

    def open_break(self) -> tuple[RebuyOffer, ...]:
        """Open the break after the rounds played so far: its offers (docs/rules.md 4.2)."""
        self.rebuys = open_break(
            self.rules, self.played, over=self.over(),
            totals_in={p: self.seats[p].total for p in self.living()},
            rebought={p for p, seat in self.seats.items() if seat.rebought},
        )
        return tuple(self.rebuys.offers.values())

    def break_entry(self, player: PlayerId):
        """The open break's offer for `player`, else why there is none."""
        rebuys = self.rebuys
        if rebuys.closed or player not in self.seats:
            return None
        offer = rebuys.offers.get(player)
        if offer:
            return offer
        seat = self.seats[player]
        return no_offer(self.rules, self.name(player), state=seat.state, rebought=seat.rebought,
                        total=rebuys.totals_in.get(player, seat.total),
                        players_in=len(rebuys.totals_in))

    def take_rebuys(self, entries: Iterable[tuple[int, RebuyEntry]]) -> None:
        """Re-buys taken in the open break: pay into the pot, total set to the target."""
        for index, entry in entries:
            player = entry.player
            seat = self.seats.get(player)
            reason = rebuy_refusal(
                self.name(player), known=seat is not None, closed=self.rebuys.closed,
                round_count=self.played, rebought=seat is not None and seat.rebought,
                offer=self.break_entry(player),
            )
            if reason:
                raise refused(reason, where=("rebuys", index, "player"))
            offer = self.rebuys.offers[player]
            self.move(self.accounts[player], POT, offer.cost, "rebuy", entry.after_round)
            seat.total, seat.rebought = offer.target, True

    # -- the end ---------------------------------------------------------------------

    def finish(self) -> Game:
        """The Game as it stands; once it has ended, its payout or carried pot first."""
        if self.points_mode and self.closed and self.status != FINISHED:
            self.status = FINISHED
            self.open_break()
        if self.over() and self.payouts is None:
            self.pay_out()
        return self.game()

    def places(self) -> dict[PlayerId, int]:
        """The places given so far; none in a Punktespiel or a game whose pot stayed."""
        if self.points_mode or self.status == CARRIED_OVER:
            return {}
        return placings(self.order, self.winner,
                        {p: seat.out_round for p, seat in self.seats.items()},
                        {p: seat.total for p, seat in self.seats.items()})

    def pay_out(self) -> None:
        """The ended game's pot and kitty: to the placed players, or carried over."""
        self.payouts = []
        if self.status == FINISHED and not self.points_mode:
            split = pot_split(self.rules, len(self.order))
            self.pay_pot(pot_shares(self.balances[POT], split, self.places(), self.order))
            # docs/rules.md 5.4: the winner takes what is left in the kitty, even when the
            # pot is split.
            self.move(KITTY, self.accounts[self.winner], self.balances[KITTY], "kitty_final",
                      None)
        elif self.status == CARRIED_OVER:
            self.carried_out = self.balances[POT] + self.balances[KITTY]
            self.move(POT, CARRY, self.balances[POT], "carry_over", None)
            self.move(KITTY, CARRY, self.balances[KITTY], "carry_over", None)

    def game(self) -> Game:
        """The Game this table stands at."""
        places = self.places()
        offers = self.rebuys.offers
        standings = tuple(
            Standing(
                player=p, seat=seat.seat, total=seat.total, state=seat.state,
                rebought=seat.rebought, rebuy=None if seat.rebought else offers.get(p),
                balance=self.balances[self.accounts[p]], place=places.get(p),
                out_round=seat.out_round,
            )
            for p, seat in self.seats.items()
        )
        return Game(
            status=self.status, round_count=self.played, next_round=self.played + 1,
            next_dealer=None if self.over() else self.dealer,
            next_participants=self.playing(), pot=self.balances[POT],
            kitty=self.balances[KITTY], carried_out=self.carried_out, standings=standings,
            rounds=tuple(self.results), transfers=tuple(self.transfers), winner=self.winner,
            payouts=tuple(self.payouts or ()), balances=dict(self.balances),
            rebuy_closed=self.rebuys.closed,
            rebuy_break={p: self.break_entry(p) for p in self.order},
            names=dict(self.names), rules=self.rules, whole=self.whole, _table=self,
        )
