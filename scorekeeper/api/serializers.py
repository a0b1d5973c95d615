"""The API's shapes, one description each: input serializers check the shape of a request
(the rules are the engine's); output serializers turn the read model (services.GameView
and what the services return) into the JSON of docs/api.md and feed the OpenAPI schema."""

import functools
import json
import re
from dataclasses import fields
from types import NoneType
from typing import get_args

from django.core.validators import MaxLengthValidator, MinLengthValidator
from drf_spectacular.extensions import (
    OpenApiSerializerExtension,
    OpenApiSerializerFieldExtension,
)
from drf_spectacular.utils import extend_schema_field
from iso4217 import Currency
from rest_framework import serializers

from ledger.services import KINDS as LEDGER_KINDS

from ..messages import message_for
from ..models import Club
from ..names import FORBIDDEN, InvalidName, clean_name
from ..rules import (
    MONEY_PARAMETERS,
    PRESETS,
    RULE_CHOICES,
    GameStatus,
    InvalidRules,
    MoneyError,
    PlayerState,
    Rules,
    format_money,
    parse_money,
)


def money(minor: int) -> str:
    return format_money(minor)


# DRF deep-copies a serializer's declared fields for every instance it makes, which costs
# more than the rest of a small request; a serializer that is only asked to represent or
# to validate keeps no state of its own, so one instance per class serves every request.
@functools.cache
def _instance(serializer_class) -> serializers.Serializer:
    return serializer_class()


def data_of(serializer_class, instance, *, many: bool = False):
    """The JSON-able data of `instance` (or of each of `instance`, with `many`)."""
    serializer = _instance(serializer_class)
    if many:
        return [serializer.to_representation(item) for item in instance]
    return serializer.to_representation(instance)


def validated(serializer_class, data):
    """`data` checked by an input serializer: its validated data, or ValidationError with
    every error under its field, as `is_valid(raise_exception=True)` gives."""
    return _instance(serializer_class).run_validation(data)


class MoneyField(serializers.CharField):
    """Minor units out as a decimal string: 1750 -> "17.50"."""

    def to_representation(self, value):
        return format_money(value)


class MessageField(serializers.CharField):
    """An engine message or refusal, in the request's language."""

    def to_representation(self, value):
        return message_for(value)


# --- Strict input fields ----------------------------------------------------------------------
# The API takes JSON, so a value must already have the type the schema names: DRF's own fields
# would take "5" or 5.0 as an integer, 0 as a name and "yes" as a boolean.


class StrictCharField(serializers.CharField):
    """Text only (a number or a list is refused, not turned into text)."""

    default_error_messages = {"invalid": "Expected a text (a JSON string)"}

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class NameField(StrictCharField):
    """A name shown to people, cleaned by scorekeeper.names.clean_name: NFC, without the
    white space around it, one line, something visible in it; blank only if allowed. With
    trim_whitespace=False (an import document) it is checked and kept as written."""

    def run_validation(self, data=serializers.empty):
        # The length as sent, as the schema's maxLength says (the spaces around count too).
        if isinstance(data, str) and self.max_length is not None and len(data) > self.max_length:
            self.fail("max_length", max_length=self.max_length)
        return super().run_validation(data)

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        try:
            name = clean_name(data, allow_blank=self.allow_blank)
        except InvalidName as problem:
            if problem.code == "blank":
                self.fail("blank")
            raise serializers.ValidationError(problem.message, code=problem.code) from None
        return name if self.trim_whitespace else data


def _ecma(characters: str) -> str:
    """A character class body for an ECMA-262 pattern (what the schema's patterns are)."""
    return "".join(char if " " <= char <= "~" else f"\\u{ord(char):04x}" for char in characters)


# The schema's patterns for names: what str.strip() takes off around a name (white space,
# some of it control characters), then one line ending in something other than a space
# (the server refuses more: a name of invisible characters only).
_WHITE = _ecma("\t\n\x0b\x0c\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000")
_LINE = f"[^{_ecma(FORBIDDEN)}]*[^{_ecma(FORBIDDEN)}{_WHITE}]"
NAME_PATTERN = f"^[{_WHITE}]*{_LINE}[{_WHITE}]*$"
NAME_OR_BLANK_PATTERN = f"^[{_WHITE}]*(?:{_LINE})?[{_WHITE}]*$"


class NameFieldSchema(OpenApiSerializerFieldExtension):
    """A name in the schema: one string schema, or (blank allowed) anyOf the empty string
    and a name; drf-spectacular's own oneOf would match "" twice."""

    target_class = NameField
    match_subclasses = True

    def map_serializer_field(self, auto_schema, direction):
        field = self.target
        if not field.allow_blank:
            return {"type": "string", "pattern": NAME_PATTERN}
        name = {"type": "string", "minLength": 1, "pattern": NAME_OR_BLANK_PATTERN}
        if field.max_length is not None:
            name["maxLength"] = field.max_length
        return {"anyOf": [{"type": "string", "maxLength": 0}, name]}


class PresetField(serializers.ChoiceField):
    """One of the presets' keys (GET /presets/)."""

    def __init__(self, **kwargs):
        super().__init__(choices=sorted(PRESETS), **kwargs)

    def to_internal_value(self, data):
        if not isinstance(data, str) or data not in PRESETS:
            raise serializers.ValidationError(
                f"Unknown preset '{data}'; choose one of {', '.join(sorted(PRESETS))}",
                code="unknown_preset",
            )
        return data


class StrictIntegerField(serializers.IntegerField):
    """A JSON integer only: "5", 5.5 and true are refused."""

    def to_internal_value(self, data):
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("invalid")
        return super().to_internal_value(data)


MAX_ID = 2**63 - 1  # the largest id a database row can have (a 64-bit integer)


class IdField(StrictIntegerField):
    """The id of a row: a whole number from 1 to 2**63 - 1 (larger would overflow the query)."""

    def __init__(self, **kwargs):
        kwargs.setdefault("min_value", 1)
        kwargs.setdefault("max_value", MAX_ID)
        super().__init__(**kwargs)


class StrictBooleanField(serializers.BooleanField):
    """true or false only: "yes", 1 and "true" are refused."""

    def to_internal_value(self, data):
        if not isinstance(data, bool):
            self.fail("invalid")
        return data


@extend_schema_field({
    "oneOf": [
        {"type": "string", "minLength": 1, "maxLength": 1000,
         "description": 'One text: "AS 2S 3S JK".'},
        {"type": "array", "items": {"type": "string", "minLength": 1, "maxLength": 10},
         "minItems": 1, "maxItems": 200},
    ],
})
class CardsField(serializers.Field):
    """Card texts as a list, or one text; the rules engine reads the cards themselves."""

    default_error_messages = {
        "invalid": "Cards are a list of card texts or one text",
        "empty": "No cards given: list the cards, e.g. 'AS 2S 3S JK'",
        "too_many": "Too many cards: a hand has at most 200",
        "too_long": "Too long for a hand of cards",
    }

    def to_internal_value(self, data):
        if isinstance(data, str):
            if len(data) > 1000:
                self.fail("too_long")
            if not data:
                self.fail("empty")
            return data
        if not isinstance(data, list) or not all(isinstance(card, str) for card in data):
            self.fail("invalid")
        if len(data) > 200:
            self.fail("too_many")
        if not data or not all(data):
            self.fail("empty")
        if any(len(card) > 10 for card in data):
            self.fail("too_long")
        return data

    def to_representation(self, value):
        return value


# --- Strict bodies -------------------------------------------------------------------------
# A key a body does not know is refused and named (docs/api.md, "Errors"): a misspelt
# "enderr" would otherwise be dropped, and the request do something else than was meant.


class BoundedList(serializers.ListSerializer):
    """A list of objects whose bounds (min_length, max_length) are validators too, so that
    the schema shows them as minItems and maxItems. to_internal_value checks them first,
    with the field's own messages."""

    def get_validators(self):
        bounds = []
        if self.min_length is not None:
            bounds.append(MinLengthValidator(self.min_length))
        if self.max_length is not None:
            bounds.append(MaxLengthValidator(self.max_length))
        return [*super().get_validators(), *bounds]


class StrictSerializer(serializers.Serializer):
    """An input object that takes the keys it declares and no other: each unknown key is
    an error of its own, reported with the body's other errors."""

    class Meta:
        list_serializer_class = BoundedList

    def to_internal_value(self, data):
        unknown = self.unknown_fields(data)
        try:
            value = super().to_internal_value(data)
        except serializers.ValidationError as error:
            if unknown and isinstance(error.detail, dict):
                raise serializers.ValidationError({**error.detail, **unknown}) from None
            raise
        if unknown:
            raise serializers.ValidationError(unknown)
        return value

    def unknown_fields(self, data) -> dict:
        """{key: [error]} for each key of `data` this serializer does not take."""
        if not isinstance(data, dict):
            return {}
        known = [name for name, field in self.fields.items() if not field.read_only]
        what = "this body" if self.parent is None else "this object"
        return {
            key: [serializers.ErrorDetail(
                f"Unknown field {_quoted(key)}; {what} takes: {', '.join(known)}",
                code="unknown_field")]
            for key in data if key not in known
        }


def _quoted(text: str, most: int = 40) -> str:
    """Text from a request, quoted in a message, and cut short when it is long."""
    return f'"{text}"' if len(text) <= most else f'"{text[:most]}…"'


class StrictSerializerSchema(OpenApiSerializerExtension):
    """A strict serializer in the schema: additionalProperties false, as the server
    refuses unknown keys."""

    target_class = StrictSerializer
    match_subclasses = True

    def map_serializer(self, auto_schema, direction):
        schema = auto_schema._map_serializer(self.target, direction, bypass_extensions=True)
        return {**schema, "additionalProperties": False}


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
            message = (f"{_quoted(code, 10)} is not an ISO 4217 currency code, such as EUR, "
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


# --- Errors (documentation only; the exception handler writes them) ------------------------


class ErrorItemSerializer(serializers.Serializer):
    field = serializers.CharField(
        allow_null=True, help_text='Path of the input, e.g. "hands[2].cards".'
    )
    code = serializers.CharField(help_text="A stable machine-readable code.")
    message = serializers.CharField(help_text="What is wrong, in words a player understands.")


class ErrorSerializer(serializers.Serializer):
    errors = ErrorItemSerializer(many=True)
    next_round = serializers.IntegerField(required=False, help_text="409 stale_round only.")


# --- Clubs, sessions, presets, hands --------------------------------------------------------


class ClubSerializer(serializers.ModelSerializer):
    class Meta:
        model = Club
        fields = ["id", "name"]


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField(help_text="Send it as `Authorization: Token <token>`.")


class ClubWithRoleSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    role = serializers.CharField(help_text="organiser, scorekeeper or viewer")


class ClubInputSerializer(StrictSerializer):
    name = NameField(max_length=100)


class MemberInputSerializer(StrictSerializer):
    username = StrictCharField(max_length=150)
    role = serializers.ChoiceField(choices=["organiser", "scorekeeper", "viewer"])


class MemberSerializer(serializers.Serializer):
    username = serializers.CharField()
    role = serializers.CharField()


class MemberInvitedSerializer(serializers.Serializer):
    """The answer to asking someone who is not a member yet: the same whether or not the
    user name belongs to anyone (docs/api.md, "Clubs and roles")."""

    username = serializers.CharField(help_text="The user name as it was sent.")
    role = serializers.CharField()
    status = serializers.ChoiceField(
        choices=["invited"],
        help_text="invited: if the user exists, they see an invitation to accept or decline.")


class PresetSerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    rules = serializers.DictField(
        help_text="Every rule parameter (docs/rules.md 6.6) with its value.")


class EvaluateInputSerializer(StrictSerializer):
    cards = CardsField(help_text='A list of card texts, or one text: "AS 2S 3S JK".')
    preset = PresetField(default="wiener")
    rules = RulesField()
    discard = StrictBooleanField(
        default=False, help_text="11 cards: find the best discard and evaluate the rest."
    )


class EvaluateSerializer(serializers.Serializer):
    deadwood = serializers.IntegerField()
    melds = serializers.ListField(child=serializers.ListField(child=serializers.CharField()))
    unmatched = serializers.ListField(child=serializers.CharField())
    discard = serializers.CharField(allow_null=True, required=False)


# --- Games ------------------------------------------------------------------------------

GAME_STATUSES = [status.value for status in GameStatus]


class GameInputSerializer(StrictSerializer):
    club = IdField(required=False, help_text="May be left out by a member of one club.")
    name = NameField(max_length=100, required=False, allow_blank=True, default="")
    preset = PresetField(default="wiener")
    rules = RulesField()
    players = serializers.ListField(
        child=NameField(max_length=50, error_messages={"blank": "A player needs a name"}),
        min_length=2, max_length=12,
        help_text="Names in seat order; the first deals first.",
    )
    session = IdField(required=False, allow_null=True, default=None)
    currency = CurrencyField(
        required=False, default="EUR",
        help_text="An ISO 4217 code, in capitals, of a currency counted in hundredths.")


class RebuyStateSerializer(serializers.Serializer):
    eligible = serializers.BooleanField()
    target = serializers.IntegerField(allow_null=True)
    cost = MoneyField(allow_null=True)
    reason = MessageField(allow_null=True, help_text="Why not, when not eligible.")


class GamePlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    seat = serializers.IntegerField()
    total = serializers.IntegerField()
    state = serializers.ChoiceField(choices=[state.value for state in PlayerState])
    rebought = serializers.BooleanField()
    rebuy = RebuyStateSerializer()
    balance = MoneyField()
    place = serializers.IntegerField(allow_null=True)
    boxes = serializers.IntegerField(
        allow_null=True, help_text="Gin: rounds won in the player's match; null otherwise.")
    final = serializers.IntegerField(
        allow_null=True, help_text="Gin: total + game bonus + box bonus, once the player's "
                                   "match is over; null otherwise.")


class MatchSerializer(serializers.Serializer):
    """A Gin match, from the engine's Match (docs/rules.md 8)."""

    number = serializers.IntegerField(
        help_text="0 the match of a two-player game; 1 and 2 a tournament's semifinals, 3 "
                  "its final.")
    stage = serializers.ChoiceField(choices=["match", "semifinal", "final"])
    players = serializers.ListField(child=serializers.IntegerField())
    totals = serializers.ListField(child=serializers.IntegerField())
    boxes = serializers.ListField(child=serializers.IntegerField(), help_text="Rounds won.")
    finals = serializers.ListField(child=serializers.IntegerField(), allow_null=True,
                                   help_text="The final accounts, once the match is over.")
    winner = serializers.IntegerField(allow_null=True)
    next_dealer = serializers.IntegerField(source="dealer", allow_null=True)
    rounds = serializers.IntegerField(help_text="Rounds scored (void rounds not counted).")


class PayoutSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    amount = MoneyField()


class VoidSerializer(serializers.Serializer):
    """A game deleted or voided (docs/api.md, "Undoing"), from the Game row."""

    at = serializers.DateTimeField(source="voided_at")
    by = serializers.CharField(source="voided_by.username", allow_null=True, default=None)
    reason = serializers.CharField(source="void_reason")


class VoidInputSerializer(StrictSerializer):
    reason = StrictCharField(max_length=255, help_text="Why the game is voided (required).",
                             error_messages={"blank": "Say why the game is voided"})


class GameSerializer(serializers.Serializer):
    """The game object, from a services.GameView."""

    id = serializers.IntegerField(source="game.pk")
    name = serializers.CharField(source="game.name")
    club = serializers.IntegerField(source="game.club_id")
    session = serializers.IntegerField(source="game.session_id", allow_null=True)
    preset = serializers.CharField(source="game.preset")
    rules = serializers.DictField(source="game.rules")
    status = serializers.ChoiceField(
        choices=GAME_STATUSES,
        help_text='"void" for a game deleted or voided (docs/api.md, "Undoing").')
    round_count = serializers.IntegerField(source="state.round_count")
    next_round = serializers.IntegerField(source="state.next_round")
    next_dealer = serializers.IntegerField(source="state.next_dealer", allow_null=True)
    pot = MoneyField()
    kitty = MoneyField()
    carried_in = MoneyField(source="game.carried_in")
    carried_out = MoneyField()
    currency = serializers.CharField(source="game.currency")
    players = GamePlayerSerializer(source="player_lines", many=True)
    winner = serializers.IntegerField(source="state.winner", allow_null=True)
    payouts = PayoutSerializer(source="payout_lines", many=True)
    matches = MatchSerializer(source="state.matches", many=True,
                              help_text="Gin: the matches, in order; empty for other families.")
    voided = VoidSerializer(source="voided_game", allow_null=True,
                            help_text="Who voided the game, when and why; null unless void.")
    version = serializers.IntegerField(source="game.version")


class GameSummarySerializer(serializers.Serializer):
    """A game in a list, from the Game row alone."""

    id = serializers.IntegerField(source="pk")
    name = serializers.CharField()
    club = serializers.IntegerField(source="club_id")
    session = serializers.IntegerField(source="session_id", allow_null=True)
    preset = serializers.CharField()
    status = serializers.ChoiceField(choices=GAME_STATUSES)
    created_at = serializers.DateTimeField()
    version = serializers.IntegerField()


class PageQuerySerializer(serializers.Serializer):
    """Which page of a list (docs/api.md, "Pagination"): checked by api.games.GamePagination
    for every list that pages, and declared with their bounds in the schema."""

    page = serializers.IntegerField(required=False, min_value=1, max_value=2**31 - 1,
                                    help_text="Page number, from 1; past the last page the "
                                              "results are empty.")
    page_size = serializers.IntegerField(required=False, min_value=1, max_value=200,
                                         help_text="Items per page: 50 unless given, at most 200.")


class GameListQuerySerializer(PageQuerySerializer):
    """The query of GET /games/ (given a dict: a query value is text, and these fields read
    digits from it; an empty value is refused, not taken as "no filter")."""

    status = serializers.ChoiceField(choices=GAME_STATUSES, required=False,
                                     help_text="Only games in this state.")
    club = serializers.IntegerField(required=False, min_value=1, max_value=MAX_ID,
                                    help_text="Only this club's games.")


class GamePageSerializer(serializers.Serializer):
    count = serializers.IntegerField(help_text="Games matching, on all pages.")
    next = serializers.URLField(allow_null=True, help_text="The next page, or null.")
    previous = serializers.URLField(allow_null=True, help_text="The previous page, or null.")
    results = GameSummarySerializer(many=True)


# --- Rounds -----------------------------------------------------------------------------


DEADWOOD_ERRORS = {"min_value": "Deadwood cannot be negative",
                   "max_value": "Deadwood of more than 10000 is more than any hand holds",
                   "invalid": "Deadwood is a whole number of points"}


class HandInputSerializer(StrictSerializer):
    player = IdField()
    deadwood = StrictIntegerField(
        required=False, allow_null=True, min_value=0, max_value=10000,
        error_messages=DEADWOOD_ERRORS,
    )
    cards = CardsField(required=False, allow_null=True,
                       help_text='Card texts as a list, or one text "AS 2S 3S".')

    def validate(self, data):
        has_deadwood = data.get("deadwood") is not None
        has_cards = data.get("cards") is not None
        if has_deadwood == has_cards:
            raise serializers.ValidationError(
                {"deadwood": "Give either the deadwood or the cards of this hand, not both"
                 if has_deadwood else "Give the deadwood or the cards of this hand"}
            )
        return data


class KnockRoundInputSerializer(StrictSerializer):
    """A round of the knock family (Wiener Rummy, Rommé)."""

    number = StrictIntegerField(min_value=1, max_value=2**31 - 1)
    ender = IdField(help_text="The player who knocked or went Rummy.")
    hands = HandInputSerializer(
        many=True, allow_empty=False, min_length=1, max_length=12,
        error_messages={"empty": "Enter the hand of every player of the round"},
    )
    ender_melds = serializers.ListField(
        child=serializers.ListField(child=StrictCharField(max_length=10), max_length=14),
        required=False, allow_null=True, max_length=5,
        help_text="Lay-off variants: the melds the ender laid.",
    )


class GinRoundInputSerializer(StrictSerializer):
    """A Gin round (docs/rules.md 8): who knocked and both hands, or a void round."""

    number = StrictIntegerField(min_value=1, max_value=2**31 - 1)
    void = StrictBooleanField(
        required=False, default=False,
        help_text="A round abandoned with two cards left in the stock: no score, the same "
                  "dealer deals again. Give no ender and no hands.")
    ender = IdField(required=False, allow_null=True, default=None,
                    help_text="The player who knocked (0 deadwood: gin).")
    hands = HandInputSerializer(
        many=True, required=False, default=list, max_length=2,
        help_text="Both players' hands; a defender's typed deadwood is after laying off.",
    )
    ender_melds = serializers.ListField(
        child=serializers.ListField(child=StrictCharField(max_length=10), max_length=10),
        required=False, allow_null=True, max_length=3,
        help_text="The knocker's melds as laid, which the defender lays off onto.",
    )
    match = StrictIntegerField(
        required=False, allow_null=True, default=None, min_value=1, max_value=3,
        help_text="A tournament's match (1, 2 semifinals; 3 the final), needed for a void "
                  "round while both semifinals are played.")


class BasicHandInputSerializer(StrictSerializer):
    """A hand of a Basic Rummy round: what was left in it, as points or as cards (the
    engine says which of them a hand needs: the one who went out holds nothing)."""

    player = IdField()
    deadwood = StrictIntegerField(
        required=False, allow_null=True, min_value=0, max_value=10000,
        error_messages=DEADWOOD_ERRORS,
        help_text="The points of the cards left in hand (the whole hand counts).",
    )
    cards = CardsField(required=False, allow_null=True,
                       help_text='The cards left in hand, as a list or one text "AS 2S 3S".')


class BasicRoundInputSerializer(StrictSerializer):
    """A Basic Rummy round (docs/rules.md 9): who went out and the others' hands."""

    number = StrictIntegerField(min_value=1, max_value=2**31 - 1)
    ender = IdField(help_text="The player who went out: scores the cards left in the others' "
                              "hands.")
    hands = BasicHandInputSerializer(
        many=True, allow_empty=False, min_length=1, max_length=12,
        error_messages={"empty": "Enter the hand of every player of the round"},
        help_text="Every other player's hand (deadwood or cards); the one who went out may "
                  "be left out or given with no deadwood and no cards.",
    )


class RamiHandInputSerializer(BasicHandInputSerializer):
    """A hand of a Rami round: what the player laid, and what was left in hand."""

    laid = StrictIntegerField(
        required=False, allow_null=True, min_value=0, max_value=10000,
        error_messages={"min_value": "Laid points cannot be negative",
                        "max_value": "More than 10000 laid points is more than a round holds",
                        "invalid": "Laid points are a whole number"},
        help_text="The points of the melds the player laid this round.",
    )
    laid_melds = serializers.ListField(
        child=CardsField(), required=False, allow_null=True, max_length=30,
        help_text='The melds laid this round as cards, e.g. [["7H","8H","9H"]]: valued by the '
                  "mode's table.",
    )
    deadwood = StrictIntegerField(
        required=False, allow_null=True, min_value=0, max_value=10000,
        error_messages=DEADWOOD_ERRORS,
        help_text="The points of the cards left in hand (not for the finisher).",
    )
    cards = CardsField(required=False, allow_null=True,
                       help_text="The cards left in hand (not for the finisher).")


class PenaltyInputSerializer(StrictSerializer):
    """A Rami penalty: a joker or table cards taken back and not played in the same turn."""

    player = IdField()
    points = StrictIntegerField(
        min_value=1, max_value=100000,
        error_messages={"min_value": "A penalty is a positive number of points"},
        help_text="A positive multiple of the rules' penalty (300 unless set).",
    )


class RamiRoundInputSerializer(StrictSerializer):
    """A Rami round (docs/rules.md 10): the finisher, how they went out, what everyone laid
    and held, and the penalties."""

    number = StrictIntegerField(min_value=1, max_value=2**31 - 1)
    ender = IdField(help_text="The player who went out (the finisher).")
    finish = serializers.ChoiceField(
        choices=["none", "rummy", "own_cards"],
        error_messages={"required": "Say how the finisher went out: none, rummy or own_cards"},
        help_text="none: an ordinary finish; rummy: the whole hand laid out in one turn; "
                  "own_cards: a Rummy in melds of the player's own, adding to none on the "
                  "table.",
    )
    hands = RamiHandInputSerializer(
        many=True, allow_empty=False, min_length=1, max_length=12,
        error_messages={"empty": "Enter the hand of every player of the round"},
        help_text="Every player still in: laid or laid_melds (may be left out in elimination "
                  "mode), and for all but the finisher deadwood or cards.",
    )
    penalties = PenaltyInputSerializer(
        many=True, required=False, default=list, max_length=50,
        help_text="One line per player with a penalty this round; subtracted from the total "
                  "(added, in elimination mode).")


class KnockCorrectionInputSerializer(KnockRoundInputSerializer):
    number = StrictIntegerField(min_value=1, max_value=2**31 - 1, required=False)
    reason = StrictCharField(max_length=255, required=False, allow_blank=True, default="")


class GinCorrectionInputSerializer(GinRoundInputSerializer):
    number = StrictIntegerField(min_value=1, max_value=2**31 - 1, required=False)
    reason = StrictCharField(max_length=255, required=False, allow_blank=True, default="")


class BasicCorrectionInputSerializer(BasicRoundInputSerializer):
    number = StrictIntegerField(min_value=1, max_value=2**31 - 1, required=False)
    reason = StrictCharField(max_length=255, required=False, allow_blank=True, default="")


class RamiCorrectionInputSerializer(RamiRoundInputSerializer):
    number = StrictIntegerField(min_value=1, max_value=2**31 - 1, required=False)
    reason = StrictCharField(max_length=255, required=False, allow_blank=True, default="")


# The round body by the game's rules.family: the schema gives it as a oneOf.
ROUND_INPUTS = {"knock": KnockRoundInputSerializer, "gin": GinRoundInputSerializer,
                "basic": BasicRoundInputSerializer, "rami": RamiRoundInputSerializer}
CORRECTION_INPUTS = {"knock": KnockCorrectionInputSerializer, "gin": GinCorrectionInputSerializer,
                     "basic": BasicCorrectionInputSerializer,
                     "rami": RamiCorrectionInputSerializer}


class ResultSerializer(serializers.Serializer):
    """A player's line in a round, its points named by their parts (docs/api.md)."""

    player = serializers.IntegerField()
    deadwood = serializers.IntegerField(
        help_text="The points of the cards left in the player's own hand.")
    points = serializers.IntegerField(help_text="Added to the total this round.")
    total = serializers.IntegerField()
    melds = serializers.ListField(
        child=serializers.ListField(child=serializers.CharField()),
        help_text="The melds found in the cards entered; Rami: the melds laid, as entered.")
    unmatched = serializers.ListField(child=serializers.CharField())
    laid_off = serializers.ListField(child=serializers.CharField())
    difference = serializers.IntegerField(
        help_text="Gin: the deadwood difference the winner scores (0 for other families).")
    bonus = serializers.IntegerField(
        help_text="Gin: the gin or undercut bonus; points = difference + bonus. Rami: the "
                  "finisher's finishing and Rummy bonus.")
    laid = serializers.IntegerField(
        help_text="Rami: the points of the melds laid this round (0 for other families).")
    hand = serializers.IntegerField(
        help_text="Basic Rummy and Rami: the points of cards in hand: for the one who went "
                  "out the others' cards, else (Rami elimination) one's own; 0 otherwise.")
    penalty = serializers.IntegerField(help_text="Rami: the penalty points of the round.")
    multiplier = serializers.IntegerField(
        help_text="Rami elimination: what the hand is multiplied by (2 Rummy, 3 own cards, 4 "
                  "nobody else laid); 1 otherwise. Rami normal and traditional: points = "
                  "laid + hand + bonus - penalty; elimination: points = hand x multiplier + "
                  "penalty (the finisher: penalty).")
    cards = serializers.ListField(child=serializers.CharField(), allow_null=True)


class RebuyOfferSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    target = serializers.IntegerField()
    cost = MoneyField()


class RoundSerializer(serializers.Serializer):
    """A round, from a services.RoundLine (the engine's result with its stored facts)."""

    number = serializers.IntegerField()
    revision = serializers.IntegerField(help_text="0 as entered; 1 and up for corrections.")
    reason = serializers.CharField(help_text="Why it was corrected.")
    ender = serializers.IntegerField(allow_null=True, help_text="null for a void round.")
    dealer = serializers.IntegerField()
    winner = serializers.IntegerField(allow_null=True)
    rummy = serializers.BooleanField(
        help_text="Knock family: Rummy; Gin: gin; Rami: a finish rummy or own_cards.")
    undercut = serializers.BooleanField()
    decider = serializers.BooleanField()
    void = serializers.BooleanField(help_text="Gin: a void round, scored nothing.")
    gin = serializers.BooleanField(help_text="Gin: won by going gin.")
    match = serializers.IntegerField(help_text="Gin: the match it was played in.")
    points = serializers.IntegerField(
        help_text="What the round's winner scored (Gin; Basic Rummy and Rami: the one who "
                  "went out); 0 for a void round or no winner.")
    finish = serializers.CharField(
        help_text='Rami: how the finisher went out, "none", "rummy" or "own_cards"; "" for '
                  "other families.")
    nobody_else_laid = serializers.BooleanField(
        help_text="Rami: nobody but the finisher laid anything this round.")
    results = ResultSerializer(many=True)
    out = serializers.ListField(child=serializers.IntegerField())
    rebuy_offers = RebuyOfferSerializer(many=True)


class RoundWithGameSerializer(RoundSerializer):
    game = GameSerializer()


class UndoneRebuySerializer(serializers.Serializer):
    """A re-buy a correction undid (services.reading.UndoneRebuy)."""

    player = serializers.IntegerField()
    after_round = serializers.IntegerField()
    cost = MoneyField(help_text="Paid back to the player from the pot.")


class CorrectionWithGameSerializer(RoundWithGameSerializer):
    """The answer of a correction: the round, the game, and the re-buys it undid."""

    undone_rebuys = UndoneRebuySerializer(
        source="game.undone_rebuys", many=True,
        help_text="Re-buys the correction left impossible, undone with their cost back "
                  "(docs/api.md, \"Undoing\"); empty for most corrections.")


class RebuyInputSerializer(StrictSerializer):
    player = IdField()


# --- Money ------------------------------------------------------------------------------


class FromField:
    """Shows the field declared as `from_` as "from" ("from" is a Python keyword)."""

    def get_fields(self):
        fields = super().get_fields()
        fields["from"] = fields.pop("from_")
        return fields


class LedgerEntrySerializer(FromField, serializers.Serializer):
    """An entry, from a ledger line."""

    seq = serializers.IntegerField(help_text="1, 2, 3... the game's entries in the order "
                                             "written.")
    round = serializers.IntegerField(allow_null=True)
    kind = serializers.ChoiceField(choices=LEDGER_KINDS)
    from_ = serializers.CharField(source="source")
    to = serializers.CharField(source="target")
    amount = MoneyField()
    reverses = serializers.IntegerField(source="reverses_seq", allow_null=True,
                                        help_text="The seq of the entry this one cancels.")
    created_at = serializers.DateTimeField()
    reason = serializers.CharField()


class NetSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    amount = MoneyField()


class TransferSerializer(FromField, serializers.Serializer):
    """A payment that settles up, from a ledger.settlement.Payment."""

    from_ = serializers.IntegerField(source="debtor")
    to = serializers.IntegerField(source="creditor")
    amount = MoneyField()


class SettlementSerializer(serializers.Serializer):
    """From a services.Settlement."""

    final = serializers.BooleanField(help_text="True once the game is over and paid out.")
    net = NetSerializer(source="net_lines", many=True)
    transfers = TransferSerializer(source="payments", many=True)


class VerifySerializer(serializers.Serializer):
    verified = serializers.BooleanField()
    differences = serializers.ListField(child=serializers.CharField())
    balances = serializers.DictField(child=serializers.CharField())


class SessionInputSerializer(StrictSerializer):
    club = IdField(required=False)
    name = NameField(max_length=100, required=False, allow_blank=True, default="")


class SessionSerializer(serializers.Serializer):
    """An evening, from a services.SessionSummary."""

    id = serializers.IntegerField(source="session.pk")
    club = serializers.IntegerField(source="session.club_id")
    name = serializers.CharField(source="session.name")
    games = GameSummarySerializer(many=True)
    carried_pot = MoneyField(source="carried")
    net = NetSerializer(source="net_lines", many=True)
    transfers = TransferSerializer(source="payments", many=True)
