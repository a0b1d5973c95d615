"""Rule overrides and currencies as a game or a hand to evaluate takes them, and the
presets and the hand evaluation (GET /presets/, POST /evaluate/)."""

import json
import re
from dataclasses import fields
from types import NoneType
from typing import get_args

from drf_spectacular.utils import extend_schema_field
from iso4217 import Currency
from rest_framework import serializers

from ...rules import (
    DEFAULT_PRESET,
    MONEY_PARAMETERS,
    RULE_CHOICES,
    InvalidRules,
    MoneyError,
    Rules,
    parse_money,
)
from ...services.fields import (
    PresetField,
    StrictBooleanField,
    StrictCharField,
    StrictSerializer,
    quoted,
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
# ISO 4217's current codes with their minor units (the digits after the decimal point; None
# for gold, funds and the testing codes), from the iso4217 package. Scorekeeper keeps every
# amount in hundredths, so it takes the currencies that count in hundredths (docs/api.md).

MINOR_UNITS = {currency.code: currency.exponent for currency in Currency}
CURRENCIES = sorted(code for code, digits in MINOR_UNITS.items() if digits == 2)


def currency_problem(code: str) -> serializers.ErrorDetail | None:
    """Why `code` is not a currency a game can be kept in, or None."""
    if code in CURRENCIES:
        return None
    digits = MINOR_UNITS.get(code)
    if code not in MINOR_UNITS:
        if code.upper() in MINOR_UNITS:
            message = f"Currency codes are written in capitals: {code.upper()}"
        else:
            message = (f"{quoted(code, 10)} is not an ISO 4217 currency code, such as EUR, "
                       "CHF or USD")
        return serializers.ErrorDetail(message, code="unknown_currency")
    if digits is None:
        unit = "has no minor unit (it is a metal, a fund or a code for tests)"
    elif digits == 0:
        unit = "has no cents"
    else:
        unit = f"counts in {digits} decimal places"
    return serializers.ErrorDetail(f"Scorekeeper keeps amounts in hundredths; {code} {unit}",
                                   code="unsupported_currency")


@extend_schema_field({"type": "string", "enum": CURRENCIES})
class CurrencyField(StrictCharField):
    """An ISO 4217 code in capitals of a currency counted in hundredths: EUR, CHF, USD."""

    def to_internal_value(self, data):
        if not isinstance(data, str):
            raise serializers.ValidationError('A currency is a code as text, e.g. "EUR"',
                                              code="invalid")
        problem = currency_problem(data)
        if problem is not None:
            raise serializers.ValidationError(problem)
        return data


# --- Presets and hands ----------------------------------------------------------------------


class PresetSerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    rules = serializers.DictField(
        help_text="Every rule parameter (docs/rules.md 6.6) with its value.")


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
