"""The pages that explain the sheet: a player's account, and what a correction would
change before it is saved (the what-if). Both only read."""

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import render
from django.views.decorators.http import require_GET, require_POST

from ledger.services import lines as ledger_lines

from .. import services
from ..messages import message_for
from ..rules import RulesError
from ..services.preview import preview_correction
from . import presenters as pages
from .access import member_game
from .rounds import round_entries, round_input

WHAT_IF = "scorekeeper/_what_if.html"


@login_required
@require_GET
def player_account(request, game_id: int, player_id: int):
    """Why a player's money stands where it does: every ledger entry of theirs."""
    game, can_write = member_game(request, game_id)
    view = services.load_game(game)
    if player_id not in view.players:
        raise Http404("No such player in this game")
    account = pages.build_account(view, player_id, ledger_lines(game.pk))
    standing = view.state.standing(player_id)
    return render(request, "scorekeeper/account.html", {
        "game": game, "view": view, "account": account, "currency": game.currency,
        # A void game is kept for the record: no correction links.
        "can_write": can_write and not view.void, "standing": standing, "state": view.state,
        "rounds": len(view.rounds),
    })


@login_required
@require_POST
def round_preview(request, game_id: int, number: int):
    """The correction form as typed so far, played through without saving: a fragment
    of the form. A form not complete yet, or a round the engine refuses, gets a hint."""
    game, _can_write = member_game(request, game_id, write=True)
    view = services.load_game(game)
    history = view.history
    if not 1 <= number <= len(history.rounds):
        raise Http404("No such round")
    result = history.rounds[number - 1]
    entries = round_entries(view, pages.round_players(view, result), request.POST, totals=False)
    # Read as a new round would be: the reason a correction needs does not change the sums.
    form_input = round_input(view, request.POST, entries)
    context = {"game": game, "number": number, "currency": game.currency}
    if not form_input.is_valid():
        return render(request, f"{WHAT_IF}#what-if-body", {**context, "incomplete": True})
    try:
        preview = preview_correction(
            game_id=game.pk, number=number, ender=form_input.ender, hands=form_input.hands,
            void=form_input.void, match=result.match or None, finish=form_input.finish,
            penalties=form_input.penalties, big_gin=form_input.choices.big_gin,
            upcard=form_input.choices.upcard, seats=view.seats,
        )
    except RulesError as error:
        return render(request, f"{WHAT_IF}#what-if-body",
                      {**context, "refused": message_for(error)})
    return render(request, f"{WHAT_IF}#what-if-body",
                  {**context, "what_if": pages.build_what_if(view, preview)})
