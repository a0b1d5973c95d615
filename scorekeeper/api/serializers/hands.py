"""What the round bodies of several families share: a hand as deadwood or cards, and a
hand that counts whole (no melds taken off, docs/rules.md 9 and 10)."""

from rest_framework import serializers

from ...services.fields import IdField, StrictIntegerField, StrictSerializer
from .fields import CardsField

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


class WholeHandInputSerializer(StrictSerializer):
    """A hand that counts whole: what was left in it, as points or as cards (the engine
    says which of them a hand needs: the one who went out holds nothing). A family's
    module gives it its own name in the schema by subclassing it."""

    player = IdField()
    deadwood = StrictIntegerField(
        required=False, allow_null=True, min_value=0, max_value=10000,
        error_messages=DEADWOOD_ERRORS,
        help_text="The points of the cards left in hand (the whole hand counts).",
    )
    cards = CardsField(required=False, allow_null=True,
                       help_text='The cards left in hand, as a list or one text "AS 2S 3S".')
