"""A club's webhooks through the API (docs/api.md, "Webhooks"): registered, read, deleted
and their deliveries replayed by the club's organisers, with the services of the webhooks
page (scorekeeper/services/webhooks.py)."""

from django.urls import reverse
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response

from ..services import webhooks
from .access import JsonView, created, organiser, shape
from .errors import ERRORS, WRITE_ERRORS
from .games import GamePagination
from .serializers import PageQuerySerializer, StrictCharField, StrictSerializer, data_of

# --- Shapes ---------------------------------------------------------------------------------

EVENT_NAMES = list(webhooks.EVENTS)


class WebhookInputSerializer(StrictSerializer):
    url = StrictCharField(max_length=webhooks.MAX_URL,
                          help_text="Where the events are POSTed: http:// or https:// with a host "
                                    "that resolves only to public addresses.")
    events = serializers.ListField(
        child=serializers.ChoiceField(choices=EVENT_NAMES, error_messages={
            "invalid_choice": 'Unknown event "{input}"; the events are ' + ", ".join(EVENT_NAMES)
        }),
        required=False, default=list, max_length=len(EVENT_NAMES) * 2,
        help_text="The events it is sent; all of them when left out or empty.")


class WebhookSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    url = serializers.CharField(help_text="Where the events are POSTed, as registered.")
    events = serializers.ListField(child=serializers.ChoiceField(choices=EVENT_NAMES),
                                   help_text="The events it is sent; [] for all.")
    active = serializers.BooleanField(help_text="false: paused on the webhooks page.")
    created_at = serializers.DateTimeField()
    created_by = serializers.CharField(allow_null=True, help_text="The organiser's user name.")


class NewWebhookSerializer(WebhookSerializer):
    secret = serializers.CharField(
        help_text="The key of the signatures (Scorekeeper-Signature). Shown this once only.")


class EventSerializer(serializers.Serializer):
    """The event as the receiver gets it (the body of every attempt)."""

    id = serializers.IntegerField(help_text="The event's id: the same in every delivery.")
    type = serializers.ChoiceField(choices=EVENT_NAMES)
    created = serializers.DateTimeField()
    club = serializers.IntegerField()
    data = serializers.DictField(help_text="What happened (docs/api.md, \"Webhooks\").")


class AttemptSerializer(serializers.Serializer):
    number = serializers.IntegerField(help_text="1 for the first attempt, counting replays.")
    at = serializers.DateTimeField()
    status_code = serializers.IntegerField(allow_null=True,
                                           help_text="The receiver's status; null: no answer.")
    error = serializers.CharField(help_text="Why it did not count as delivered; empty if it did.")
    duration_ms = serializers.IntegerField()
    replay = serializers.BooleanField(help_text="Asked for by an organiser.")


class DeliverySerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="Sent as the Scorekeeper-Delivery header.")
    status = serializers.ChoiceField(choices=["pending", "delivered", "failed"])
    next_attempt_at = serializers.DateTimeField(
        allow_null=True, help_text="When it is tried again; null once delivered or given up.")
    created_at = serializers.DateTimeField()
    event = EventSerializer()
    attempts = AttemptSerializer(many=True)


class DeliveryPageSerializer(serializers.Serializer):
    count = serializers.IntegerField(help_text="Deliveries of the webhook, on all pages.")
    next = serializers.URLField(allow_null=True, help_text="The next page, or null.")
    previous = serializers.URLField(allow_null=True, help_text="The previous page, or null.")
    results = DeliverySerializer(many=True)


def webhook_data(webhook) -> dict:
    return data_of(WebhookSerializer, {
        "id": webhook.pk, "url": webhook.url, "events": webhook.events,
        "active": webhook.active, "created_at": webhook.created_at,
        "created_by": webhook.created_by.get_username() if webhook.created_by else None,
    })


def delivery_data(delivery) -> dict:
    return data_of(DeliverySerializer, {
        "id": delivery.pk, "status": delivery.status,
        "next_attempt_at": delivery.next_attempt_at, "created_at": delivery.created_at,
        "event": webhooks.envelope(delivery.event),
        "attempts": list(delivery.attempts.all()),
    })


# --- Views ----------------------------------------------------------------------------------

WHAT = "manage webhooks"


class WebhookListView(JsonView):
    @extend_schema(tags=["webhooks"], responses={200: WebhookSerializer(many=True), **ERRORS})
    def get(self, request, club_id: int):
        organiser(request, club_id, WHAT, action="club.admin.read")
        listed = webhooks.club_webhooks(club_id).select_related("created_by")
        return Response([webhook_data(webhook) for webhook in listed])

    @extend_schema(tags=["webhooks"], request=WebhookInputSerializer,
                   responses={201: NewWebhookSerializer, **WRITE_ERRORS})
    def post(self, request, club_id: int):
        organiser(request, club_id, WHAT)
        data = shape(WebhookInputSerializer, request)
        webhook = webhooks.create_webhook(club_id=club_id, url=data["url"],
                                          events=data["events"], user=request.user)
        return created({**webhook_data(webhook), "secret": webhook.secret},
                       reverse("api:club-webhook", args=[club_id, webhook.pk]))


class WebhookDetailView(JsonView):
    @extend_schema(tags=["webhooks"], responses={200: WebhookSerializer, **ERRORS})
    def get(self, request, club_id: int, webhook_id: int):
        organiser(request, club_id, WHAT, action="club.admin.read")
        return Response(webhook_data(webhooks.webhook_of(club_id, webhook_id)))

    @extend_schema(tags=["webhooks"], responses={204: None, **ERRORS})
    def delete(self, request, club_id: int, webhook_id: int):
        """The webhook goes, with its deliveries: nothing more is sent to it."""
        organiser(request, club_id, WHAT)
        webhooks.delete_webhook(club_id=club_id, webhook_id=webhook_id)
        return Response(status=204)


class DeliveryListView(JsonView):
    @extend_schema(tags=["webhooks"], operation_id="clubs_webhooks_deliveries_list",
                   parameters=[PageQuerySerializer],
                   responses={200: DeliveryPageSerializer, **ERRORS})
    def get(self, request, club_id: int, webhook_id: int):
        """The webhook's deliveries, newest first, each with its attempts."""
        organiser(request, club_id, WHAT, action="club.admin.read")
        webhook = webhooks.webhook_of(club_id, webhook_id)
        paginator = GamePagination()
        page = paginator.paginate_queryset(webhooks.deliveries_of(webhook), request, view=self)
        return paginator.get_paginated_response([delivery_data(each) for each in page])


class ReplayView(JsonView):
    @extend_schema(tags=["webhooks"], request=None,
                   responses={202: DeliverySerializer, **ERRORS})
    def post(self, request, club_id: int, webhook_id: int, delivery_id: int):
        """Send the delivery again, whatever its status: the task worker makes one more
        attempt, marked as a replay, and lists it with the delivery's attempts."""
        organiser(request, club_id, WHAT)
        delivery = webhooks.delivery_of(club_id, webhook_id, delivery_id)
        webhooks.ask_replay(delivery, request.user)
        return Response(delivery_data(delivery), status=202)
