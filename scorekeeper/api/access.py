"""The plumbing every API view shares; who may do what is the access policy's to say
(scorekeeper.services.policy, docs/security.md).

A club's objects are visible to its members only; everything else answers 404, so
that no one learns what exists. A member whose role (or token) is not enough gets 403.
"""

import functools

from django.urls import reverse
from django.utils.http import parse_etags
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import APIView

from .. import idempotency, services
from ..models import Game, Membership
from ..rules import RulesError
from ..services import policy
from ..services.errors import Hidden, VersionMismatch
from ..throttling import rate_limit_headers
from . import query
from . import serializers as s
from .parsers import JsonBodyParser


def member(request, club_id: int, *, write: bool) -> Membership:
    """The caller's membership of the club, if the policy lets it read (or, with `write`,
    enter games) there: 404 for a stranger, 403 for a member with too little."""
    return _checked(request, "game.write" if write else "club.read", club_id)


def account(request, *, write: bool) -> None:
    """Whether the caller may read (or, with `write`, change) what is their own account's
    rather than a club's: their clubs, tokens and invitations, a new club."""
    policy.check(request, "account.write" if write else "account.read")


def organiser(request, club_id: int, what: str, *, action: str = "club.admin") -> Membership:
    """The caller's membership if it organises the club (403 for other members), for an
    organiser's `action` ("club.admin" changes, "club.admin.read" only looks)."""
    return _checked(request, action, club_id, refusal=f"Only the club's organisers {what}")


def _checked(request, action: str, club_id: int, refusal: str = "") -> Membership:
    """The caller's membership (with its club), once the policy allowed the action: one
    query, the policy judging the role read with it."""
    membership = services.membership(request.user, club_id)
    policy.check(request, action, club_id, role=membership.role if membership else None,
                 refusal=refusal)
    return membership


def visible_game(request, game_id: int, *, write: bool = False,
                 action: str | None = None) -> Game:
    """The game if the policy lets the caller read it (or do `action`, or enter rounds
    with `write`); else 404, or 403 for a member with too little.

    One query, made once per process: the caller's role comes along with the game. The
    snapshot is left in the database: a check does not need it, and a service that does
    reads it under its lock.
    """
    game = services.game_with_role(game_id, request.user.pk, snapshot=False)
    if game is None:
        raise Hidden("No such object")
    policy.check(request, action or ("game.write" if write else "club.read"), game.club_id,
                 role=game.caller_role)
    return game


def caller_club(request, club_id: int | None) -> int:
    """The club named, or the caller's only club when none is named."""
    if club_id is not None:
        return club_id
    clubs = list(policy.visible_clubs(request).values_list("pk", flat=True)[:2])
    if len(clubs) != 1:
        raise RulesError(
            "Name the club: you belong to " + ("no club" if not clubs else "several clubs"),
            field="club", code="required",
        )
    return clubs[0]


def shape(serializer_class, request):
    """The request body checked by an input serializer (400 with every error otherwise)."""
    return s.validated(serializer_class, request.data)


def not_modified(request, game: Game) -> Response | None:
    """304 with the game's ETag when If-None-Match names the game's version (compared
    weakly, as RFC 9110 compares If-None-Match: "5" and W/"5" alike), else None. What a
    game shows (the game, its rounds, its ledger) changes only with its version."""
    etag = f'"{game.version}"'
    seen = parse_etags(request.headers.get("If-None-Match", ""))
    if etag in seen or f"W/{etag}" in seen or seen == ["*"]:
        return Response(status=status.HTTP_304_NOT_MODIFIED, headers={"ETag": etag})
    return None


def with_etag(data: dict, code=status.HTTP_200_OK) -> Response:
    return Response(data, status=code, headers={"ETag": f'"{data["version"]}"'})


def address(request, name: str, *args) -> str:
    """The root-relative address of the API's route `name` in the version the request came
    to (/api/v1/... or /api/v2/...)."""
    return reverse(f"api:{name}", args=args, current_app=request.resolver_match.namespace)


def created(data, location: str, *, version: int | None = None) -> Response:
    """201 with the new object and its address in Location (root-relative, as reverse()
    gives it); `version`: the game's, sent as the ETag."""
    headers = {"Location": location}
    if version is not None:
        headers["ETag"] = f'"{version}"'
    return Response(data, status=status.HTTP_201_CREATED, headers=headers)


def if_match(request, game: Game) -> int | None:
    """The version in If-Match ("5", or 5); None when the header is missing. If-Match
    compares strongly (RFC 9110, 13.1.1): a weak ETag (W/"5") matches no version, and is a
    412 that sends the game's current ETag, as any other mismatch."""
    header = request.headers.get("If-Match")
    if header is None:
        return None
    text = header.strip()
    weak = text.startswith("W/")
    number = text.removeprefix("W/").strip('"')
    if not number.isdigit():
        raise RulesError(f"If-Match must be the game's version, e.g. \"5\"; got {header!r}",
                         field="If-Match", code="invalid")
    if weak:
        raise VersionMismatch(
            f"If-Match compares strongly: the weak ETag {text} matches no version; send the "
            f'game\'s ETag as it is, "{game.version}"', current=game.version)
    return int(number)


# What a retry with the same Idempotency-Key gets again besides the status and the body.
REPLAYED_HEADERS = ("Location", "ETag")


KEYED_METHODS = ("post", "put", "patch", "delete")


def _once_per_key(post, plan=None):
    """A view's write method (`post`, `put`, ...), made to honour Idempotency-Key
    (docs/api.md, "Idempotency"). `plan`, the view's plan_post, works the write out before
    its transaction; `post` then takes what it gave as `planned`."""

    @functools.wraps(post)
    def post_once(view, request, *args, **kwargs):
        prepare = (lambda: plan(view, request, *args, **kwargs)) if plan else None

        def write(planned=None):
            return post(view, request, *args, **kwargs,
                        **({"planned": planned} if plan else {}))

        # An anonymous caller (POST /hands/evaluate/, which writes nothing) has no keys;
        # a subclass's post calling its parent's runs inside the outer one's key.
        if not request.user.is_authenticated or getattr(request, "_keyed", False):
            return write(prepare() if prepare else None)
        request._keyed = True
        key = request.headers.get("Idempotency-Key", "")
        # With a key the write runs inside the key's transaction (idempotency.once), which
        # rolls back whole when the write fails: the write needs no savepoint of its own.
        request.in_key_transaction = bool(key.strip())
        response, replay = idempotency.once(
            user=request.user, key=key,
            fingerprint=idempotency.body_fingerprint(request.method, request.path,
                                                     request.data) if key.strip() else "",
            prepare=prepare, write=write, answer=_answer,
        )
        if replay is None:
            return response
        return Response(replay.body, status=replay.status,
                        headers={**replay.headers, "Idempotent-Replayed": "true"})

    post_once.honours_idempotency_key = True  # so the schema says so (api/schema.py)
    return post_once


def _answer(response: Response) -> idempotency.Answer:
    # The body as DRF gives it to its renderer: the key's field encodes it as the renderer
    # does (IdempotencyKey.response_body), once.
    body = response.data
    headers = {name: response[name] for name in REPLAYED_HEADERS if response.has_header(name)}
    return idempotency.Answer(response.status_code, body, headers)


# The API reads JSON bodies only (docs/api.md): a form or a text body is a 415. Every write
# (POST, PUT, PATCH, DELETE) honours Idempotency-Key: a subclass's method is wrapped once,
# when the class is made. A subclass's `plan_post` (reads only) runs before the write's
# transaction, so that the transaction, and SQLite's one write lock, last only as long as
# the storing.
# (Comments, not a docstring: drf-spectacular would show a docstring as every operation's
# description.)
class JsonView(APIView):
    parser_classes = [JsonBodyParser]

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        for method in KEYED_METHODS:
            if method in vars(cls):
                setattr(cls, method, _once_per_key(vars(cls)[method],
                                                   vars(cls).get(f"plan_{method}")))

    def get_throttles(self):
        # Kept, to say where the caller stands in them once the answer is made.
        self.throttles_asked = super().get_throttles()
        return self.throttles_asked

    def finalize_response(self, request, response, *args, **kwargs):
        response = super().finalize_response(request, response, *args, **kwargs)
        for name, value in rate_limit_headers(getattr(self, "throttles_asked", ())).items():
            response[name] = value
        return response

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)  # authentication, permissions, throttles
        query.check(request)  # only the query parameters the schema declares, as declared
        # A body is JSON also where the operation reads none (POST .../close/): 415 otherwise.
        request.data  # noqa: B018 (parsed now)
        # An id in the address beyond any row's (a 64-bit integer) would overflow the query.
        if any(isinstance(value, int) and value > s.MAX_ID for value in kwargs.values()):
            raise exceptions.NotFound("No such object")
