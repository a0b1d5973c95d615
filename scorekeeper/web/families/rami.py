"""Rami on the pages (docs/rules.md 10): who finished and how, what everyone laid, the
tally sheet, the mode, identities, first meld, target or limit of a game, the demo game."""

from django import forms
from django.utils.translation import gettext_lazy, pgettext_lazy

from ... import rules as engine
from ..presenters import amount_field_value
from . import DemoGame, FamilyPages, Preset, RoundChoices, engine_money
from .tally_sheet import build_tally_sheet

FAMILY = "rami"

PRESETS = (
    Preset("rami", gettext_lazy("Rami"),
           gettext_lazy("2 to 8 players, 14 cards, jokers. Everyone scores what they lay; "
                        "whoever finishes also scores the others' hands and a bonus. Or "
                        "play it as elimination: lowest total wins."),
           kind="Rami"),
)

# How a round was finished (docs/rules.md 10.2).
FINISHES = (
    ("none", pgettext_lazy("rami finish", "Went out")),
    ("rummy", pgettext_lazy("rami finish", "Rummy")),
    ("own_cards", pgettext_lazy("rami finish", "Rummy, own cards")),
)
# Its three ways of scoring (docs/rules.md 10).
ELIMINATION = "elimination"
RAMI_MODES = [
    ("normal", gettext_lazy("Normal")),
    ("traditional", gettext_lazy("Traditional")),
    (ELIMINATION, gettext_lazy("Elimination")),
]
RAMI_MODE_HELP = {
    "normal": gettext_lazy("Laid cards: 2 to 9 score 5, 10 to K 10, the ace 5 or 15. "
                           "Highest total wins."),
    "traditional": gettext_lazy("Laid cards score their face value, the ace 1 or 11. "
                                "Highest total wins."),
    # docs/rules.md 10.5: out only past the limit.
    ELIMINATION: gettext_lazy("Only the cards left in hand count, a Rummy multiplies them. "
                              "Whoever goes past the limit is out; the last one in takes "
                              "the pot."),
}


def settings_fields() -> dict:
    return {
        "rami_mode": forms.ChoiceField(choices=RAMI_MODES, required=False,
                                       widget=forms.RadioSelect),
        "identities": forms.BooleanField(required=False),
        "first_meld_min": forms.CharField(max_length=3, required=False),
        "rami_point_value": forms.CharField(max_length=12, required=False),
        "rami_target": forms.CharField(max_length=6, required=False),
        "eliminate_at": forms.CharField(max_length=5, required=False),
        "rami_buy_in": forms.CharField(max_length=12, required=False),
    }


def first_settings() -> dict:
    rami = engine.Rules.preset(PRESETS[0].name)
    elimination = engine.Rules.preset(PRESETS[0].name, mode=ELIMINATION)
    return {"rami_mode": "normal", "first_meld_min": rami.first_meld_min,
            "rami_point_value": amount_field_value(rami.point_value),
            "rami_target": rami.game_target, "eliminate_at": elimination.eliminate_at,
            "rami_buy_in": amount_field_value(elimination.buy_in)}


def read_settings(form) -> dict:
    """Rami's settings (docs/rules.md 10): the mode, identities, the first meld's minimum;
    to a target at a point value, or (elimination) to a limit for a buy-in pot."""
    data = form.cleaned_data
    mode = data["rami_mode"] or "normal"
    overrides: dict = {"mode": mode, "identities": data["identities"]}
    first_meld_min = form.whole_number("first_meld_min")
    if first_meld_min is not None:
        overrides["first_meld_min"] = first_meld_min
    if mode == ELIMINATION:
        limit = form.whole_number("eliminate_at")
        if limit is not None:
            overrides["eliminate_at"] = limit
        buy_in = form.amount("rami_buy_in", blank=0)
        if buy_in is not None:
            overrides["buy_in"] = engine_money(buy_in)
        return overrides
    point_value = form.amount("rami_point_value", blank=0)
    if point_value is not None:
        overrides["point_value"] = engine_money(point_value)
    target = form.whole_number("rami_target")
    if target is not None:
        overrides["game_target"] = target
    return overrides


def settings_context(form, preset: str, seats) -> dict:
    return {"rami_mode_help": RAMI_MODE_HELP}


# Elimination asks only the hands that count (docs/rules.md 10.5): what was laid scores
# nothing there, and the one thing it tells, that nobody else had laid (a Rummy's ×4), is
# one tap.
NOBODY_ELSE_LAID = "nobody_else_laid"
ELIMINATION_LEGEND = gettext_lazy("Tap who finished, then type the points left in the "
                                  "others' hands.")


def read_round(data, rules: engine.Rules) -> RoundChoices:
    eliminates = engine.family_for(rules).eliminates(rules)
    return RoundChoices(others_laid_nothing=eliminates and bool(data.get(NOBODY_ELSE_LAID)))


def round_context(rules: engine.Rules, sent, errors) -> dict:
    if not engine.family_for(rules).eliminates(rules):
        return {}
    return {"hands_legend": ELIMINATION_LEGEND,
            "nobody_else_laid": bool((sent or {}).get(NOBODY_ELSE_LAID))}


# The demo game, normal mode, three rounds in (docs/rules.md 10): melds laid as cards, a
# Rummy with own cards while nobody else had laid (+400), a penalty.
DEMO = (
    ("Anna", {"Anna": {"laid_melds": ["QH KH AH", "7C 8C 9C", "JK 10D JD"]},
              "Ben": {"laid": 45, "cards": "KS 5D 5H"},
              "Cem": {"laid": 0, "deadwood": 30}}, {"finish": "none"}),
    ("Ben", {"Anna": {"laid": 0, "deadwood": 40}, "Ben": {"laid": 85},
             "Cem": {"laid": 0, "cards": "AS JK 9C"}}, {"finish": "own_cards"}),
    ("Cem", {"Anna": {"laid": 50, "deadwood": 15}, "Ben": {"laid": 20, "deadwood": 25},
             "Cem": {"laid": 70}}, {"finish": "none", "penalties": [("Cem", 300)]}),
)

PAGES = FamilyPages(
    family=FAMILY,
    ender_word=pgettext_lazy("ended the round", "finished"),
    hands_legend=gettext_lazy("Tap who finished. Type what everyone laid, and the points "
                              "left in the others' hands."),
    ender_missing=gettext_lazy("Tap the name of the player who finished"),
    ender_twice=gettext_lazy("Only one player finishes: the form sent two, tap one name"),
    ender_unknown=gettext_lazy("Choose who finished among this round's players"),
    build_sheet=build_tally_sheet,
    pot_label=gettext_lazy("Pot"),
    presets=PRESETS,
    settings_fields=settings_fields,
    first_settings=first_settings,
    read_settings=read_settings,
    rule_fields={"rules.mode": "rami_mode", "rules.decks": "identities",
                 "rules.first_meld_min": "first_meld_min",
                 "rules.point_value": "rami_point_value", "rules.game_target": "rami_target",
                 "rules.eliminate_at": "eliminate_at", "rules.buy_in": "rami_buy_in"},
    settings_template="scorekeeper/families/rami_settings.html",
    settings_context=settings_context,
    demo_games=(DemoGame("Family evening", "Rami", "rami", DEMO,
                         {"point_value": engine_money(1)}),),
    finishes=FINISHES,
    round_template="scorekeeper/families/rami_round.html",
    read_round=read_round,
    round_context=round_context,
)
