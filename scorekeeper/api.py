"""The REST API (API.md): thin views that check shape, call one service, and answer.

Errors all answer as {"errors": [{"field", "code", "message"}]} (see
`exception_handler`); a club's objects are visible to its members only, and
everything else answers 404 so that no one learns what exists.
"""

import hashlib
import json
import logging

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.core.exceptions import RequestDataTooBig
from django.db import IntegrityError, OperationalError, transaction
from django.db.models import F
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404
from django.utils.http import parse_etags
from django.views import defaults
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import exceptions, status
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.pagination import PageNumberPagination
from rest_framework.parsers import FormParser, JSONParser, MultiPartParser
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView, set_rollback
from rest_framework.views import exception_handler as drf_exception_handler

from ledger.models import Entry, IdempotencyKey

from . import rules as engine
from . import serializers as s
from . import services
from .models import Club, Game, Membership, TableSession
from .rules import RulesError

# --- Errors ------------------------------------------------------------------------------

_STATUS_BY_RULES_ERROR = {engine.GameOver: 409}
logger = logging.getLogger(__name__)


def exception_handler(exc, context):
    """Every error as {"errors": [...]}: field path, stable code, a message for people."""
    if isinstance(exc, RulesError):
        body = {"errors": [{"field": exc.field, "code": exc.code, "message": exc.message}]}
        if isinstance(exc, services.StaleRound):
            body["next_round"] = exc.next_round
        code = getattr(exc, "status", None) or _STATUS_BY_RULES_ERROR.get(type(exc), 400)
        return Response(body, status=code)
    if isinstance(exc, OperationalError):
        # Transient ("database is locked", a lost connection, a serialization failure):
        # the write's transaction rolled back, so the client may safely send it again.
        logger.warning("Database unavailable, answered 503: %s", exc)
        set_rollback()
        return Response(
            {"errors": [{"field": None, "code": "database_unavailable",
                         "message": "The database is busy; nothing was saved. "
                                    "Send the same request again in a moment."}]},
            status=status.HTTP_503_SERVICE_UNAVAILABLE, headers={"Retry-After": "1"},
        )
    if isinstance(exc, RequestDataTooBig):
        # Django's own answer would be an HTML 400 page.
        return Response(
            {"errors": [{"field": None, "code": "too_large",
                         "message": "The request is too large: a body has at most "
                                    f"{settings.DATA_UPLOAD_MAX_MEMORY_SIZE} bytes"}]},
            status=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE,
        )
    if isinstance(exc, Http404):
        # get_object_or_404's message names the model; say no more than "not found".
        exc = exceptions.NotFound("No such object")
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, exceptions.NotAuthenticated | exceptions.AuthenticationFailed):
        # API.md: 401 without valid credentials. DRF falls back to 403 because its first
        # authenticator (the pages' session) names no WWW-Authenticate scheme; tokens do.
        response.status_code = status.HTTP_401_UNAUTHORIZED
        response["WWW-Authenticate"] = "Token"
    if isinstance(exc, exceptions.ValidationError):
        errors = list(_flatten(exc.detail, ""))
    else:
        detail = exc.detail if isinstance(exc, exceptions.APIException) else str(exc)
        errors = [{"field": None, "code": getattr(detail, "code", "error"), "message": str(detail)}]
    response.data = {"errors": errors}
    return response


def _flatten(detail, path):
    """DRF's nested error detail -> flat items with paths like hands[2].cards."""
    if isinstance(detail, dict):
        for key, value in detail.items():
            if key == "non_field_errors":
                yield from _flatten(value, path)
            elif isinstance(key, int):  # DRF keys a list's errors by index: hands[1]
                yield from _flatten(value, f"{path}[{key}]")
            else:
                yield from _flatten(value, f"{path}.{key}" if path else str(key))
    elif isinstance(detail, list):
        if detail and all(isinstance(item, exceptions.ErrorDetail) for item in detail):
            for item in detail:
                yield {"field": path or None, "code": item.code, "message": str(item)}
        else:
            for index, item in enumerate(detail):
                if item:
                    yield from _flatten(item, f"{path}[{index}]")
    else:
        yield {"field": path or None, "code": getattr(detail, "code", "invalid"),
               "message": str(detail)}


def not_found(request, exception=None):
    """handler404: an address under /api/ that matches no route answers in the API's error
    format (JSON), like every other API error; the pages keep Django's 404 page."""
    if request.path.startswith("/api/"):
        return JsonResponse({"errors": [{"field": None, "code": "not_found",
                                         "message": "No such object"}]}, status=404)
    return defaults.page_not_found(request, exception)


ERRORS = {
    400: OpenApiResponse(s.ErrorSerializer, description="Bad input: what is wrong, and where."),
    401: OpenApiResponse(s.ErrorSerializer, description="Not signed in."),
    403: OpenApiResponse(s.ErrorSerializer, description="Signed in without the right to do this."),
    404: OpenApiResponse(s.ErrorSerializer, description="No such object visible to the caller."),
    503: OpenApiResponse(s.ErrorSerializer, description="The database is busy; nothing was "
                         "saved. Send the same request again after Retry-After seconds."),
}
# Writes with a body: the body must be JSON.
WRITE_ERRORS = {
    **ERRORS,
    413: OpenApiResponse(s.ErrorSerializer, description="The body is larger than the server "
                         "takes (DATA_UPLOAD_MAX_MEMORY_SIZE, 2.5 MB by default)."),
    415: OpenApiResponse(s.ErrorSerializer, description="The body is not JSON "
                         "(Content-Type: application/json)."),
}
# Public reads and the token endpoint: no rights needed, but bad credentials still answer 401.
# (429 is on every operation: scorekeeper.throttling.document_429.)
PUBLIC_ERRORS = {code: ERRORS[code] for code in (400, 401)}
CONFLICT = OpenApiResponse(
    s.ErrorSerializer, description="The round number is stale, or the game is over."
)
IDEMPOTENCY_KEY = OpenApiParameter(
    "Idempotency-Key", OpenApiTypes.STR, OpenApiParameter.HEADER, required=False,
    description="Makes a retried POST return the first response and write nothing.",
)
IF_NONE_MATCH = OpenApiParameter(
    "If-None-Match", OpenApiTypes.STR, OpenApiParameter.HEADER, required=False,
    description="The ETag (the game's version) the caller already has, e.g. \"5\".",
)
NOT_MODIFIED = OpenApiResponse(description="The game is still at the version in If-None-Match.")
IDEMPOTENCY_MISMATCH = OpenApiResponse(
    s.ErrorSerializer, description="The Idempotency-Key was used with another request body."
)


# --- Access --------------------------------------------------------------------------------


def _member(request, club_id: int, *, write: bool) -> Membership:
    """The caller's membership of the club: 404 if none, 403 if it may not write."""
    membership = services.membership(request.user, club_id)
    if membership is None:
        raise exceptions.NotFound("No such object")
    if write and not membership.can_write:
        raise exceptions.PermissionDenied(
            "Viewers can read this club's games but not change them"
        )
    return membership


def _visible_game(request, game_id: int, *, write: bool = False) -> Game:
    """The game if the caller is a member of its club (else 404); writing needs a writer's role.

    One query: the caller's role comes along with the game.
    """
    game = get_object_or_404(
        Game.objects
        .filter(club__memberships__user=request.user)
        .annotate(caller_role=F("club__memberships__role")),
        pk=game_id,
    )
    if write and not Membership.writes(game.caller_role):
        raise exceptions.PermissionDenied("Viewers can read this club's games but not change them")
    return game


def _caller_club(request, club_id: int | None) -> int:
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


def _shape(serializer_class, request, **kwargs):
    serializer = serializer_class(data=request.data, **kwargs)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


def _idempotent(request, write) -> Response:
    """Run `write` once per Idempotency-Key: a retry gets the first answer back.

    The key, a fingerprint of the request and the response are stored in the
    transaction that writes, so either both land or neither does. A retry that
    overtakes the first request's answer (both sent before either committed) waits
    for the game's lock in the service, then fails (the round is taken, the re-buy
    made) or meets the unique key: it rolls back and answers as the first one did.
    """
    key = request.headers.get("Idempotency-Key", "").strip()
    if not key:
        return write()
    if len(key) > 255:
        raise RulesError("Idempotency-Key has at most 255 characters", field="Idempotency-Key",
                         code="invalid")
    body = json.dumps(request.data, sort_keys=True, default=str)
    fingerprint = hashlib.sha256(f"{request.method} {request.path}\n{body}".encode()).hexdigest()
    stored = IdempotencyKey.objects.filter(user=request.user, key=key).first()
    if stored is not None:
        return _stored_answer(stored, fingerprint)
    try:
        with transaction.atomic():
            response = write()
            IdempotencyKey.objects.create(
                user=request.user, key=key, fingerprint=fingerprint,
                response_status=response.status_code,
                response_body=json.loads(json.dumps(response.data, default=str)),
            )
            return response
    except (IntegrityError, RulesError):
        stored = IdempotencyKey.objects.filter(user=request.user, key=key).first()
        if stored is None:
            raise
        return _stored_answer(stored, fingerprint)


def _stored_answer(stored: IdempotencyKey, fingerprint: str) -> Response:
    """The saved response of a key (a replay), or 422 when the key came with another request."""
    if stored.fingerprint != fingerprint:
        return Response(
            {"errors": [{"field": "Idempotency-Key", "code": "idempotency_key_reused",
                         "message": "This Idempotency-Key was used for another request; "
                                    "use a new key for a new request"}]},
            status=422,
        )
    headers = {"Idempotent-Replayed": "true"}
    body = stored.response_body
    game = body.get("game", body) if isinstance(body, dict) else None  # round or game object
    if isinstance(game, dict) and isinstance(game.get("version"), int):
        headers["ETag"] = f'"{game["version"]}"'
    return Response(body, status=stored.response_status, headers=headers)


def _with_etag(data: dict, code=status.HTTP_200_OK) -> Response:
    return Response(data, status=code, headers={"ETag": f'"{data["version"]}"'})


def _if_match(request) -> int | None:
    """The version in If-Match ("5", 5 or W/"5"); None when the header is missing."""
    header = request.headers.get("If-Match")
    if header is None:
        return None
    text = header.strip().removeprefix("W/").strip('"')
    if not text.isdigit():
        raise RulesError(f"If-Match must be the game's version, e.g. \"5\"; got {header!r}",
                         field="If-Match", code="invalid")
    return int(text)


# --- Views -------------------------------------------------------------------------------


class JsonBodyParser(JSONParser):
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


# The API reads JSON bodies only (API.md): a form or a text body is a 415. (A comment, not a
# docstring: drf-spectacular would show a docstring as every operation's description.)
class JsonView(APIView):
    parser_classes = [JsonBodyParser]

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)  # authentication, permissions, throttles
        # An id in the address beyond any row's (a 64-bit integer) would overflow the query.
        if any(isinstance(value, int) and value > s.MAX_ID for value in kwargs.values()):
            raise exceptions.NotFound("No such object")


class TokenView(ObtainAuthToken):
    """POST {"username", "password"} -> {"token"}; send it as `Authorization: Token <token>`."""

    parser_classes = [JsonBodyParser, FormParser, MultiPartParser]

    @extend_schema(tags=["access"], auth=[],
                   responses={200: s.TokenSerializer, **PUBLIC_ERRORS, 415: WRITE_ERRORS[415],
                              503: ERRORS[503]})
    def post(self, request, *args, **kwargs):
        return super().post(request, *args, **kwargs)


class ClubListView(JsonView):
    @extend_schema(tags=["access"],
                   responses={200: s.ClubWithRoleSerializer(many=True), **ERRORS})
    def get(self, request):
        memberships = Membership.objects.filter(user=request.user).select_related("club")
        return Response([{"id": m.club_id, "name": m.club.name, "role": m.role}
                         for m in memberships.order_by("club__name")])  # fmt: skip

    @extend_schema(tags=["access"], request=s.ClubInputSerializer,
                   responses={201: s.ClubSerializer, **WRITE_ERRORS})
    def post(self, request):
        data = _shape(s.ClubInputSerializer, request)
        club = services.create_club(name=data["name"], user=request.user)
        return Response({"id": club.pk, "name": club.name}, status=201)


class ClubMemberView(JsonView):
    """Organisers add people to their club, or change their role."""

    @extend_schema(tags=["access"], request=s.MemberInputSerializer,
                   responses={201: s.MemberSerializer, **WRITE_ERRORS})
    def post(self, request, club_id: int):
        membership = _member(request, club_id, write=True)
        if membership.role != Membership.Role.ORGANISER:
            raise exceptions.PermissionDenied("Only the club's organisers add members")
        data = _shape(s.MemberInputSerializer, request)
        user = get_user_model().objects.filter(username=data["username"]).first()
        if user is None:
            raise RulesError(f"There is no user {data['username']}", field="username",
                             code="unknown_user")
        Membership.objects.update_or_create(club_id=club_id, user=user,
                                            defaults={"role": data["role"]})
        return Response({"username": user.username, "role": data["role"]}, status=201)


class PresetListView(JsonView):
    permission_classes = [AllowAny]

    @extend_schema(tags=["rules"],
                   responses={200: s.PresetSerializer(many=True), **PUBLIC_ERRORS})
    def get(self, request):
        return Response([
            {"key": key, "name": preset["name"], "rules": engine.Rules.preset(key).to_dict()}
            for key, preset in engine.PRESETS.items()
        ])


class EvaluateView(JsonView):
    permission_classes = [AllowAny]

    @extend_schema(tags=["rules"], request=s.EvaluateInputSerializer,
                   responses={200: s.EvaluateSerializer, **PUBLIC_ERRORS,
                              415: WRITE_ERRORS[415]})
    def post(self, request):
        data = _shape(s.EvaluateInputSerializer, request)
        rules = engine.Rules.preset(data["preset"], **data["rules"])
        cards = data["cards"]
        try:
            parsed = engine.parse_cards(cards)
            engine.check_deck([parsed], decks=rules.decks, jokers=rules.jokers)
        except RulesError as error:
            error.field = "cards"
            raise
        if len(parsed) > 20:
            raise RulesError("A hand to evaluate has at most 20 cards", field="cards",
                             code="too_many_cards")
        result = (engine.best_discard if data["discard"] else engine.evaluate_hand)(parsed, rules)
        return Response({"deadwood": result.deadwood, "melds": result.melds,
                         "unmatched": result.unmatched, "discard": result.discard})


class GamePagination(PageNumberPagination):
    page_size = 50
    max_page_size = 200
    page_size_query_param = "page_size"


class GameListView(JsonView):
    @extend_schema(
        tags=["games"], operation_id="games_list", parameters=[s.GameListQuerySerializer],
        responses={200: s.GamePageSerializer, **ERRORS},
    )
    def get(self, request):
        query = s.GameListQuerySerializer(data=request.query_params.dict())
        query.is_valid(raise_exception=True)
        games = Game.objects.filter(club__memberships__user=request.user).order_by("-id")
        if status_filter := query.validated_data.get("status"):
            games = games.filter(status=status_filter)
        if (club := query.validated_data.get("club")) is not None:
            games = games.filter(club_id=club)
        paginator = GamePagination()
        page = paginator.paginate_queryset(games, request, view=self)
        return paginator.get_paginated_response([
            {"id": g.pk, "name": g.name, "club": g.club_id, "session": g.session_id,
             "preset": g.preset, "status": g.status, "created_at": g.created_at,
             "version": g.version}
            for g in page
        ])

    @extend_schema(tags=["games"], request=s.GameInputSerializer,
                   responses={201: s.GameSerializer, **WRITE_ERRORS})
    def post(self, request):
        data = _shape(s.GameInputSerializer, request)
        club_id = _caller_club(request, data.get("club"))
        _member(request, club_id, write=True)
        session = None
        if data["session"] is not None:
            session = TableSession.objects.filter(pk=data["session"], club_id=club_id).first()
            if session is None:
                raise RulesError("No such table session in this club", field="session",
                                 code="not_found")
        view = services.start_game(
            club=Club.objects.get(pk=club_id), name=data["name"], preset=data["preset"],
            rules=data["rules"], players=data["players"], session=session,
            currency=data["currency"], user=request.user,
        )
        return _with_etag(s.game_data(view), status.HTTP_201_CREATED)


class GameDetailView(JsonView):
    @extend_schema(
        tags=["games"], parameters=[IF_NONE_MATCH],
        responses={200: s.GameSerializer, 304: NOT_MODIFIED, **ERRORS},
    )
    def get(self, request, game_id: int):
        game = _visible_game(request, game_id)
        etag = f'"{game.version}"'
        # A phone polling the game sends the ETag it has: unchanged, it gets no body.
        seen = parse_etags(request.headers.get("If-None-Match", ""))
        if etag in seen or f"W/{etag}" in seen or seen == ["*"]:
            return Response(status=status.HTTP_304_NOT_MODIFIED, headers={"ETag": etag})
        # The game object is a function of the game's version (see services.cached_state).
        key = f"game-json:{services.state_cache_key(game)}"
        data = cache.get(key)
        if data is None:
            data = s.game_data(services.load_game(game))
            cache.set(key, data, services.STATE_CACHE_SECONDS)
        return _with_etag(data)


class GameCloseView(JsonView):
    @extend_schema(tags=["games"], request=None,
                   responses={200: s.GameSerializer, 409: CONFLICT, **ERRORS})
    def post(self, request, game_id: int):
        _visible_game(request, game_id, write=True)
        view = services.close_game(game_id=game_id, user=request.user)
        return _with_etag(s.game_data(view))


def _hands(data) -> list[services.HandInput]:
    return [services.HandInput(hand["player"], hand.get("deadwood"), hand.get("cards"))
            for hand in data["hands"]]  # fmt: skip


class RoundListView(JsonView):
    @extend_schema(tags=["rounds"], responses={200: s.RoundSerializer(many=True), **ERRORS})
    def get(self, request, game_id: int):
        view = services.load_game(_visible_game(request, game_id))
        return Response([s.round_data(view, number) for number in range(1, len(view.rounds) + 1)])

    @extend_schema(
        tags=["rounds"], request=s.RoundInputSerializer, parameters=[IDEMPOTENCY_KEY],
        responses={201: s.RoundWithGameSerializer, 409: CONFLICT, 422: IDEMPOTENCY_MISMATCH,
                   **WRITE_ERRORS},
    )
    def post(self, request, game_id: int):
        _visible_game(request, game_id, write=True)

        def write():
            data = _shape(s.RoundInputSerializer, request)
            result, view = services.record_round(
                game_id=game_id, number=data["number"], ender=data["ender"],
                hands=_hands(data), ender_melds=data.get("ender_melds"), user=request.user,
                request_id=request.headers.get("Idempotency-Key", ""),
            )
            body = s.round_data(view, result.number)
            body["game"] = s.game_data(view)
            return Response(body, status=201, headers={"ETag": f'"{view.game.version}"'})

        return _idempotent(request, write)


class RoundDetailView(JsonView):
    @extend_schema(tags=["rounds"], responses={200: s.RoundSerializer, **ERRORS})
    def get(self, request, game_id: int, number: int):
        view = services.load_game(_visible_game(request, game_id))
        if not 1 <= number <= len(view.rounds):
            raise exceptions.NotFound(f"Round {number} has not been entered")
        return Response(s.round_data(view, number))

    @extend_schema(
        tags=["rounds"], request=s.CorrectionInputSerializer,
        parameters=[OpenApiParameter(
            "If-Match", {"type": "string", "pattern": r'^(W/)?"?[0-9]+"?$'},
            OpenApiParameter.HEADER, required=True,
            description='The game\'s version (its ETag), e.g. "5".')],
        responses={200: s.RoundWithGameSerializer, 412: OpenApiResponse(
            s.ErrorSerializer, description="The game changed since that version."),
            428: OpenApiResponse(s.ErrorSerializer, description="If-Match is missing."),
            409: CONFLICT, **WRITE_ERRORS},
    )
    def put(self, request, game_id: int, number: int):
        _visible_game(request, game_id, write=True)
        data = _shape(s.CorrectionInputSerializer, request)
        if data.get("number") not in (None, number):
            raise RulesError(f"The body names round {data['number']} but the address round "
                             f"{number}", field="number", code="invalid")
        result, view = services.correct_round(
            game_id=game_id, number=number, ender=data["ender"], hands=_hands(data),
            reason=data["reason"], version=_if_match(request),
            ender_melds=data.get("ender_melds"), user=request.user,
        )
        body = s.round_data(view, number)
        body["game"] = s.game_data(view)
        return Response(body, headers={"ETag": f'"{view.game.version}"'})


class RebuyView(JsonView):
    @extend_schema(
        tags=["rounds"], request=s.RebuyInputSerializer, parameters=[IDEMPOTENCY_KEY],
        responses={201: s.GameSerializer, 409: CONFLICT, 422: IDEMPOTENCY_MISMATCH,
                   **WRITE_ERRORS},
    )
    def post(self, request, game_id: int):
        _visible_game(request, game_id, write=True)

        def write():
            data = _shape(s.RebuyInputSerializer, request)
            view = services.take_rebuy(game_id=game_id, player=data["player"],
                                       user=request.user,
                                       request_id=request.headers.get("Idempotency-Key", ""))
            return _with_etag(s.game_data(view), status.HTTP_201_CREATED)

        return _idempotent(request, write)


class LedgerView(JsonView):
    @extend_schema(tags=["money"], responses={200: s.LedgerEntrySerializer(many=True), **ERRORS})
    def get(self, request, game_id: int):
        game = _visible_game(request, game_id)
        return Response(s.ledger_data(Entry.objects.for_game(game.pk)))


class SettlementView(JsonView):
    @extend_schema(tags=["money"], responses={200: s.SettlementSerializer, **ERRORS})
    def get(self, request, game_id: int):
        view = services.load_game(_visible_game(request, game_id))
        nets = services.player_nets(view)
        final = view.state.status == "finished"
        # A pot carried in from an earlier game of the session makes the nets sum to that
        # pot, not to zero: such a game settles with the evening (GET /sessions/{id}/).
        settles_alone = sum(nets.values()) == 0
        payments = services.settlement(nets) if final and settles_alone else []
        return Response(s.settlement_data(nets, payments, final=final))


class VerifyView(JsonView):
    @extend_schema(tags=["money"], responses={200: s.VerifySerializer, **ERRORS})
    def get(self, request, game_id: int):
        game = _visible_game(request, game_id)
        differences = services.verify_game(game)
        from ledger.services import balances

        return Response({
            "verified": not differences,
            "differences": differences,
            "balances": {key: s.money(amount) for key, amount in balances(game.pk).items()},
        })


class SessionListView(JsonView):
    @extend_schema(tags=["games"], request=s.SessionInputSerializer,
                   responses={201: s.SessionSerializer, **WRITE_ERRORS})
    def post(self, request):
        data = _shape(s.SessionInputSerializer, request)
        club_id = _caller_club(request, data.get("club"))
        _member(request, club_id, write=True)
        session = services.create_session(club=Club.objects.get(pk=club_id), name=data["name"])
        return Response(_session_data(session), status=201)


class SessionDetailView(JsonView):
    @extend_schema(tags=["games"], responses={200: s.SessionSerializer, **ERRORS})
    def get(self, request, session_id: int):
        session = get_object_or_404(
            TableSession.objects.filter(club__memberships__user=request.user), pk=session_id
        )
        return Response(_session_data(session))


def _session_data(session: TableSession) -> dict:
    games = list(session.games.order_by("id"))
    nets = services.session_nets(session)
    carried = services.session_carry(session)
    # A game whose pot was carried over is done once a later game took the pot (carried 0).
    final = bool(games) and not carried and all(
        game.status in ("finished", "carried_over") for game in games
    )
    payments = services.settlement(nets) if final else []
    return {
        "id": session.pk,
        "club": session.club_id,
        "name": session.name,
        "games": [{"id": g.pk, "name": g.name, "club": g.club_id, "session": g.session_id,
                   "preset": g.preset, "status": g.status, "created_at": g.created_at,
                   "version": g.version} for g in games],  # fmt: skip
        "carried_pot": s.money(carried),
        "net": [{"player": player, "amount": s.money(amount)} for player, amount in nets.items()],
        "transfers": [{"from": p.debtor, "to": p.creditor, "amount": s.money(p.amount)}
                      for p in payments],  # fmt: skip
    }
