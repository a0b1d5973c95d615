"""The evening's pages (a table session): starting one, and the evening itself with its
games, the pot carried between them and who pays whom at the end of the night
(docs/rules.md 5.6, 5.7). Thin, like every view: the services read and write."""

from dataclasses import dataclass

from django import forms
from django.contrib.auth.decorators import login_required
from django.db.models import F
from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET

from .. import services
from ..models import TableSession
from ..services import evenings, policy
from ..services.errors import Refused
from .forms import PRESET_CHOICES, page_name
from .htmx import go
from .status import status_word

# --- Starting an evening --------------------------------------------------------------------


class EveningForm(forms.Form):
    club = forms.TypedChoiceField(coerce=int, label=gettext_lazy("Club"))
    name = forms.CharField(max_length=100, required=False,
                           label=gettext_lazy("Name of the evening (optional)"))

    def __init__(self, *args, clubs=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["club"].choices = [(club.pk, club.name) for club in clubs]

    def clean_name(self) -> str:
        return page_name(self.cleaned_data["name"], allow_blank=True)


def _writable_clubs(request) -> list:
    return policy.clubs_where(request, "game.write")


def default_name() -> str:
    """An evening is named by its date unless it is given a name."""
    return date_format(timezone.localdate(), "SHORT_DATE_FORMAT")


@login_required
def evening_new(request):
    """Start an evening in one of the user's clubs; the evening's page answers."""
    clubs = _writable_clubs(request)
    if not clubs:
        raise Refused("Only organisers and scorekeepers start evenings")
    if request.method == "POST":
        form = EveningForm(request.POST, clubs=clubs)
        if form.is_valid():
            club = next(club for club in clubs if club.pk == form.cleaned_data["club"])
            session = services.create_session(
                club=club, name=form.cleaned_data["name"].strip() or default_name())
            return go(request, reverse("session", args=[session.pk]))
    else:
        form = EveningForm(initial={"club": request.GET.get("club") or clubs[0].pk},
                           clubs=clubs)
    return render(request, "scorekeeper/evening_new.html", {
        "form": form, "clubs": clubs, "default_name": default_name(),
    }, status=422 if form.errors else 200)


# --- The evening ----------------------------------------------------------------------------


@dataclass(frozen=True)
class GameLine:
    id: int
    name: str
    kind: str  # the game's preset, in words
    status: str  # in words
    winner: str
    carried_in: int
    carried_out: int
    void: bool


@dataclass(frozen=True)
class PaymentLine:
    debtor: str
    creditor: str
    amount: int


def _game_lines(evening) -> list[GameLine]:
    kinds = dict(PRESET_CHOICES)
    return [GameLine(
        line.game.pk, line.game.name, kinds.get(line.game.preset, line.game.preset),
        status_word(line.status),
        evening.names.get(line.winner, "") if line.winner is not None else "",
        line.carried_in, line.carried_out, line.void,
    ) for line in evening.games]


@login_required
@require_GET
def evening_page(request, session_id: int):
    """Every member of the club reads the evening; its writers start its next game here."""
    session = (TableSession.objects.filter(pk=session_id, club__memberships__user=request.user)
               .select_related("club").annotate(caller_role=F("club__memberships__role"))
               .first())
    if session is None:
        raise Http404("No such evening")
    policy.check(request, "club.read", session.club_id, role=session.caller_role)
    evening = evenings.evening(session)
    names = evening.names
    return render(request, "scorekeeper/evening.html", {
        "session": session, "evening": evening, "games": _game_lines(evening),
        "nets": [(names[player], amount) for player, amount in evening.nets],
        "payments": [PaymentLine(names.get(p.debtor, ""), names.get(p.creditor, ""), p.amount)
                     for p in evening.summary.payments],
        "currency": evening.currency,
        "can_write": policy.may_write(request, session.club_id, role=session.caller_role),
    })
