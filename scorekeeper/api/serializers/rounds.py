"""Rounds: the round as the API shows it, what a correction answers, and the re-buy. The
round and correction bodies are each family's own (api/families/)."""

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from ...rules import Deal, deal_terms
from ...services.fields import IdField, StrictSerializer
from .fields import MoneyField
from .games import GameSerializer

# How a Rami round was finished (docs/rules.md 10.2), in the order of its round body's
# `finish` (one enum, FinishEnum): a round shows one of them, or "" for the other families.
FINISHES = ["none", "rummy", "own_cards"]


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
    finish = serializers.ChoiceField(
        choices=FINISHES, allow_blank=True,
        help_text='Rami: how the finisher went out, "none", "rummy" or "own_cards"; "" for '
                  "other families.")
    nobody_else_laid = serializers.BooleanField(
        help_text="Rami: nobody but the finisher laid anything this round.")
    big_gin = serializers.SerializerMethodField(
        help_text="Gin: won by a Big Gin, the knocker's 11 cards all melded.")
    upcard = serializers.SerializerMethodField(
        help_text='Oklahoma Gin: the deal\'s first upcard ("7S"); null for other games.')
    knock_limit = serializers.SerializerMethodField(
        help_text="Oklahoma Gin: the deal's knock limit, the upcard's rank (faces 10, an ace "
                  "0 = gin only, or 1 where ace_upcard is \"one\"); null for other games.")
    doubled = serializers.SerializerMethodField(
        help_text="Oklahoma Gin: a spade upcard with spades_double, every point of the deal "
                  "doubled (bonuses too, not the boxes).")
    results = ResultSerializer(many=True)
    out = serializers.ListField(child=serializers.IntegerField())
    rebuy_offers = RebuyOfferSerializer(many=True)

    # Gin's stored facts of the round (docs/rules.md 8), its deal's terms worked out by the
    # engine's own rule from the stored upcard.
    @extend_schema_field(serializers.BooleanField())
    def get_big_gin(self, line) -> bool:
        return line.game.round_facts(line.number).big_gin

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_upcard(self, line) -> str | None:
        return line.game.round_facts(line.number).upcard or None

    @extend_schema_field(serializers.IntegerField(allow_null=True))
    def get_knock_limit(self, line) -> int | None:
        deal = _deal(line)
        return None if deal is None else deal.knock_limit

    @extend_schema_field(serializers.BooleanField())
    def get_doubled(self, line) -> bool:
        deal = _deal(line)
        return deal is not None and deal.doubled


def _deal(line) -> Deal | None:
    upcard = line.game.round_facts(line.number).upcard
    return deal_terms(line.game.rules, upcard) if upcard else None


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
