"""What the pages need of each rule family, one module per family.

Each module here that names `FAMILY` (the engine family it serves, scorekeeper.rules.family)
gives `PAGES`, a FamilyPages: the round form's words, the score sheet, the pot's name,
the new-game form's settings of the family and its presets, and the demo games. The
package finds those modules itself, so a new family is a new module here and its templates
(templates/scorekeeper/families/); everyone else asks with the game's rules
(`for_rules(rules).ender_word`) or the chosen preset, never by a family's name.

knock.py, gin.py, basic.py, rami.py the families
knock_sheet.py, gin_sheet.py, tally_sheet.py their score sheets (Basic Rummy and Rami
share the tally sheet)
"""

import importlib
import pkgutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from functools import cache
from typing import Any

from ... import rules as engine


@dataclass(frozen=True)
class Preset:
    """A preset as the new-game form offers it: its name in the engine, label and help;
    `kind`, the short name a game of it is called by when none is typed ("Gin #12"),
    the same in every language (a proper name, as players say it), else the label."""

    name: str
    label: Any  # lazy text
    help: Any
    kind: str = ""


@dataclass(frozen=True)
class DemoGame:
    """A game `manage.py loaddemo` plays: its evening, name, preset, rule overrides and
    script (see scorekeeper/management/commands/loaddemo.py for the script's steps)."""

    evening: str
    name: str
    preset: str
    script: tuple
    rules: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class RoundChoices:
    """What a family's round form asks besides the rows, as read from the form (only its
    shape; the engine judges the round): Gin's upcard and Big Gin, whether the ender's hand
    is not asked (a gin holds 0), and Rami elimination's "nobody else had laid"."""

    upcard: str | None = None
    big_gin: bool = False
    ender_holds_nothing: bool = False
    others_laid_nothing: bool = False
    errors: Mapping[str, str] = field(default_factory=dict)


def no_round_choices(data, rules: engine.Rules) -> RoundChoices:
    return RoundChoices()


def no_round_context(rules: engine.Rules, sent, errors) -> dict:
    return {}


def best_melds(player: int, data, rules: engine.Rules, cards: list[str]):
    """A hand picked as cards, as the round scores it: its best melds (docs/rules.md 2)."""
    return engine.evaluate_hand(cards, rules)


@dataclass(frozen=True)
class FamilyPages:
    """Everything the pages ask of one rule family (the engine answers the rules)."""

    family: str  # the engine family served (scorekeeper.rules.family_for(rules).name)
    # The round form: the word on who ended the round, the legend over the rows, and why
    # the ender sent is refused (none, two, or one not playing this round).
    ender_word: Any
    hands_legend: Any
    ender_missing: Any
    ender_twice: Any
    ender_unknown: Any
    # The score sheet of a game (the view the services load), and the pot's name.
    build_sheet: Callable[[Any], Any]
    pot_label: Any
    # The new-game form: the presets offered, the settings' fields (fresh ones each call),
    # their first values, the overrides read from the bound form (NewGameForm), under which
    # field an engine refusal of a rule is shown, the settings' template and what it shows
    # besides: settings_context(form, chosen preset, seated names) -> context.
    presets: tuple[Preset, ...]
    settings_fields: Callable[[], dict]
    first_settings: Callable[[], dict]
    read_settings: Callable[[Any], dict]
    rule_fields: Mapping[str, str]
    settings_template: str
    settings_context: Callable[[Any, str, list], dict]
    # The games `manage.py loaddemo` plays for this family.
    demo_games: tuple[DemoGame, ...] = ()
    # How a round was finished, when the family asks (docs/rules.md 10.2): (value, label).
    finishes: tuple[tuple[str, Any], ...] = ()
    # What the round form asks besides the hands (its template, "" for nothing more), and
    # before them (Gin: the upcard and how the round ended).
    round_template: str = ""
    round_head_template: str = ""
    # The round form's own choices read from what it sent, and what its templates show:
    # round_context(rules, data sent or None, errors) -> context (may set "hands_legend").
    read_round: Callable[[Any, engine.Rules], RoundChoices] = no_round_choices
    round_context: Callable[[engine.Rules, Any, Mapping], dict] = no_round_context
    # A hand picked as cards as the round will score it, from the form's data (the card
    # picker's answer): hand_as_scored(player, data, rules, cards) -> its deadwood, melds,
    # unmatched (and laid_off, Gin's defender after laying off, docs/rules.md 8.9).
    hand_as_scored: Callable[[int, Any, engine.Rules, list], Any] = best_melds


@cache
def all_families() -> tuple[FamilyPages, ...]:
    """Every family of this package, in the engine's order of their presets."""
    found = []
    for module_info in pkgutil.iter_modules(__path__):
        module = importlib.import_module(f"{__name__}.{module_info.name}")
        if hasattr(module, "FAMILY"):
            found.append(module.PAGES)
    order = list(engine.PRESETS)
    return tuple(sorted(found, key=lambda pages: order.index(pages.presets[0].name)))


def for_family(name: str) -> FamilyPages:
    """The pages of the engine family called `name`."""
    for pages in all_families():
        if pages.family == name:
            return pages
    raise LookupError(f"no page module serves the family {name!r}")


def for_rules(rules: engine.Rules) -> FamilyPages:
    """The pages of the family that plays `rules`."""
    return for_family(engine.family_for(rules).name)


def for_preset(preset: str) -> FamilyPages:
    """The pages of the family that plays a preset."""
    return for_rules(engine.Rules.preset(preset))


def engine_money(minor: int) -> Decimal:
    """An amount in minor units as the engine's rule overrides take it: the exact decimal
    value (an int there would be whole euros), not text for the engine to parse."""
    return Decimal(minor).scaleb(-2)


def game_kind(preset: str) -> tuple[str, list[str]]:
    """What a game of `preset` is called by ("Gin") and every preset of that kind."""
    presets = [each for pages in all_families() for each in pages.presets]
    kind = next(each.kind or str(each.label) for each in presets if each.name == preset)
    return kind, [each.name for each in presets if (each.kind or str(each.label)) == kind]


def preset_choices() -> list[tuple[str, Any]]:
    """Every preset as (name, label), family by family."""
    return [(preset.name, preset.label) for pages in all_families() for preset in pages.presets]
