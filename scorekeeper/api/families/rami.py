"""Rami's round body (docs/rules.md 10), and its correction: a Rami hand counts whole, as a
Basic Rummy hand does, and adds what the player laid; a round adds how the finisher went
out and the penalties."""

from rest_framework import serializers

from ...services.fields import (
    IdField,
    StrictCharField,
    StrictIntegerField,
    StrictSerializer,
)
from ..serializers.fields import CardsField
from ..serializers.hands import DEADWOOD_ERRORS, WholeHandInputSerializer
from ..serializers.rules import RulesOutputSerializer

FAMILY = "rami"


class RamiHandInputSerializer(WholeHandInputSerializer):
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
    from_table = serializers.ListField(
        child=StrictCharField(max_length=10), required=False, allow_null=True, max_length=30,
        help_text='The cards of laid_melds taken from melds already on the table (a '
                  'manipulation), e.g. ["4D"]: they score nothing for this player. (A card '
                  'may instead be marked in its meld: ["[4D]","4H","4C"].)',
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


class RamiCorrectionInputSerializer(RamiRoundInputSerializer):
    number = StrictIntegerField(min_value=1, max_value=2**31 - 1, required=False)
    reason = StrictCharField(max_length=255, required=False, allow_blank=True, default="")


ROUND_INPUT = RamiRoundInputSerializer
CORRECTION_INPUT = RamiCorrectionInputSerializer


# Rami's ways of scoring (docs/rules.md 10).
MODES = ("normal", "traditional", "elimination")


class RamiRulesSerializer(RulesOutputSerializer):
    """A Rami game's rules (docs/rules.md 10), as stored: every parameter, of which Rami reads
    the cards and melds, point_value, game_target and the rows marked Rami; in elimination
    mode also eliminate_at, buy_in and the pot split (docs/rules.md 6.6)."""

    family = serializers.ChoiceField(choices=[FAMILY])
    mode = serializers.ChoiceField(
        choices=MODES,
        help_text="How a round scores: normal, traditional or elimination (docs/rules.md 10).")


RULES_OUTPUT = RamiRulesSerializer
