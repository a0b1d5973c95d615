"""Webhook events as the receiver gets them (docs/api.md, "Webhooks", "Events"): one shape
per event type, told apart by `type`, each with its own `data`. The events and what they
carry are scorekeeper/services/webhooks.py's; this describes them for the schema and sends
the event as the service made it (services.webhook_sending.envelope)."""

import re

from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema_field
from rest_framework import serializers

from ...services import webhooks
from .fields import MoneyField
from .games import GAME_STATUSES
from .money import NetSerializer, TransferSerializer
from .rules import PRESET_NAMES, ShownCurrencyField

# --- What each event carries ------------------------------------------------------------------


class GameEventDataSerializer(serializers.Serializer):
    """What every event of a game carries."""

    game = serializers.IntegerField()
    session = serializers.IntegerField(allow_null=True)
    version = serializers.IntegerField(help_text="The game's version after the change (its "
                                                 "ETag).")
    sequence = serializers.IntegerField(
        help_text="To order the game's events by: its version (docs/api.md, \"The order of "
                  "events\").")
    status = serializers.ChoiceField(choices=GAME_STATUSES)


class GameCreatedEventDataSerializer(GameEventDataSerializer):
    """game.created: a game started (through the API, the pages or the demo)."""

    preset = serializers.ChoiceField(choices=PRESET_NAMES)
    players = serializers.ListField(child=serializers.IntegerField(),
                                    help_text="The player ids in seat order.")


class RoundRecordedEventDataSerializer(GameEventDataSerializer):
    """round.recorded: a round entered."""

    round = serializers.IntegerField(help_text="The round's number.")


class RoundCorrectedEventDataSerializer(GameEventDataSerializer):
    """round.corrected: a round corrected."""

    round = serializers.IntegerField(help_text="The round's number.")
    revision = serializers.IntegerField(help_text="The correction's revision: 1 and up.")
    reason = serializers.CharField()


class RoundUndoneEventDataSerializer(GameEventDataSerializer):
    """round.undone: the last round taken back at the table; its number comes again."""

    round = serializers.IntegerField(help_text="The round's number.")
    reason = serializers.CharField()


class RebuyTakenEventDataSerializer(GameEventDataSerializer):
    """rebuy.taken: a player re-bought."""

    player = serializers.IntegerField()
    after_round = serializers.IntegerField()


class RebuyUndoneEventDataSerializer(RebuyTakenEventDataSerializer):
    """rebuy.undone: a re-buy undone, by hand or by a correction that left it impossible."""

    by_correction = serializers.IntegerField(
        allow_null=True, help_text="The corrected round that left it impossible; null when "
                                   "undone by hand.")


class GameFinishedEventDataSerializer(GameEventDataSerializer):
    """game.finished: a game won, its pot carried over (`status` says which), or closed."""

    winner = serializers.IntegerField(allow_null=True, help_text="A player id, or null.")


class GameVoidedEventDataSerializer(GameEventDataSerializer):
    """game.voided: a game voided, or deleted as started by mistake."""

    reason = serializers.CharField()
    deleted = serializers.BooleanField(help_text="Deleted as started by mistake, not voided.")


class SessionSettledEventDataSerializer(serializers.Serializer):
    """session.settled: an evening final, with the nets and transfers of GET
    /sessions/{session}/."""

    session = serializers.IntegerField()
    sequence = serializers.IntegerField(
        help_text="To order the evening's events by: the sum of its games' versions "
                  "(docs/api.md, \"The order of events\").")
    games = serializers.ListField(child=serializers.IntegerField(),
                                  help_text="The games that count (not the void ones).")
    currency = ShownCurrencyField()
    net = NetSerializer(many=True)
    transfers = TransferSerializer(many=True)


class TournamentMatchFinishedEventDataSerializer(serializers.Serializer):
    """tournament.match_finished: a club tournament's match won; its winner advances."""

    tournament = serializers.IntegerField()
    round = serializers.IntegerField(help_text="The bracket's round, from 1.")
    match = serializers.IntegerField(help_text="The match's number in its round, from 1.")
    game = serializers.IntegerField(help_text="The match's game.")
    winner = serializers.IntegerField(help_text="A player id.")


class TournamentPlacingEventSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    place = serializers.IntegerField()
    prize = MoneyField()


class TournamentFinishedEventDataSerializer(serializers.Serializer):
    """tournament.finished: a club tournament's final won; the prizes are booked."""

    tournament = serializers.IntegerField()
    winner = serializers.IntegerField(help_text="A player id.")
    placings = TournamentPlacingEventSerializer(many=True)


class PingEventDataSerializer(serializers.Serializer):
    """ping: sent when an organiser asks; it belongs to no game or evening."""

    webhook = serializers.IntegerField(help_text="The id of the webhook pinged.")


DATA = {
    webhooks.GAME_CREATED: GameCreatedEventDataSerializer,
    webhooks.ROUND_RECORDED: RoundRecordedEventDataSerializer,
    webhooks.ROUND_CORRECTED: RoundCorrectedEventDataSerializer,
    webhooks.ROUND_UNDONE: RoundUndoneEventDataSerializer,
    webhooks.REBUY_TAKEN: RebuyTakenEventDataSerializer,
    webhooks.REBUY_UNDONE: RebuyUndoneEventDataSerializer,
    webhooks.GAME_FINISHED: GameFinishedEventDataSerializer,
    webhooks.GAME_VOIDED: GameVoidedEventDataSerializer,
    webhooks.SESSION_SETTLED: SessionSettledEventDataSerializer,
    webhooks.TOURNAMENT_MATCH_FINISHED: TournamentMatchFinishedEventDataSerializer,
    webhooks.TOURNAMENT_FINISHED: TournamentFinishedEventDataSerializer,
    webhooks.PING: PingEventDataSerializer,
}
if missing := set(webhooks.EVENT_TYPES) - set(DATA):  # a new event: say what it carries
    raise TypeError(f"The API does not describe the webhook events {sorted(missing)}")


# --- The event --------------------------------------------------------------------------------


class EventSerializer(serializers.Serializer):
    """The event as the receiver gets it (the body of every attempt)."""

    id = serializers.IntegerField(help_text="The event's id: the same in every delivery.")
    type = serializers.ChoiceField(choices=list(webhooks.EVENT_TYPES))
    created = serializers.DateTimeField()
    club = serializers.IntegerField()
    data = serializers.DictField(help_text="What happened (docs/api.md, \"Webhooks\").")

    def get_fields(self):
        # in the envelope's order (an event type's own `type` and `data` would come last)
        fields = super().get_fields()
        return {name: fields[name] for name in EventSerializer._declared_fields}


def _event_serializer(kind: str) -> type[EventSerializer]:
    """The shape of one event type: `type` is its name, `data` what it carries."""
    # game.created -> GameCreated, tournament.match_finished -> TournamentMatchFinished
    name = "".join(part.title() for part in re.split(r"[._]", kind))
    return type(f"{name}EventSerializer", (EventSerializer,), {
        "__doc__": f"A {kind} event (docs/api.md, \"Events\").",
        "__module__": __name__,
        "type": serializers.ChoiceField(choices=[kind]),
        "data": DATA[kind](),
    })


EVENT_SERIALIZERS = {kind: _event_serializer(kind) for kind in webhooks.EVENT_TYPES}


@extend_schema_field(PolymorphicProxySerializer(
    component_name="Event", serializers=EVENT_SERIALIZERS, resource_type_field_name="type"))
class EventField(serializers.Field):
    """An event as services.webhook_sending.envelope makes it: sent as it is, the schema one of the
    event types' shapes by `type`."""

    def to_representation(self, value):
        return value
