"""Rule overrides and currencies as a game or a hand to evaluate takes them, and the
presets and the hand evaluation (GET /presets/, POST /evaluate/)."""

import json
import re
from dataclasses import fields
from types import NoneType
from typing import get_args

from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema_field
from rest_framework import serializers

from ...rules import (
    DEFAULT_PRESET,
    MONEY_PARAMETERS,
    PRESETS,
    RULE_CHOICES,
    InvalidRules,
    MoneyError,
    Rules,
    parse_money,
)
from ...services.fields import (
    CURRENCIES,
    CurrencyCodeField,
    PresetField,
    StrictBooleanField,
    StrictSerializer,
)
from .fields import CardsField

# --- Rule overrides --------------------------------------------------------------------------
# The `rules` object of a game or a hand to evaluate (docs/rules.md 6.6): each parameter's
# JSON type comes from the engine's Rules declaration. The engine checks the values (ranges,
# how the parameters go together) and, for other callers, the types again.

MONEY_TEXT = "^[0-9]{1,12}([.,][0-9]{1,2})?$"
_MONEY_TEXT = re.compile(MONEY_TEXT.removesuffix("$"))
CARD_VALUE_KEYS = list(Rules().card_values)


def _rule_kinds() -> dict[str, tuple[str, bool]]:
    """Each parameter's kind of value and whether it may be null."""
    kinds = {}
    for parameter in fields(Rules):
        name, declared = parameter.name, parameter.type
        if name in MONEY_PARAMETERS:
            kind = "money"
        elif name in RULE_CHOICES:
            kind = "choice"
        elif declared is bool:
            kind = "boolean"
        elif declared in (int, int | None):
            kind = "integer"
        elif name in ("card_values", "pot_split"):
            kind = name
        else:  # a new parameter: say how the API takes it
            raise TypeError(f"The API does not know how to take the rule parameter {name}")
        kinds[name] = (kind, NoneType in get_args(declared))
    return kinds


RULE_KINDS = _rule_kinds()


def _rule_schema(name: str) -> dict:
    kind, nullable = RULE_KINDS[name]
    schema = {
        "money": {"type": "string", "pattern": MONEY_TEXT,
                  "description": 'An amount as a decimal string, e.g. "5.00".'},
        "boolean": {"type": "boolean"},
        "integer": {"type": "integer"},
        "choice": {"type": "string", "enum": list(RULE_CHOICES.get(name, ()))},
        "card_values": {"type": "object", "additionalProperties": False,
                        "properties": {key: {"type": "integer"} for key in CARD_VALUE_KEYS}},
        "pot_split": {"type": "array", "items": {"type": "integer"}, "minItems": 1},
    }[kind]
    return {**schema, "nullable": True} if nullable else schema


def _said(reason: str, code: str, **params) -> serializers.ErrorDetail:
    """An error in the engine's own words (scorekeeper.rules.errors)."""
    return serializers.ErrorDetail(InvalidRules(reason, params).message, code=code)


def _shown(value) -> str:
    """A JSON value as a message shows it."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else f"{text[:40]}…"


def rule_problem(name: str, value) -> serializers.ErrorDetail | None:
    """What is wrong with the JSON type of one override, or None."""
    if name not in RULE_KINDS:
        return _said("unknown_parameter", "unknown_parameter", name=name)
    kind, nullable = RULE_KINDS[name]
    if value is None and nullable:
        return None
    if kind == "money":
        if not isinstance(value, str):
            return _said("amount_not_text", "invalid_amount", value=_shown(value))
        if not _MONEY_TEXT.fullmatch(value):
            try:  # the engine's reason when it has one (a negative amount, too many decimals)
                parse_money(value)
            except MoneyError as error:
                return serializers.ErrorDetail(error.message, code="invalid_amount")
            return _said("amount_format", "invalid_amount", value=value)
    elif kind == "boolean" and not isinstance(value, bool):
        return _said("not_a_boolean", "invalid_type", name=name)
    elif kind == "integer" and (isinstance(value, bool) or not isinstance(value, int)):
        return _said("not_a_whole_number", "invalid_type", name=name)
    elif kind == "choice":
        if not isinstance(value, str):
            return _said("not_text", "invalid_type", name=name)
        if value not in RULE_CHOICES[name]:
            return _said("not_a_choice", "out_of_range", name=name,
                         choices=", ".join(RULE_CHOICES[name]))
    elif kind == "card_values" and not isinstance(value, dict):
        return _said("card_values_not_a_map", "invalid_type")
    elif kind == "pot_split" and not isinstance(value, list):
        return _said("pot_split_not_a_list", "invalid_type")
    return None


@extend_schema_field({
    "type": "object", "additionalProperties": False,
    "properties": {name: _rule_schema(name) for name in RULE_KINDS},
    "description": "Rule parameters (docs/rules.md 6.6) that differ from the preset's: money "
                   'as decimal strings ("5.00"), counts as integers, switches as booleans.',
}, component_name="RuleOverrides")
class RulesField(serializers.Field):
    """Rule overrides: an object of parameters, each value of its parameter's JSON type
    (every mistake of the object named at once); the engine then judges the values."""

    default_error_messages = {
        # (DRF formats the message: the braces are doubled)
        "not_a_dict": 'rules is an object of rule parameters, e.g. {{"knock_limit": 10}}',
    }

    def __init__(self, **kwargs):
        kwargs.setdefault("required", False)
        kwargs.setdefault("default", dict)
        super().__init__(**kwargs)

    def to_internal_value(self, data):
        if not isinstance(data, dict):
            self.fail("not_a_dict")
        errors = {name: [problem] for name, value in data.items()
                  if (problem := rule_problem(name, value)) is not None}
        if errors:
            raise serializers.ValidationError(errors)
        return data

    def to_representation(self, value):
        return value


# --- Currencies -------------------------------------------------------------------------------


@extend_schema_field({"type": "string", "enum": CURRENCIES})
class CurrencyField(CurrencyCodeField):
    """An ISO 4217 code in capitals of a currency counted in hundredths: EUR, CHF, USD
    (the check is services.fields.CurrencyCodeField's, shared with the import)."""


# --- Rules as a game shows them ---------------------------------------------------------------
# A game's rules are stored resolved: every parameter with its value (Rules.to_dict(),
# docs/rules.md 6.6), whatever the family, which reads only its own. The answers show them
# as stored; the schema types each parameter from the engine's Rules declaration, as for
# the overrides, and tells the families apart by `family` (one component per family, in its
# module of api/families/).

# Whole choice sets, which settings.SPECTACULAR_SETTINGS names (FamilyEnum, ModeEnum,
# PresetEnum) beside the families' narrower ones; a preset's names in PresetField's order.
FAMILIES = list(RULE_CHOICES["family"])
MODES = list(RULE_CHOICES["mode"])
PRESET_NAMES = sorted(PRESETS)


@extend_schema_field({"type": "string", "pattern": MONEY_TEXT,
                      "description": 'An amount as a decimal string, e.g. "5.00".'})
class RuleAmountField(serializers.CharField):
    """A money parameter as stored: decimal text."""


CardValuesSerializer = type("CardValuesSerializer", (serializers.Serializer,), {
    "__doc__": "The points of each rank and of the joker (JK) left in a hand.",
    "__module__": __name__,
    **{key: serializers.IntegerField() for key in CARD_VALUE_KEYS},
})


def _rule_field(name: str) -> serializers.Field:
    kind, nullable = RULE_KINDS[name]
    if kind == "choice":
        return serializers.ChoiceField(choices=list(RULE_CHOICES[name]))
    if kind == "card_values":
        return CardValuesSerializer()
    if kind == "pot_split":
        return serializers.ListField(child=serializers.IntegerField(), min_length=1)
    field = {"money": RuleAmountField, "boolean": serializers.BooleanField,
             "integer": serializers.IntegerField}[kind]
    return field(allow_null=nullable)


class RulesOutputSerializer(serializers.Serializer):
    """Every rule parameter of a game, typed (docs/rules.md 6.6). A family's own component
    (api/families/<family>.py: RULES_OUTPUT) narrows `family` to its name and `mode` to
    its modes."""

    def get_fields(self):
        declared = super().get_fields()  # a family's own family and mode
        return {name: declared[name] if name in declared else _rule_field(name)
                for name in RULE_KINDS}

    def to_representation(self, instance):
        return instance  # as stored: the schema describes it, the answer does not change it


def _rules_of_each_family() -> dict:
    from .. import families  # the family modules import this one: asked when the schema is made

    return families.rules_outputs()


@extend_schema_field(PolymorphicProxySerializer(
    component_name="Rules", serializers=_rules_of_each_family, resource_type_field_name="family"))
class GameRulesField(serializers.DictField):
    """A game's rules, as stored: every parameter (docs/rules.md 6.6), one of the families'
    shapes by `family`."""

    def to_representation(self, value):
        return value


@extend_schema_field({"type": "string", "enum": CURRENCIES})
class ShownCurrencyField(serializers.CharField):
    """A game's currency as an answer shows it: one of CURRENCIES (CurrencyEnum)."""


# --- Presets and hands ----------------------------------------------------------------------


class PresetSerializer(serializers.Serializer):
    key = serializers.ChoiceField(choices=PRESET_NAMES)
    name = serializers.CharField()
    rules = GameRulesField(help_text="Every rule parameter (docs/rules.md 6.6) with its value.")


class EvaluateInputSerializer(StrictSerializer):
    cards = CardsField(help_text='A list of card texts, or one text: "AS 2S 3S JK".')
    preset = PresetField(default=DEFAULT_PRESET)
    rules = RulesField()
    discard = StrictBooleanField(
        default=False, help_text="11 cards: find the best discard and evaluate the rest."
    )


class EvaluateSerializer(serializers.Serializer):
    deadwood = serializers.IntegerField()
    melds = serializers.ListField(child=serializers.ListField(child=serializers.CharField()))
    unmatched = serializers.ListField(child=serializers.CharField())
    discard = serializers.CharField(allow_null=True, required=False)
