"""The API's part of each rule family: one module per family, found here by itself.

Each module of this package serves one family of the engine and says which (`FAMILY`, the
name `scorekeeper.rules.family_for(rules).name` gives) and holds that family's round body
(`ROUND_INPUT`) and correction body (`CORRECTION_INPUT`), with any shapes only that family
has, and its rules as the answers show them (`RULES_OUTPUT`). The shapes every family
shares (a hand as deadwood or cards, the round as the API shows it, every rule parameter)
are in api/serializers/.

Everyone else asks this package, never a family by name: `round_input(rules)` for the body
a game takes, `round_inputs()` for the schema's anyOf (docs/api.md, "Entering a round"),
`rules_outputs()` for the schema's union of a game's rules, keyed by `family`.
A new family is a new module here and no edit elsewhere; the schema's component names are
the classes' names, so a new family adds components and renames none.
"""

import importlib
import pkgutil
from collections.abc import Mapping
from types import ModuleType
from typing import Any

from rest_framework import serializers

from ...rules import PRESETS, Rules, family_for
from ...services.fields import StrictSerializer


def _engine_order(family: str) -> tuple[int, str]:
    """Where the engine's presets first name `family`, so that the schema lists the round
    bodies in the order of the rule texts (docs/rules.md); a family with no preset last."""
    families = [preset["rules"]["family"] for preset in PRESETS.values()]
    return (families.index(family) if family in families else len(families), family)


def _discover() -> dict[str, ModuleType]:
    found: dict[str, ModuleType] = {}
    for module_info in pkgutil.iter_modules(__path__):
        module = importlib.import_module(f"{__name__}.{module_info.name}")
        if module.FAMILY in found:
            raise ImportError(f"Two API modules serve the family {module.FAMILY}: "
                              f"{found[module.FAMILY].__name__} and {module.__name__}")
        found[module.FAMILY] = module
    return {family: found[family] for family in sorted(found, key=_engine_order)}


# The family's name -> its module, in the order of the engine's presets.
MODULES: Mapping[str, ModuleType] = _discover()


def module_for(rules: Rules | Mapping[str, Any]) -> ModuleType:
    """The module of the family that plays `rules` (the engine's Rules, or a game's rules as
    stored); InvalidRules (`family_not_playable`) for a family the engine cannot score."""
    if not isinstance(rules, Rules):
        rules = Rules.from_dict(dict(rules))
    name = family_for(rules).name
    if name not in MODULES:
        raise LookupError(f"No module in {__name__} serves the family {name}")
    return MODULES[name]


def round_input(rules: Rules | Mapping[str, Any]) -> type[StrictSerializer]:
    """The body of a new round of a game played by `rules`."""
    return module_for(rules).ROUND_INPUT


def correction_input(rules: Rules | Mapping[str, Any]) -> type[StrictSerializer]:
    """The body that corrects a round of a game played by `rules`."""
    return module_for(rules).CORRECTION_INPUT


def round_inputs() -> list[type[StrictSerializer]]:
    """Every family's round body: the request body of POST .../rounds/ is one of them."""
    return [module.ROUND_INPUT for module in MODULES.values()]


def correction_inputs() -> list[type[StrictSerializer]]:
    """Every family's correction body: the request body of PUT .../rounds/{n}/."""
    return [module.CORRECTION_INPUT for module in MODULES.values()]


def rules_outputs() -> dict[str, type[serializers.Serializer]]:
    """Every family's rules as a game shows them, by the family's name: a game's `rules`
    is one of them, told apart by `family` (docs/api.md, "Starting a game")."""
    return {family: module.RULES_OUTPUT for family, module in MODULES.items()}
