"""The knock family's round body (Wiener Rummy, Rommé: docs/rules.md 3), and its
correction."""

from rest_framework import serializers

from ...services.fields import (
    IdField,
    StrictCharField,
    StrictIntegerField,
    StrictSerializer,
)
from ..serializers.hands import HandInputSerializer
from ..serializers.rules import RulesOutputSerializer

FAMILY = "knock"


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


class KnockCorrectionInputSerializer(KnockRoundInputSerializer):
    number = StrictIntegerField(min_value=1, max_value=2**31 - 1, required=False)
    reason = StrictCharField(max_length=255, required=False, allow_blank=True, default="")


ROUND_INPUT = KnockRoundInputSerializer
CORRECTION_INPUT = KnockCorrectionInputSerializer


# The modes the engine takes for the knock family (docs/rules.md 6.6).
MODES = ("pot", "points")


class KnockRulesSerializer(RulesOutputSerializer):
    """A game of the knock family's rules (Wiener Rummy, Rommé: docs/rules.md 3 to 7), as
    stored: every parameter, of which the family reads all but those marked Gin and Rami
    (docs/rules.md 6.6)."""

    family = serializers.ChoiceField(choices=[FAMILY])
    mode = serializers.ChoiceField(
        choices=MODES,
        help_text="pot: a pot game; points: a Punktespiel (docs/rules.md 6.3).")


RULES_OUTPUT = KnockRulesSerializer
