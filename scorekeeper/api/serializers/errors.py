"""The error body of every refusal (docs/api.md, "Errors"): documentation only, as the
exception handler (scorekeeper.api.errors) writes it."""

from rest_framework import serializers


class ErrorItemSerializer(serializers.Serializer):
    field = serializers.CharField(
        allow_null=True, help_text='Path of the input, e.g. "hands[2].cards".'
    )
    code = serializers.CharField(help_text="A stable machine-readable code.")
    message = serializers.CharField(help_text="What is wrong, in words a player understands.")


class ErrorSerializer(serializers.Serializer):
    errors = ErrorItemSerializer(many=True)
    next_round = serializers.IntegerField(required=False, help_text="409 stale_round only.")
    request_id = serializers.CharField(
        required=False, help_text="The request's id, as in its X-Request-ID answer header: "
                                  "quote it when you report a failed call.")
