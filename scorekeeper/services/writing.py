"""Writing a game: what a command writes is gathered in a unit of work and applied once, at
the end of the command's transaction.

A command reads the game under its lock (a GameView, services/reading.py), asks the
engine, and tells a `GameWrite` what the write adds: the rounds stored, the re-buys taken
or undone, the changes to the game's row, the engine's new state and how the ledger
follows it. `apply()` stores all of it, brings the ledger in line, bumps the game's
version once (one UPDATE, with the row's new status and snapshot) and hands back the new
view of the game. The view the command read is never changed. A write that only adds a
round can be worked out before the lock: `foresee()` gives the view it will leave and
`prepare()` makes its SQL, so that under the lock `apply()` only runs it.
"""

import copy
from dataclasses import dataclass, field
from datetime import datetime

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from ledger import services as ledger
from ledger import statements
from ledger.statements import Statement

from .. import rules as engine
from ..models import Game, Hand, Rebuy, Round
from . import policy
from .errors import GameVoid, VersionMismatch
from .kept import recent_games, state_key
from .reading import (
    GameView,
    HandFacts,
    RebuyFacts,
    RoundFacts,
    UndoneRebuy,
    load_game,
)

# A round revision's row, its hands' rows, and the id of the revision that counts (the
# hands' INSERT finds their round by it): made once per process (ledger.statements).
_ROUND_INSERT = statements.Insert(
    Round, "game", "number", "revision", "ender", "void", "match", "big_gin", "upcard",
    "ender_melds", "finish", "penalties", "reason", "entered_by", "entered_at")
_HAND_INSERT = statements.Insert(
    Hand, "round", "player", "position", "deadwood", "cards", "laid", "laid_melds")
_ROUND_ID = statements.Select(
    lambda game, number, revision: Round.objects.filter(
        game_id=game, number=number, revision=revision, undone_at__isnull=True,
    ).values_list("pk"), int, int, int)


class VersionMoved(Exception):
    """The game's row is no longer at the version the write read: another write came
    first. Only a write worked out before the lock meets it (and plans again under the
    lock); under the lock the version cannot move."""


@dataclass(frozen=True)
class NewRound:
    """A round revision to store: revision 0 is the round entered, a later one corrects it.
    `entered_at` is when the write took it: known before anything is stored, so that the
    view after the write can be foreseen (GameWrite.foresee)."""

    number: int
    revision: int
    entry: engine.RoundEntry
    reason: str = ""
    entered_at: datetime = field(default_factory=timezone.now)


@dataclass(frozen=True)
class WriteSql:
    """The SQL a write runs for `state`: the version's UPDATE, the rounds' INSERTs and the
    money's (None: ledger.post, under the lock, creates an account first)."""

    state: engine.Game
    bump: Statement
    rounds: tuple[Statement, ...]
    money: tuple[Statement, ...] | None


@dataclass(frozen=True)
class Undo:
    """Re-buys to mark undone (kept as records), why, and the round whose correction did."""

    players: tuple[int, ...]
    reason: str
    by_round: int | None = None


class GameWrite:
    """The unit of work of one command on one game, read under its lock as `view`.

    `actor` is the user recorded as having acted (None for the operator); `reason` goes
    with the ledger's reversals (ledger.sync) and `request_id` with every ledger line.
    """

    def __init__(self, view: GameView, *, actor, reason: str, request_id: str = ""):
        self.view = view
        self.actor = actor
        self.reason = reason
        self.request_id = request_id
        self._rounds: list[NewRound] = []
        self._rebuys: list[tuple[int, int]] = []
        self._undo: list[Undo] = []
        self._undone_round: tuple[int, str] | None = None
        self._row: dict = {}
        self._applied = False
        self._columns_for: tuple[engine.Game, dict] | None = None
        self._prepared: WriteSql | None = None

    # -- what the write adds --

    def add_round(self, number: int, entry: engine.RoundEntry, *, revision: int = 0,
                  reason: str = "") -> None:
        self._rounds.append(NewRound(number, revision, entry, reason))

    def take_rebuy(self, player: int, after_round: int) -> None:
        self._rebuys.append((player, after_round))

    def undo_rebuys(self, players: list[int], *, reason: str, by_round: int | None = None):
        """These players' re-buys that hold are undone; a correction's (`by_round`) at the
        moment its round is stored, so the sheet tells of it until the next round
        (GameView.rebuys_undone_lately)."""
        if players:
            self._undo.append(Undo(tuple(players), reason, by_round))

    def undo_round(self, number: int, *, reason: str) -> None:
        """Round `number` (the last) counts no more: every revision of it stays, marked
        undone, as an undone re-buy does; the ledger reverses its money (apply's sync)."""
        self._undone_round = (number, reason)

    def change(self, **columns) -> None:
        """Columns of the game's row that the write changes (closed=True)."""
        self._row.update(columns)
        self._columns_for = None

    # -- applying it, once --

    def apply(self, state: engine.Game, *, added=None, since: int | None = None,
              accounts=()) -> GameView:
        """Store the facts gathered, bring the ledger in line with `state`, store its
        snapshot and bump the version: the new view of the game.

        `added`: the transfers a write that only adds to the game adds, posted as they are
        (between `accounts`, those of them read already: ledger.known_accounts); otherwise
        the ledger is compared with the state from round `since` on (ledger.sync).
        """
        view = self._once()
        sql = self._sql(state, added, accounts)
        # The version first: a write worked out before the lock (commands.store_round)
        # finds here, before it has written anything, that another came first.
        game = self._bumped(sql.bump, self._columns(state))
        stored = [self._round_facts(new) for new in self._rounds]
        for statement in sql.rounds:
            statement.run()
        taken = [self._store_rebuy(player, after) for player, after in self._rebuys]
        undone, undone_ids = self._store_undone(stored[-1].entered_at if stored else None)
        if self._undone_round is not None:
            self._store_undone_round(*self._undone_round)
        if added is None:
            ledger.sync(state.transfers, since=since, reason=self.reason,
                        request_id=self.request_id, **self._ledger_scope())
        elif sql.money is not None:
            for statement in sql.money:
                statement.run()
        elif added:
            ledger.post(added, request_id=self.request_id, accounts=accounts,
                        **self._ledger_scope())
        key = state_key(game)
        # Only once committed: a rolled-back write must not leave its state behind.
        transaction.on_commit(lambda: recent_games.put(key, state))
        # A round undone leaves fewer rounds: the facts are read again when asked for.
        facts = (view.facts.changed(rounds=stored, rebuys=taken, undone=undone_ids)
                 if view.facts_loaded and self._undone_round is None else None)
        return view.after(game, state=state, facts=facts, entered=tuple(stored),
                          undone_rebuys=tuple(undone))

    def prepare(self, state: engine.Game, *, added, accounts=()) -> None:
        """Make now, before the lock, the SQL that `apply(state, added=added,
        accounts=accounts)` runs (ledger.statements): the lock is then held only while the
        database runs it. For a write that stores rounds and nothing else, as foresee."""
        self._only_rounds("prepared")
        self._prepared = self._sql(state, added, accounts)

    def foresee(self, state: engine.Game) -> GameView:
        """The view `apply(state)` gives while the game is still at the version read, worked
        out without writing: a round POST makes its answer from it before it takes the
        lock (commands.plan_round). Only for a write that stores rounds and nothing else:
        a re-buy's id, say, is known only once it is stored."""
        self._only_rounds("foreseen")
        view = self.view
        rounds = [self._round_facts(new) for new in self._rounds]
        facts = view.facts.changed(rounds=rounds) if view.facts_loaded else None
        return view.after(self._row_after(self._columns(state)), state=state, facts=facts,
                          entered=tuple(rounds))

    def _only_rounds(self, done: str) -> None:
        if self._rebuys or self._undo or self._undone_round is not None or self._applied:
            raise ValueError(f"Only a round not yet stored can be {done}")

    def _sql(self, state: engine.Game, added, accounts) -> WriteSql:
        """The SQL for `state`: the one prepared for it, or made now."""
        if self._prepared is not None and self._prepared.state is state:
            return self._prepared
        bump = self._bump(self._columns(state))
        rounds = tuple(statement for new in self._rounds
                       for statement in self._round_inserts(self._round_facts(new)))
        money = None
        if added is not None:
            money = ledger.prepared_post(added, request_id=self.request_id,
                                         accounts=accounts, **self._ledger_scope())
        return WriteSql(state, bump, rounds, None if money is None else tuple(money))

    def void(self) -> GameView:
        """Reverse every live entry of the game and mark it void, with who, when and why
        (`reason`): its facts stay, its snapshot too (what the facts give is unchanged)."""
        self._once()
        # Nothing expected: sync reverses every entry that still holds (never deletes one).
        ledger.sync([], reason=f"game voided: {self.reason}"[:255],
                    request_id=self.request_id, **self._ledger_scope())
        columns = {"status": engine.GameStatus.VOID, "voided_at": timezone.now(),
                   "voided_by": self.actor, "void_reason": self.reason[:255]}
        game = self._bumped(self._bump(columns), columns)
        return self.view.after(game)

    def _once(self) -> GameView:
        """The view read, the first time a write is applied: a second would write it all
        again, and bump the version twice."""
        if self._applied:
            raise RuntimeError("This write has been applied already")
        self._applied = True
        return self.view

    def _ledger_scope(self) -> dict:
        game = self.view.game
        return {"game_id": game.pk, "currency": game.currency, "session_id": game.session_id,
                "actor": getattr(self.actor, "username", "") or ""}

    def _bump(self, columns: dict) -> Statement:
        """The UPDATE that gives the game's row these columns and the next version, of the
        row only while it is at the version read."""
        read = self.view.game
        return statements.update(Game, {"pk": read.pk, "version": read.version},
                                 increment="version", **columns)

    def _bumped(self, bump: Statement, columns: dict) -> Game:
        """Run `bump` (made by _bump): the game's row as it leaves it, or VersionMoved when
        the row is no longer at the version read."""
        if not bump.run():
            read = self.view.game
            raise VersionMoved(f"Game {read.pk} is no longer at version {read.version}")
        return self._row_after(columns)

    def _columns(self, state: engine.Game) -> dict:
        """What a write that brings the game to `state` changes in its row (kept: a write
        foreseen before the lock asks again when it applies)."""
        if self._columns_for is None or self._columns_for[0] is not state:
            self._columns_for = (state, {"status": state.status,
                                         "snapshot": engine.snapshot(state),
                                         "closed": self.view.game.closed, **self._row})
        return self._columns_for[1]

    def _row_after(self, columns: dict) -> Game:
        """The game's row as the write leaves it: these columns and the next version."""
        game = copy.copy(self.view.game)
        for column, value in columns.items():
            setattr(game, column, value)
        game.version = self.view.game.version + 1
        return game

    def _round_inserts(self, facts: RoundFacts) -> list[Statement]:
        """The round revision's INSERT and its hands': the hands find their round by its
        number and revision (the one not undone is unique), so their statement is made
        before the round has an id."""
        game_id = self.view.game.pk
        stored = statements.lookup(_ROUND_ID, game_id, facts.number, facts.revision)
        return _ROUND_INSERT.rows([{
            "game": game_id, "number": facts.number, "revision": facts.revision,
            "ender": facts.ender_id, "void": facts.void, "match": facts.match,
            "big_gin": facts.big_gin, "upcard": facts.upcard, "ender_melds": facts.ender_melds,
            "finish": facts.finish, "penalties": facts.penalties, "reason": facts.reason,
            "entered_by": self.actor, "entered_at": facts.entered_at,
        }]) + _HAND_INSERT.rows([
            {"round": stored, "player": hand.player_id, "position": hand.position,
             "deadwood": hand.deadwood, "cards": " ".join(hand.cards) if hand.cards else "",
             "laid": hand.laid, "laid_melds": hand.laid_melds}
            for hand in facts.hands])

    @staticmethod
    def _round_facts(new: NewRound) -> RoundFacts:
        """The round revision as it is stored and read back (services.reading.load_facts)."""
        entry = new.entry
        return RoundFacts(
            new.number, new.revision, new.reason[:255], entry.ender,
            [list(meld) for meld in entry.ender_melds] if entry.ender_melds else None,
            new.entered_at,
            tuple(HandFacts(hand.player, position, hand.deadwood,
                            tuple(hand.cards) if hand.cards else None, hand.laid,
                            None if hand.laid_melds is None
                            else [list(meld) for meld in hand.laid_melds])
                  for position, hand in enumerate(entry.hands)),
            entry.void, entry.match, entry.finish or "",
            [[penalty.player, penalty.points] for penalty in entry.penalties] or None,
            entry.big_gin, entry.upcard or "",
        )

    def _store_rebuy(self, player: int, after_round: int) -> RebuyFacts:
        rebuy = Rebuy.objects.create(game=self.view.game, player_id=player,
                                     after_round=after_round, entered_by=self.actor)
        return RebuyFacts(rebuy.pk, player, rebuy.after_round, rebuy.entered_at)

    def _store_undone_round(self, number: int, reason: str) -> None:
        Round.objects.filter(game=self.view.game, number=number, undone_at__isnull=True).update(
            undone_at=timezone.now(), undone_by=self.actor, undo_reason=reason[:255])

    def _store_undone(self, at) -> tuple[list[UndoneRebuy], list[int]]:
        """Mark the re-buys undone (kept as records); what each had cost, and their ids."""
        if not self._undo:
            return [], []
        view, at = self.view, at or timezone.now()
        costs = {(transfer.source, transfer.round): transfer.amount
                 for transfer in view.history.transfers if str(transfer.kind) == "rebuy"}
        holding = {rebuy.player_id: rebuy for rebuy in view.rebuys}
        undone, ids = [], []
        for undo in self._undo:
            rebuys = [holding[player] for player in undo.players]
            Rebuy.objects.filter(pk__in=[rebuy.id for rebuy in rebuys]).update(
                undone_at=at, undone_by=self.actor, undo_reason=undo.reason[:255],
                undone_by_correction=undo.by_round)
            ids += [rebuy.id for rebuy in rebuys]
            undone += [UndoneRebuy(rebuy.player_id, rebuy.after_round,
                                   costs.get((engine.account(rebuy.player_id),
                                              rebuy.after_round), 0), undo.by_round)
                       for rebuy in rebuys]
        return undone, ids


def bump_version(games, **changes) -> None:
    """A new version for these games (a queryset or one game), with `changes` to their
    columns in the same UPDATE: whatever was kept for the old version (states, API
    objects, ETags) is no longer served. Every write calls it; so do changes outside the
    facts that a game shows, such as a name changed in the admin."""
    if isinstance(games, Game):
        games = Game.objects.filter(pk=games.pk)
    games.update(version=F("version") + 1, **changes)


# --- What every command reads and checks first -----------------------------------------------


def read_for_write(game_id: int, locked: Game | None = None, seats=None) -> GameView:
    """The game as a write reads it: its row under its lock. `locked`: the row when the
    caller read it under its lock in this transaction already (game_access.lock_game, as the
    API's round POST does): it is not read again. `seats`: as load_game takes them."""
    if locked is None:
        return load_game(game_id, for_update=True, seats=seats)
    if locked.pk != game_id:
        raise ValueError(f"The row locked is game {locked.pk}'s, not game {game_id}'s")
    return load_game(locked, seats=seats)


def allowed(who, action: str, club_id: int, *, row: Game | None = None):
    """Ask the access policy before a command writes (docs/security.md, "Commands ask
    too"); the user to record as having acted (None for the operator).

    `row`: the game's row as game_access.lock_game or game_access.read_game read it for this same
    caller, with the caller's role beside it: the policy is answered without reading the
    role again."""
    known = {"role": row.caller_role} if hasattr(row, "caller_role") else {}
    policy.check(who, action, club_id, **known)
    return policy.acting_user(who)


def refuse_void(view: GameView) -> None:
    """Nothing more is entered into a deleted or voided game."""
    if view.void:
        raise GameVoid("This game was voided: nothing more can be entered")


def check_version(view: GameView, version: int | None) -> None:
    """`version`, when given (If-Match), must be the game's."""
    if version is not None and version != view.game.version:
        raise VersionMismatch(
            f"The game has changed since version {version} (it is at version "
            f"{view.game.version}): reload and try again", current=view.game.version)


def carried_into_later_game(game: Game) -> bool:
    """Whether the game's pot went on into a later game of its session: then the game is
    no longer corrected nor voided."""
    return game.session_id is not None and Game.objects.filter(
        session_id=game.session_id, pk__gt=game.pk, carried_in__gt=0
    ).exists()
