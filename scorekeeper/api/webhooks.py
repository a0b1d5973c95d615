"""A club's webhooks through the API (docs/api.md, "Webhooks"): registered, read, changed,
pinged, deleted, their secrets rotated and their deliveries replayed by the club's
organisers, with the services of the webhooks page (scorekeeper/services/webhooks.py,
webhook_signing.py for the secrets)."""

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.response import Response

from ..services import webhook_sending, webhook_signing, webhooks
from .access import JsonView, address, created, organiser, shape
from .errors import ERRORS, PAGE_LINKS, WRITE_ERRORS
from .lists import ListPages, listed
from .serializers import (
    ErrorSerializer,
    EventField,
    PageQuerySerializer,
    StrictBooleanField,
    StrictCharField,
    StrictSerializer,
    data_of,
)

# --- Shapes ---------------------------------------------------------------------------------

EVENT_NAMES = list(webhooks.EVENTS)
URL_HELP = ("Where the events are POSTed: http:// or https:// with a host that resolves only "
            "to public addresses.")
EVENTS_HELP = "The events it is sent; all of them when empty."


def events_field(**options) -> serializers.ListField:
    return serializers.ListField(
        child=serializers.ChoiceField(choices=EVENT_NAMES, error_messages={
            "invalid_choice": 'Unknown event "{input}"; the events are ' + ", ".join(EVENT_NAMES)
        }),
        max_length=len(EVENT_NAMES) * 2, **options)


class WebhookInputSerializer(StrictSerializer):
    url = StrictCharField(max_length=webhooks.MAX_URL, help_text=URL_HELP)
    events = events_field(required=False, default=list,
                          help_text="The events it is sent; all of them when left out or empty.")


class WebhookChangeSerializer(StrictSerializer):
    """What a PATCH may change; what it leaves out stays as it is."""

    url = StrictCharField(max_length=webhooks.MAX_URL, required=False, help_text=URL_HELP)
    events = events_field(required=False, help_text=EVENTS_HELP)
    active = StrictBooleanField(required=False,
                                help_text="false pauses it: no new events, pending deliveries "
                                          "wait; true resumes it.")


class WebhookSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    url = serializers.CharField(help_text="Where the events are POSTed, as registered.")
    events = serializers.ListField(child=serializers.ChoiceField(choices=EVENT_NAMES),
                                   help_text="The events it is sent; [] for all.")
    active = serializers.BooleanField(help_text="false: paused (PATCH, or the webhooks page).")
    created_at = serializers.DateTimeField()
    created_by = serializers.CharField(allow_null=True, help_text="The organiser's user name.")
    previous_secret_expires_at = serializers.DateTimeField(
        allow_null=True, help_text="Until when the secret before the last rotation still signs "
                                   "beside the current one; null when it signs no more.")


class NewWebhookSerializer(WebhookSerializer):
    secret = serializers.CharField(
        help_text="The key of the signatures (Scorekeeper-Signature). Shown this once only.")


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
    event = EventField(help_text="The event as the receiver gets it: one of the event "
                                 "types' shapes, by `type` (docs/api.md, \"Events\").")
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
        "previous_secret_expires_at": webhook_signing.previous_until(webhook),
    })


def delivery_data(delivery) -> dict:
    return data_of(DeliverySerializer, {
        "id": delivery.pk, "status": delivery.status,
        "next_attempt_at": delivery.next_attempt_at, "created_at": delivery.created_at,
        "event": webhook_sending.envelope(delivery.event),
        "attempts": list(delivery.attempts.all()),
    })


# --- Views ----------------------------------------------------------------------------------

WHAT = "manage webhooks"


class WebhookListView(JsonView):
    @extend_schema(tags=["webhooks"], responses={200: WebhookSerializer(many=True), **ERRORS})
    def get(self, request, club_id: int):
        organiser(request, club_id, WHAT, action="club.admin.read")
        return listed(request, webhooks.club_webhooks(club_id).select_related("created_by"),
                      lambda page: [webhook_data(webhook) for webhook in page])

    @extend_schema(tags=["webhooks"], request=WebhookInputSerializer,
                   responses={201: NewWebhookSerializer, **WRITE_ERRORS})
    def post(self, request, club_id: int):
        organiser(request, club_id, WHAT)
        data = shape(WebhookInputSerializer, request)
        webhook = webhooks.create_webhook(club_id=club_id, url=data["url"],
                                          events=data["events"], user=request.user)
        return created({**webhook_data(webhook), "secret": webhook.secret},
                       address(request, "club-webhook", club_id, webhook.pk))


class WebhookDetailView(JsonView):
    @extend_schema(tags=["webhooks"], responses={200: WebhookSerializer, **ERRORS})
    def get(self, request, club_id: int, webhook_id: int):
        organiser(request, club_id, WHAT, action="club.admin.read")
        return Response(webhook_data(webhooks.webhook_of(club_id, webhook_id)))

    @extend_schema(tags=["webhooks"], request=WebhookChangeSerializer,
                   responses={200: WebhookSerializer, **WRITE_ERRORS})
    def patch(self, request, club_id: int, webhook_id: int):
        """Change its URL, its events or whether it is active; what is left out stays."""
        organiser(request, club_id, WHAT)
        data = shape(WebhookChangeSerializer, request)
        webhook = webhooks.change_webhook(club_id=club_id, webhook_id=webhook_id, **data)
        return Response(webhook_data(webhook))

    @extend_schema(tags=["webhooks"], responses={204: None, **ERRORS})
    def delete(self, request, club_id: int, webhook_id: int):
        """The webhook goes, with its deliveries: nothing more is sent to it."""
        organiser(request, club_id, WHAT)
        webhooks.delete_webhook(club_id=club_id, webhook_id=webhook_id)
        return Response(status=204)


class PingView(JsonView):
    @extend_schema(tags=["webhooks"], request=None, responses={
        202: DeliverySerializer, 409: OpenApiResponse(ErrorSerializer, description=(
            "The webhook is paused (webhook_paused): resume it first.")), **ERRORS})
    def post(self, request, club_id: int, webhook_id: int):
        """Send the webhook a signed `ping` event now, whatever events it takes: a delivery
        like any other, listed with its attempts."""
        organiser(request, club_id, WHAT)
        delivery = webhooks.ping(club_id=club_id, webhook_id=webhook_id)
        return Response(delivery_data(delivery), status=202)


class RotateView(JsonView):
    @extend_schema(tags=["webhooks"], request=None,
                   responses={200: NewWebhookSerializer, **ERRORS})
    def post(self, request, club_id: int, webhook_id: int):
        """A new secret, shown this once; the one before still signs beside it for the
        overlap (previous_secret_expires_at)."""
        organiser(request, club_id, WHAT)
        webhook = webhook_signing.rotate_secret(club_id=club_id, webhook_id=webhook_id)
        return Response({**webhook_data(webhook), "secret": webhook.secret})


class DeliveryListView(JsonView):
    @extend_schema(tags=["webhooks"], operation_id="clubs_webhooks_deliveries_list",
                   parameters=[PageQuerySerializer, PAGE_LINKS],
                   responses={200: DeliveryPageSerializer, **ERRORS})
    def get(self, request, club_id: int, webhook_id: int):
        """The webhook's deliveries, newest first, each with its attempts."""
        organiser(request, club_id, WHAT, action="club.admin.read")
        webhook = webhooks.webhook_of(club_id, webhook_id)
        paginator = ListPages()
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
