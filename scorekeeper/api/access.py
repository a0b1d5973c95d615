"""Who may see and change what through the API, and the plumbing every view shares.

A club's objects are visible to its members only; everything else answers 404, so
that no one learns what exists. Writing needs the organiser's or the scorekeeper's
role (403 for a viewer).
"""

import functools
import json

from django.db.models import F
from django.shortcuts import get_object_or_404
from rest_framework import exceptions, status
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response
from rest_framework.views import APIView

from .. import idempotency, services
from ..models import Game, Membership
from ..rules import RulesError
from . import serializers as s
from .parsers import JsonBodyParser


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


def with_etag(data: dict, code=status.HTTP_200_OK) -> Response:
    return Response(data, status=code, headers={"ETag": f'"{data["version"]}"'})


def created(data, location: str, *, version: int | None = None) -> Response:
    """201 with the new object and its address in Location (root-relative, as reverse()
    gives it); `version`: the game's, sent as the ETag."""
    headers = {"Location": location}
    if version is not None:
        headers["ETag"] = f'"{version}"'
    return Response(data, status=status.HTTP_201_CREATED, headers=headers)


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


# What a retry with the same Idempotency-Key gets again besides the status and the body.
REPLAYED_HEADERS = ("Location", "ETag")


def _once_per_key(post):
    """A view's `post`, made to honour Idempotency-Key (docs/api.md, "Idempotency")."""

    @functools.wraps(post)
    def post_once(view, request, *args, **kwargs):
        # An anonymous caller (POST /hands/evaluate/, which writes nothing) has no keys;
        # a subclass's post calling its parent's runs inside the outer one's key.
        if not request.user.is_authenticated or getattr(request, "_keyed", False):
            return post(view, request, *args, **kwargs)
        request._keyed = True
        key = request.headers.get("Idempotency-Key", "")
        response, replay = idempotency.once(
            user=request.user, key=key,
            fingerprint=idempotency.body_fingerprint(request.method, request.path,
                                                     request.data) if key.strip() else "",
            write=lambda: post(view, request, *args, **kwargs), answer=_answer,
        )
        if replay is None:
            return response
        return Response(replay.body, status=replay.status,
                        headers={**replay.headers, "Idempotent-Replayed": "true"})

    return post_once


def _answer(response: Response) -> idempotency.Answer:
    # The body as the client read it (DRF's JSON: dates as it writes them).
    body = json.loads(JSONRenderer().render(response.data) or b"null")
    headers = {name: response[name] for name in REPLAYED_HEADERS if response.has_header(name)}
    return idempotency.Answer(response.status_code, body, headers)


# The API reads JSON bodies only (docs/api.md): a form or a text body is a 415. Every POST
# honours Idempotency-Key: a subclass's `post` is wrapped once, when the class is made.
# (Comments, not a docstring: drf-spectacular would show a docstring as every operation's
# description.)
class JsonView(APIView):
    parser_classes = [JsonBodyParser]

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if "post" in vars(cls):
            cls.post = _once_per_key(vars(cls)["post"])

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)  # authentication, permissions, throttles
        # A body is JSON also where the operation reads none (POST .../close/): 415 otherwise.
        request.data  # noqa: B018 (parsed now)
        # An id in the address beyond any row's (a 64-bit integer) would overflow the query.
        if any(isinstance(value, int) and value > s.MAX_ID for value in kwargs.values()):
            raise exceptions.NotFound("No such object")
