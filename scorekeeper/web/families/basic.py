"""Basic Rummy on the pages (docs/rules.md 9): who went out, the tally sheet, the decks,
cards dealt, jokers, point value and target of a game, the demo game."""

import json

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy

from ... import rules as engine
from ...services.lifecycle import MAX_PLAYERS
from ..presenters import amount_field_value
from . import DemoGame, FamilyPages, Preset, engine_money
from .tally_sheet import build_tally_sheet

FAMILY = "basic"

PRESETS = (
    Preset("basic", gettext_lazy("Basic Rummy"),
           gettext_lazy("2 to 7 players. Whoever goes out scores the cards left in the "
                        "others' hands and is paid for them at once. Highest total wins."),
           kind="Basic Rummy"),
)

# Decks and cards dealt follow the number of players unless chosen ("" keeps the preset's
# choice by players, docs/rules.md 9.1).
BASIC_DECKS = [("", gettext_lazy("Auto")), ("1", "1"), ("2", "2")]
BASIC_HAND_SIZES = [("", gettext_lazy("Auto")), ("7", "7"), ("10", "10")]
# Up to 4 jokers a deck, so 8 with two decks (docs/rules.md 9.1); more than the decks dealt
# allow is the engine's refusal, shown next to this field.
BASIC_JOKERS = [(count, str(count)) for count in range(9)]


def settings_fields() -> dict:
    return {
        "basic_decks": forms.ChoiceField(choices=BASIC_DECKS, required=False,
                                         widget=forms.RadioSelect),
        "basic_hand_size": forms.ChoiceField(choices=BASIC_HAND_SIZES, required=False,
                                             widget=forms.RadioSelect),
        "basic_jokers": forms.TypedChoiceField(coerce=int, choices=BASIC_JOKERS,
                                               required=False, empty_value=None,
                                               widget=forms.RadioSelect),
        "ace_high": forms.BooleanField(required=False),
        "basic_point_value": forms.CharField(max_length=12, required=False),
        "basic_target": forms.CharField(max_length=6, required=False),
    }


def first_settings() -> dict:
    basic = engine.Rules.preset(PRESETS[0].name)
    return {"basic_decks": "", "basic_hand_size": "", "basic_jokers": basic.jokers,
            "basic_point_value": amount_field_value(basic.point_value),
            "basic_target": basic.game_target}


def read_settings(form) -> dict:
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
        overrides["point_value"] = engine_money(point_value)
    target = form.whole_number("basic_target")
    if target is not None:
        overrides["game_target"] = target
    return overrides


def setup_text(players: int) -> str:
    """What "Auto" deals for the players seated so far (docs/rules.md 9.1)."""
    if players < 2:
        return _("Auto: 1 deck and 10 cards each for 2 players, 7 cards for 3 to 5, 2 decks "
                 "and 10 cards for 6 or 7.")
    rules = engine.Rules.preset(PRESETS[0].name, players=players)
    return ngettext("Auto with %(players)s players: %(decks)s deck, %(cards)s cards each.",
                    "Auto with %(players)s players: %(decks)s decks, %(cards)s cards each.",
                    rules.decks) % {"players": players, "decks": rules.decks,
                                    "cards": rules.hand_size}


def settings_context(form, preset: str, seats) -> dict:
    """What "Auto" deals for the players seated, and for every number that can be seated
    (static/js/seating.js seats them in the browser)."""
    return {"basic_setup": setup_text(len(seats)),
            "basic_setups": json.dumps([setup_text(players)
                                        for players in range(MAX_PLAYERS + 1)])}


# The demo game: to 100 at 0.10 a point (docs/rules.md 9): Anna 52, Cem 45, Anna 52 more.
DEMO = (
    ("Anna", {"Ben": 23, "Cem": "KS QH 7D 2C"}),
    ("Cem", {"Anna": 14, "Ben": 31}),
    ("Anna", {"Ben": 40, "Cem": 12}),
)

PAGES = FamilyPages(
    family=FAMILY,
    ender_word=pgettext_lazy("ended the round", "went out"),
    hands_legend=gettext_lazy("Tap who went out, then type the points left in the others' "
                              "hands."),
    ender_missing=gettext_lazy("Tap the name of the player who went out"),
    ender_twice=gettext_lazy("Only one player goes out: the form sent two, tap one name"),
    ender_unknown=gettext_lazy("Choose who went out among this round's players"),
    build_sheet=build_tally_sheet,
    pot_label=gettext_lazy("Pot"),
    presets=PRESETS,
    settings_fields=settings_fields,
    first_settings=first_settings,
    read_settings=read_settings,
    rule_fields={"rules.decks": "basic_decks", "rules.hand_size": "basic_hand_size",
                 "rules.jokers": "basic_jokers", "rules.point_value": "basic_point_value",
                 "rules.game_target": "basic_target"},
    settings_template="scorekeeper/families/basic_settings.html",
    settings_context=settings_context,
    demo_games=(DemoGame("Family evening", "Basic Rummy to 100", "basic", DEMO,
                         {"game_target": 100}),),
)
