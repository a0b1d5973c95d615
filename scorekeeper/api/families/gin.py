"""Gin Rummy's round body (docs/rules.md 8), and its correction."""

from rest_framework import serializers

from ...services.fields import (
    IdField,
    StrictBooleanField,
    StrictCharField,
    StrictIntegerField,
    StrictSerializer,
)
from ..serializers.hands import HandInputSerializer
from ..serializers.rules import RulesOutputSerializer

FAMILY = "gin"


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
    big_gin = StrictBooleanField(
        required=False, default=False,
        help_text="A Big Gin: the knocker's 11 cards all melded, scored with the rules' "
                  "big_gin_bonus instead of the gin bonus. Only where the rules have big_gin.")
    upcard = StrictCharField(
        max_length=10, required=False, allow_null=True, default=None,
        help_text='Oklahoma Gin: the deal\'s first upcard ("7S"), needed for every knocked '
                  "or void round there, refused elsewhere. Its rank is the deal's knock "
                  "limit; a spade doubles the deal where spades_double.")
    match = StrictIntegerField(
        required=False, allow_null=True, default=None, min_value=1, max_value=3,
        help_text="A tournament's match (1, 2 semifinals; 3 the final), needed for a void "
                  "round while both semifinals are played. A tournament of three plays "
                  "semifinal 1 and the final (its bye, the rules' bye, waits for "
                  "it); one of two plays the final alone.")


class GinCorrectionInputSerializer(GinRoundInputSerializer):
    number = StrictIntegerField(min_value=1, max_value=2**31 - 1, required=False)
    reason = StrictCharField(max_length=255, required=False, allow_blank=True, default="")


ROUND_INPUT = GinRoundInputSerializer
CORRECTION_INPUT = GinCorrectionInputSerializer


# The modes the engine takes for Gin (docs/rules.md 6.6).
MODES = ("pot", "points")


class GinRulesSerializer(RulesOutputSerializer):
    """A Gin Rummy game's rules (docs/rules.md 8), as stored: every parameter, of which Gin
    reads the cards, the deadwood and the rows marked Gin (docs/rules.md 6.6, 8.10)."""

    family = serializers.ChoiceField(choices=[FAMILY])
    mode = serializers.ChoiceField(
        choices=MODES,
        help_text="Kept as given; Gin does not read it (docs/rules.md 6.6).")


RULES_OUTPUT = GinRulesSerializer
