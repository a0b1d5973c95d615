"""Presets, hands, and games: start, list, read, close, delete, void."""

from django.core.cache import cache
from django.http import HttpResponse
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response

from .. import rules as engine
from .. import services
from ..models import Club, TableSession
from ..rules import GameStatus, RulesError
from ..services import policy
from . import serializers as s
from .access import (
    JsonView,
    address,
    caller_club,
    created,
    if_match,
    member,
    not_modified,
    shape,
    visible_game,
    with_etag,
)
from .errors import (
    CONFLICT,
    ERRORS,
    IF_NONE_MATCH,
    NOT_MODIFIED,
    PAGE_LINKS,
    PUBLIC_ERRORS,
    WRITE_ERRORS,
    etag_header,
)
from .lists import ListPages, listed

# Undoing (docs/api.md, "Undoing"): the writes that take something back honour If-Match
# when it is sent, as a correction requires it.
IF_MATCH_OPTIONAL = OpenApiParameter(
    "If-Match", {"type": "string", "pattern": r'^(W/)?"?[0-9]+"?$'}, OpenApiParameter.HEADER,
    required=False, description='The game\'s version (its ETag), e.g. "5": refused with 412 '
                                "when the game has changed since.")
PRECONDITION_FAILED = OpenApiResponse(s.ErrorSerializer,
                                      description="The game changed since that version.")
UNDO_CONFLICT = OpenApiResponse(
    s.ErrorSerializer, description="It cannot be taken back now (rebuy_not_undoable, "
    "round_not_undoable, game_has_rounds), the game is over, or it is void (game_void).")


class PresetListView(JsonView):
    permission_classes = [AllowAny]

    @extend_schema(tags=["rules"],
                   responses={200: s.PresetSerializer(many=True), **PUBLIC_ERRORS})
    def get(self, request):
        return listed(request, list(engine.PRESETS), lambda keys: [
            {"key": key, "name": engine.PRESETS[key]["name"],
             "rules": engine.Rules.preset(key).to_dict()}
            for key in keys
        ])


class EvaluateView(JsonView):
    permission_classes = [AllowAny]

    @extend_schema(tags=["rules"], request=s.EvaluateInputSerializer,
                   responses={200: s.EvaluateSerializer, **PUBLIC_ERRORS,
                              415: WRITE_ERRORS[415]})
    def post(self, request):
        data = shape(s.EvaluateInputSerializer, request)
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
        return Response(s.data_of(s.EvaluateSerializer, result))


class GameListView(JsonView):
    @extend_schema(
        tags=["games"], operation_id="games_list",
        parameters=[s.GameListQuerySerializer, PAGE_LINKS],
        responses={200: s.GamePageSerializer, **ERRORS},
    )
    def get(self, request):
        query = s.GameListQuerySerializer(data=request.query_params.dict())
        query.is_valid(raise_exception=True)
        games = policy.visible_games(request).defer("snapshot").order_by("-id")
        if status_filter := query.validated_data.get("status"):
            games = games.filter(status=status_filter)
        else:
            # A deleted or voided game leaves the lists; ?status=void still finds it.
            games = games.exclude(status=GameStatus.VOID)
        if (club := query.validated_data.get("club")) is not None:
            games = games.filter(club_id=club)
        paginator = ListPages()
        page = paginator.paginate_queryset(games, request, view=self)
        return paginator.get_paginated_response(
            s.data_of(s.GameSummarySerializer, page, many=True))

    @extend_schema(tags=["games"], request=s.GameInputSerializer, parameters=[etag_header(201)],
                   responses={201: s.GameSerializer, **WRITE_ERRORS})
    def post(self, request):
        data = shape(s.GameInputSerializer, request)
        club_id = caller_club(request, data.get("club"))
        member(request, club_id, write=True)
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
        data = s.data_of(s.GameSerializer, view)
        return created(data, address(request, "game", data["id"]), version=data["version"])


class GameDetailView(JsonView):
    @extend_schema(
        tags=["games"], parameters=[IF_NONE_MATCH, etag_header(200, 304)],
        responses={200: s.GameSerializer, 304: NOT_MODIFIED, **ERRORS},
    )
    def get(self, request, game_id: int):
        game = visible_game(request, game_id)
        # A phone polling the game sends the ETag it has: unchanged, it gets no body.
        if unchanged := not_modified(request, game):
            return unchanged
        # The game object is a function of the game's version (see services.reading): kept
        # as the JSON it is sent as, so a read of a kept version renders nothing.
        key = f"game-json:{services.state_key(game)}:{request.LANGUAGE_CODE}"
        body = cache.get(key)
        if body is None:
            body = JSONRenderer().render(s.data_of(s.GameSerializer, services.load_game(game)))
            cache.set(key, body, services.STATE_CACHE_SECONDS)
        return HttpResponse(body, content_type="application/json",
                            headers={"ETag": f'"{game.version}"'})

    @extend_schema(
        tags=["games"], request=None, parameters=[IF_MATCH_OPTIONAL, etag_header(200, 412)],
        description="Delete a game started by mistake: only one without rounds. Its buy-ins "
                    "are reversed in the ledger and it is marked void (docs/api.md, "
                    "\"Undoing\"); a game with rounds answers 409 game_has_rounds.",
        responses={200: s.GameSerializer, 409: UNDO_CONFLICT, 412: PRECONDITION_FAILED,
                   **ERRORS},
    )
    def delete(self, request, game_id: int):
        game = visible_game(request, game_id, write=True)
        view = services.delete_game(game_id=game_id, user=request.user,
                                    version=if_match(request, game))
        return with_etag(s.data_of(s.GameSerializer, view))


class GameVoidView(JsonView):
    @extend_schema(
        tags=["games"], request=s.VoidInputSerializer,
        parameters=[IF_MATCH_OPTIONAL, etag_header(200, 412)],
        description="Void a game (organisers only), with a reason: every movement of its "
                    "money is reversed, nothing more can be entered (docs/api.md, "
                    "\"Undoing\").",
        responses={200: s.GameSerializer, 409: UNDO_CONFLICT, 412: PRECONDITION_FAILED,
                   **WRITE_ERRORS},
    )
    def post(self, request, game_id: int):
        game = visible_game(request, game_id, action="game.void")
        data = shape(s.VoidInputSerializer, request)
        view = services.void_game(game_id=game_id, reason=data["reason"], user=request.user,
                                  version=if_match(request, game))
        return with_etag(s.data_of(s.GameSerializer, view))


class GameCloseView(JsonView):
    @extend_schema(tags=["games"], request=None, parameters=[etag_header(200)],
                   responses={200: s.GameSerializer, 409: CONFLICT, **ERRORS})
    def post(self, request, game_id: int):
        visible_game(request, game_id, write=True)
        view = services.close_game(game_id=game_id, user=request.user)
        return with_etag(s.data_of(s.GameSerializer, view))
