"""A club's Gin tournament (docs/api.md, "Tournaments"): the body that starts one, the
tournament with its bracket, and its ledger."""

import re

from rest_framework import serializers

from ...rules import bracket
from ...services.fields import (
    NameField,
    PresetField,
    StrictCharField,
    StrictIntegerField,
    StrictSerializer,
)
from .fields import MoneyField
from .money import LedgerEntrySerializer
from .rules import MONEY_TEXT, PRESET_NAMES, CurrencyField, RulesField, ShownCurrencyField

SEEDINGS = ["random", "ordered"]
STATUSES = ["running", "finished"]


class TournamentInputSerializer(StrictSerializer):
    name = NameField(max_length=100, required=False, allow_blank=True, default="")
    preset = PresetField(default=bracket.match_presets()[0],
                         help_text="A Gin preset: every match is a Gin match.")
    rules = RulesField(help_text="Every match's rules and variants, as a game's.")
    players = serializers.ListField(
        child=NameField(max_length=50, error_messages={"blank": "A player needs a name"}),
        min_length=bracket.MIN_PLAYERS, max_length=bracket.MAX_PLAYERS,
        error_messages={
            "min_length": f"A tournament has at least {bracket.MIN_PLAYERS} players",
            "max_length": f"A tournament has at most {bracket.MAX_PLAYERS} players"},
        help_text="The field: in seed order (the first is seed 1) when seeding is ordered.")
    seeding = serializers.ChoiceField(choices=SEEDINGS, default="random")
    entry_fee = StrictCharField(
        default="0.00", help_text='Each player\'s entry fee, e.g. "10.00".')
    payouts = serializers.ListField(
        child=StrictIntegerField(min_value=0, max_value=100), min_length=1,
        max_length=bracket.MAX_PLAYERS, default=[100],
        help_text="Percent of the pool by place, best first: they sum to 100, the first "
                  f"at least {bracket.MIN_WINNER_PERCENT}. Players who share a place (the "
                  "semi-final losers share 3rd) split the places they cover equally.")
    currency = CurrencyField(required=False, default="EUR")

    def validate_entry_fee(self, value):
        if not re.fullmatch(MONEY_TEXT, value):
            raise serializers.ValidationError(
                f"'{value}' is not an amount: use a number with at most two decimals, "
                'e.g. "10.00"', code="invalid_amount")
        return value


class EntrantSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    seed = serializers.IntegerField(help_text="1 the best; the draw's order.")


class BracketMatchSerializer(serializers.Serializer):
    number = serializers.IntegerField(help_text="The match's place in its round, from 1.")
    players = serializers.ListField(
        child=serializers.IntegerField(allow_null=True),
        help_text="Two player ids (null: the winner of the match before is not known "
                  "yet), or one for a bye.")
    game = serializers.IntegerField(allow_null=True,
                                    help_text="The match's game (GET /games/{id}/).")
    winner = serializers.IntegerField(allow_null=True)


class BracketRoundSerializer(serializers.Serializer):
    round = serializers.IntegerField(help_text="1 the first; the last is the final.")
    matches = BracketMatchSerializer(many=True)


class PlacingSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    place = serializers.IntegerField(help_text="1, 2, 3 (shared by the semi-final losers), "
                                               "5 (the quarter-final losers), ...")
    prize = MoneyField(allow_null=True, help_text="Once the tournament is finished.")


class TournamentSerializer(serializers.Serializer):
    """The tournament, from a services.tournaments.TournamentView."""

    id = serializers.IntegerField(source="tournament.pk")
    name = serializers.CharField(source="tournament.name")
    club = serializers.IntegerField(source="tournament.club_id")
    preset = serializers.ChoiceField(choices=PRESET_NAMES, source="tournament.preset")
    rules = serializers.DictField(source="tournament.rules",
                                  help_text="Every match's rules, resolved (a GinRules).")
    status = serializers.ChoiceField(choices=STATUSES, source="tournament.status")
    seeding = serializers.ChoiceField(choices=SEEDINGS, source="tournament.seeding")
    currency = ShownCurrencyField(source="tournament.currency")
    entry_fee = MoneyField(source="tournament.entry_fee")
    payouts = serializers.ListField(child=serializers.IntegerField(),
                                    source="tournament.payouts")
    pot = MoneyField(help_text="The entry fees: the prize pool.")
    players = EntrantSerializer(source="entrants", many=True)
    bracket = BracketRoundSerializer(source="bracket_rounds", many=True)
    winner = serializers.IntegerField(source="champion", allow_null=True)
    placings = PlacingSerializer(many=True)
    version = serializers.IntegerField(source="tournament.version")
    created_at = serializers.DateTimeField(source="tournament.created_at")


class TournamentLedgerSerializer(serializers.Serializer):
    entries = LedgerEntrySerializer(many=True)
    verified = serializers.BooleanField()
    differences = serializers.ListField(child=serializers.CharField())
    balances = serializers.DictField(child=serializers.CharField())
