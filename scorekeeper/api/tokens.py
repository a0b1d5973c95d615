"""Signing in and tokens (docs/api.md, "Signing in and tokens"): a token for a user name and
password (for every club of the user or one, to write or only to read), the caller's tokens,
and the tokens scoped to a club for its organisers."""

from django.contrib.auth import authenticate
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import exceptions, serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from ..models import ApiToken
from ..services import tokens
from .access import JsonBodyParser, JsonView, account, organiser, shape
from .errors import ERRORS, PUBLIC_ERRORS, WRITE_ERRORS
from .lists import listed
from .serializers import (
    ErrorSerializer,
    IdField,
    NameField,
    StrictCharField,
    StrictIntegerField,
    StrictSerializer,
    data_of,
)

# --- Shapes ---------------------------------------------------------------------------------


class TokenInputSerializer(StrictSerializer):
    username = StrictCharField(max_length=150)
    password = StrictCharField(max_length=4096, trim_whitespace=False)
    name = NameField(max_length=tokens.MAX_NAME, allow_blank=True, required=False, default="",
                     help_text="What the token is for, e.g. \"scoreboard laptop\".")
    expires_in_days = StrictIntegerField(
        min_value=tokens.DAYS[0], max_value=tokens.DAYS[1], allow_null=True, required=False,
        default=None, help_text="How many days the token works; null or absent: until revoked.")
    club = IdField(allow_null=True, required=False, default=None,
                   help_text="The id of one club of yours: the token works there only. Null "
                             "or absent: in every club of yours.")
    scope = serializers.ChoiceField(
        choices=ApiToken.Scope.values, required=False, default=ApiToken.Scope.WRITE,
        error_messages={"invalid_choice": 'A token\'s scope is "read" or "write"',
                        "null": 'A token\'s scope is "read" or "write"'},
        help_text="read: the token may only read; write (the default): what you may do.")


# What a token is limited to, in every answer that shows one (after its other fields).
def club_field():
    return serializers.IntegerField(
        source="club_id", allow_null=True,
        help_text="The one club the token works in; null: every club of its user.")


def scope_field():
    return serializers.ChoiceField(choices=ApiToken.Scope.values,
                                   help_text="read: it may only read.")


class NewTokenSerializer(serializers.Serializer):
    token = serializers.CharField(
        help_text="Send it as `Authorization: Bearer <token>`. Shown this once only.")
    id = serializers.CharField(source="token_key", help_text="Names the token to revoke it.")
    name = serializers.CharField()
    expiry = serializers.DateTimeField(allow_null=True, help_text="null: until revoked.")
    club = club_field()
    scope = scope_field()


class ApiTokenSerializer(serializers.Serializer):
    id = serializers.CharField(source="token_key")
    name = serializers.CharField()
    created = serializers.DateTimeField()
    expiry = serializers.DateTimeField(allow_null=True, help_text="null: until revoked.")
    last_used_at = serializers.DateTimeField(
        allow_null=True, help_text="Within a minute; null: never used.")
    club = club_field()
    scope = scope_field()


class MemberTokenSerializer(ApiTokenSerializer):
    user = serializers.CharField(source="user.username", help_text="The member's user name.")


WRONG_PASSWORD = OpenApiResponse(
    ErrorSerializer, description="A wrong user name or password (invalid_credentials), or a "
                                 "wrong token sent along.")
TOKEN_ID = OpenApiParameter("token_id", OpenApiTypes.STR, OpenApiParameter.PATH,
                            description="The token's id (its first characters).")


# --- Views ----------------------------------------------------------------------------------


# A token for a user name and password. Not a JsonView: its answer holds the token itself,
# which must not be stored for an Idempotency-Key's replay (only its digest is kept).
class TokenView(APIView):
    permission_classes = []
    parser_classes = [JsonBodyParser]

    @extend_schema(tags=["access"], auth=[], request=TokenInputSerializer,
                   responses={200: NewTokenSerializer, **PUBLIC_ERRORS, 401: WRONG_PASSWORD,
                              413: WRITE_ERRORS[413], 415: WRITE_ERRORS[415],
                              503: ERRORS[503]})
    def post(self, request):
        data = shape(TokenInputSerializer, request)
        # DRF's request, as DRF's own token view passed it: the login lockout (django-axes,
        # scorekeeper/lockout.py) counts the failures and refuses a locked-out pair with 429.
        user = authenticate(request=request, username=data["username"],
                            password=data["password"])
        if user is None:
            raise exceptions.AuthenticationFailed(
                "Wrong user name or password", code="invalid_credentials")
        token, secret = tokens.make_token(user=user, name=data["name"],
                                          days=data["expires_in_days"], club_id=data["club"],
                                          scope=data["scope"])
        return Response(data_of(NewTokenSerializer, {
            "token": secret, "token_key": token.token_key, "name": token.name,
            "expiry": token.expiry, "club_id": token.club_id, "scope": token.scope}),
            headers={"Cache-Control": "no-store"})


class TokenListView(JsonView):
    @extend_schema(tags=["access"], responses={200: ApiTokenSerializer(many=True), **ERRORS})
    def get(self, request):
        account(request, write=False)
        return listed(request, tokens.tokens_of(request.user),
                      lambda page: data_of(ApiTokenSerializer, page, many=True))


class TokenDetailView(JsonView):
    @extend_schema(tags=["access"], parameters=[TOKEN_ID],
                   responses={204: None, **ERRORS})
    def delete(self, request, token_id: str):
        account(request, write=True)
        tokens.revoke_token(user=request.user, token_id=token_id)
        return Response(status=204)


class ClubTokenListView(JsonView):
    @extend_schema(tags=["access"], responses={200: MemberTokenSerializer(many=True), **ERRORS})
    def get(self, request, club_id: int):
        organiser(request, club_id, "see the tokens scoped to the club",
                  action="club.admin.read")
        return listed(request, tokens.club_tokens(club_id),
                      lambda page: data_of(MemberTokenSerializer, page, many=True))


class ClubTokenDetailView(JsonView):
    @extend_schema(tags=["access"], parameters=[TOKEN_ID],
                   responses={204: None, **ERRORS})
    def delete(self, request, club_id: int, token_id: str):
        organiser(request, club_id, "revoke the tokens scoped to the club")
        tokens.revoke_member_token(club_id=club_id, token_id=token_id)
        return Response(status=204)
