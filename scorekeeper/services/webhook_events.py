"""What a game's changes tell the club's webhooks (docs/api.md, "Webhooks", "Events"): the
services call these inside the transaction of the change, after it is stored (the game's
version is then the new one), and `webhooks.emit` writes the event into the outbox.

Every event carries a `sequence` to order by: a game's version for its events, a sum of
versions for an evening's (_emit_game, _session_sequence).
"""

from django.db.models import Sum

from ..models import Game, TableSession
from ..rules import GameStatus, format_money
from .reading import GameView, UndoneRebuy
from .summaries import session_summary
from .webhooks import (
    GAME_CREATED,
    GAME_FINISHED,
    GAME_VOIDED,
    REBUY_TAKEN,
    REBUY_UNDONE,
    ROUND_CORRECTED,
    ROUND_RECORDED,
    ROUND_UNDONE,
    SESSION_SETTLED,
    emit,
)


def game_created(view: GameView) -> None:
    _emit_game(view, GAME_CREATED, preset=view.game.preset, players=view.player_ids)


def round_recorded(view: GameView, number: int) -> None:
    _emit_game(view, ROUND_RECORDED, round=number)
    if view.state.status.ended:
        game_finished(view)


def round_corrected(view: GameView, number: int, *, reason: str, ended_before: bool) -> None:
    """round.corrected, rebuy.undone for each re-buy the correction undid, game.finished when
    the correction ends the game, session.settled when the evening is (still) settled."""
    revision = view.rounds[number - 1].revision
    _emit_game(view, ROUND_CORRECTED, round=number, revision=revision, reason=reason)
    for rebuy in view.undone_rebuys or ():
        rebuy_undone(view, rebuy)
    if view.state.status.ended and not ended_before:
        game_finished(view)
    else:
        _session_settled(view)


def round_undone(view: GameView, number: int, *, reason: str) -> None:
    """round.undone: the last round taken back at the table (commands.undo_last_round)."""
    _emit_game(view, ROUND_UNDONE, round=number, reason=reason)


def rebuy_taken(view: GameView, player: int, after_round: int) -> None:
    _emit_game(view, REBUY_TAKEN, player=player, after_round=after_round)


def rebuy_undone(view: GameView, rebuy: UndoneRebuy) -> None:
    _emit_game(view, REBUY_UNDONE, player=rebuy.player, after_round=rebuy.after_round,
               by_correction=rebuy.by_round)


def game_finished(view: GameView) -> None:
    """The game ended (won, its pot carried over, or closed); the evening may be settled."""
    _emit_game(view, GAME_FINISHED, winner=view.state.winner)
    _session_settled(view)


def game_voided(view: GameView, *, deleted: bool) -> None:
    game = view.game
    _emit_game(view, GAME_VOIDED, reason=game.void_reason, deleted=deleted)
    _session_settled(view)


def _emit_game(view: GameView, kind: str, **data) -> None:
    """A game's event; its `sequence` is the game's version: every write raises it once,
    so the events of one game are ordered by it (those of one change share it)."""
    game = view.game
    emit(game.club_id, kind, {"game": game.pk, "session": game.session_id,
                              "version": game.version, "sequence": game.version,
                              "status": str(game.status), **data})


def _session_settled(view: GameView) -> None:
    """session.settled when the game's evening is final (every game ended or void, no pot
    left standing) and some game of it counts: its nets and the payments that settle it."""
    game = view.game
    if not (GameStatus(game.status).ended or game.status == GameStatus.VOID):
        return  # a running game: the evening is not settled
    # The session's row locked: a change to another of its games, in a transaction of its
    # own, reads the evening (and its sequence) only once this one is committed.
    TableSession.objects.select_for_update().only("pk").get(pk=game.session_id)
    summary = session_summary(game.session)
    counting = [each for each in summary.games if each.status != GameStatus.VOID]
    if not summary.final or not counting:
        return
    emit(game.club_id, SESSION_SETTLED, {
        "session": game.session_id, "sequence": _session_sequence(game.session_id),
        "games": [each.pk for each in counting],
        "currency": counting[0].currency,
        "net": [{"player": player, "amount": format_money(amount)}
                for player, amount in summary.nets.items()],
        "transfers": [{"from": payment.debtor, "to": payment.creditor,
                       "amount": format_money(payment.amount)}
                      for payment in summary.payments],
    })


def _session_sequence(session_id: int) -> int:
    """The order of an evening's events: the sum of its games' versions. Every write to one
    of its games raises that game's version, and no version ever goes down, so each change
    of the evening gives a larger sum (under the session's lock, _session_settled)."""
    return Game.objects.filter(session_id=session_id).aggregate(total=Sum("version"))["total"]
