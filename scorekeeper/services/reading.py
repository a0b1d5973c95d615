"""The read model: a game with its facts and its engine state, read in few queries.

Standings are derived from the facts, never stored as the truth (docs/rules.md 5.1).
The facts are read once, into frozen values (`GameFacts`); nothing changes a view once it
is made: a write (services/writing.py) gives a new view of the game after it.
Two things are kept so that a request does not replay a whole game:

- the engine's state of each game version, in this process's memory (services/kept.py),
  keyed by (game, version, creation time);
- the engine's compact snapshot (`Game.snapshot`), written with the facts in every
  write's transaction, from which any process goes on at the cost of one round.

Both are rebuilt from the facts whenever they are missing (tests/test_game_cache.py).
"""

from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime
from functools import cached_property

from django.db.models import Prefetch

from ledger import services as ledger
from ledger.statements import Objects

from .. import rules as engine
from ..models import Game, Hand, Player, Rebuy, Round, Seat
from .errors import NotFound
from .kept import recent_games, rules_of, state_key
from .lines import (
    Payout,
    PlayerLine,
    RebuyLine,
    RoundLine,
    UndoneRebuy,
    result_line,
)

# --- Facts as frozen values ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HandFacts:
    """A stored hand, as the replay and the pages read it."""

    player_id: int
    position: int
    deadwood: int | None
    # The cards left in hand as card texts, read so from the stored text once (None: the
    # hand was entered as points).
    cards: tuple[str, ...] | None
    # Rami (docs/rules.md 10): the points laid, or the melds laid as card texts.
    laid: int | None = None
    laid_melds: list[list[str]] | None = None


@dataclass(frozen=True, slots=True)
class RoundFacts:
    """The counting revision of a stored round, with its hands."""

    number: int
    revision: int
    reason: str
    ender_id: int | None
    ender_melds: list | None
    entered_at: datetime
    hands: tuple[HandFacts, ...]
    void: bool = False
    match: int | None = None
    # Rami (docs/rules.md 10): how the finisher went out ("" for the other families) and
    # the penalties as [[player id, points], ...] (None: none).
    finish: str = ""
    penalties: list | None = None
    # Gin (docs/rules.md 8): a gin of all 11 cards, scored with the Big Gin bonus.
    big_gin: bool = False
    # Oklahoma Gin: the deal's first upcard ("" for other games).
    upcard: str = ""

    def entry(self, rules: engine.Rules | None = None) -> engine.RoundEntry:
        """The round as the engine takes it: of the entry type of the family of `rules`."""
        return round_entry(self.ender_id, self.hands, self.ender_melds, rules=rules,
                           void=self.void, match=self.match, finish=self.finish,
                           penalties=self.penalties, big_gin=self.big_gin,
                           upcard=self.upcard)


@dataclass(frozen=True, slots=True)
class RebuyFacts:
    """A re-buy that holds (an undone one is kept as a record, but no longer counts)."""

    id: int
    player_id: int
    after_round: int
    entered_at: datetime


@dataclass(frozen=True, slots=True)
class GameFacts:
    """What was entered into a game: the counting revision of each round, in order, and the
    re-buys that hold. A write gives new facts (`changed`); these never change."""

    rounds: tuple[RoundFacts, ...]
    rebuys: tuple[RebuyFacts, ...]
    # Rounds undone at the table and not entered again: the sheet says so until they are.
    undone_rounds: tuple[int, ...] = ()

    def changed(self, *, rounds=(), rebuys=(), undone=()) -> "GameFacts":
        """These facts with `rounds` stored (a new round, or a round's new revision),
        `rebuys` taken and the re-buys with the ids in `undone` undone."""
        counting = list(self.rounds)
        for facts in rounds:
            if facts.number <= len(counting):
                counting[facts.number - 1] = facts
            else:
                counting.append(facts)
        dropped = set(undone)
        holding = [rebuy for rebuy in self.rebuys if rebuy.id not in dropped]
        entered = {facts.number for facts in rounds}
        return GameFacts(tuple(counting), (*holding, *rebuys),
                         tuple(n for n in self.undone_rounds if n not in entered))

    def rebuy_entries(self) -> list[engine.RebuyEntry]:
        return [engine.RebuyEntry(rebuy.player_id, rebuy.after_round) for rebuy in self.rebuys]


def round_entry(ender, hands, ender_melds, *, rules: engine.Rules | None = None,
                void: bool = False, match: int | None = None, finish: str | None = None,
                penalties=None, big_gin: bool = False, upcard: str | None = None
                ) -> engine.RoundEntry:
    """A stored round (hands with player_id, deadwood, cards, laid and laid_melds) for the
    engine, of the entry type of the family of `rules` (engine.round_entry). `finish` ""
    is no finish (the families other than Rami); `penalties` are (player, points) pairs.
    Without `rules` the engine picks a type that holds the facts, and the family that
    plays the round takes it as its own."""
    return engine.round_entry(
        rules,
        ender=ender,
        hands=tuple(_hand_entry(hand) for hand in hands),
        ender_melds=tuple(tuple(meld) for meld in ender_melds) if ender_melds else None,
        void=void,
        match=match,
        finish=finish or None,
        penalties=tuple(engine.PenaltyEntry(player, points)
                        for player, points in penalties or ()),
        big_gin=big_gin,
        upcard=upcard or None,
    )


def _hand_entry(hand) -> engine.HandEntry:
    """A stored hand for the engine; a LaidHand when it says what was laid. Its cards are
    card texts, or one text of them."""
    cards = hand.cards
    if isinstance(cards, str):
        cards = tuple(cards.split())
    cards = tuple(cards) if cards else None
    if hand.laid is None and hand.laid_melds is None:
        return engine.HandEntry(hand.player_id, deadwood=hand.deadwood, cards=cards)
    return engine.LaidHand(hand.player_id, deadwood=hand.deadwood, cards=cards, laid=hand.laid,
                           laid_melds=None if hand.laid_melds is None
                           else tuple(tuple(meld) for meld in hand.laid_melds))


# --- The read model ------------------------------------------------------------------------


class GameView:
    """A game with its seats, its facts and its engine state: what pages and the API show.

    `state` is the game now (standings, money, what comes next), from the cheapest
    source; `history` is the replay of every round, for what shows each round (the
    sheet, the round list). Facts are read only when asked for, and then once.

    A view is a read model and is never changed by a write: a command reads a view under
    the game's lock and hands back a new one, made from what it wrote (`facts`, `state`,
    the rounds it `entered`, the re-buys a correction undid), services/writing.py.
    """

    def __init__(self, game: Game, seats: list[Seat], *, facts: GameFacts | None = None,
                 state: engine.Game | None = None, entered: tuple[RoundFacts, ...] = (),
                 undone_rebuys: tuple["UndoneRebuy", ...] = ()):
        self.game = game
        self.seats = seats
        self._facts = facts
        self._state = state
        self._history: engine.Game | None = None
        # Rounds a write just stored: known without reading the facts (round_line).
        self._entered = {facts.number: facts for facts in entered}
        # The re-buys the write that made this view undid (services.correct_round).
        self.undone_rebuys = list(undone_rebuys)

    def after(self, game: Game, *, state: engine.Game | None = None,
              facts: GameFacts | None = None, entered: tuple[RoundFacts, ...] = (),
              undone_rebuys: tuple["UndoneRebuy", ...] = ()) -> "GameView":
        """The view of the game after a write (services/writing.py): its new row, and what
        the write knows of it; the state this view has already, unless the write changed
        it (`state`). Facts not given are read when asked for."""
        return GameView(game, self.seats, facts=facts,
                        state=self._state if state is None else state, entered=entered,
                        undone_rebuys=undone_rebuys)

    # -- facts --

    @property
    def facts(self) -> GameFacts:
        """The game's facts, read when first asked for (three queries), then kept."""
        if self._facts is None:
            # The rounds a write stores count when read before they are (GameWrite.foresee).
            facts = load_facts(self.game)
            self._facts = facts.changed(rounds=tuple(self._entered.values()))
        return self._facts

    @property
    def facts_loaded(self) -> bool:
        """Whether the facts were read already (a write then gives the new ones without
        reading them again)."""
        return self._facts is not None

    @property
    def rounds(self) -> tuple[RoundFacts, ...]:
        """The counting revision of each round, in order."""
        return self.facts.rounds

    @property
    def rebuys(self) -> tuple[RebuyFacts, ...]:
        return self.facts.rebuys

    def round_facts(self, number: int) -> RoundFacts:
        """The counting revision of round `number` (one written by the write that made this
        view is known without reading the facts)."""
        return self._entered.get(number) or self.rounds[number - 1]

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

    @property
    def history(self) -> engine.Game:
        """The engine's game with every round played (a resumed state has only the rounds
        played on since the snapshot)."""
        if self._history is None:
            state = self.state
            self._history = state if state.whole else self._kept(self.replay())
        return self._history

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
               rebuys: list[engine.RebuyEntry] | None = None, *,
               closed: bool | None = None) -> engine.Game:
        """The engine's game from the stored facts, or from other rounds or re-buys, or
        closed by hand (`closed`)."""
        return engine.replay(
            self.rules,
            self.player_ids,
            [facts.entry(self.rules) for facts in self.rounds] if rounds is None else rounds,
            self.facts.rebuy_entries() if rebuys is None else rebuys,
            carried_in=self.game.carried_in,
            closed=self.game.closed if closed is None else closed,
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
        return rules_of(self.game)

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
            # A void game's money was reversed and it takes no more re-buys. The refusal
            # is asked once: it is a rendered message.
            refusal = None if void else state.can_rebuy(seat.player_id)
            offer = None if void or refusal else state.rebuy_break[seat.player_id]
            lines.append(PlayerLine(
                id=seat.player_id, name=seat.player.name, seat=seat.number,
                total=standing.total, state=standing.state, rebought=standing.rebought,
                boxes=standing.boxes, final=standing.final,
                rebuy=RebuyLine(
                    eligible=offer is not None,
                    target=offer.target if offer else None,
                    cost=offer.cost if offer else None,
                    reason=refusal,
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
        cards = {hand.player_id: hand.cards for hand in stored.hands}
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


def game_queryset():
    """Games with their club and session (one query)."""
    return Game.objects.select_related("club", "session")


def load_game(game: Game | int, *, for_update: bool = False,
              seats: list[Seat] | None = None) -> GameView:
    """A game with its seats (two queries); its facts and state follow when asked for.

    `for_update` locks the game's row first: every write does, so writes to one game
    are served one after the other (a row read by `lock_game` is locked already and is
    not read again). `seats` the caller read already are taken as they are: a game's
    seats never change once it started.
    """
    if isinstance(game, int) or for_update:
        query = Game.objects.select_for_update() if for_update else game_queryset()
        try:
            game = query.get(pk=game if isinstance(game, int) else game.pk)
        except Game.DoesNotExist:
            raise NotFound("No such game") from None
    if seats is None:
        seats = _SEATS_OF_GAME.read(game.pk)
    return GameView(game, seats)


# A game's seats in order, each with its player: read for every game a request loads.
_SEATS_OF_GAME = Objects(Seat, lambda game_id: Seat.objects.filter(game=game_id), int,
                         related=["player"])


def load_facts(game: Game) -> GameFacts:
    """The counting revision of every round with its hands, and the re-buys that hold."""
    counting, undone = _rounds_of([game.pk])
    # An undone re-buy is kept as a record, but it no longer holds: the replay leaves it out.
    rebuys = Rebuy.objects.filter(game=game, undone_at__isnull=True).values_list(
        "id", "player_id", "after_round", "entered_at")
    return GameFacts(counting.get(game.pk, ()), tuple(RebuyFacts(*row) for row in rebuys),
                     undone.get(game.pk, ()))


def counting_rounds(game_ids: list[int]) -> dict[int, tuple[RoundFacts, ...]]:
    """The counting revision of every round of these games, with its hands, in order: two
    queries of plain values, because building model objects for hundreds of hands is the
    slow part (one game's facts, and a season's, services/season.py)."""
    return _rounds_of(game_ids)[0]


def _rounds_of(game_ids: list[int]) -> tuple[dict[int, tuple[RoundFacts, ...]],
                                              dict[int, tuple[int, ...]]]:
    """counting_rounds, and the numbers of each game's rounds undone and not entered again
    (read in the same query: the sheet tells of them at no cost)."""
    current: dict[tuple[int, int], tuple] = {}
    undone: set[tuple[int, int]] = set()
    rows = Round.objects.filter(game_id__in=game_ids).order_by(
        "game_id", "number", "revision").values_list(
        "id", "game_id", "number", "revision", "reason", "ender_id", "ender_melds",
        "entered_at", "void", "match", "finish", "penalties", "big_gin", "upcard",
        "undone_at")
    for *row, undone_at in rows:
        if undone_at is not None:  # undone at the table: it counts no more, any revision
            undone.add((row[1], row[2]))
            continue
        # Ordered by revision: the last revision of a number is the one that counts.
        current[row[1], row[2]] = row
    counting = {row[0] for row in current.values()}
    hands: dict[int, list[HandFacts]] = defaultdict(list)
    for round_id, player, position, deadwood, cards, laid, laid_melds in Hand.objects.filter(
            round__game_id__in=game_ids).order_by("round_id", "position").values_list(
            "round_id", "player_id", "position", "deadwood", "cards", "laid", "laid_melds"):
        if round_id in counting:
            hands[round_id].append(HandFacts(player, position, deadwood,
                                             tuple(cards.split()) or None, laid, laid_melds))
    result: dict[int, list[RoundFacts]] = defaultdict(list)
    for (game_id, _number), row in sorted(current.items()):
        (round_id, _game, number, revision, reason, ender, melds, entered_at, void, match,
         finish, penalties, big_gin, upcard) = row
        result[game_id].append(RoundFacts(
            number, revision, reason, ender, melds, entered_at, tuple(hands[round_id]), void,
            match, finish, penalties, big_gin, upcard))
    left: dict[int, tuple[int, ...]] = defaultdict(tuple)
    for game_id, number in sorted(undone - current.keys()):
        left[game_id] += (number,)
    return {game_id: tuple(rounds) for game_id, rounds in result.items()}, dict(left)


def round_history(game: Game) -> list[Round]:
    """Every revision of every round, oldest first, undone ones too: what the audit shows.
    By number, then as stored: a number undone and entered again has revisions from 0 twice."""
    return list(
        Round.objects.filter(game=game).order_by("number", "id")
        .select_related("ender", "entered_by", "undone_by")
        .prefetch_related(Prefetch("hands", queryset=Hand.objects.select_related("player")))
    )


# How long Django's cache keeps a game's API object (scorekeeper/api/games.py).
STATE_CACHE_SECONDS = 3600
