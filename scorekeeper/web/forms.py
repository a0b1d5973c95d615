"""Page forms: they check the shape of what was typed, in plain words; the rules are the
engine's, reached through the services."""

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from .. import rules as engine
from ..names import InvalidName, clean_name, look_alike, name_key
from .presenters import minor_from_text, money_text

# Why a typed name is refused (scorekeeper.names), in the reader's language.
NAME_PROBLEMS = {
    "blank": gettext_lazy("Type a name first"),
    "invisible_name": gettext_lazy("A name needs a visible character: this one holds only "
                                   "spaces or invisible characters"),
    "control_character": gettext_lazy("A name cannot hold control characters, line breaks or "
                                      "text-direction marks"),
    "format_character": gettext_lazy("A name cannot hold format characters such as zero-width "
                                     "spaces, joiners or soft hyphens"),
}


def page_name(text: str, *, allow_blank: bool = False) -> str:
    """A typed name as it is kept (scorekeeper.names.clean_name), or forms.ValidationError
    saying why not."""
    try:
        return clean_name(text, allow_blank=allow_blank)
    except InvalidName as problem:
        raise forms.ValidationError(NAME_PROBLEMS[problem.code], code=problem.code) from None

PRESET_CHOICES = [
    ("wiener", gettext_lazy("Wiener Rummy")),
    ("romme", gettext_lazy("Rommé ohne Auslegen")),
    ("gin", gettext_lazy("Gin Rummy")),
    ("gin_online", gettext_lazy("Gin Rummy (online scoring)")),
    ("basic", gettext_lazy("Basic Rummy")),
    ("rami", gettext_lazy("Rami")),
]
PRESET_HELP = {
    "wiener": gettext_lazy("Knock with up to 5. Ace 11, joker 20. A Rummy adds 10 points to "
                           "everyone else and earns the Rummy premium (2.00). From 5 players "
                           "the pot is split 70/30."),
    "romme": gettext_lazy("Knock with up to 5. Ace 10, joker 20. No Rummy points. The "
                          "winner takes the whole pot."),
    "gin": gettext_lazy("Two players, one deck, no jokers. Knock with up to 10; gin earns "
                        "20, an undercut 10. To 100 points: game bonus 100, box bonus 20 "
                        "for each round won."),
    "gin_online": gettext_lazy("Gin Rummy as online rooms score it: 25 for gin and 25 for "
                               "an undercut."),
    "basic": gettext_lazy("2 to 7 players. Whoever goes out scores the cards left in the "
                          "others' hands and is paid for them at once. Highest total wins."),
    "rami": gettext_lazy("2 to 8 players, 14 cards, jokers. Everyone scores what they lay; "
                         "whoever finishes also scores the others' hands and a bonus. Or "
                         "play it as elimination: lowest total wins."),
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

# Gin Rummy (docs/rules.md 8): its options and its three formats.
GIN_KNOCK_LIMITS = [(10, "10"), (8, "8"), (5, "5")]
GAME_TARGETS = [(100, "100"), (150, "150"), (200, "200")]
ROUNDS_TO_PLAY = [(1, "1"), (2, "2"), (3, "3")]
GIN_FORMATS = [
    ("match", gettext_lazy("Match")),
    ("ring", gettext_lazy("Ring game")),
    ("tournament", gettext_lazy("Tournament")),
]
GIN_FORMAT_HELP = {
    "match": gettext_lazy("Two players, to the game target."),
    "ring": gettext_lazy("Two players for 1, 2 or 3 rounds (or until the target); the stakes "
                         "go into a prize pool."),
    "tournament": gettext_lazy("Four players: seats 1 and 2 and seats 3 and 4 play the "
                               "semifinals, their winners the final; the stakes go into a "
                               "prize pool."),
}


# Basic Rummy (docs/rules.md 9): decks and cards dealt follow the number of players unless
# chosen ("" keeps the preset's choice by players).
BASIC_DECKS = [("", gettext_lazy("Auto")), ("1", "1"), ("2", "2")]
BASIC_HAND_SIZES = [("", gettext_lazy("Auto")), ("7", "7"), ("10", "10")]
BASIC_JOKERS = [(count, str(count)) for count in range(5)]
# Rami (docs/rules.md 10): its three ways of scoring.
RAMI_MODES = [
    ("normal", gettext_lazy("Normal")),
    ("traditional", gettext_lazy("Traditional")),
    ("elimination", gettext_lazy("Elimination")),
]
RAMI_MODE_HELP = {
    "normal": gettext_lazy("Laid cards: 2 to 9 score 5, 10 to K 10, the ace 5 or 15. "
                           "Highest total wins."),
    "traditional": gettext_lazy("Laid cards score their face value, the ace 1 or 11. "
                                "Highest total wins."),
    "elimination": gettext_lazy("Only the cards left in hand count, a Rummy multiplies them. "
                                "Whoever reaches the limit is out; the last one in takes "
                                "the pot."),
}


class NewGameForm(forms.Form):
    """A new game's settings; the seats come as a list of names (see views.new_game).

    The page holds the fields of every rule family (it works without JavaScript); only
    those of the chosen game's family are read, the others are ignored.
    """

    club = forms.TypedChoiceField(coerce=int, label=gettext_lazy("Club"))
    game_name = forms.CharField(max_length=100, required=False, label=gettext_lazy("Name"))
    preset = forms.ChoiceField(choices=PRESET_CHOICES, initial="wiener",
                               label=gettext_lazy("Game"))
    # The knock family (Wiener Rummy, Rommé).
    buy_in = forms.CharField(max_length=12, required=False, label=gettext_lazy("Buy-in"))
    knock_premium = forms.CharField(max_length=12, required=False,
                                    label=gettext_lazy("Knock premium"))
    rebuy = forms.BooleanField(required=False, initial=True, label=gettext_lazy("Re-buy"))
    knock_10 = forms.BooleanField(required=False)
    undercut = forms.BooleanField(required=False)
    rummy_kitty = forms.BooleanField(required=False)
    dead_play_on = forms.BooleanField(required=False)
    winner_deals = forms.BooleanField(required=False)
    points_game = forms.BooleanField(required=False)
    lay_off = forms.ChoiceField(choices=LAY_OFF_CHOICES, initial="none", required=False)
    # Gin Rummy.
    gin_knock_limit = forms.TypedChoiceField(coerce=int, choices=GIN_KNOCK_LIMITS,
                                             required=False, empty_value=None,
                                             widget=forms.RadioSelect)
    game_target = forms.TypedChoiceField(coerce=int, choices=GAME_TARGETS, required=False,
                                         empty_value=None, widget=forms.RadioSelect)
    gin_doubles_deadwood = forms.BooleanField(required=False)
    stake_per_point = forms.CharField(max_length=12, required=False)
    gin_format = forms.ChoiceField(choices=GIN_FORMATS, required=False,
                                   widget=forms.RadioSelect)
    rounds_to_play = forms.TypedChoiceField(coerce=int, choices=ROUNDS_TO_PLAY,
                                            required=False, empty_value=None,
                                            widget=forms.RadioSelect)
    pool_stake = forms.CharField(max_length=12, required=False)
    winner_share = forms.CharField(max_length=3, required=False)
    # Basic Rummy.
    basic_decks = forms.ChoiceField(choices=BASIC_DECKS, required=False,
                                    widget=forms.RadioSelect)
    basic_hand_size = forms.ChoiceField(choices=BASIC_HAND_SIZES, required=False,
                                        widget=forms.RadioSelect)
    basic_jokers = forms.TypedChoiceField(coerce=int, choices=BASIC_JOKERS, required=False,
                                          empty_value=None, widget=forms.RadioSelect)
    ace_high = forms.BooleanField(required=False)
    basic_point_value = forms.CharField(max_length=12, required=False)
    basic_target = forms.CharField(max_length=6, required=False)
    # Rami.
    rami_mode = forms.ChoiceField(choices=RAMI_MODES, required=False, widget=forms.RadioSelect)
    identities = forms.BooleanField(required=False)
    first_meld_min = forms.CharField(max_length=3, required=False)
    rami_point_value = forms.CharField(max_length=12, required=False)
    rami_target = forms.CharField(max_length=6, required=False)
    eliminate_at = forms.CharField(max_length=5, required=False)
    rami_buy_in = forms.CharField(max_length=12, required=False)

    def __init__(self, *args, clubs=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["club"].choices = [(club.pk, club.name) for club in clubs]
        self.overrides: dict = {}

    def clean(self):
        data = super().clean()
        if "preset" in data:
            self.overrides = FAMILY_RULES[family_of(data["preset"])](self)
        return data

    def clean_game_name(self) -> str:
        return page_name(self.cleaned_data["game_name"], allow_blank=True)

    def rules(self) -> dict:
        """The engine overrides these settings ask for (money as decimal strings)."""
        return self.overrides

    def amount(self, name: str, *, blank: int | None = None) -> int | None:
        """A typed amount in minor units; the error goes under the field. `blank` is what
        an empty field means (None: it must be filled in)."""
        text = (self.cleaned_data.get(name) or "").strip()
        if not text and blank is not None:
            return blank
        try:
            return minor_from_text(text)
        except engine.MoneyError as error:
            self.add_error(name, error.message)
            return None

    def whole_number(self, name: str) -> int | None:
        """A typed whole number; empty is None (the preset's value). The error goes under
        the field; the engine says the range."""
        text = (self.cleaned_data.get(name) or "").strip()
        if not text:
            return None
        if not text.isdigit():
            self.add_error(name, _("Enter a whole number, like 500"))
            return None
        return int(text)

    def house_rules(self):
        """(bound field, one-line explanation) for the template."""
        defaults = engine.Rules.preset("wiener")
        amounts = {"kitty": money_text(defaults.kitty_contribution),
                   "point": money_text(defaults.point_value)}
        return [(self[name], str(help_text) % amounts)
                for name, _override, help_text in HOUSE_RULES]


def family_of(preset: str) -> str:
    """The name of the rule family that plays a preset."""
    return engine.family_for(engine.Rules.preset(preset)).name


def _knock_rules(form: NewGameForm) -> dict:
    """Wiener Rummy's and Rommé's settings: the stake, re-buys, the house rules."""
    data = form.cleaned_data
    buy_in, knock_premium = form.amount("buy_in"), form.amount("knock_premium")
    if buy_in is None or knock_premium is None:
        return {}
    overrides = {
        "buy_in": engine.format_money(buy_in),
        "knock_premium": engine.format_money(knock_premium),
        "rebuy": data["rebuy"],
        "lay_off": data["lay_off"] or "none",
    }
    for name, override, _help in HOUSE_RULES:
        if data[name]:
            overrides.update(override)
    return overrides


def _gin_rules(form: NewGameForm) -> dict:
    """Gin's settings: knock limit, target, gin doubling, stake per point and the format;
    a ring game and a tournament put a stake into a prize pool."""
    data = form.cleaned_data
    chosen = {"knock_limit": data["gin_knock_limit"], "game_target": data["game_target"]}
    overrides = {name: value for name, value in chosen.items() if value is not None}
    overrides["gin_doubles_deadwood"] = data["gin_doubles_deadwood"]
    stake = form.amount("stake_per_point", blank=0)
    if stake is not None:
        overrides["stake_per_point"] = engine.format_money(stake)
    game_format = data["gin_format"] or "match"
    overrides["tournament"] = game_format == "tournament"
    overrides["rounds_to_play"] = (data["rounds_to_play"] or 1) if game_format == "ring" else 0
    if game_format != "match":
        pool = form.amount("pool_stake", blank=0)
        if pool is not None:
            overrides["buy_in"] = engine.format_money(pool)
        share = (data["winner_share"] or "").strip()  # empty: the preset's share
        if share.isdigit() and 75 <= int(share) <= 100:
            overrides["winner_share"] = int(share)
        elif share:
            form.add_error("winner_share", _("The winner takes 75 to 100 percent"))
    return overrides


def _basic_rules(form: NewGameForm) -> dict:
    """Basic Rummy's settings (docs/rules.md 9): decks and cards dealt (else by the number
    of players), jokers, the high ace, the point value and the game target."""
    data = form.cleaned_data
    overrides: dict = {}
    if data["basic_decks"]:
        overrides["decks"] = int(data["basic_decks"])
    if data["basic_hand_size"]:
        overrides["hand_size"] = int(data["basic_hand_size"])
    if data["basic_jokers"] is not None:
        overrides["jokers"] = data["basic_jokers"]
    if data["ace_high"]:
        overrides["ace_in_runs"] = "high_or_low"
    point_value = form.amount("basic_point_value", blank=0)
    if point_value is not None:
        overrides["point_value"] = engine.format_money(point_value)
    target = form.whole_number("basic_target")
    if target is not None:
        overrides["game_target"] = target
    return overrides


def _rami_rules(form: NewGameForm) -> dict:
    """Rami's settings (docs/rules.md 10): the mode, identities, the first meld's minimum;
    to a target at a point value, or (elimination) to a limit for a buy-in pot."""
    data = form.cleaned_data
    mode = data["rami_mode"] or "normal"
    overrides: dict = {"mode": mode, "identities": data["identities"]}
    first_meld_min = form.whole_number("first_meld_min")
    if first_meld_min is not None:
        overrides["first_meld_min"] = first_meld_min
    if mode == "elimination":
        limit = form.whole_number("eliminate_at")
        if limit is not None:
            overrides["eliminate_at"] = limit
        buy_in = form.amount("rami_buy_in", blank=0)
        if buy_in is not None:
            overrides["buy_in"] = engine.format_money(buy_in)
        return overrides
    point_value = form.amount("rami_point_value", blank=0)
    if point_value is not None:
        overrides["point_value"] = engine.format_money(point_value)
    target = form.whole_number("rami_target")
    if target is not None:
        overrides["game_target"] = target
    return overrides


# Each rule family's settings, read from the form as engine overrides.
FAMILY_RULES = {"knock": _knock_rules, "gin": _gin_rules, "basic": _basic_rules,
                "rami": _rami_rules}
# Where the engine's refusal of a setting is shown: under the field that set it.
RULE_FIELDS = {
    "knock": {"rules.buy_in": "buy_in", "rules.knock_premium": "knock_premium"},
    "gin": {"rules.buy_in": "pool_stake", "rules.stake_per_point": "stake_per_point",
            "rules.winner_share": "winner_share"},
    "basic": {"rules.decks": "basic_decks", "rules.hand_size": "basic_hand_size",
              "rules.jokers": "basic_jokers", "rules.point_value": "basic_point_value",
              "rules.game_target": "basic_target"},
    "rami": {"rules.mode": "rami_mode", "rules.decks": "identities",
             "rules.first_meld_min": "first_meld_min", "rules.point_value": "rami_point_value",
             "rules.game_target": "rami_target", "rules.eliminate_at": "eliminate_at",
             "rules.buy_in": "rami_buy_in"},
}


def _looks_like(name: str, other: str) -> str:
    # The services' words for it (scorekeeper.messages), in the reader's language.
    return _("%(name)s looks like %(other)s, who is already seated: write the name so that "
             "the two can be told apart") % {"name": name, "other": other}


def read_seats(data) -> list[str]:
    """The seated names in order, from the repeated `seat` field."""
    return [name.strip()[:50] for name in data.getlist("seat") if name.strip()][:12]


def apply_seat_action(seats: list[str], data) -> tuple[list[str], str, str]:
    """One tap on the seat list: add, add a new name, move up or down, remove.

    Returns (seats, error for the new-name field, the control to focus afterwards).
    """
    seats = list(seats)
    # Names are compared by their key: "Zoë" however encoded, and "ZOË", are one player.
    known = {name_key(name) for name in seats}
    if "seat_add" in data:
        name = data["seat_add"].strip()[:50]
        if name and name_key(name) not in known:
            if (other := look_alike(name, seats)) is not None:
                return seats, _looks_like(name, other), "new_name"
            seats.append(name)
        return seats, "", "new_name"
    if "seat_new" in data:
        try:
            name = page_name(" ".join(data.get("new_name", "").split()))
        except forms.ValidationError as error:
            return seats, error.messages[0], "new_name"
        if len(name) > 50:
            return seats, _("A name has at most 50 characters"), "new_name"
        if name_key(name) in known:
            return seats, _("%(name)s is already seated") % {"name": name}, "new_name"
        if (other := look_alike(name, seats)) is not None:
            return seats, _looks_like(name, other), "new_name"
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
