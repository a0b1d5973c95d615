"""The knock family on the pages (Wiener Rummy, Rommé ohne Auslegen; docs/rules.md 1 to 6):
who knocked, the Block, the pot, the stake and the house rules, the demo games."""

from django import forms
from django.utils.translation import gettext_lazy

from ... import rules as engine
from ...messages import message_for
from ..presenters import amount_field_value, money_text
from . import DemoGame, FamilyPages, Preset, engine_money
from .knock_sheet import build_knock_sheet

FAMILY = "knock"

PRESETS = (
    Preset("wiener", gettext_lazy("Wiener Rummy"),
           gettext_lazy("Knock with up to 5. Ace 11, joker 20. A Rummy adds 10 points to "
                        "everyone else and earns the Rummy premium (2.00). From 5 players "
                        "the pot is split 70/30."),
           kind="Wiener"),
    Preset("romme", gettext_lazy("Rommé ohne Auslegen"),
           gettext_lazy("Knock with up to 5. Ace 10, joker 20. No Rummy points. The "
                        "winner takes the whole pot."),
           kind="Rommé"),
)

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


def settings_fields() -> dict:
    """The stake, re-buys, the house rules and laying off."""
    fields = {
        "buy_in": forms.CharField(max_length=12, required=False,
                                  label=gettext_lazy("Buy-in")),
        "knock_premium": forms.CharField(max_length=12, required=False,
                                         label=gettext_lazy("Knock premium")),
        "rebuy": forms.BooleanField(required=False, initial=True,
                                    label=gettext_lazy("Re-buy")),
        "lay_off": forms.ChoiceField(choices=LAY_OFF_CHOICES, initial="none", required=False),
    }
    fields.update({name: forms.BooleanField(required=False) for name, _o, _h in HOUSE_RULES})
    return fields


def _defaults() -> engine.Rules:
    return engine.Rules.preset(PRESETS[0].name)


def first_settings() -> dict:
    defaults = _defaults()
    return {"buy_in": amount_field_value(defaults.buy_in),
            "knock_premium": amount_field_value(defaults.knock_premium),
            "rebuy": True, "lay_off": "none"}


def read_settings(form) -> dict:
    """Wiener Rummy's and Rommé's settings: the stake, re-buys, the house rules."""
    data = form.cleaned_data
    buy_in, knock_premium = form.amount("buy_in"), form.amount("knock_premium")
    if buy_in is None or knock_premium is None:
        return {}
    overrides = {
        "buy_in": engine_money(buy_in),
        "knock_premium": engine_money(knock_premium),
        "rebuy": data["rebuy"],
        "lay_off": data["lay_off"] or "none",
    }
    for name, override, _help in HOUSE_RULES:
        if data[name]:
            overrides.update(override)
    return overrides


def settings_context(form, preset: str, seats) -> dict:
    """The house rules with their explanations; the re-buy rule is the chosen preset's, or
    the family's first while a game of another family is chosen."""
    defaults = _defaults()
    amounts = {"kitty": money_text(defaults.kitty_contribution),
               "point": money_text(defaults.point_value)}
    house_rules = [(form[name], str(help_text) % amounts)
                   for name, _override, help_text in HOUSE_RULES]
    own = preset if preset in {each.name for each in PRESETS} else PRESETS[0].name
    return {
        "house_rules": house_rules,
        "rebuy_help": message_for(engine.rebuy_rule(engine.Rules.preset(own))),
        "lay_off_help": LAY_OFF_HELP,
        "house_open": any(field.value() for field, _help in house_rules)
        or form["lay_off"].value() not in (None, "", "none"),
    }


# The demo's finished game: Dora re-buys after round 3 (86 -> 68), Cem goes out in round 4,
# Dora in round 5, Ben re-buys after round 5 (83 -> 80), and in round 6 Anna and Emil
# go out together, so Ben wins; five players share the pot 70/30.
FINISHED = (
    ("Anna", {"Anna": 2, "Ben": 25, "Cem": 18, "Dora": 40, "Emil": 12}),
    ("Ben", {"Anna": 22, "Ben": 0, "Cem": 35, "Dora": 30, "Emil": 15}),
    ("Cem", {"Anna": 14, "Ben": 20, "Cem": 2, "Dora": 6, "Emil": 31}),
    "rebuy Dora",
    ("Emil", {"Anna": 30, "Ben": 16, "Cem": 40, "Dora": 8, "Emil": 4}),
    ("Anna", {"Anna": 2, "Ben": 22, "Dora": 30, "Emil": 12}),
    "rebuy Ben",
    ("Ben", {"Anna": 25, "Ben": 5, "Emil": 20}),
)
# The demo's running game, three rounds in; the second round was entered by cards.
RUNNING = (
    ("Lena", {"Lena": 4, "Mario": 17, "Nora": 23, "Otto": 9}),
    ("Mario", {"Lena": 31, "Mario": "AS 2S 3S 7H 7D 7C QD KD JK 2C", "Nora": 12, "Otto": 26}),
    ("Otto", {"Lena": 8, "Mario": 15, "Nora": 40, "Otto": 0}),
)

PAGES = FamilyPages(
    family=FAMILY,
    ender_word=gettext_lazy("knocked"),
    hands_legend=gettext_lazy("Tap who knocked, then type everyone's points."),
    ender_missing=gettext_lazy("Tap the name of the player who knocked"),
    ender_twice=gettext_lazy("Only one player knocks: the form sent two, tap one name"),
    ender_unknown=gettext_lazy("Choose the knocker among this round's players"),
    build_sheet=build_knock_sheet,
    pot_label=gettext_lazy("Pot"),
    presets=PRESETS,
    settings_fields=settings_fields,
    first_settings=first_settings,
    read_settings=read_settings,
    rule_fields={"rules.buy_in": "buy_in", "rules.knock_premium": "knock_premium"},
    settings_template="scorekeeper/families/knock_settings.html",
    settings_context=settings_context,
    demo_games=(
        DemoGame("Demo evening", "Wiener, last Friday", "wiener", FINISHED),
        DemoGame("Demo evening", "Rommé tonight", "romme", RUNNING),
    ),
)
