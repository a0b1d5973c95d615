"""The API's own fields and helpers: serializing with one instance per class, money and
messages out, cards in, and the schema of the strict fields and bodies (whose checks live
in scorekeeper.services.fields, shared with the export documents)."""

import functools
from collections.abc import Callable, Mapping

from django.db.models.manager import BaseManager
from drf_spectacular.extensions import (
    OpenApiSerializerExtension,
    OpenApiSerializerFieldExtension,
)
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework.fields import SkipField
from rest_framework.relations import PKOnlyObject

from ...messages import message_for
from ...names import FORBIDDEN
from ...rules import format_money
from ...services.fields import NameField, StrictSerializer

# Minor units out as the API writes them: the engine's one decimal text, 1750 -> "17.50".
money = format_money


# DRF deep-copies a serializer's declared fields for every instance it makes, which costs
# more than the rest of a small request; a serializer that is only asked to represent or
# to validate keeps no state of its own, so one instance per class serves every request.
@functools.cache
def _instance(serializer_class) -> serializers.Serializer:
    return serializer_class()


@functools.cache
def _representer(serializer_class) -> Callable[[object], dict]:
    return _represent_with(_instance(serializer_class))


def data_of(serializer_class, instance, *, many: bool = False):
    """The JSON-able data of `instance` (or of each of `instance`, with `many`): what the
    serializer's to_representation gives, field for field."""
    represent = _representer(serializer_class)
    if many:
        return [represent(item) for item in instance]
    return represent(instance)


# What DRF does per field and per object (look the source up, ask whether the instance is
# a Mapping, whether each value is a callable to call) is a game answer's largest cost, some
# 160 fields. A representer works out once per serializer which field reads what, and asks
# DRF's own Field.get_attribute whenever a value is anything but a plain read: a callable,
# a missing attribute (a default, a skipped field, DRF's error), a field with its own
# get_attribute (a relation). The values still go through each field's to_representation.


def _represent_with(serializer: serializers.Serializer) -> Callable[[object], dict]:
    """`serializer.to_representation`, with each field's lookup worked out once."""
    if type(serializer).to_representation is not serializers.Serializer.to_representation:
        return serializer.to_representation  # a serializer that represents in its own way
    steps = [(field.field_name, _reader(field), _converter(field))
             for field in serializer._readable_fields]

    def represent(instance) -> dict:
        data = {}
        for name, read, convert in steps:
            try:
                value = read(instance)
            except SkipField:
                continue
            if isinstance(value, PKOnlyObject):  # a relation's id, as DRF reads it
                data[name] = None if value.pk is None else convert(value)
            else:
                data[name] = None if value is None else convert(value)
        return data

    return represent


@functools.cache
def _is_mapping(kind: type) -> bool:
    return issubclass(kind, Mapping)


def _reader(field: serializers.Field) -> Callable[[object], object]:
    """The field's value read off an instance, as field.get_attribute reads it."""
    attrs = field.source_attrs
    if type(field).get_attribute is not serializers.Field.get_attribute:
        return field.get_attribute
    if not attrs:  # source="*": the instance itself
        return lambda instance: instance

    def read(instance):
        value = instance
        try:
            for attr in attrs:
                value = value[attr] if _is_mapping(type(value)) else getattr(value, attr)
                if callable(value):
                    return field.get_attribute(instance)
        except Exception:  # noqa: BLE001 - DRF's own lookup: its default, SkipField or error
            return field.get_attribute(instance)
        return value

    return read


def _converter(field: serializers.Field) -> Callable[[object], object]:
    """The field's to_representation, worked out once for nested serializers."""
    if isinstance(field, serializers.ListSerializer) and (
            type(field).to_representation is serializers.ListSerializer.to_representation):
        child = _represent_with(field.child)

        def represent_each(data) -> list:
            items = data.all() if isinstance(data, BaseManager) else data
            return [child(item) for item in items]

        return represent_each
    if isinstance(field, serializers.Serializer):
        return _represent_with(field)
    return field.to_representation


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


# --- The schema of the strict fields and bodies --------------------------------------------


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


class StrictSerializerSchema(OpenApiSerializerExtension):
    """A strict serializer in the schema: additionalProperties false, as the server
    refuses unknown keys."""

    target_class = StrictSerializer
    match_subclasses = True

    def map_serializer(self, auto_schema, direction):
        schema = auto_schema._map_serializer(self.target, direction, bypass_extensions=True)
        return {**schema, "additionalProperties": False}
