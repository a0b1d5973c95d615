"""The read model: a game with its facts and its engine state, read in few queries.

Standings are derived from the facts, never stored as the truth (docs/rules.md 5.1).
Two things are kept so that a request does not replay a whole game:

- the engine's state of the game's current version, in this process's memory
  (`recent_games`), keyed by (game, version, creation time);
- the engine's compact snapshot (`Game.snapshot`), written with the facts in every
  write's transaction, from which any process goes on at the cost of one round.

Both are rebuilt from the facts whenever they are missing (tests/test_game_cache.py).
"""

import threading
from collections import OrderedDict
from dataclasses import dataclass
from functools import cached_property
from typing import NamedTuple

from django.db.models import Prefetch

from ledger import services as ledger

from .. import rules as engine
from ..models import Game, Hand, Player, Rebuy, Round, Seat
from .errors import NotFound

# --- Facts as plain values ---------------------------------------------------------------


@dataclass(slots=True)
class HandFacts:
    """A stored hand, as the replay and the pages read it."""

    player_id: int
    position: int
    deadwood: int | None
    cards: str
    # Rami (docs/rules.md 10): the points laid, or the melds laid as card texts.
    laid: int | None = None
    laid_melds: list[list[str]] | None = None


@dataclass(slots=True)
class RoundFacts:
    """The counting revision of a stored round, with its hands."""

    number: int
    revision: int
    reason: str
    ender_id: int | None
    ender_melds: list | None
    entered_at: object
    hands: list[HandFacts]
    void: bool = False
    match: int | None = None
    # Rami (docs/rules.md 10): how the finisher went out ("" for the other families) and
    # the penalties as [[player id, points], ...] (None: none).
    finish: str = ""
    penalties: list | None = None

    def entry(self) -> engine.RoundEntry:
        """The round as the engine takes it."""
        return round_entry(self.ender_id, self.hands, self.ender_melds, void=self.void,
                           match=self.match, finish=self.finish, penalties=self.penalties)


def round_entry(ender, hands, ender_melds, *, void: bool = False, match: int | None = None,
                finish: str | None = None, penalties=None) -> engine.RoundEntry:
    """A stored round (hands with player_id, deadwood, cards text, laid and laid_melds) for
    the engine. `finish` "" is no finish (the families other than Rami); `penalties` are
    (player, points) pairs."""
    return engine.RoundEntry(
        void=void,
        match=match,
        ender=ender,
        hands=tuple(
            engine.HandEntry(
                hand.player_id,
                deadwood=hand.deadwood,
                cards=tuple(hand.cards.split()) if hand.cards else None,
                laid=hand.laid,
                laid_melds=(tuple(tuple(meld) for meld in hand.laid_melds)
                            if hand.laid_melds is not None else None),
            )
            for hand in hands
        ),
        ender_melds=tuple(tuple(meld) for meld in ender_melds) if ender_melds else None,
        finish=finish or None,
        penalties=tuple(engine.PenaltyEntry(player, points)
                        for player, points in penalties or ()),
    )


# --- The read model ------------------------------------------------------------------------


class GameView:
    """A game with its seats, its facts and its engine state: what pages and the API show.

    `state` is the game now (standings, money, what comes next), from the cheapest
    source; `history` is the replay of every round, for what shows each round (the
    sheet, the round list). Facts are read only when asked for.
    """

    def __init__(self, game: Game, seats: list[Seat]):
        self.game = game
        self.seats = seats
        self._facts: tuple[list[RoundFacts], list[Rebuy]] | None = None
        self._entered: dict[int, RoundFacts] = {}
        self._state: engine.Game | None = None
        # The re-buys the last write undid (services.correct_round), for its answer.
        self.undone_rebuys: list[UndoneRebuy] = []

    # -- facts --

    @property
    def rounds(self) -> list[RoundFacts]:
        """The counting revision of each round, in order."""
        return self._loaded()[0]

    @property
    def rebuys(self) -> list[Rebuy]:
        return self._loaded()[1]

    def _loaded(self):
        if self._facts is None:
            self._facts = _load_facts(self.game)
        return self._facts

    def round_facts(self, number: int) -> RoundFacts:
        """The counting revision of round `number` (one written through this view is known
        without reading the facts)."""
        return self._entered.get(number) or self.rounds[number - 1]

    def add_round(self, facts: RoundFacts) -> None:
        """A round revision just stored. Facts not read yet will be read with it."""
        self._entered[facts.number] = facts
        if self._facts is not None:
            rounds = self._facts[0]
            if facts.number <= len(rounds):
                rounds[facts.number - 1] = facts
            else:
                rounds.append(facts)

    def add_rebuy(self, rebuy: Rebuy) -> None:
        """A re-buy just stored. Facts not read yet will be read with it."""
        if self._facts is not None:
            self._facts[1].append(rebuy)

    def drop_rebuy(self, rebuy: Rebuy) -> None:
        """A re-buy just undone: it no longer holds."""
        if self._facts is not None:
            self._facts[1][:] = [kept for kept in self._facts[1] if kept.pk != rebuy.pk]

    @property
    def void(self) -> bool:
        """Deleted or voided by hand: its money reversed, nothing more can be entered."""
        return self.game.status == engine.GameStatus.VOID

    @property
    def accepts_rounds(self) -> bool:
        """Whether rounds, re-buys and hands can still be entered: the game is neither void,
        nor closed by hand, nor ended by the engine. The one place that decides it."""
        return not (self.void or self.game.closed or self.state.status.ended)

    @property
    def undoable_rebuys(self) -> list[tuple[int, str]]:
        """(player, name) of the re-buys taken since the last round: they can be undone
        until the next round is saved (services.undo_rebuy)."""
        if not self.accepts_rounds:
            return []
        played = self.state.round_count
        return [(rebuy.player_id, self.name(rebuy.player_id)) for rebuy in self.rebuys
                if rebuy.after_round == played]

    @cached_property
    def rebuy_notices(self) -> list[tuple[str, "UndoneRebuy"]]:
        """(name, undone re-buy) for the re-buys a correction undid lately, for the sheet."""
        return [(self.name(undone.player), undone) for undone in self.rebuys_undone_lately()]

    def rebuys_undone_lately(self) -> list["UndoneRebuy"]:
        """The re-buys a correction undid since the last round was saved: what the sheet
        tells the table until the next round (docs/rules.md 4.2, "Undoing a re-buy")."""
        rounds = self.rounds
        # Only a correction undoes a re-buy this way: a game never corrected asks nothing.
        if not any(facts.revision for facts in rounds):
            return []
        undone = list(Rebuy.objects.filter(
            game=self.game, undone_by_correction__isnull=False,
            undone_at__gte=rounds[-1].entered_at))
        if not undone:
            return []
        costs = {(line.source, line.round): line.amount
                 for line in ledger.lines(self.game.pk) if line.kind == "rebuy"}
        return [UndoneRebuy(rebuy.player_id, rebuy.after_round,
                            costs.get((engine.account(rebuy.player_id), rebuy.after_round), 0),
                            rebuy.undone_by_correction)
                for rebuy in undone]

    @property
    def voided_game(self) -> Game | None:
        """The game row when it is void (who voided it, when, why), else None."""
        return self.game if self.void else None

    @property
    def status(self) -> engine.GameStatus:
        """The engine's status, unless the game was voided (a fact of the game row)."""
        return engine.GameStatus.VOID if self.void else self.state.status

    # -- state --

    @property
    def state(self) -> engine.Game:
        """The engine's game now: kept in memory, else resumed from the snapshot, else
        replayed from the facts."""
        if self._state is None:
            self._state = recent_games.get(state_key(self.game)) or self._resumed() or (
                self._kept(self.replay()))
        return self._state

    @state.setter
    def state(self, value: engine.Game) -> None:
        self._state = value

    @property
    def history(self) -> engine.Game:
        """The engine's game with every round played (a resumed state has only the rounds
        played on since the snapshot)."""
        state = self.state
        if not state.whole:
            state = self._state = self._kept(self.replay())
        return state

    def _resumed(self) -> engine.Game | None:
        snapshot = self.game.snapshot
        if not snapshot:
            return None
        try:
            state = engine.resume(self.rules, self.player_ids, snapshot,
                                  carried_in=self.game.carried_in, closed=self.game.closed,
                                  names=self.names)
        except (ValueError, engine.RulesError):
            return None  # another format of the engine's: replay the facts instead
        return self._kept(state)

    def _kept(self, state: engine.Game) -> engine.Game:
        recent_games.put(state_key(self.game), state)
        return state

    def replay(self, rounds: list[engine.RoundEntry] | None = None,
               rebuys: list[engine.RebuyEntry] | None = None) -> engine.Game:
        """The engine's game from the stored facts, or from other rounds or re-buys."""
        return engine.replay(
            self.rules,
            self.player_ids,
            [facts.entry() for facts in self.rounds] if rounds is None else rounds,
            [engine.RebuyEntry(rebuy.player_id, rebuy.after_round) for rebuy in self.rebuys]
            if rebuys is None else rebuys,
            carried_in=self.game.carried_in,
            closed=self.game.closed,
            names=self.names,
        )

    # -- seats --

    @cached_property
    def player_ids(self) -> list[int]:
        return [seat.player_id for seat in self.seats]

    @cached_property
    def players(self) -> dict[int, Player]:
        return {seat.player_id: seat.player for seat in self.seats}

    @cached_property
    def names(self) -> dict[int, str]:
        return {seat.player_id: seat.player.name for seat in self.seats}

    @cached_property
    def rules(self) -> engine.Rules:
        return engine.Rules.from_dict(self.game.rules)

    def name(self, player_id) -> str:
        return self.names.get(player_id) or f"Player {player_id}"

    @property
    def closes_by_hand(self) -> bool:
        """Whether the game is ended by hand (services.close_game): a Punktespiel, Basic
        Rummy, Rami in normal or traditional mode; the others end by themselves."""
        return engine.family_for(self.rules).closes_by_hand(self.rules)

    # -- what the game shows --

    @property
    def player_lines(self) -> list["PlayerLine"]:
        """Each seat's standing, money and re-buy, in seat order."""
        state = self.state
        void = self.void
        lines = []
        for seat, standing in zip(self.seats, state.standings, strict=True):
            # A void game's money was reversed and it takes no more re-buys.
            offer = None if void else state.rebuy_offer(seat.player_id)
            lines.append(PlayerLine(
                id=seat.player_id, name=seat.player.name, seat=seat.number,
                total=standing.total, state=standing.state, rebought=standing.rebought,
                boxes=standing.boxes, final=standing.final,
                rebuy=RebuyLine(
                    eligible=offer is not None,
                    target=offer.target if offer else None,
                    cost=offer.cost if offer else None,
                    reason=None if offer or void else state.can_rebuy(seat.player_id),
                ),
                balance=0 if void else standing.balance, place=standing.place,
            ))
        return lines

    @property
    def payout_lines(self) -> list["Payout"]:
        if self.void:
            return []
        return [Payout(player, amount) for player, amount in self.state.payouts]

    # What the table holds: nothing once the game is void (every movement reversed).

    @property
    def pot(self) -> int:
        return 0 if self.void else self.state.pot

    @property
    def kitty(self) -> int:
        return 0 if self.void else self.state.kitty

    @property
    def carried_out(self) -> int:
        return 0 if self.void else self.state.carried_out

    def round_line(self, result: engine.RoundResult) -> "RoundLine":
        """A round's result with its stored facts (revision, reason, the cards entered)."""
        stored = self.round_facts(result.number)
        cards = {hand.player_id: hand.cards.split() if hand.cards else None
                 for hand in stored.hands}  # fmt: skip
        return RoundLine(
            number=result.number, revision=stored.revision, reason=stored.reason,
            ender=result.ender, dealer=result.dealer, winner=result.winner,
            rummy=result.rummy, undercut=result.undercut, decider=result.decider,
            void=result.void, gin=result.gin, match=result.match,
            points=next((line.points for line in result.results
                         if line.player == result.winner), 0),
            finish=result.finish, nobody_else_laid=result.nobody_else_laid,
            results=[result_line(line, cards.get(line.player)) for line in result.results],
            out=list(result.out), rebuy_offers=list(result.rebuy_offers), game=self,
        )


@dataclass(frozen=True, slots=True)
class UndoneRebuy:
    """A re-buy a correction undid: its money (`cost`, minor units) went back to the player."""

    player: int
    after_round: int
    cost: int
    by_round: int | None = None  # the round whose correction undid it


@dataclass(frozen=True, slots=True)
class RebuyLine:
    eligible: bool
    target: int | None
    cost: int | None
    reason: object  # the engine's refusal (its code, params and message), or None


@dataclass(frozen=True, slots=True)
class PlayerLine:
    id: int
    name: str
    seat: int
    total: int
    state: str
    rebought: bool
    rebuy: RebuyLine
    balance: int
    place: int | None
    boxes: int | None = None
    final: int | None = None


class Payout(NamedTuple):
    player: int
    amount: int


class ResultLine(NamedTuple):
    """A player's line in a round, each part of its points by name.

    - knock family: `points` from the deadwood;
    - Gin: the winner's `points` = `difference` + `bonus`;
    - Basic Rummy: the one who went out scores `hand`, the others' cards (`points` =
      `hand`); the others score 0 and their `deadwood` is what they held;
    - Rami normal/traditional: `points` = `laid` + `hand` + `bonus` - `penalty` (`hand` and
      `bonus` only for the finisher: the others' cards left, the finishing and Rummy
      bonus);
    - Rami elimination: the finisher's `points` = `penalty`; the others' `points` =
      `hand` x `multiplier` + `penalty`, `hand` their own cards left.

    `melds` are the melds found in the cards entered (knock, Gin) or the melds laid as
    cards (Rami); `cards` the hand's cards as entered, or None.
    """

    player: int
    deadwood: int
    points: int
    total: int
    melds: tuple
    unmatched: tuple
    laid_off: tuple
    difference: int
    bonus: int
    cards: list[str] | None
    laid: int = 0
    hand: int = 0
    penalty: int = 0
    multiplier: int = 1


def result_line(line: engine.PlayerResult, cards: list[str] | None) -> ResultLine:
    """The engine's PlayerResult as a ResultLine, with the cards the hand was entered with."""
    return ResultLine(
        player=line.player, deadwood=line.deadwood, points=line.points, total=line.total,
        melds=line.melds, unmatched=line.unmatched, laid_off=line.laid_off,
        difference=line.difference, bonus=line.bonus, cards=cards,
        laid=line.laid, hand=line.hand, penalty=line.penalty, multiplier=line.multiplier,
    )


@dataclass(frozen=True, slots=True)
class RoundLine:
    number: int
    revision: int
    reason: str
    ender: int | None
    dealer: int
    winner: int | None
    rummy: bool
    undercut: bool
    decider: bool
    void: bool
    gin: bool
    match: int
    points: int
    # Rami (docs/rules.md 10): how the finisher went out ("" for the other families) and
    # whether nobody else had laid anything in the round.
    finish: str
    nobody_else_laid: bool
    results: list[ResultLine]
    out: list[int]
    rebuy_offers: list
    game: GameView


def game_queryset():
    """Games with their club and session (one query)."""
    return Game.objects.select_related("club", "session")


def load_game(game: Game | int, *, for_update: bool = False,
              seats: list[Seat] | None = None) -> GameView:
    """A game with its seats (two queries); its facts and state follow when asked for.

    `for_update` locks the game's row first: every write does, so writes to one game
    are served one after the other. `seats` the caller read already are taken as they
    are: a game's seats never change once it started.
    """
    if isinstance(game, int) or for_update:
        query = Game.objects.select_for_update() if for_update else game_queryset()
        try:
            game = query.get(pk=game if isinstance(game, int) else game.pk)
        except Game.DoesNotExist:
            raise NotFound("No such game") from None
    if seats is None:
        seats = list(Seat.objects.filter(game=game).select_related("player"))
    return GameView(game, seats)


def _load_facts(game: Game) -> tuple[list[RoundFacts], list[Rebuy]]:
    """The counting revision of every round with its hands, and the re-buys: three queries
    of plain values, because building model objects for hundreds of hands is the slow part."""
    current: dict[int, RoundFacts] = {}
    by_id: dict[int, RoundFacts] = {}
    rows = Round.objects.filter(game=game).order_by("number", "revision").values_list(
        "id", "number", "revision", "reason", "ender_id", "ender_melds", "entered_at", "void",
        "match", "finish", "penalties",
    )
    for (round_id, number, revision, reason, ender, melds, entered_at, void, match, finish,
         penalties) in rows:
        # Ordered by (number, revision): the last revision of a number counts.
        current[number] = by_id[round_id] = RoundFacts(
            number, revision, reason, ender, melds, entered_at, [], void, match, finish,
            penalties,
        )
    counting = {id(facts) for facts in current.values()}
    hands = Hand.objects.filter(round__game=game).order_by("round_id", "position").values_list(
        "round_id", "player_id", "position", "deadwood", "cards", "laid", "laid_melds"
    )
    for round_id, player, position, deadwood, cards, laid, laid_melds in hands:
        facts = by_id[round_id]
        if id(facts) in counting:
            facts.hands.append(HandFacts(player, position, deadwood, cards, laid, laid_melds))
    # An undone re-buy is kept as a record, but it no longer holds: the replay leaves it out.
    rebuys = list(Rebuy.objects.filter(game=game, undone_at__isnull=True))
    return [current[number] for number in sorted(current)], rebuys


def round_history(game: Game) -> list[Round]:
    """Every revision of every round, oldest first: what the sheet shows as corrected."""
    return list(
        Round.objects.filter(game=game)
        .select_related("ender", "entered_by")
        .prefetch_related(Prefetch("hands", queryset=Hand.objects.select_related("player")))
    )


# --- States kept in this process -----------------------------------------------------------


class RecentGames:
    """The engine states of the game versions this process has seen last, kept as objects.

    Django's cache would pickle a game on every get and set, which costs more than the
    rest of a request; an engine Game is never changed (play_on copies what it plays),
    so one object serves every request of the process. A key names one version of one
    game, so an entry is never stale: it only ages out, least recently used first.
    """

    def __init__(self, size: int):
        self.size = size
        self._games: OrderedDict[str, engine.Game] = OrderedDict()
        self._lock = threading.Lock()  # the tests' threads, and threaded servers

    def get(self, key: str) -> engine.Game | None:
        with self._lock:
            game = self._games.get(key)
            if game is not None:
                self._games.move_to_end(key)
            return game

    def put(self, key: str, game: engine.Game) -> None:
        with self._lock:
            self._games[key] = game
            self._games.move_to_end(key)
            while len(self._games) > self.size:
                self._games.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._games.clear()


# A game of 40 rounds and 6 players takes some 80 KB (more with hands entered as cards);
# 128 games are a large club's evening, some 10 MB a process.
recent_games = RecentGames(size=128)


def state_key(game: Game) -> str:
    """The key of a game's version: a version's facts never change (every write bumps it)."""
    # created_at tells apart games that reuse an id (a test database, a restored backup).
    return f"game-state:{game.pk}:{game.version}:{game.created_at.timestamp()}"


# How long Django's cache keeps a game's API object (scorekeeper/api/games.py).
STATE_CACHE_SECONDS = 3600
