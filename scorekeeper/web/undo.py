"""The pages that take something back (docs/api.md, "Undoing"; docs/table.md, "Undo last
round"): the last round and a re-buy until the next round, a game started by mistake, a
game voided by an organiser. Thin, like every view: one service call each; the sheet or the
home page answers."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from .. import services
from ..messages import message_for
from ..rules import RulesError
from .access import member_game
from .htmx import go
from .views import saved_once, show_sheet

VOID_PAGE = "scorekeeper/void_game.html"


@login_required
@require_POST
def undo_rebuy(request, game_id: int):
    member_game(request, game_id, write=True)
    player = request.POST.get("player", "")
    if not player.isdigit():
        return show_sheet(request, game_id, status=422,
                          message=_("Choose whose re-buy to undo."))
    key = request.POST.get("key", "")
    try:
        saved = saved_once(request, key, lambda: services.undo_rebuy(
            game_id=game_id, player=int(player), user=request.user, request_id=key,
        ))
    except services.RebuyNotUndoable:
        # Either no re-buy at all, or one a saved round has followed: one sentence for both.
        return show_sheet(request, game_id, status=409, message=_(
            "That player has no re-buy since the last saved round to undo. To take back an "
            "earlier one, correct a round."))
    except services.NotFound:
        return show_sheet(request, game_id, status=409,
                          message=_("That player does not sit at this game."))
    except RulesError as error:
        return show_sheet(request, game_id, status=409, message=message_for(error))
    if saved is not None:  # a repeated tap: the first tap's answer said it already
        messages.success(request, _("%(name)s's re-buy is undone.") % {
            "name": saved.name(int(player))})
    return show_sheet(request, game_id, view=saved)


@login_required
@require_POST
def undo_round(request, game_id: int, number: int):
    """The sheet's "Undo round N": one tap, no reason typed, while round N is the last
    (docs/table.md, "Undo last round"). The form's key counts a double tap once."""
    member_game(request, game_id, write=True)
    key = request.POST.get("key", "")
    try:
        saved = saved_once(request, key, lambda: services.undo_last_round(
            game_id=game_id, number=number, user=request.user, request_id=key))
    except services.RoundNotUndoable as refused:
        if refused.rebought:
            message = _("%(names)s re-bought after round %(number)s: undo the re-buy first, "
                        "then the round.") % {"names": ", ".join(refused.rebought),
                                             "number": number}
        else:
            message = _("Round %(number)s can no longer be undone: a later round was saved. "
                        "Correct it instead.") % {"number": number}
        return show_sheet(request, game_id, status=409, message=message)
    except services.NotFound:
        return show_sheet(request, game_id, status=409, message=_(
            "Round %(number)s is not on the sheet: it was undone already, or never entered."
        ) % {"number": number})
    except services.GameFinished:
        return show_sheet(request, game_id, status=409, message=_(
            "The game is over: correct a round instead of undoing it."))
    except RulesError as error:
        return show_sheet(request, game_id, status=409, message=message_for(error))
    # The sheet says it, until the round is entered again (GameView.rounds_undone).
    return show_sheet(request, game_id, view=saved)


@login_required
@require_POST
def delete_game(request, game_id: int):
    """The second button of the sheet's "Delete this game" (the first one only opens it)."""
    game, _can_write = member_game(request, game_id, write=True)
    try:
        services.delete_game(game_id=game_id, user=request.user)
    except services.GameHasRounds:
        return show_sheet(request, game_id, status=409, message=_(
            "This game has rounds, so it cannot be deleted: an organiser can void it, with a "
            "reason."))
    except RulesError as error:
        return show_sheet(request, game_id, status=409, message=message_for(error))
    messages.success(request, _("%(name)s was deleted; its buy-ins are given back.")
                     % {"name": game.name})
    return go(request, reverse("home"))


@login_required
def void_game(request, game_id: int):
    """An organiser voids a game, with a reason: a page of its own, so the reason is typed
    with care and nothing is voided by a stray tap."""
    game, _can_write = member_game(request, game_id, action="game.void")
    view = services.load_game(game)
    reason, error = "", ""
    if request.method == "POST":
        reason = (request.POST.get("reason") or "").strip()[:255]
        if not reason:
            error = _("Say why the game is voided.")
        else:
            try:
                services.void_game(game_id=game_id, reason=reason, user=request.user)
            except RulesError as refused:
                error = message_for(refused)
            else:
                messages.success(request, _("%(name)s was voided; every payment in it is "
                                            "given back.") % {"name": game.name})
                return go(request, reverse("home"))
    return render(request, VOID_PAGE, {
        "game": game, "view": view, "reason": reason, "error": error,
    }, status=422 if error else 200)
