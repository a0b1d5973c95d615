"""The pages: thin views that parse a form, call one service and render.

Here: home, a new game, the score sheet (and answering a write with it), re-buys and
closing, the ledger and sharing. Entering and correcting a round is rounds.py.

One template answers a page and its fragments (`{% partialdef %}`): an htmx
request naming a fragment's element id in HX-Target gets that fragment only
(htmx.py). Links and forms work without JavaScript; htmx makes them faster.
"""

import segno
from django.conf import settings
from django.contrib.auth.decorators import login_not_required, login_required
from django.db.models import Count, Prefetch, Q
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from ledger.services import lines as ledger_lines

from .. import idempotency, services
from .. import rules as engine
from ..messages import message_for
from ..models import Game, Membership, Player, Seat, TableSession
from ..names import name_key
from ..rules import GameStatus, RulesError
from ..services import claims as claim_services
from ..services import evenings as evening_services
from ..services import policy
from ..services.errors import Refused
from ..services.lifecycle import games_of_kind
from . import families
from . import presenters as pages
from .access import caller_role, member_game
from .forms import NAME_PROBLEMS, NewGameForm, apply_seat_action, read_seats
from .htmx import go, page_or_fragment, swap_whole_page
from .phone_hands import loopback_host
from .presenters.home import game_cards

SHEET = "scorekeeper/game.html"


# --- Home -----------------------------------------------------------------------------------


@login_required
@require_GET
def home(request):
    memberships = list(
        Membership.objects.filter(user=request.user).select_related("club").order_by("club__name")
    )
    games = (
        # The snapshot is kept for the cards' leaders (presenters/home.py): no replay.
        policy.visible_games(request)
        .select_related("club")
        .annotate(round_count=Count("rounds__number", distinct=True,
                                    filter=Q(rounds__undone_at__isnull=True)))
        .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("player")))
        .order_by("-created_at", "-id")
    )
    running = list(games.filter(status__in=engine.PLAYING))
    # The ten newest finished games are picked before their rounds are counted: counting
    # first would count the rounds of every game the club ever played.
    newest = (policy.visible_games(request)
              .filter(~Q(status__in=[*engine.PLAYING, GameStatus.VOID]))
              .order_by("-created_at", "-id").values_list("pk", flat=True)[:10])
    recent = list(games.filter(pk__in=list(newest)))
    return render(request, "scorekeeper/home.html", {
        "running": game_cards(running),
        "recent": game_cards(recent),
        "writable_clubs": [m.club for m in memberships
                           if policy.may_write(request, m.club_id, role=m.role)],
        "memberships": memberships,
        "invitations": services.invitations_for(request.user),
    })


# --- A new game -----------------------------------------------------------------------------


@login_required
def new_game(request):
    clubs = policy.clubs_where(request, "game.write")
    if not clubs:
        raise Refused("Only organisers and scorekeepers start games")
    evening = _evening_of(request, clubs)
    seats, seat_error, focus, errors = [], "", "", {}
    if request.method == "POST":
        form = NewGameForm(request.POST, clubs=clubs)
        seats, seat_error, focus = apply_seat_action(read_seats(request.POST), request.POST)
        if "start" in request.POST:
            if form.is_valid():
                # A game of an evening is played in the evening's club.
                club_id = evening.club_id if evening else form.cleaned_data["club"]
                club = next(club for club in clubs if club.pk == club_id)
                name = (form.cleaned_data["game_name"].strip()
                        or _default_name(club.pk, form.cleaned_data["preset"]))
                try:
                    view = services.start_game(club=club, name=name,
                                               preset=form.cleaned_data["preset"],
                                               players=seats, rules=form.rules(),
                                               session=evening, user=request.user)
                except RulesError as error:
                    errors = _start_error(error, form.cleaned_data["preset"])
                else:
                    return go(request, reverse("game", args=[view.game.pk]))
            else:
                errors = {name: " ".join(messages) for name, messages in form.errors.items()}
    else:
        club = evening.club_id if evening else request.GET.get("club") or clubs[0].pk
        form = NewGameForm(initial=_first_settings(club), clubs=clubs)
    club_id = _club_choice(form, clubs)
    seated = {name_key(name) for name in seats}
    # Every club player's chip, the seated ones disabled: static/js/seating.js seats and
    # unseats them in the browser, matching chips and seats by their key.
    club_players = [{"name": player.name, "key": name_key(player.name),
                     "seated": name_key(player.name) in seated}
                    for player in Player.objects.filter(club_id=club_id)]
    seat_rows = [
        {"name": name, "key": name_key(name), "error": errors.get(f"players[{index}]", ""),
         "focus_up": focus == f"up-{index}", "focus_down": focus == f"down-{index}"}
        for index, name in enumerate(seats)
    ]
    chosen = form["preset"].value()
    preset = chosen if chosen in engine.PRESETS else engine.DEFAULT_PRESET
    context = {
        "form": form, "clubs": clubs, "club_id": club_id, "seat_rows": seat_rows,
        "club_players": club_players, "seat_error": seat_error, "focus": focus,
        "errors": errors,
        "presets": [(each.name, each.label, each.help, family.family)
                    for family in families.all_families() for each in family.presets],
        "preset_value": preset,
        # Each family's settings (scorekeeper/web/families), with what they show besides.
        "family_settings": [family.settings_template for family in families.all_families()],
        "new_name": request.POST.get("new_name", "") if seat_error else "",
        "evening": evening,
        "carried_in": evening_services.carried_pot(evening) if evening else 0,
    }
    for family in families.all_families():
        context.update(family.settings_context(form, preset, seats))
    status = 422 if errors else 200
    return render(request, page_or_fragment(request, "scorekeeper/new_game.html", "game-form"),
                  context, status=status)


def _first_settings(club) -> dict:
    """The new-game form as it first shows: the presets' own settings, in the given club."""
    settings = {"club": club, "preset": engine.DEFAULT_PRESET}
    for family in families.all_families():
        settings.update(family.first_settings())
    return settings


def _evening_of(request, clubs) -> TableSession | None:
    """The evening a new game goes into (?session=<id>, then the form's hidden field), or
    None; 404 for an evening of a club the user does not write in."""
    data = request.POST if request.method == "POST" else request.GET
    value = data.get("session") or ""
    if not value:
        return None
    evening = (TableSession.objects.filter(pk=value, club__in=clubs).first()
               if value.isdigit() and len(value) < 19 else None)
    if evening is None:
        raise Http404("No such evening")
    return evening


def _club_choice(form, clubs) -> int:
    value = form["club"].value()
    try:
        chosen = int(value)
    except (TypeError, ValueError):
        chosen = clubs[0].pk
    return chosen if any(club.pk == chosen for club in clubs) else clubs[0].pk


def _default_name(club_id: int, preset: str) -> str:
    """A game with no name typed is called by its kind and number in the club, "Gin #12":
    never by a date, which would be frozen in one reader's format (docs/table.md)."""
    kind, presets = families.game_kind(preset)
    return f"{kind} #{games_of_kind(club_id, presets) + 1}"


def _start_error(error: RulesError, preset: str) -> dict:
    """A start_game error under its field: players[2] -> that seat, rules.x -> the setting
    of the preset's family that asked for it."""
    message = message_for(error)
    if error.where[:1] == ("players",):
        return {error.field: str(NAME_PROBLEMS.get(error.code, message))}
    field = families.for_preset(preset).rule_fields.get(error.field or "")
    return {field: message} if field else {"form": message}


# --- The score sheet ------------------------------------------------------------------------


def _sheet_context(view, can_write=False, *, shared=False, message="", poll_url="") -> dict:
    state = view.state
    finished = state.status.ended
    result = None
    # A void game shows its rounds for the record, and no money: every movement is reversed.
    if (finished or view.game.closed) and not view.void:
        result = pages.build_result(view, services.settlement_for(view))
    # A void game is kept for the record only: nothing more is entered or corrected.
    can_write = can_write and not shared and not view.void
    return {
        "view": view, "game": view.game, "state": state, "rules": view.rules,
        "sheet": pages.build_sheet(view), "currency": view.game.currency,
        "currency_symbol": pages.CURRENCY_SYMBOLS.get(view.game.currency, view.game.currency),
        "finished": finished, "result": result,
        "can_write": can_write, "shared": shared, "message": message,
        "closable": can_write and not finished and not view.game.closed
        and engine.family_for(view.rules).closes_by_hand(view.rules),
        "next_dealer": view.name(state.next_dealer) if state.next_dealer is not None else "",
        "pot_label": pages.pot_label(view),
        "paid_out": sum(amount for _player, amount in state.payouts),
        "poll_url": poll_url, "form_key": pages.new_form_key() if can_write else "",
    }


def _unchanged(request, game: Game) -> bool:
    """A poll that already shows this version: answer 204 and htmx swaps nothing."""
    return bool(request.htmx) and request.GET.get("v") == str(game.version)


@login_required
@require_GET
def game_sheet(request, game_id: int):
    game, can_write = member_game(request, game_id)
    if _unchanged(request, game):
        return HttpResponse(status=204)
    view = services.load_game(game)
    context = _sheet_context(view, can_write,
                             poll_url=reverse("game", args=[game_id]))
    return render(request, page_or_fragment(request, SHEET, "board"), context)


def show_sheet(request, game_id: int, *, message: str = "", status: int = 200, view=None):
    """After a write: the sheet (htmx: swapped into the page, its address pushed). `view`
    is the game as the write left it, so the sheet needs no second read."""
    if not message and not request.htmx:
        return redirect("game", game_id)
    can_write = True  # the write (or its attempt) passed member_game(write=True)
    if view is None:
        game, can_write = member_game(request, game_id)
        view = services.load_game(game)
    elif not hasattr(view.game, "caller_role"):
        # The game a write hands back was read without the caller's role, and the sheet's
        # "Void this game" is for organisers: without it the action appeared only on
        # reload (issue 25).
        view.game.caller_role = caller_role(request, game_id)
    context = _sheet_context(view, can_write, message=message,
                             poll_url=reverse("game", args=[game_id]))
    response = render(request, SHEET, context, status=status)
    return swap_whole_page(request, response, reverse("game", args=[game_id]))


def saved_once(request, key: str, write):
    """Run a form's write once per form key (a double tap counts once): the GameView the
    write left, or None when the key was used before (the first tap's write stands)."""
    result, replay = idempotency.once(
        user=request.user, key=(key or "").strip()[:idempotency.MAX_KEY],
        fingerprint=idempotency.fingerprint(f"page {request.path}"), write=write,
        answer=lambda _result: idempotency.Answer(303, {"path": request.path}),
    )
    if replay is not None:
        return None
    return result[1] if isinstance(result, tuple) else result


# --- Re-buys and closing --------------------------------------------------------------------


@login_required
@require_POST
def rebuy(request, game_id: int):
    member_game(request, game_id, write=True)
    player = request.POST.get("player", "")
    if not player.isdigit():
        return show_sheet(request, game_id, status=422, message=_("Choose who re-buys."))
    key = request.POST.get("key", "")
    try:
        saved = saved_once(request, key, lambda: services.take_rebuy(
            game_id=game_id, player=int(player), user=request.user, request_id=key,
        ))
    except RulesError as error:
        return show_sheet(request, game_id, status=409, message=message_for(error))
    return show_sheet(request, game_id, view=saved)


@login_required
@require_POST
def close(request, game_id: int):
    member_game(request, game_id, write=True)
    key = request.POST.get("key", "")
    try:
        view = saved_once(request, key, lambda: services.close_game(
            game_id=game_id, user=request.user))
    except RulesError as error:
        return show_sheet(request, game_id, status=409, message=message_for(error))
    return show_sheet(request, game_id, view=view)


# --- Ledger and sharing ---------------------------------------------------------------------


@login_required
@require_GET
def ledger(request, game_id: int):
    game, _can_write = member_game(request, game_id)
    view = services.load_game(game)
    names = pages.account_names(view)
    groups: list[dict] = []
    for line in ledger_lines(game.pk):
        if not groups or groups[-1]["round"] != line.round:
            groups.append({"round": line.round, "end": bool(groups), "items": []})
        groups[-1]["items"].append({
            "entry": line, "kind": pages.ENTRY_KINDS.get(line.kind, line.kind),
            "source": names.get(line.source, line.source),
            "target": names.get(line.target, line.target),
        })
    return render(request, "scorekeeper/ledger.html", {
        "game": game, "groups": groups, "currency": game.currency,
    })


@login_required
@require_GET
def share(request, game_id: int):
    game, can_write = member_game(request, game_id)
    path = reverse("shared", args=[policy.share_token(game.pk, game.share_version)])
    # PUBLIC_URL (settings): the address the other phones reach, which the organiser's
    # own browser (often on 127.0.0.1) does not show.
    url = settings.PUBLIC_URL + path if settings.PUBLIC_URL else request.build_absolute_uri(path)
    # segno writes the SVG from the link's bits alone: no text of ours goes into it.
    qr = mark_safe(segno.make(url, error="m").svg_inline(
        scale=4, border=2, dark="#111111", light="#ffffff", omitsize=True))
    return render(request, "scorekeeper/share.html", {
        "game": game, "url": url, "qr": qr, "may_write": can_write,
        "phones": [(phone, phone.player.name) for phone in claim_services.active_claims(game.pk)],
        # issue 25, item 8: a link on this machine's own address reaches no other phone.
        "loopback": loopback_host(url),
    })


def shared_game(token: str) -> Game:
    """The game of a share link (the policy's check: scorekeeper.services.policy); 404 for
    a forged link or one revoked since."""
    return policy.shared_game(token, services.game_queryset())


@login_not_required
@require_GET
def shared_sheet(request, token: str):
    """The read-only sheet behind the share link: no login, refreshes itself."""
    game = shared_game(token)
    if _unchanged(request, game):
        return HttpResponse(status=204)
    view = services.load_game(game)
    context = _sheet_context(view, shared=True,
                             poll_url=reverse("shared", args=[token]))
    response = render(request, page_or_fragment(request, SHEET, "board"), context)
    response["X-Robots-Tag"] = "noindex"
    response["Referrer-Policy"] = "no-referrer"
    return response

