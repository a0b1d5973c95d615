"""Every player's own phone (docs/table.md, "Players' phones"): claiming a seat from the
share link, entering one's own hand for the round being played, and the scorekeeper's
side of it (the pending hands on the round form, releasing a phone).

A phone is known by a signed cookie per game holding its claim's id; no login. A claim
released, or of another game, is no claim. The phone lets go of its seat itself ("Leave
this seat"), the scorekeeper releases it, or revoking the share link releases them all.
What a phone sends is a pending hand: the scorekeeper's Save records the round, nothing
before (services.claims).
"""

from dataclasses import replace

from django.contrib import messages
from django.contrib.auth.decorators import login_not_required, login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from .. import rules as engine
from .. import services
from ..messages import message_for
from ..models import Game
from ..rules import RulesError
from ..services import HandInput
from ..services import claims as claim_services
from .access import member_game
from .htmx import go
from .phone_hands import form_data, pending_context
from .round_form import picker_ranks, picker_suits, picker_texts, round_entry, whole
from .rounds import ROUND_FORM, picker_action, picker_part
from .views import shared_game

HAND_PAGE = "scorekeeper/seat_hand.html"
SEAT_PAGE = "scorekeeper/seat.html"
PHONE_SEAT = "scorekeeper/_phone_seat.html"
PENDING = "scorekeeper/_pending_hands.html"
COOKIE_SALT = "scorekeeper.seat-claim"
# A seat is kept for the evening and a while after: the scorekeeper releases it at will.
COOKIE_AGE = 60 * 60 * 24 * 60


# --- The phone and its claim ----------------------------------------------------------------


def _cookie_name(game_id: int) -> str:
    return f"seat-{game_id}"


def _claim_id(request, game_id: int) -> int | None:
    """The claim the phone's cookie names for this game; None when missing or forged."""
    value = request.get_signed_cookie(_cookie_name(game_id), default=None, salt=COOKIE_SALT,
                                      max_age=COOKIE_AGE)
    return int(value) if value and whole(value) and len(value) < 19 else None


def phone_claim(request, game: Game):
    """The seat this phone holds in the game, or None."""
    return claim_services.active_claim(game.pk, _claim_id(request, game.pk))


def _keep_claim(response, request, game_id: int, claim_id: int) -> None:
    response.set_signed_cookie(
        _cookie_name(game_id), str(claim_id), salt=COOKIE_SALT, max_age=COOKIE_AGE,
        path="/s/", httponly=True, samesite="Lax", secure=request.is_secure())


def _private(response):
    """The player's pages are reached through the share link: not indexed, and the link
    (in their address) is never sent to another site. Unlike the sheet's no-referrer,
    same-origin keeps the forms' Origin header, which the CSRF check of a plain form post
    (without JavaScript) needs."""
    response["X-Robots-Tag"] = "noindex"
    response["Referrer-Policy"] = "same-origin"
    return response


def _phones_off() -> str:
    return _("The scorekeeper has switched off entering your own hand in this game: tell "
             "them your points.")


def _over(view) -> str:
    """Why nothing more is entered in the game, or ""."""
    if view.void:
        return _("The game was voided: nothing more is entered.")
    if not view.accepts_rounds:
        return _("The game is over: no more rounds can be entered.")
    return ""


# --- On the shared sheet: "Whose phone is this?" --------------------------------------------


def sheet_phone(request, view, token: str) -> dict | None:
    """What the shared sheet's section offers this phone: the seat it holds, or a button
    per seat no phone holds. None once nothing more is entered in the game, or while the
    scorekeeper has players' own hands switched off."""
    if _over(view) or not view.game.phones_enter_hands:
        return None
    held = claim_services.active_claims(view.game.pk)  # one query, this phone's among them
    mine = _claim_id(request, view.game.pk)
    claim = next((each for each in held if each.pk == mine), None)
    taken = {each.player_id for each in held}
    return {
        "claim": claim, "name": view.name(claim.player_id) if claim else "",
        "seats": [(seat.player_id, view.name(seat.player_id)) for seat in view.seats
                  if seat.player_id not in taken and claim_services.plays(view, seat.player_id)],
        "claim_url": reverse("shared-claim", args=[token]),
        "hand_url": reverse("shared-hand", args=[token]),
        "leave_url": reverse("shared-leave", args=[token]),
    }


# The share link is the key to these pages, no sign-in (web.access.PagesNeedSignIn).
@login_not_required
@require_http_methods(["GET", "POST"])
def claim(request, token: str):
    """GET: the shared sheet's "Whose phone is this?", asked for once the sheet loaded (the
    sheet itself stays as few queries as before). POST "I am Ben": the seat is this
    phone's, until the scorekeeper releases it."""
    game = shared_game(token)
    if request.method == "GET":
        view = services.load_game(game)
        return _private(render(request, PHONE_SEAT, {"phone": sheet_phone(request, view, token)}))
    player = request.POST.get("player", "")
    if not whole(player) or len(player) > 18:
        raise Http404("No such player in this game")
    try:
        claimed = claim_services.claim_seat(game_id=game.pk, player_id=int(player),
                                            holding=_claim_id(request, game.pk))
    except services.NotFound:
        raise Http404("No such player in this game") from None
    except claim_services.TooManyClaims as error:
        # 409 like every claim refusal, not 429: the claim is sent by htmx, which swaps
        # 409 into the page but no 429 (base.html's responseHandling).
        response = _seat_page(request, token, _(
            "Too many seats were claimed through this link in the last %(minutes)s minutes. "
            "The scorekeeper can revoke the link on the share page and share the new "
            "one.") % {"minutes": claim_services.CLAIM_WINDOW // 60}, status=409)
        response["Retry-After"] = str(error.retry_after)
        return response
    except RulesError as error:
        return _seat_page(request, token, _claim_refusal(error), status=error.status)
    response = go(request, reverse("shared", args=[token]))
    _keep_claim(response, request, game.pk, claimed.pk)
    return response


@login_not_required
@require_POST
def leave(request, token: str):
    """"Not my seat": the phone lets go of the seat it holds, so the right phone can claim
    it; what it sent no longer shows on the round form. Its cookie goes too. Without a
    seat there is nothing to let go of: back to the sheet all the same."""
    game = shared_game(token)
    claim = phone_claim(request, game)
    if claim is not None:
        claim_services.release_claim(game_id=game.pk, claim_id=claim.pk)
    response = go(request, reverse("shared", args=[token]))
    response.delete_cookie(_cookie_name(game.pk), path="/s/", samesite="Lax")
    return _private(response)


def _claim_refusal(error: RulesError) -> str:
    if isinstance(error, claim_services.SeatTaken):
        return _("%(name)s's seat is already taken by another phone; the scorekeeper can "
                 "release it.") % {"name": error.name}
    if isinstance(error, claim_services.PhoneHoldsSeat):
        return _("This phone already holds %(name)s's seat: a phone holds one seat per "
                 "game.") % {"name": error.name}
    if isinstance(error, claim_services.NotPlaying):
        return _("%(name)s does not play round %(number)s.") % {
            "name": error.name, "number": error.number}
    if isinstance(error, services.GameVoid):
        return _("The game was voided: nothing more is entered.")
    if isinstance(error, claim_services.PhonesOff):
        return _phones_off()
    return _("The game is over: no more rounds can be entered.")


def _seat_page(request, token: str, message: str, *, status: int):
    """A refusal on its own page, with the way back to the sheet. Its address is not put
    in the history: loaded again, /claim/ answers the sheet's section alone."""
    response = render(request, SEAT_PAGE, {
        "message": message, "sheet_url": reverse("shared", args=[token])}, status=status)
    response["HX-Push-Url"] = "false"
    return _private(response)


# --- The player's hand: /s/<token>/hand/ ----------------------------------------------------


@login_not_required
@require_http_methods(["GET", "POST"])
def hand_page(request, token: str):
    """The phone's own row of the round form, for the round being played; "Send to the
    scorekeeper" stores it as a pending hand (sent again, the newest counts)."""
    game = shared_game(token)
    view = services.load_game(game)
    number = view.state.next_round
    if request.method == "GET" and request.htmx and request.htmx.target == "round-watch":
        return _round_watch(request, view, number)
    claim = phone_claim(request, game)
    refusal, status = _refusal(view, claim, number)
    if refusal:
        return _private(render(request, HAND_PAGE, _hand_context(
            view, token, claim, number, None, message=refusal),
            status=200 if request.method == "GET" else status))
    name = view.name(claim.player_id)
    if request.method == "GET":
        sent = claim_services.last_sent(claim.pk, number)
        data = form_data(claim.player_id, sent.entry) if sent else {}
        entry = round_entry(claim.player_id, name, data, view.rules)
        return _private(render(request, HAND_PAGE, _hand_context(
            view, token, claim, number, entry, sent=sent)))
    data = request.POST
    action, argument, target = picker_action(data)
    if target is not None and target != claim.player_id:
        raise PermissionDenied("A phone enters its own seat's hand only")
    entry = round_entry(claim.player_id, name, data, view.rules, action=action,
                        argument=argument)
    if action:  # a picker tap without JavaScript: the page again, the tap applied
        return _private(render(request, HAND_PAGE, _hand_context(
            view, token, claim, number, entry)))
    posted = data.get("number", "")
    if not whole(posted) or len(posted) > 9:
        return _private(render(request, HAND_PAGE, _hand_context(
            view, token, claim, number, entry,
            message=_("Reload the page: the form did not say which round it is for.")),
            status=422))
    hand = _hand_input(entry, eliminates=engine.family_for(view.rules).eliminates(view.rules))
    if hand is None:
        return _private(render(request, HAND_PAGE, _hand_context(
            view, token, claim, number, entry), status=422))
    try:
        claim_services.send_hand(game_id=game.pk, claim_id=claim.pk, number=int(posted),
                                 hand=hand)
    except claim_services.RoundRecorded as error:
        # What was typed belonged to another round: the current round's form, empty.
        message = (_("Round %(number)s is already recorded.") if error.recorded
                   else _("Round %(number)s has not started yet.")) % {"number": error.number}
        fresh = round_entry(claim.player_id, name, {}, view.rules)
        return _private(render(request, HAND_PAGE, _hand_context(
            view, token, claim, number, fresh, message=message), status=409))
    except claim_services.PhonesOff:  # switched off while the page was open
        return _private(render(request, HAND_PAGE, _hand_context(
            view, token, claim, number, None, message=_phones_off()), status=409))
    except RulesError as error:
        _place_error(entry, error)
        return _private(render(request, HAND_PAGE, _hand_context(
            view, token, claim, number, entry), status=422))
    return redirect("shared-hand", token)


def _refusal(view, claim, number: int) -> tuple[str, int]:
    """Why this phone enters nothing now (and the status a send gets), or ("", 200)."""
    if claim is None:
        return _("This phone holds no seat in this game: tap your name on the sheet "
                 "first."), 403
    over = _over(view)
    if over:
        return over, 409
    if not view.game.phones_enter_hands:
        return _phones_off(), 409
    if not claim_services.plays(view, claim.player_id):
        return _("%(name)s does not play round %(number)s.") % {
            "name": view.name(claim.player_id), "number": number}, 409
    return "", 200


def _round_watch(request, view, number: int):
    """The hand page asks now and then whether its round is still being played: nothing
    to swap while it is (204), the page again once the scorekeeper saved it."""
    if request.GET.get("r") == str(number) and not _over(view):
        return HttpResponse(status=204)
    response = HttpResponse(status=200)
    response["HX-Refresh"] = "true"
    return response


def _hand_context(view, token, claim, number, entry, *, sent=None, message="") -> dict:
    rules = view.rules
    return {
        "view": view, "game": view.game, "rules": rules, "number": number, "entry": entry,
        "claim": claim, "name": view.name(claim.player_id) if claim else "",
        "sent": sent, "message": message,
        "family": engine.family_for(rules).name,
        "records_laid": engine.family_for(rules).records_laid,
        "ranks": picker_ranks(), "suits": picker_suits(), "jokers": rules.jokers > 0,
        "picker_texts": picker_texts(rules),
        "action": reverse("shared-hand", args=[token]),
        "hand_url": reverse("shared-hand-pick", args=[token]),
        "leave_url": reverse("shared-leave", args=[token]),
        "sheet_url": reverse("shared", args=[token]),
    }


def _hand_input(entry, *, eliminates: bool) -> HandInput | None:
    """The row's hand (and in Rami what was laid) as the service takes it; None when a
    part is missing or not a number, with the error next to it (as on the round form)."""
    hand = HandInput(entry.player)
    laid = entry.laid
    if laid is not None:
        if laid.mode == "cards":
            if not laid.laid_melds:
                laid.error = _("Tap the cards %(name)s laid, or type the points") % {
                    "name": entry.name}
            hand = replace(hand, laid_melds=laid.laid_melds)
        elif laid.value == "":
            if not eliminates:
                laid.error = _("Enter the points %(name)s laid (0 if nothing)") % {
                    "name": entry.name}
        elif not whole(laid.value):
            laid.error = _("Points are a whole number, like 7 or 23")
        else:
            hand = replace(hand, laid=int(laid.value))
    if entry.mode == "cards":
        if not entry.cards:
            entry.error = _("Tap %(name)s's cards, or type the points") % {"name": entry.name}
        hand = replace(hand, cards=list(entry.cards))
    elif entry.value == "":
        entry.error = _("Enter %(name)s's points") % {"name": entry.name}
    elif not whole(entry.value):
        entry.error = _("Points are a whole number, like 7 or 23")
    else:
        hand = replace(hand, deadwood=int(entry.value))
    if entry.error or (laid is not None and laid.error):
        return None
    return hand


def _place_error(entry, error: RulesError) -> None:
    """The service's refusal next to the part it names: the laid melds or the hand."""
    if error.where[:1] in (("laid",), ("laid_melds",)) and entry.laid is not None:
        entry.laid.error = message_for(error)
    else:
        entry.error = message_for(error)


@login_not_required
@require_POST
def hand_pick(request, token: str):
    """The card picker of the phone's row: its entry evaluated live, as rounds.hand answers
    the round form; a phone taps only in its own seat's picker."""
    game = shared_game(token)
    claim = phone_claim(request, game)
    if claim is None:
        raise PermissionDenied("This phone holds no seat in this game")
    if not game.phones_enter_hands:
        return _private(HttpResponse(_phones_off(), status=409))
    action, argument, target = picker_action(request.POST)
    if target != claim.player_id:
        raise PermissionDenied("A phone enters its own seat's hand only")
    rules = services.rules_of(game)
    entry = round_entry(claim.player_id, claim.player.name, request.POST, rules,
                        action=action, argument=argument)
    return _private(render(request, f"{ROUND_FORM}#{picker_part(action, entry)}", {
        "entry": entry, "game": game, "rules": rules, "ranks": picker_ranks(),
        "suits": picker_suits(), "jokers": rules.jokers > 0,
        "hand_url": reverse("shared-hand-pick", args=[token]),
    }))


# --- The scorekeeper's side -----------------------------------------------------------------


@login_required
@require_GET
def pending(request, game_id: int):
    """The round form's list of the hands the phones sent for the round being played, and
    the phones that hold seats (polled: 204 while nothing changed)."""
    game, _can_write = member_game(request, game_id, write=True)
    context = pending_context(services.load_game(game))
    if request.htmx and request.GET.get("v") == context["stamp"]:
        return HttpResponse(status=204)
    return render(request, PENDING, context)


@login_required
@require_POST
def release(request, game_id: int, claim_id: int):
    """The scorekeeper frees a seat: that phone sends nothing more, and the seat may be
    claimed again (by a new phone, or the same one)."""
    game, _can_write = member_game(request, game_id, write=True)
    try:
        released = claim_services.release_claim(game_id=game.pk, claim_id=claim_id,
                                                user=request.user)
    except services.NotFound:
        raise Http404("No such phone in this game") from None
    if request.htmx and request.htmx.target == "pending-hands":
        return render(request, PENDING, pending_context(services.load_game(game)))
    messages.success(request, _("%(name)s's phone no longer holds the seat.") % {
        "name": released.player.name})
    return redirect("game-share", game_id)


@login_required
@require_POST
def phones_switch(request, game_id: int):
    """Whoever may write the game lets the players enter their own hands from their phones,
    or not (`allowed` "1" or "0"); the share page says which, and offers the other."""
    game, _can_write = member_game(request, game_id, write=True)
    allowed = request.POST.get("allowed", "")
    if allowed not in ("0", "1"):
        return HttpResponse(_("Say whether the players enter their own hands: allowed=1 or "
                              "allowed=0."), status=400, content_type="text/plain")
    claim_services.set_phones_enter_hands(game_id=game.pk, allowed=allowed == "1")
    messages.success(request, _("The players can enter their own hands from their phones.")
                     if allowed == "1" else
                     _("The players can no longer enter their own hands: their phones show "
                       "the sheet only."))
    return redirect("game-share", game_id)
