"""Page forms: they check the shape of what was typed, in plain words; the rules are the
engine's, reached through the services."""

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from .. import rules as engine
from .presenters import minor_from_text, money_text

PRESET_CHOICES = [
    ("wiener", gettext_lazy("Wiener Rummy")),
    ("romme", gettext_lazy("Rommé ohne Auslegen")),
]
PRESET_HELP = {
    "wiener": gettext_lazy("Knock with up to 5. Ace 11, joker 20. A Rummy adds 10 points to "
                           "everyone else and earns the Rummy premium (2.00). From 5 players "
                           "the pot is split 70/30."),
    "romme": gettext_lazy("Knock with up to 5. Ace 10, joker 20. No Rummy points. The "
                          "winner takes the whole pot."),
}
LAY_OFF_CHOICES = [
    ("none", gettext_lazy("No laying off")),
    ("knocker_melds", gettext_lazy("Onto the knocker's melds")),
    ("right_neighbour", gettext_lazy("Onto the right neighbour's melds")),
]

# House rules: (field, engine override when ticked, one line of explanation).
HOUSE_RULES = [
    ("knock_10", {"knock_limit": 10},
     gettext_lazy("Knock with up to 10 points instead of 5.")),
    ("undercut", {"undercut": True},
     gettext_lazy("Undercut: whoever has less than the knocker wins the round.")),
    ("rummy_kitty", {"rummy_kitty": True},
     gettext_lazy("Rummy kitty: everyone pays %(kitty)s a round; a Rummy takes it all.")),
    ("dead_play_on", {"dead_play_on": True},
     gettext_lazy("The dead play on: at 101 you keep playing for premiums, but not for "
                  "the pot.")),
    ("winner_deals", {"dealer_rule": "winner_deals"},
     gettext_lazy("The round winner deals next, instead of the next seat.")),
    ("points_game", {"mode": "points"},
     gettext_lazy("Points game: no pot; knock only with 0; the knocker collects everyone's "
                  "points × %(point)s.")),
]
LAY_OFF_HELP = gettext_lazy("Laying off after a knock (only counts when cards are entered).")


class NewGameForm(forms.Form):
    """A new game's settings; the seats come as a list of names (see views.new_game)."""

    club = forms.TypedChoiceField(coerce=int, label=gettext_lazy("Club"))
    game_name = forms.CharField(max_length=100, required=False, label=gettext_lazy("Name"))
    preset = forms.ChoiceField(choices=PRESET_CHOICES, initial="wiener",
                               label=gettext_lazy("Game"))
    buy_in = forms.CharField(max_length=12, label=gettext_lazy("Buy-in"))
    knock_premium = forms.CharField(max_length=12, label=gettext_lazy("Knock premium"))
    rebuy = forms.BooleanField(required=False, initial=True, label=gettext_lazy("Re-buy"))
    knock_10 = forms.BooleanField(required=False)
    undercut = forms.BooleanField(required=False)
    rummy_kitty = forms.BooleanField(required=False)
    dead_play_on = forms.BooleanField(required=False)
    winner_deals = forms.BooleanField(required=False)
    points_game = forms.BooleanField(required=False)
    lay_off = forms.ChoiceField(choices=LAY_OFF_CHOICES, initial="none", required=False)

    def __init__(self, *args, clubs=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["club"].choices = [(club.pk, club.name) for club in clubs]

    def clean_buy_in(self):
        return self._amount("buy_in")

    def clean_knock_premium(self):
        return self._amount("knock_premium")

    def _amount(self, name):
        try:
            return minor_from_text(self.cleaned_data[name])
        except engine.MoneyError as error:
            raise forms.ValidationError(error.message) from None

    def rules(self) -> dict:
        """The engine overrides these settings ask for (money as decimal strings)."""
        data = self.cleaned_data
        overrides = {
            "buy_in": engine.format_money(data["buy_in"]),
            "knock_premium": engine.format_money(data["knock_premium"]),
            "rebuy": data["rebuy"],
            "lay_off": data["lay_off"] or "none",
        }
        for name, override, _help in HOUSE_RULES:
            if data[name]:
                overrides.update(override)
        return overrides

    def house_rules(self):
        """(bound field, one-line explanation) for the template."""
        defaults = engine.Rules.preset("wiener")
        amounts = {"kitty": money_text(defaults.kitty_contribution),
                   "point": money_text(defaults.point_value)}
        return [(self[name], str(help_text) % amounts)
                for name, _override, help_text in HOUSE_RULES]


def read_seats(data) -> list[str]:
    """The seated names in order, from the repeated `seat` field."""
    return [name.strip()[:50] for name in data.getlist("seat") if name.strip()][:12]


def apply_seat_action(seats: list[str], data) -> tuple[list[str], str, str]:
    """One tap on the seat list: add, add a new name, move up or down, remove.

    Returns (seats, error for the new-name field, the control to focus afterwards).
    """
    seats = list(seats)
    known = {name.casefold() for name in seats}
    if "seat_add" in data:
        name = data["seat_add"].strip()[:50]
        if name and name.casefold() not in known:
            seats.append(name)
        return seats, "", "new_name"
    if "seat_new" in data:
        name = " ".join(data.get("new_name", "").split())
        if not name:
            return seats, _("Type a name first"), "new_name"
        if len(name) > 50:
            return seats, _("A name has at most 50 characters"), "new_name"
        if name.casefold() in known:
            return seats, _("%(name)s is already seated") % {"name": name}, "new_name"
        seats.append(name)
        return seats, "", "new_name"
    for action, step in (("up", -1), ("down", 1)):
        value = data.get(f"seat_{action}", "")
        if value.isdigit():
            index = int(value)
            other = index + step
            if 0 <= index < len(seats) and 0 <= other < len(seats):
                seats[index], seats[other] = seats[other], seats[index]
                return seats, "", f"{action}-{other}"
            return seats, "", f"{action}-{index}"
    if data.get("seat_remove", "").isdigit():
        index = int(data["seat_remove"])
        if 0 <= index < len(seats):
            del seats[index]
        return seats, "", "new_name"
    return seats, "", ""
