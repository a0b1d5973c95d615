"""Basic Rummy's round body (docs/rules.md 9), and its correction."""

from rest_framework import serializers

from ...services.fields import (
    IdField,
    StrictCharField,
    StrictIntegerField,
    StrictSerializer,
)
from ..serializers.hands import WholeHandInputSerializer
from ..serializers.rules import RulesOutputSerializer

FAMILY = "basic"


class BasicHandInputSerializer(WholeHandInputSerializer):
    """A hand of a Basic Rummy round: what was left in it, as points or as cards (the
    engine says which of them a hand needs: the one who went out holds nothing)."""


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


class BasicCorrectionInputSerializer(BasicRoundInputSerializer):
    number = StrictIntegerField(min_value=1, max_value=2**31 - 1, required=False)
    reason = StrictCharField(max_length=255, required=False, allow_blank=True, default="")


ROUND_INPUT = BasicRoundInputSerializer
CORRECTION_INPUT = BasicCorrectionInputSerializer


# The modes the engine takes for Basic Rummy (docs/rules.md 6.6).
MODES = ("pot", "points")


class BasicRulesSerializer(RulesOutputSerializer):
    """A Basic Rummy game's rules (docs/rules.md 9), as stored: every parameter, of which
    Basic Rummy reads the cards and melds, point_value and game_target (docs/rules.md 6.6)."""

    family = serializers.ChoiceField(choices=[FAMILY])
    mode = serializers.ChoiceField(
        choices=MODES,
        help_text="Kept as given; Basic Rummy does not read it (docs/rules.md 6.6).")


RULES_OUTPUT = BasicRulesSerializer
