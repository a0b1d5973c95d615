"""The round pages: entering a new round and correcting one, and the card picker's
endpoint that evaluates one player's entry as it is typed or picked.

The form itself (rows, points or cards, their checks) is scorekeeper/web/round_form.py;
this module gives it a game, saves what it sends and answers with the sheet. The helpers
below the form's template name are shared with the what-if (explain.py) and the players'
own phones (seats.py).
"""

from django.contrib import messages as page_messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from .. import rules as engine
from .. import services
from ..messages import message_for
from ..models import Seat
from ..rules import GameStatus, RulesError
from . import families
from . import presenters as pages
from .access import member_game
from .htmx import page_or_fragment, swap_whole_page
from .phone_hands import filled_from_phones, pending_context
from .round_form import (
    RoundInput,
    card_view,
    picker_ranks,
    picker_suits,
    picker_texts,
    round_entry,
)
from .views import saved_once, show_sheet

ROUND_FORM = "scorekeeper/round_form.html"
# The new round form's "Void round" asks first (issue 25): its button sends VOID_ASK, and
# the question answers "yes" as the old button did ("1": void it) or VOID_KEEP.
VOID_ASK, VOID_KEEP = "ask", "keep"


def round_entries(view, players, data, *, action="", argument="", target=None, totals=True):
    """The form's rows: participants in seat order with their typed or picked entry.

    `totals` shows each player's total now (a new round); a correction shows none.
    """
    state = view.state
    totals = {standing.player: standing.total for standing in state.standings} if totals else {}
    entries = []
    for player in players:
        entry = round_entry(
            player, view.name(player), data, view.rules,
            action=action if player == target else "", argument=argument,
        )
        entry.total = totals.get(player)
        entries.append(entry)
    return entries


def picker_action(data) -> tuple[str, str, int | None]:
    """A tap in a card picker: ("add", "Q", 12) from the button value "12:Q"; the laid
    melds' picker (Rami) sends "lay_add" and the like. "show" only evaluates: the
    browser keeps the cards and asks for the melds and points now and then."""
    for action in ("cards", "number", "add", "remove", "clear", "show", "lay_cards",
                   "lay_number", "lay_add", "lay_remove", "lay_clear", "lay_next", "lay_show"):
        value = data.get(f"pick_{action}")
        if value:
            player, _sep, argument = value.partition(":")
            if player.isdigit():
                return action, argument, int(player)
    return "", "", None


def picker_part(action: str, entry) -> str:
    """The fragment a picker tap re-renders: the laid melds' (Rami) or the hand's."""
    return "laid" if action.startswith("lay_") and entry.laid is not None else "entry"


def round_input(view, data, entries, *, correcting=False) -> RoundInput:
    """What the form sent, read by the rules of the game's family."""
    return RoundInput(data, entries, rules=view.rules, correcting=correcting)


def _round_context(view, entries, form_input=None, *, number, dealer, key, correcting=False,
                   reason="", version=None, match=None, choices=(), was_void=False,
                   finish="none", sent=None) -> dict:
    """The round form's context; `sent`, the form's data, for the family's own choices."""
    for entry in entries:
        entry.dealer = entry.player == dealer
    family, pages_of_family = engine.family_for(view.rules), families.for_rules(view.rules)
    finishes = pages_of_family.finishes
    errors = form_input.errors if form_input else {}
    return {
        "family": family.name, "ender_word": pages_of_family.ender_word,
        "hands_legend": pages_of_family.hands_legend, "finishes": finishes,
        "round_template": pages_of_family.round_template,
        "finish": finish if finish in dict(finishes) else "",
        "records_laid": family.records_laid, "eliminates": family.eliminates(view.rules),
        "penalties_open": any(entry.penalty or entry.penalty_error for entry in entries),
        "view": view, "game": view.game, "rules": view.rules, "entries": entries,
        "number": number, "key": key, "correcting": correcting, "reason": reason,
        "version": version, "errors": errors,
        "dealer": view.name(dealer) if dealer is not None else "",
        "decider": view.state.status == GameStatus.DECIDER and not correcting,
        "open_offers": [] if correcting else pages.open_offers(view),
        "ranks": picker_ranks(), "suits": picker_suits(),
        # The pad moves on once no further digit could give a hand (static/js/app.js).
        "hand_max": max(engine.hand_values(view.rules)),
        "jokers": view.rules.jokers > 0, "picker_texts": picker_texts(view.rules),
        "void_rounds": family.void_rounds, "was_void": was_void,
        "match": match, "choices": choices,
        "action": reverse("round-edit", args=[view.game.pk, number]) if correcting
        else reverse("round-new", args=[view.game.pk]),
        "round_head_template": pages_of_family.round_head_template,
        **pages_of_family.round_context(view.rules, sent, errors),
    }



@login_required
def round_new(request, game_id: int):
    game, _can_write = member_game(request, game_id, write=True)
    view = services.load_game(game)
    state = view.state
    if request.method != "POST":
        if not view.accepts_rounds:  # ended, closed by hand or void: the sheet instead
            return redirect("game", game_id)
        table = pages.next_round_table(view, request.GET.get("match"))
        # The hands the phones sent are in their rows as served (issue 25, item 9).
        pending = pending_context(view)
        sent, sends = filled_from_phones(pending, table.players)
        entries = round_entries(view, table.players, sent)
        for entry in entries:
            entry.from_phone = sends.get(entry.player, "")
        return render(request, ROUND_FORM, {**_round_context(
            view, entries, number=state.next_round, dealer=table.dealer, match=table.match,
            choices=table.choices, key=pages.new_form_key()), "pending": pending})
    data = request.POST
    number = int(data["number"]) if data.get("number", "").isdigit() else state.next_round
    players = [int(p) for p in data.getlist("players") if p.isdigit()][:services.MAX_PLAYERS]
    table = pages.next_round_table(view, data.get("match"))
    key = data.get("key", "")
    action, argument, target = picker_action(data)
    entries = round_entries(view, players, data, action=action, argument=argument, target=target)
    context_args = {"number": number, "dealer": table.dealer, "match": table.match, "key": key,
                    "finish": data.get("finish", ""), "sent": data}
    if action:
        return _picker_answer(request, view, entries, action, target, context_args)
    if data.get("void") in (VOID_ASK, VOID_KEEP):
        return _void_question(request, view, entries, context_args,
                              asked=data["void"] == VOID_ASK)
    form_input = round_input(view, data, entries)
    if form_input.is_valid():
        try:
            saved = saved_once(request, key, lambda: services.record_round(
                game_id=game_id, number=number, ender=form_input.ender, hands=form_input.hands,
                void=form_input.void, match=table.match, finish=form_input.finish,
                penalties=form_input.penalties, big_gin=form_input.choices.big_gin,
                upcard=form_input.choices.upcard, user=request.user, request_id=key,
                seats=view.seats,
            ))
        except services.StaleRound:
            return _stale_round(request, game_id, number, data)
        except services.GameFinished:
            return show_sheet(request, game_id, status=409,
                              message=_("The game is over: no more rounds can be entered."))
        except RulesError as error:
            form_input.place_errors(error)
        else:
            return _sheet_after_save(request, game_id, saved,
                                     _("Round %(number)s saved.") % {"number": number})
    return _round_form_again(request, view, entries, form_input, context_args)


@login_required
def round_edit(request, game_id: int, number: int):
    game, _can_write = member_game(request, game_id, write=True)
    view = services.load_game(game)
    if view.void:
        return redirect("game", game_id)  # kept for the record: nothing is corrected
    history = view.history
    if not 1 <= number <= len(history.rounds):
        raise Http404("No such round")
    result = history.rounds[number - 1]
    stored = view.round_facts(number)
    players = pages.round_players(view, result)
    # A tournament's round stays in the match it was played in (a void round names it by
    # no hands); a single match (0) and the knock family need none.
    match = result.match or None
    args = {"number": number, "dealer": result.dealer, "correcting": True, "match": match,
            "was_void": result.void}
    if request.method != "POST":
        data = _stored_form(stored)
        entries = round_entries(view, players, data, totals=False)
        for entry in entries:
            entry.ender = entry.player == result.ender
        return render(request, ROUND_FORM, _round_context(
            view, entries, key=pages.new_form_key(), version=game.version,
            finish=stored.finish, sent=data, **args))
    data = request.POST
    key = data.get("key", "")
    version = int(data["version"]) if data.get("version", "").isdigit() else None
    action, argument, target = picker_action(data)
    entries = round_entries(view, players, data, action=action, argument=argument,
                            target=target, totals=False)
    args.update(key=key, version=version, reason=(data.get("reason") or "")[:255],
                finish=data.get("finish", ""), sent=data)
    if action:
        return _picker_answer(request, view, entries, action, target, args)
    form_input = round_input(view, data, entries, correcting=True)
    if form_input.is_valid():
        try:
            saved = saved_once(request, key, lambda: services.correct_round(
                game_id=game_id, number=number, ender=form_input.ender, hands=form_input.hands,
                void=form_input.void, match=match, finish=form_input.finish,
                penalties=form_input.penalties, big_gin=form_input.choices.big_gin,
                upcard=form_input.choices.upcard, reason=form_input.reason, version=version,
                user=request.user, request_id=key, seats=view.seats,
            ))
        except (services.VersionMismatch, services.VersionRequired):
            return show_sheet(request, game_id, status=409, message=_(
                "The game changed while you were correcting round %(number)s (someone "
                "entered a round or a re-buy). Check the sheet and correct it again."
            ) % {"number": number})
        except services.GameFinished as error:
            return show_sheet(request, game_id, status=409, message=message_for(error))
        except RulesError as error:
            form_input.place_errors(error)
        else:
            return _sheet_after_save(request, game_id, saved,
                                     _("Round %(number)s corrected.") % {"number": number})
    return _round_form_again(request, view, entries, form_input, args)


def _sheet_after_save(request, game_id: int, saved, said: str):
    """The sheet a saved round answers with, saying so: the sheet's status line, which
    static/js/app.js announces as it puts the focus on the sheet (docs/table.md,
    "Accessibility"). A repeated tap (`saved` None) saved nothing and says nothing."""
    if saved is not None:
        page_messages.success(request, said, extra_tags="saved")
    return show_sheet(request, game_id, view=saved)


def _stale_round(request, game_id: int, number: int, data):
    """Round `number` was saved by another phone while this one typed it: what was typed
    is not thrown away but offered as a correction of the round as recorded, with the
    recorded values beside it (409). Saving it stays a deliberate second step."""
    game, _can_write = member_game(request, game_id, write=True)
    view = services.load_game(game)
    if not 1 <= number <= len(view.history.rounds):
        return show_sheet(request, game_id, status=409, view=view, message=_(
            "Round %(number)s was entered on another phone meanwhile. Here is the sheet "
            "as it stands: check the round, and correct it if your numbers differ."
        ) % {"number": number})
    result = view.history.rounds[number - 1]
    entries = round_entries(view, pages.round_players(view, result), data, totals=False)
    recorded = _stored_form(view.round_facts(number))
    ender_word = families.for_rules(view.rules).ender_word
    for entry in entries:
        entry.ender = str(entry.player) == data.get("ender")
        entry.recorded = _recorded(entry, recorded, result.ender, ender_word)
    context = _round_context(
        view, entries, number=number, dealer=result.dealer, correcting=True,
        match=result.match or None, was_void=result.void, key=pages.new_form_key(),
        version=game.version, reason=_("entered twice, on two phones"),
        finish=data.get("finish", ""), sent=data)
    context["stale"] = True
    response = render(request, ROUND_FORM, context, status=409)
    return swap_whole_page(request, response, reverse("round-edit", args=[game_id, number]))


def _recorded(entry, recorded: dict, ender, ender_word) -> str:
    """A row of the round as recorded, in words: "recorded: knocked, 3"."""
    player, parts = entry.player, []
    if player == ender:
        parts.append(str(ender_word))
    if f"melds-{player}" in recorded:
        laid = recorded[f"melds-{player}"].replace("|", " ").split()
        parts.append(_("laid %(what)s") % {"what": _card_text(laid)})
    elif f"laid-{player}" in recorded:
        parts.append(_("laid %(what)s") % {"what": recorded[f"laid-{player}"]})
    if f"cards-{player}" in recorded:
        parts.append(_card_text(recorded[f"cards-{player}"].split()))
    elif f"dw-{player}" in recorded:
        parts.append(recorded[f"dw-{player}"])
    if not parts:
        return ""
    return _("recorded: %(what)s") % {"what": ", ".join(parts)}


def _card_text(cards) -> str:
    """Cards as the picker shows them: "Q♠ 10♥"."""
    return " ".join(f"{view.rank}{view.suit}" for view in map(card_view, cards))


def _stored_choices(stored) -> dict:
    """A stored round's own choices as the form sends them: Gin's upcard ("7S" as rank and
    suit) and Big Gin; Rami's "nobody else had laid" where every other hand laid 0."""
    data = {}
    if stored.upcard:
        data["upcard_rank"], data["upcard_suit"] = stored.upcard[:-1], stored.upcard[-1]
    if stored.big_gin:
        data["how"] = "big_gin"
    others = [hand for hand in stored.hands if hand.player_id != stored.ender_id]
    if stored.finish and others and all(hand.laid == 0 or hand.laid_melds == []
                                        for hand in others):
        data["nobody_else_laid"] = "on"
    return data


def _stored_form(stored) -> dict:
    """A stored round as its form would send it: each hand's points or cards and, in Rami,
    what was laid, how the round was finished and the penalties; in Gin the upcard and a
    Big Gin."""
    data = {"finish": stored.finish, **_stored_choices(stored)}
    for hand in stored.hands:
        player = hand.player_id
        if hand.cards:
            data[f"mode-{player}"], data[f"cards-{player}"] = "cards", " ".join(hand.cards)
        elif hand.deadwood is not None:
            data[f"dw-{player}"] = str(hand.deadwood)
        if hand.laid_melds is not None:
            data[f"lmode-{player}"] = "cards"
            data[f"melds-{player}"] = "|".join(" ".join(meld) for meld in hand.laid_melds)
        elif hand.laid is not None:
            data[f"laid-{player}"] = str(hand.laid)
    for player, points in stored.penalties or ():
        data[f"pen-{player}"] = str(points)
    return data


def _round_form_again(request, view, entries, form_input, context_args):
    """The round form once more, as entered, with what is wrong marked (422)."""
    for entry in entries:
        entry.ender = entry.player == form_input.ender
    context = _round_context(view, entries, form_input, **context_args)
    template = page_or_fragment(request, ROUND_FORM, "round-form")
    if template == ROUND_FORM and not context["correcting"]:  # the page: the phones' list too
        context["pending"] = pending_context(view)
    return render(request, template, context, status=422)


def _void_question(request, view, entries, context_args, *, asked: bool):
    """ "Void round N? What was typed is discarded": the form again, as typed, with the
    question (`asked`), or without it once the answer was no. Nothing is saved either way,
    and it needs no JavaScript."""
    for entry in entries:
        entry.ender = str(entry.player) == request.POST.get("ender")
    context = _round_context(view, entries, **context_args)
    context["void_asked"] = asked and context["void_rounds"]
    return render(request, page_or_fragment(request, ROUND_FORM, "round-form"), context)


def _picker_answer(request, view, entries, action, target, context_args):
    """A card picker tap: htmx gets the player's entry (or laid melds), a plain form post
    the whole form."""
    for entry in entries:
        entry.ender = str(entry.player) == request.POST.get("ender")
    context = _round_context(view, entries, **context_args)
    entry = next((entry for entry in entries if entry.player == target), None)
    if request.htmx and request.htmx.target == "round-form":
        return render(request, f"{ROUND_FORM}#round-form", context)
    if request.htmx and not request.htmx.boosted and entry is not None:
        context["entry"] = entry
        return render(request, f"{ROUND_FORM}#{picker_part(action, entry)}", context)
    return render(request, ROUND_FORM, context)


@login_required
@require_POST
def hand(request, game_id: int):
    """The card picker's endpoint: one player's entry, evaluated live (an HTML fragment)."""
    game, _can_write = member_game(request, game_id, write=True)
    action, argument, player = picker_action(request.POST)
    seat = Seat.objects.filter(game=game, player_id=player).select_related("player").first()
    if seat is None:
        raise Http404("No such player in this game")
    rules = services.rules_of(game)
    entry = round_entry(player, seat.player.name, request.POST, rules, action=action,
                        argument=argument)
    return render(request, f"{ROUND_FORM}#{picker_part(action, entry)}", {
        "entry": entry, "game": game, "rules": rules, "ranks": picker_ranks(),
        "suits": picker_suits(), "jokers": rules.jokers > 0,
    })
