"""Who may see and change what through the API, and the plumbing every view shares.

A club's objects are visible to its members only; everything else answers 404, so
that no one learns what exists. Writing needs the organiser's or the scorekeeper's
role (403 for a viewer).
"""

from django.db.models import F
from django.shortcuts import get_object_or_404
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import APIView

from .. import idempotency, services
from ..models import Game, Membership
from ..rules import RulesError
from . import serializers as s
from .parsers import UniqueKeysJSONParser


def member(request, club_id: int, *, write: bool) -> Membership:
    """The caller's membership of the club: 404 if none, 403 if it may not write."""
    membership = services.membership(request.user, club_id)
    if membership is None:
        raise exceptions.NotFound("No such object")
    if write and not membership.can_write:
        raise exceptions.PermissionDenied(
            "Viewers can read this club's games but not change them"
        )
    return membership


def organiser(request, club_id: int, what: str) -> Membership:
    """The caller's membership if it organises the club (403 for other members)."""
    membership = member(request, club_id, write=False)
    if membership.role != Membership.Role.ORGANISER:
        raise exceptions.PermissionDenied(f"Only the club's organisers {what}")
    return membership


def visible_game(request, game_id: int, *, write: bool = False) -> Game:
    """The game if the caller is a member of its club (else 404); writing needs a writer's role.

    One query: the caller's role comes along with the game. The snapshot is left in the
    database: a check does not need it, and a service that does reads it under its lock.
    """
    game = get_object_or_404(
        Game.objects.defer("snapshot")
        .filter(club__memberships__user=request.user)
        .annotate(caller_role=F("club__memberships__role")),
        pk=game_id,
    )
    if write and not Membership.writes(game.caller_role):
        raise exceptions.PermissionDenied("Viewers can read this club's games but not change them")
    return game


def caller_club(request, club_id: int | None) -> int:
    """The club named, or the caller's only club when none is named."""
    if club_id is not None:
        return club_id
    clubs = list(services.clubs_of(request.user).values_list("pk", flat=True)[:2])
    if len(clubs) != 1:
        raise RulesError(
            "Name the club: you belong to " + ("no club" if not clubs else "several clubs"),
            field="club", code="required",
        )
    return clubs[0]


def shape(serializer_class, request):
    """The request body checked by an input serializer (400 with every error otherwise)."""
    return s.validated(serializer_class, request.data)


def idempotent(request, write) -> Response:
    """Run `write()` (which returns a Response) once per Idempotency-Key header: a retry gets
    the first answer back, marked `Idempotent-Replayed: true` (scorekeeper.idempotency)."""
    key = request.headers.get("Idempotency-Key", "").strip()
    response, replay = idempotency.once(
        user=request.user, key=key,
        fingerprint=idempotency.body_fingerprint(request.method, request.path, request.data)
        if key else "",
        write=write, answer=lambda response: (response.status_code, response.data),
    )
    if replay is None:
        return response
    headers = {"Idempotent-Replayed": "true"}
    body = replay.body
    game = body.get("game", body) if isinstance(body, dict) else None  # round or game object
    if isinstance(game, dict) and isinstance(game.get("version"), int):
        headers["ETag"] = f'"{game["version"]}"'
    return Response(body, status=replay.status, headers=headers)


def with_etag(data: dict, code=status.HTTP_200_OK) -> Response:
    return Response(data, status=code, headers={"ETag": f'"{data["version"]}"'})


def if_match(request) -> int | None:
    """The version in If-Match ("5", 5 or W/"5"); None when the header is missing."""
    header = request.headers.get("If-Match")
    if header is None:
        return None
    text = header.strip().removeprefix("W/").strip('"')
    if not text.isdigit():
        raise RulesError(f"If-Match must be the game's version, e.g. \"5\"; got {header!r}",
                         field="If-Match", code="invalid")
    return int(text)


class JsonBodyParser(UniqueKeysJSONParser):
    """JSON, refusing a body nested deeper than any request of this API needs: the json
    module would otherwise meet a RecursionError (a 500) on a few thousand brackets."""

    max_depth = 32

    def parse(self, stream, media_type=None, parser_context=None):
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            data = None
        else:
            if _depth_within(data, self.max_depth):
                return data
        raise exceptions.ParseError(
            f"JSON parse error - nested more than {self.max_depth} levels deep")


def _depth_within(data, limit: int) -> bool:
    """Whether lists and objects nest at most `limit` levels (walked without recursion)."""
    level = [data]
    for _ in range(limit):
        level = [child for item in level if isinstance(item, dict | list)
                 for child in (item.values() if isinstance(item, dict) else item)]
        if not level:
            return True
    return False


# The API reads JSON bodies only (docs/api.md): a form or a text body is a 415. (A comment,
# not a docstring: drf-spectacular would show a docstring as every operation's description.)
class JsonView(APIView):
    parser_classes = [JsonBodyParser]

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)  # authentication, permissions, throttles
        # An id in the address beyond any row's (a 64-bit integer) would overflow the query.
        if any(isinstance(value, int) and value > s.MAX_ID for value in kwargs.values()):
            raise exceptions.NotFound("No such object")
