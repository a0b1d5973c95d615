"""A club's Gin tournament on the pages (docs/organisers.md, "A Gin tournament"): the club's
tournaments, the organisers' "New tournament" form, and the bracket, which shows every
match live (polled like the sheet) with links to the match games. Thin: the services
draw, book and advance."""

from django import forms
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET

from .. import rules as engine
from ..messages import message_for
from ..models import Club
from ..rules import bracket
from ..services import policy, tournaments
from . import families
from .access import club_member
from .families import gin
from .forms import TypedNumbers, page_name
from .htmx import go, page_or_fragment
from .presenters import minor_from_text

REFUSAL = gettext_lazy("Only the club's organisers start tournaments")


def match_presets() -> list[tuple[str, object]]:
    """The presets a match may be played under, with their labels as the new-game page has them."""
    allowed = set(bracket.match_presets())
    return [(name, label) for name, label in families.preset_choices() if name in allowed]


class TournamentForm(TypedNumbers, forms.Form):
    """The new tournament: the field, the seeding, the money, and every match's rules: a
    Gin preset, a game target and the variants as the new-game page offers them (Oklahoma,
    Big Gin, Shutout, Hollywood: web/families/gin.py), as the API takes them. Gin's formats
    are not offered: every match is a match of two to the target (docs/rules.md 8.7a); the
    engine refuses the single-table tournament for a match, and a ring game or a tournament
    with Hollywood (8.12). A Hollywood match ends only when all three of its games have,
    which holds up the bracket's round longer: the page says so at the box."""

    name = forms.CharField(max_length=100, required=False, label=gettext_lazy("Name"))
    preset = forms.ChoiceField(choices=match_presets, label=gettext_lazy("Each match"))
    game_target = forms.IntegerField(min_value=1, max_value=10000, required=False,
                                     label=gettext_lazy("Game target (optional)"))
    players = forms.CharField(widget=forms.Textarea, label=gettext_lazy("Players, one a line"))
    seeding = forms.ChoiceField(
        choices=[("random", gettext_lazy("Drawn at random")),
                 ("ordered", gettext_lazy("In this order: the first is seed 1"))],
        initial="random", widget=forms.RadioSelect, label=gettext_lazy("Seeding"))
    entry_fee = forms.CharField(max_length=16, initial="0", label=gettext_lazy("Entry fee"))
    payouts = forms.CharField(max_length=200, initial="75, 25",
                              label=gettext_lazy("Payouts in percent, by place"))

    # The order the page shows them in: the match's rules, then its variants, then the rest.
    MATCH_FIELDS = ("name", "preset", "game_target")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields.update(gin.variant_fields())
        self.variants: dict = {}

    def match_fields(self):
        """The name, the preset and the target: shown above the variants."""
        return [self[name] for name in self.MATCH_FIELDS]

    def field_and_money(self):
        """The players, the seeding, the entry fee and the payouts: shown below them."""
        return [self[name] for name in self.base_fields if name not in self.MATCH_FIELDS]

    def clean_name(self) -> str:
        return page_name(self.cleaned_data["name"], allow_blank=True)

    def clean_players(self) -> list[str]:
        names = [page_name(line) for line in self.cleaned_data["players"].splitlines()
                 if line.strip()]
        if not bracket.MIN_PLAYERS <= len(names) <= bracket.MAX_PLAYERS:
            raise forms.ValidationError(
                _("A tournament has %(min)s to %(max)s players, not %(count)s") % {
                    "min": bracket.MIN_PLAYERS, "max": bracket.MAX_PLAYERS,
                    "count": len(names)})
        return names

    def clean_entry_fee(self) -> int:
        try:
            return minor_from_text(self.cleaned_data["entry_fee"])
        except engine.RulesError as error:
            raise forms.ValidationError(error.message) from None

    def clean_payouts(self) -> list[int]:
        parts = [p.strip().rstrip("%").strip()
                 for p in self.cleaned_data["payouts"].replace(";", ",").split(",")]
        if not all(p.isdigit() for p in parts):
            raise forms.ValidationError(_("Write whole percents separated by commas, e.g. "
                                          "75, 25"))
        percents = [int(p) for p in parts]
        if sum(percents) != 100:
            raise forms.ValidationError(
                _("The payouts must add up to 100 percent of the pool, not %(sum)s")
                % {"sum": sum(percents)})
        if percents[0] < bracket.MIN_WINNER_PERCENT:
            raise forms.ValidationError(
                _("The winner gets at least %(min)s percent of the pool, not %(first)s")
                % {"min": bracket.MIN_WINNER_PERCENT, "first": percents[0]})
        return percents

    def clean(self):
        data = super().clean()
        self.variants = gin.read_variants(self)
        if "players" in data and "payouts" in data and \
                len(data["payouts"]) > len(data["players"]):
            self.add_error("payouts", _("The payout table has more places than the "
                                        "%(count)s players") % {"count": len(data["players"])})
        return data


@require_GET
def tournament_list(request, club_id: int):
    """The club's tournaments, for every member; organisers start new ones here."""
    membership = club_member(request, club_id)
    views = [tournaments.TournamentView(t) for t in tournaments.club_tournaments(club_id)]
    return render(request, "scorekeeper/tournaments.html", {
        "club": membership.club, "tournaments": views,
        "can_create": policy.allows(request, "tournament.create", club_id,
                                    role=membership.role),
    })


def tournament_new(request, club_id: int):
    """The organiser's form: the field, the seeding, the rules of each match, the money."""
    membership = club_member(request, club_id, "tournament.create", refusal=str(REFUSAL))
    form = TournamentForm(request.POST if request.method == "POST" else None,
                          initial=gin.first_variants())
    problem = ""
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        rules = {"game_target": data["game_target"]} if data["game_target"] else {}
        rules.update(form.variants)
        try:
            view = tournaments.create_tournament(
                club=Club.objects.get(pk=club_id), name=data["name"], preset=data["preset"],
                rules=rules, players=data["players"], seeding=data["seeding"],
                entry_fee=data["entry_fee"], payouts=data["payouts"], user=request)
        except engine.RulesError as error:
            problem = _put_under_field(form, error)
        else:
            return go(request, reverse("tournament", args=[view.tournament.pk]))
    return render(request, "scorekeeper/tournament_new.html", {
        "club": membership.club, "form": form, "problem": problem,
        # The variants' template (families/gin_variants.html) reads each field's error here.
        "errors": {name: " ".join(messages) for name, messages in form.errors.items()},
        "target_hint": _("Left empty: %(plain)s; with Oklahoma Gin %(oklahoma)s.")
        % gin.default_targets(),
    }, status=422 if form.errors or problem else 200)


def _put_under_field(form: TournamentForm, error: engine.RulesError) -> str:
    """The engine's refusal of a match's rules under the variant that asked for it, as the
    new-game page puts it (gin.PAGES.rule_fields); any other is said above the form."""
    field = gin.PAGES.rule_fields.get(error.field or "", "")
    if field in form.fields:
        form.add_error(field, message_for(error))
        return ""
    return message_for(error)


@require_GET
def tournament_page(request, tournament_id: int):
    """The bracket: every match, live, with its game; the placings and prizes at the end."""
    view = tournaments.TournamentView(tournaments.visible_tournament(request, tournament_id))
    count = len(view.rounds)
    return render(request, page_or_fragment(request, "scorekeeper/tournament.html", "bracket"), {
        "view": view, "t": view.tournament,
        "rounds": [{"title": _round_title(number, count),
                    "matches": [_shown_match(view, match) for match in matches]}
                   for number, matches in enumerate(view.bracket, start=1)],
        "placings": [{"name": view.names[p.player], "place": p.place, "prize": p.prize}
                     for p in view.placings],
        "poll_url": reverse("tournament", args=[tournament_id]),
    })


def _shown_match(view: tournaments.TournamentView, match: tournaments.BracketMatch) -> dict:
    """A match as the bracket shows it: each side's name and seed (None: still to come)."""
    sides = [None if player is None else {
        "name": view.names[player], "seed": view.seed_of[player],
        "won": match.winner == player, "lost": match.winner not in (None, player)}
        for player in match.players]
    return {"number": match.number, "sides": sides, "game": match.game, "bye": match.bye,
            "done": match.winner is not None}


def _round_title(number: int, rounds: int) -> str:
    left = rounds - number
    if left == 0:
        return _("Final")
    if left == 1:
        return _("Semi-finals")
    if left == 2:
        return _("Quarter-finals")
    return _("Round %(number)s") % {"number": number}
