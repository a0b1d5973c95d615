"""Entering rounds: the next round, and the correction of a round entered; each one
transaction, written through a unit of work (services/writing.py).

A write locks the game's row first (`select_for_update`; on SQLite the IMMEDIATE
transaction does the same), asks the engine, then stores the facts, the ledger
movements, the engine's snapshot and a new version together. Two phones entering
the same round are served one after the other: the second finds the round taken.

The API's round POST works its round out before it takes the lock (plan_round on a row
read by services.read_game), with the game as the round will leave it (PlannedRound.after(),
what its answer is made of), and holds the lock only to store it (store_round): the
version is bumped first, and only from the version planned on; when another write came
in between, the round is worked out again under the lock (docs/reliability.md, 33).
Each write tells the club's webhooks of itself in the same transaction (services.webhooks).
A game's start, close and end are services/lifecycle.py; re-buys services/rebuys.py.
"""

from dataclasses import dataclass

from django.db import transaction

from .. import rules as engine
from ..models import Game
from ..rules import GameStatus, RulesError
from . import tournaments, webhook_events
from .errors import (
    GameFinished,
    NotFound,
    RoundNotUndoable,
    ServiceError,
    StaleRound,
    VersionMismatch,
    VersionRequired,
)
from .kept import known_accounts
from .reading import GameView
from .writing import (
    GameWrite,
    VersionMoved,
    allowed,
    carried_into_later_game,
    check_version,
    read_for_write,
    refuse_void,
)

# Kept with the undone round, in English like every reason the ledger keeps; the pages
# say "undone at the table" in the reader's language from the fact itself (undone_at).
UNDONE_AT_THE_TABLE = "undone at the table"


@dataclass(frozen=True)
class HandInput:
    """One hand as it arrives from a form or the API (shape already checked).

    `deadwood` (points) or `cards` (a list of card texts, or one text) are what is left
    in hand; Rami adds what the player laid in the round: `laid` points, or `laid_melds`,
    a list of melds, each a list of card texts or one text, with `from_table`, the cards
    of those melds taken from melds on the table (docs/rules.md 10.6; a card may instead be
    written marked in its meld, "[4D]", as the pages do).
    """

    player: int
    deadwood: int | None = None
    cards: list[str] | str | None = None
    laid: int | None = None
    laid_melds: list[list[str] | str] | None = None
    from_table: list[str] | None = None


# --- Rounds and corrections ----------------------------------------------------------------


@dataclass(frozen=True)
class PlannedRound:
    """A round worked out on the game as `view` shows it (docs/reliability.md, "Entering a
    round"): stored only while the game is still at that version (store_round).

    `who` asked for it and `actor` is recorded as having acted; `entry` is the round as
    the engine takes it (checked against the seats and the rules, which never change, so
    it holds at any later version); `state` is the game with the round, whose money moves
    between `accounts` (those that exist already). `write` stores it.
    """

    view: GameView
    who: object
    actor: object
    number: int
    entry: engine.RoundEntry
    state: engine.Game
    accounts: tuple
    write: GameWrite

    def after(self) -> GameView:
        """The game as it will be once the round is stored, at the next version: an answer
        made from it before the lock holds when the view store_round gives has that version.
        Asked for only by those who answer before storing (the API), and before storing."""
        return self.write.foresee(self.state)

    @property
    def added(self) -> tuple:
        """The round's money: the transfers the game has now and had not before."""
        return self.state.transfers[len(self.view.state.transfers):]


def plan_round(
    view: GameView, *, number: int, ender: int | None, hands: list[HandInput],
    ender_melds=None, void: bool = False, match: int | None = None,
    finish: str | None = None, penalties=None, big_gin: bool = False,
    upcard: str | None = None, user, request_id: str = "",
) -> PlannedRound:
    """The game's next round worked out on `view`, with every check record_round makes:
    it reads, writes nothing and takes no lock. `user` must be allowed to write: the
    policy is asked here (with the caller's role when the view's row came with it).
    `request_id` goes with the round's ledger lines."""
    actor = _may_enter(view, number, user)
    entry = checked_entry(view, ender, hands, ender_melds, void, match, finish, penalties,
                          big_gin, upcard)
    return _played(view, user, actor, number, entry, request_id)


def _may_enter(view: GameView, number: int, user):
    """The acting user, once the policy lets `user` write and round `number` is the game's
    next: GameVoid, GameFinished or StaleRound otherwise."""
    actor = allowed(user, "game.write", view.game.club_id, row=view.game)
    refuse_void(view)
    state = view.state
    if state.status.ended:
        raise GameFinished("The game is over: no more rounds can be entered")
    if number != state.next_round:
        raise StaleRound(
            f"Round {number} cannot be entered: the next round is {state.next_round}",
            next_round=state.next_round,
        )
    return actor


def _played(view: GameView, who, actor, number: int, entry: engine.RoundEntry,
            request_id: str) -> PlannedRound:
    # One round onto the state so far: the earlier rounds are not played again, and
    # their money stays as booked; the round adds only its own movements (and the
    # payout when it ends the game).
    state = view.state
    new_state = engine.play_on(state, entry)
    game = view.game
    accounts = known_accounts(game, new_state.transfers[len(state.transfers):])
    write = GameWrite(view, actor=actor, reason=f"round {number}", request_id=request_id)
    write.add_round(number, entry)
    planned = PlannedRound(view, who, actor, number, entry, new_state, tuple(accounts), write)
    write.prepare(new_state, added=planned.added, accounts=planned.accounts)
    return planned


def record_round(
    *, game_id: int, number: int, ender: int | None, hands: list[HandInput],
    ender_melds=None, void: bool = False, match: int | None = None,
    finish: str | None = None, penalties=None, big_gin: bool = False,
    upcard: str | None = None, user, request_id: str = "", seats=None,
    locked: Game | None = None,
) -> tuple[engine.RoundResult, GameView]:
    """Enter the game's next round under the game's lock; the round, its hands and its
    money land together.

    `void`, `match`, `big_gin` and `upcard` are Gin's (docs/rules.md 8): a round
    abandoned, the tournament match it was played in, a gin of all 11 cards, Oklahoma's
    first upcard. `finish` and `penalties`
    are Rami's (docs/rules.md 10): how the finisher (`ender`) went out ("none", "rummy",
    "own_cards") and the penalties as (player id, points) pairs. `seats`: the game's seats
    when the caller read them already (a page did); `locked`: the game's row when the
    caller read it under its lock in this transaction (services.lock_game): it is not read
    again.
    """
    with transaction.atomic():
        view = read_for_write(game_id, locked, seats)
        planned = plan_round(
            view, number=number, ender=ender, hands=hands, ender_melds=ender_melds,
            void=void, match=match, finish=finish, penalties=penalties, big_gin=big_gin,
            upcard=upcard, user=user, request_id=request_id)
        return _stored(planned)


def store_round(planned: PlannedRound, *, savepoint: bool = True
                ) -> tuple[engine.RoundResult, GameView]:
    """Store a round planned before the lock (plan_round on a row read by
    services.read_game), in a transaction that holds the lock only to write: it stores the
    round if the game is still at the version planned on, and else, another write having
    come first, plays the same round again onto the game as it is now, under the lock.

    `savepoint=False` when the caller's own transaction rolls back whole if this fails (the
    API's Idempotency-Key transaction): a savepoint there would undo nothing that the
    rollback does not, and costs two round trips."""
    with transaction.atomic(savepoint=savepoint):
        try:
            return _stored(planned)
        except VersionMoved:
            # Nothing was written yet: the version is the first thing a write changes.
            view = read_for_write(planned.view.game.pk, seats=planned.view.seats)
            actor = _may_enter(view, planned.number, planned.who)
            again = _played(view, planned.who, actor, planned.number, planned.entry,
                            planned.write.request_id)
            return _stored(again)


def _stored(planned: PlannedRound) -> tuple[engine.RoundResult, GameView]:
    write = planned.write
    view = write.apply(planned.state, added=planned.added, accounts=planned.accounts)
    tournaments.match_changed(view.game, planned.state, user=planned.who,
                              request_id=write.request_id)
    webhook_events.round_recorded(view, planned.number)
    return planned.state.rounds[-1], view


def correct_round(
    *, game_id: int, number: int, ender: int | None, hands: list[HandInput], reason: str,
    version: int | None, ender_melds=None, void: bool = False, match: int | None = None,
    finish: str | None = None, penalties=None, big_gin: bool = False,
    upcard: str | None = None, user, request_id: str = "", seats=None,
    locked: Game | None = None,
) -> tuple[engine.RoundResult, GameView]:
    """Replace a recorded round by a corrected one; every later standing and payment follows.

    The round is given whole, as to record_round (`seats` and `locked` too). The old
    revision stays; the ledger gets reversals of what no longer holds and the new entries.
    A re-buy the correction leaves impossible is undone, its cost back to the player
    (docs/rules.md 4.2, "Undoing a re-buy"): `view.undone_rebuys` lists them.
    """
    if version is None:
        raise VersionRequired(
            "Send the game's version in If-Match, so a correction never overwrites a newer "
            "change unseen"
        )
    with transaction.atomic():
        view = read_for_write(game_id, locked, seats)
        who, user = user, allowed(user, "game.write", view.game.club_id, row=view.game)
        refuse_void(view)
        if version != view.game.version:
            raise VersionMismatch(
                f"The game has changed since version {version} (it is at version "
                f"{view.game.version}): reload and correct again", current=view.game.version)
        if not 1 <= number <= len(view.rounds):
            raise NotFound(f"Round {number} has not been entered")
        if view.game.status == GameStatus.CARRIED_OVER and carried_into_later_game(view.game):
            raise GameFinished(
                "This game's pot was carried into a later game of the session: it can no "
                "longer be corrected"
            )
        entry = checked_entry(view, ender, hands, ender_melds, void, match, finish,
                               penalties, big_gin, upcard)
        new_state, undone = corrected_state(view, number, entry)
        write = GameWrite(view, actor=user, reason=f"correction of round {number}: {reason}",
                          request_id=request_id)
        write.add_round(number, entry, revision=view.rounds[number - 1].revision + 1,
                        reason=reason)
        write.undo_rebuys(undone, reason=f"undone by the correction of round {number}",
                          by_round=number)
        ended_before = view.state.status.ended
        view = write.apply(new_state, since=number)
        # A tournament's match: its winner advances, or the correction is refused when it
        # would change a winner whose next match has begun (services.tournaments).
        tournaments.match_changed(view.game, new_state, user=who, request_id=request_id,
                                  reason=f"correction of round {number}: {reason}")
        webhook_events.round_corrected(view, number, reason=reason, ended_before=ended_before)
    return new_state.rounds[number - 1], view


def undo_last_round(*, game_id: int, number: int, user, request_id: str = "",
                    version: int | None = None) -> GameView:
    """Take back round `number` while it is the game's last (docs/table.md, "Undo last
    round"): it stays on record with every revision, marked undone at the table, and the
    ledger reverses its money. The next round entered takes its number again.

    Refused (RoundNotUndoable) once a later round was saved, or while a re-buy taken after
    it holds (undo that first); GameFinished once the game is over (correct a round then).
    `version`, when given, must be the game's (If-Match)."""
    with transaction.atomic():
        view = read_for_write(game_id)
        user = allowed(user, "game.write", view.game.club_id)
        refuse_void(view)
        check_version(view, version)
        played = len(view.rounds)
        if not 1 <= number <= played:
            raise NotFound(f"Round {number} is not on the sheet: there is nothing to undo")
        if number != played:
            raise RoundNotUndoable(
                f"Round {number} can no longer be undone: round {played} was saved after "
                f"it. Correct it instead")
        if not view.accepts_rounds:
            raise GameFinished("The game is over: correct a round instead of undoing it")
        rebought = [view.name(rebuy.player_id) for rebuy in view.rebuys
                    if rebuy.after_round == number]
        if rebought:
            raise RoundNotUndoable(
                f"{', '.join(rebought)} re-bought after round {number}: undo the re-buy "
                f"first", rebought=tuple(rebought))
        # The rounds before it, played again: removing the last round never breaks one.
        new_state = view.replay([facts.entry(view.rules) for facts in view.rounds[:-1]])
        write = GameWrite(view, actor=user, reason=f"round {number} {UNDONE_AT_THE_TABLE}",
                          request_id=request_id)
        write.undo_round(number, reason=UNDONE_AT_THE_TABLE)
        view = write.apply(new_state, since=number)
        webhook_events.round_undone(view, number, reason=UNDONE_AT_THE_TABLE)
    return view


def checked_entry(view: GameView, ender, hands: list[HandInput], ender_melds, void=False,
                  match=None, finish=None, penalties=None, big_gin=False, upcard=None
                  ) -> engine.RoundEntry:
    """The round as the engine takes it, of the entry type of the game's family; players
    must sit at this game."""
    seated = view.players
    if ender is not None and ender not in seated:
        raise ServiceError("The ender does not sit at this game", field="ender",
                           code="unknown_player")
    for index, hand in enumerate(hands):
        if hand.player not in seated:
            raise ServiceError("That player does not sit at this game",
                               where=("hands", index, "player"), code="unknown_player")
    penalties = list(penalties or ())
    for index, (player, _points) in enumerate(penalties):
        if player not in seated:
            raise ServiceError("That player does not sit at this game",
                               where=("penalties", index, "player"),
                               code="unknown_player")
    converted = []
    for index, hand in enumerate(hands):
        cards = laid_melds = None
        if hand.cards is not None:
            try:
                cards = tuple(engine.parse_cards(hand.cards))
            except RulesError as error:
                raise error.at(f"hands[{index}].cards") from None
        if hand.laid_melds is not None:
            laid_melds = []
            for meld_index, meld in enumerate(hand.laid_melds):
                try:
                    # A card taken from the table keeps its mark: "[4D]" (docs/rules.md 10.6).
                    laid_melds.append(tuple(engine.parse_laid_meld(meld)))
                except RulesError as error:
                    raise error.at(f"hands[{index}].laid_melds[{meld_index}]") from None
            laid_melds = tuple(laid_melds)
            if hand.from_table:
                try:
                    laid_melds = engine.marked_from_table(laid_melds, hand.from_table)
                except RulesError as error:
                    raise error.at(f"hands[{index}].from_table") from None
        elif hand.from_table:
            raise ServiceError("from_table names cards of laid_melds: give the melds as cards",
                               where=("hands", index, "from_table"), code="invalid")
        if hand.laid is None and laid_melds is None:
            converted.append(engine.HandEntry(hand.player, deadwood=hand.deadwood, cards=cards))
        else:
            converted.append(engine.LaidHand(hand.player, deadwood=hand.deadwood, cards=cards,
                                             laid=hand.laid, laid_melds=laid_melds))
    if upcard is not None:
        try:  # stored as the card's one spelling, "7S" for "7s" (docs/rules.md 8)
            upcard = engine.parse_card(upcard)
        except RulesError as error:
            raise error.at("upcard") from None
    melds = None
    if ender_melds:
        melds = tuple(tuple(engine.parse_cards(meld)) for meld in ender_melds)
    # The round of the game's family: a fact the family does not take (a void round in
    # Wiener, a finish in Gin) is refused here, naming its field.
    return engine.round_entry(
        view.rules, ender=ender, hands=converted, ender_melds=melds, void=void, match=match,
        finish=finish,
        penalties=[engine.PenaltyEntry(player, points) for player, points in penalties],
        big_gin=big_gin,
        upcard=upcard,
    )


def corrected_state(view: GameView, number: int, entry: engine.RoundEntry
                    ) -> tuple[engine.Game, list[int]]:
    """The game's state with round `number` replaced by `entry`, and the players whose
    re-buys the correction undoes (in order). Writes nothing.

    A re-buy the corrected rounds no longer allow (the player is no longer out, or out
    earlier) is left out and the game replayed again, until it replays. Any other error
    points into `entry` (or names the later round it breaks), as a correction form shows it.
    """
    entries = [facts.entry(view.rules) for facts in view.rounds]
    entries[number - 1] = entry
    rebuys = [engine.RebuyEntry(rebuy.player_id, rebuy.after_round) for rebuy in view.rebuys]
    undone: list[int] = []
    while True:
        try:
            return view.replay(entries, rebuys), undone
        except RulesError as error:
            index = _refused_rebuy(error)
            if index is None:
                raise _explained(error, number - 1) from None
            undone.append(rebuys.pop(index).player)


def _refused_rebuy(error: RulesError) -> int | None:
    """The index of the re-buy the replay refused, or None for any other error."""
    match error.where:
        case ("rebuys", int(index), "player") if isinstance(error, engine.RebuyNotAllowed):
            return index
    return None


def _explained(error: RulesError, changed: int) -> RulesError:
    """A replay's error after a correction: in the changed round it points into its input,
    elsewhere it says that the correction breaks what follows."""
    match error.where:
        case ("rounds", int(index), *_) if index == changed:
            # Every error found at once in the round points into it.
            error.within("rounds", changed)
        case ("rounds", int(index), *_):
            error.because(engine.Message("correction_breaks_round", {"round": index + 1}))
        case ("rebuys", int(), *_):
            error.because(engine.Message("correction_breaks_rebuy"))
    return error
