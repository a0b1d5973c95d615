"""Strict JSON input: the fields and the body base class that the API's input serializers
and the export documents (services.documents) check requests and documents with. Here,
not in the API, because services never import the API; the API adds their schema
(scorekeeper.api.serializers.fields)."""

from django.core.validators import MaxLengthValidator, MinLengthValidator
from iso4217 import Currency
from rest_framework import serializers

from ..names import InvalidName, clean_name
from ..rules import PRESETS

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
                f"Unknown field {quoted(key)}; {what} takes: {', '.join(known)}",
                code="unknown_field")]
            for key in data if key not in known
        }


def quoted(text: str, most: int = 40) -> str:
    """Text from a request, quoted in a message, and cut short when it is long."""
    return f'"{text}"' if len(text) <= most else f'"{text[:most]}…"'


# --- The key "from" ----------------------------------------------------------------------------


class FromField:
    """Shows the field declared as `from_` as "from" ("from" is a Python keyword)."""

    def get_fields(self):
        fields = super().get_fields()
        fields["from"] = fields.pop("from_")
        return fields


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


class CurrencyCodeField(StrictCharField):
    """An ISO 4217 code in capitals of a currency counted in hundredths: EUR, CHF, USD."""

    def to_internal_value(self, data):
        if not isinstance(data, str):
            raise serializers.ValidationError('A currency is a code as text, e.g. "EUR"',
                                              code="invalid")
        problem = currency_problem(data)
        if problem is not None:
            raise serializers.ValidationError(problem)
        return data
