"""Gin Rummy on the pages (docs/rules.md 8): who knocked, the sheet per match, the prize
pool, the knock limit, target, stake and format of a game, the demo game."""

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ... import rules as engine
from ..presenters import amount_field_value
from . import DemoGame, FamilyPages, Preset, engine_money
from .gin_round import hand_as_scored, read_round, round_context
from .gin_sheet import build_gin_sheet

FAMILY = "gin"

PRESETS = (
    Preset("gin", gettext_lazy("Gin Rummy"),
           gettext_lazy("Two players, one deck, no jokers. Knock with up to 10; gin earns "
                        "20, an undercut 10. To 100 points: game bonus 100, box bonus 20 "
                        "for each round won."),
           kind="Gin"),
    Preset("gin_online", gettext_lazy("Gin Rummy (online scoring)"),
           gettext_lazy("Gin Rummy as online rooms score it: 25 for gin and 25 for "
                        "an undercut."),
           kind="Gin"),
)

# Its options and its three formats.
GIN_KNOCK_LIMITS = [(10, "10"), (8, "8"), (5, "5")]
# "Auto" leaves the target to the rules: 100, or 150 for Oklahoma Gin (docs/rules.md 8.11).
GAME_TARGETS = [("", gettext_lazy("Auto")), (100, "100"), (150, "150"), (200, "200")]
ACE_UPCARDS = [("gin", gettext_lazy("Gin only")), ("one", gettext_lazy("Knock with 1"))]
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
    "tournament": gettext_lazy("Two to four players. Four: seats 1 and 2 and seats 3 and 4 "
                               "play the semifinals, their winners the final. Three: one "
                               "player has a bye into the final. Two: the final alone. The "
                               "stakes go into a prize pool."),
}
# A tournament of three (docs/rules.md 8.7): the bye the third seat's unless another seat is
# chosen (the engine's `bye`, counted from 0).
BYE_SEATS = ("0", "1", "2")
THIRD_SEAT = BYE_SEATS[-1]
GIN_BYES = [(seat, str(int(seat) + 1)) for seat in BYE_SEATS]


def settings_fields() -> dict:
    return {
        "gin_knock_limit": forms.TypedChoiceField(
            coerce=int, choices=GIN_KNOCK_LIMITS, required=False, empty_value=None,
            widget=forms.RadioSelect),
        "game_target": forms.TypedChoiceField(coerce=int, choices=GAME_TARGETS, required=False,
                                              empty_value=None, widget=forms.RadioSelect),
        "gin_doubles_deadwood": forms.BooleanField(required=False),
        "stake_per_point": forms.CharField(max_length=12, required=False),
        "gin_format": forms.ChoiceField(choices=GIN_FORMATS, required=False,
                                        widget=forms.RadioSelect),
        "rounds_to_play": forms.TypedChoiceField(
            coerce=int, choices=ROUNDS_TO_PLAY, required=False, empty_value=None,
            widget=forms.RadioSelect),
        "pool_stake": forms.CharField(max_length=12, required=False),
        "winner_share": forms.CharField(max_length=3, required=False),
        "gin_bye": forms.ChoiceField(choices=GIN_BYES, required=False,
                                     widget=forms.RadioSelect),
        **variant_fields(),
    }


def variant_fields() -> dict:
    """The variants (docs/rules.md 8.11) and Hollywood (8.12), as the new-game form and the
    new-tournament form offer them (templates/scorekeeper/families/gin_variants.html;
    Hollywood's box is families/gin_hollywood.html, with the formats on the new-game form);
    read_variants reads them."""
    return {
        "oklahoma": forms.BooleanField(required=False),
        "spades_double": forms.BooleanField(required=False),
        "ace_upcard": forms.ChoiceField(choices=ACE_UPCARDS, required=False,
                                        widget=forms.RadioSelect),
        "big_gin": forms.BooleanField(required=False),
        "big_gin_bonus": forms.CharField(max_length=4, required=False),
        "shutout": forms.BooleanField(required=False),
        # Hollywood (docs/rules.md 8.12): a match scored in three games at once.
        "hollywood": forms.BooleanField(required=False),
    }


def first_settings() -> dict:
    gin = engine.Rules.preset(PRESETS[0].name)
    # The prize pool's stake is first suggested as the default game's buy-in (Gin's own
    # preset has no pool).
    pool = engine.Rules.preset(engine.DEFAULT_PRESET).buy_in
    return {"gin_knock_limit": gin.knock_limit, "game_target": "",
            "stake_per_point": amount_field_value(gin.stake_per_point),
            "gin_format": "match", "rounds_to_play": 1,
            "pool_stake": amount_field_value(pool), "winner_share": gin.winner_share,
            "gin_bye": THIRD_SEAT, **first_variants()}


def first_variants() -> dict:
    """The variants' settings as a form first shows them: the Gin preset's."""
    gin = engine.Rules.preset(PRESETS[0].name)
    return {"ace_upcard": gin.ace_upcard, "big_gin_bonus": gin.big_gin_bonus}


def read_settings(form) -> dict:
    """Gin's settings: knock limit, target, gin doubling, stake per point and the format;
    a ring game and a tournament put a stake into a prize pool; a tournament of three gives
    the bye to the seat chosen, else the engine draws it."""
    data = form.cleaned_data
    chosen = {"knock_limit": data["gin_knock_limit"], "game_target": data["game_target"]}
    overrides = {name: value for name, value in chosen.items() if value is not None}
    overrides["gin_doubles_deadwood"] = data["gin_doubles_deadwood"]
    overrides.update(read_variants(form))
    stake = form.amount("stake_per_point", blank=0)
    if stake is not None:
        overrides["stake_per_point"] = engine_money(stake)
    game_format = data["gin_format"] or "match"
    overrides["tournament"] = game_format == "tournament"
    overrides["rounds_to_play"] = (data["rounds_to_play"] or 1) if game_format == "ring" else 0
    # Only another seat than the third is sent: the third's is the engine's own default, and
    # a stale choice left on the form for four players must not refuse their tournament.
    if game_format == "tournament" and data["gin_bye"] in BYE_SEATS[:-1]:
        overrides["bye"] = int(data["gin_bye"])
    if game_format != "match":
        pool = form.amount("pool_stake", blank=0)
        if pool is not None:
            overrides["buy_in"] = engine_money(pool)
        share = (data["winner_share"] or "").strip()  # empty: the preset's share
        if share.isdigit() and 75 <= int(share) <= 100:
            overrides["winner_share"] = int(share)
        elif share:
            form.add_error("winner_share", _("The winner takes 75 to 100 percent"))
    return overrides


def read_variants(form) -> dict:
    """The variants ticked (docs/rules.md 8.11) and Hollywood (8.12). Oklahoma's own options
    count only with Oklahoma, as the page shows them (the engine refuses them alone); the Big
    Gin's bonus only with the Big Gin."""
    data = form.cleaned_data
    # Hollywood is sent as ticked, whatever the format: the engine names it when the format
    # cannot have it (a ring game, a tournament), and the form shows its words at the box.
    overrides: dict = {"shutout": data["shutout"], "hollywood": data["hollywood"]}
    if data["oklahoma"]:
        overrides.update(oklahoma=True, spades_double=data["spades_double"],
                         ace_upcard=data["ace_upcard"] or "gin")
    if data["big_gin"]:
        overrides["big_gin"] = True
        bonus = form.whole_number("big_gin_bonus")
        if bonus is not None:
            overrides["big_gin_bonus"] = bonus
    return overrides


def target_hint() -> str:
    """What "Auto" plays to, from the engine's defaults."""
    return _("Auto: %(plain)s; Oklahoma Gin %(oklahoma)s.") % default_targets()


def default_targets() -> dict:
    """The game target a match plays to when none is chosen: plain, and under Oklahoma."""
    name = PRESETS[0].name
    return {"plain": engine.Rules.preset(name).game_target,
            "oklahoma": engine.Rules.preset(name, oklahoma=True).game_target}


def settings_context(form, preset: str, seats) -> dict:
    """The formats' help; with three seated, the bye to give, by name (the third's first).
    The choice is on the page for any number seated, hidden and not sent unless three are:
    static/js/seating.js seats players in the browser and shows it, with their names."""
    three = len(seats) == len(BYE_SEATS)
    names = seats if three else [str(int(seat) + 1) for seat in BYE_SEATS]
    return {"gin_format_help": GIN_FORMAT_HELP, "gin_target_hint": target_hint(),
            "gin_bye_shown": three, "gin_bye_choices": list(zip(BYE_SEATS, names, strict=True)),
            "gin_bye_value": form["gin_bye"].value() or THIRD_SEAT}


# The demo game, the worked sheet of docs/rules.md 8.6: A 17; B 33 gin; A 12 undercut;
# B 42; B 28. Finals A 69, B 263; at 0.10 a point A pays B 19.40.
DEMO = (
    ("Anna", {"Anna": 6, "Ben": 23}),
    ("Ben", {"Anna": 13, "Ben": 0}),
    ("Ben", {"Anna": 6, "Ben": 8}),
    ("Ben", {"Anna": 22, "Ben": 0}),
    ("Ben", {"Anna": 30, "Ben": 2}),
)

# The round form speaks Gin (docs/rules.md 8.9): Knock, Gin or Big Gin, and the defender's
# deadwood after laying off.
PAGES = FamilyPages(
    family=FAMILY,
    ender_word=gettext_lazy("knocked"),
    hands_legend=gettext_lazy("Tap who knocked, then type the deadwood: the other "
                              "player's after laying off. A gin holds 0."),
    ender_missing=gettext_lazy("Tap the name of the player who knocked"),
    ender_twice=gettext_lazy("Only one player knocks: the form sent two, tap one name"),
    ender_unknown=gettext_lazy("Choose the knocker among this round's players"),
    build_sheet=build_gin_sheet,
    pot_label=gettext_lazy("Prize pool"),
    presets=PRESETS,
    settings_fields=settings_fields,
    first_settings=first_settings,
    read_settings=read_settings,
    rule_fields={"rules.hollywood": "hollywood",
                 "rules.buy_in": "pool_stake", "rules.stake_per_point": "stake_per_point",
                 "rules.winner_share": "winner_share", "rules.bye": "gin_bye",
                 "rules.game_target": "game_target", "rules.big_gin_bonus": "big_gin_bonus",
                 "rules.spades_double": "oklahoma", "rules.ace_upcard": "oklahoma"},
    settings_template="scorekeeper/families/gin_settings.html",
    settings_context=settings_context,
    demo_games=(DemoGame("Gin on Sunday", "Gin, Anna v Ben", "gin", DEMO,
                         {"stake_per_point": engine_money(10)}),),
    round_head_template="scorekeeper/families/gin_round.html",
    read_round=read_round,
    round_context=round_context,
    hand_as_scored=hand_as_scored,
)
