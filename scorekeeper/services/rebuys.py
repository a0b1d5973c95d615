"""Re-buys: taking one, and undoing it until the next round is saved (docs/rules.md 4.2);
each one transaction, written through a unit of work (services/writing.py).

A correction that leaves a re-buy impossible undoes it too (services.correct_round).
"""

from django.db import transaction

from .. import rules as engine
from ..rules import RulesError
from . import webhook_events
from .errors import GameFinished, NotFound, RebuyNotUndoable, ServiceError
from .reading import GameView
from .writing import GameWrite, allowed, check_version, read_for_write, refuse_void


def take_rebuy(*, game_id: int, player: int, user, request_id: str = "") -> GameView:
    """A player pays the re-buy into the pot and goes to the target total."""
    with transaction.atomic():
        view = read_for_write(game_id)
        user = allowed(user, "game.write", view.game.club_id)
        refuse_void(view)
        if player not in view.players:
            raise ServiceError("That player does not sit at this game", field="player",
                               code="unknown_player")
        state = view.state
        new_state = engine.take_rebuy(state, player)
        write = GameWrite(view, actor=user, reason=f"re-buy of {view.name(player)}",
                          request_id=request_id)
        write.take_rebuy(player, after_round=state.round_count)
        view = write.apply(new_state, added=new_state.transfers[len(state.transfers):])
        webhook_events.rebuy_taken(view, player, state.round_count)
    return view


def undo_rebuy(*, game_id: int, player: int, user, request_id: str = "",
               version: int | None = None) -> GameView:
    """Take back a player's re-buy until the next round is saved: the re-buy stays as a
    record marked undone, the ledger reverses its entry, the pot goes back. `version`,
    when given, must be the game's (If-Match)."""
    with transaction.atomic():
        view = read_for_write(game_id)
        user = allowed(user, "game.write", view.game.club_id)
        refuse_void(view)
        check_version(view, version)
        if player not in view.players:
            raise NotFound("That player does not sit at this game")
        name = view.name(player)
        rebuy = next((row for row in view.rebuys if row.player_id == player), None)
        if rebuy is None:
            raise RebuyNotUndoable(f"{name} has no re-buy to undo", field="player")
        played = len(view.rounds)
        if rebuy.after_round != played:
            raise RebuyNotUndoable(
                f"{name}'s re-buy after round {rebuy.after_round} can no longer be undone: "
                f"round {rebuy.after_round + 1} has been saved since. Correct a round instead",
                field="player")
        if not view.accepts_rounds:
            raise GameFinished("The game is over: its re-buys can no longer be undone")
        kept = [engine.RebuyEntry(row.player_id, row.after_round)
                for row in view.rebuys if row.id != rebuy.id]
        try:
            new_state = view.replay(None, kept)
        except RulesError as error:
            # Re-buys of one break do not depend on each other (docs/rules.md 4.2); should
            # one ever do, the undo is refused rather than leaving a game that cannot replay.
            raise RebuyNotUndoable(f"{name}'s re-buy cannot be undone: {error.message}",
                                   field="player") from None
        write = GameWrite(view, actor=user, reason=f"re-buy of {name} undone",
                          request_id=request_id)
        write.undo_rebuys([player], reason="undone")
        view = write.apply(new_state, since=rebuy.after_round)
        (undone,) = view.undone_rebuys
        webhook_events.rebuy_undone(view, undone)
    return view
