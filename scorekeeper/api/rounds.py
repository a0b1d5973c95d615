"""Rounds (enter, list, read, correct, undo the last) and re-buys."""

from django.db import transaction
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    PolymorphicProxySerializer,
    extend_schema,
)
from rest_framework import exceptions
from rest_framework.response import Response

from .. import services
from ..rules import RulesError
from . import families
from . import serializers as s
from .access import (
    JsonView,
    address,
    created,
    if_match,
    not_modified,
    shape,
    visible_game,
    with_etag,
)
from .errors import CONFLICT, ERRORS, IF_NONE_MATCH, NOT_MODIFIED, WRITE_ERRORS, etag_header
from .games import IF_MATCH_OPTIONAL, PRECONDITION_FAILED, UNDO_CONFLICT
from .lists import listed


def _hands(data) -> list[services.HandInput]:
    return [services.HandInput(hand["player"], hand.get("deadwood"), hand.get("cards"),
                               hand.get("laid"), hand.get("laid_melds"), hand.get("from_table"))
            for hand in data["hands"]]  # fmt: skip


def _round(data) -> dict:
    """The service's arguments for a round body of any family."""
    return {"ender": data.get("ender"), "hands": _hands(data),
            "ender_melds": data.get("ender_melds"), "void": data.get("void", False),
            "match": data.get("match"), "big_gin": data.get("big_gin", False),
            "upcard": data.get("upcard"),
            "finish": data.get("finish"),
            "penalties": [(penalty["player"], penalty["points"])
                          for penalty in data.get("penalties") or ()]}


def _answer(view: services.GameView, result) -> dict:
    """A round POST's answer: the round, with the game it leaves."""
    return s.data_of(s.RoundWithGameSerializer, view.round_line(result))


# The round body is the family's: in the schema an anyOf of the families' bodies (api/schema.py
# turns the proxy's oneOf into it: nothing in a body names its family, so a round can be
# valid under two shapes; docs/api.md, "Entering a round", "Gin rounds", "Basic Rummy and
# Rami rounds").
ROUND_BODY = PolymorphicProxySerializer(
    component_name="RoundInput", resource_type_field_name=None,
    serializers=families.round_inputs())
CORRECTION_BODY = PolymorphicProxySerializer(
    component_name="CorrectionInput", resource_type_field_name=None,
    serializers=families.correction_inputs())


class RoundListView(JsonView):
    @extend_schema(tags=["rounds"], parameters=[IF_NONE_MATCH, etag_header(200, 304)],
                   responses={200: s.RoundSerializer(many=True), 304: NOT_MODIFIED, **ERRORS})
    def get(self, request, game_id: int):
        game = visible_game(request, game_id)
        if unchanged := not_modified(request, game):
            return unchanged
        view = services.load_game(game)
        return listed(request, view.history.rounds, lambda page: s.data_of(
            s.RoundSerializer, [view.round_line(result) for result in page], many=True),
            headers={"ETag": f'"{game.version}"'})

    def plan_post(self, request, game_id: int) -> tuple[services.PlannedRound, dict]:
        # Worked out before the lock: the game's row is read once, for the access check
        # and the round alike; the body is checked against the game's family in between.
        # The answer too, from the game as the round will leave it.
        view = services.read_game(game_id, request, "game.write")
        data = shape(families.round_input(view.rules), request)
        planned = services.plan_round(
            view, number=data["number"], **_round(data),
            user=request.user, request_id=request.headers.get("Idempotency-Key", ""))
        return planned, _answer(planned.after(), planned.state.rounds[-1])

    @extend_schema(
        tags=["rounds"], request=ROUND_BODY, parameters=[etag_header(201)],
        responses={201: s.RoundWithGameSerializer, 409: CONFLICT, **WRITE_ERRORS},
    )
    def post(self, request, game_id: int, *, planned: tuple[services.PlannedRound, dict]):
        # Stored if the game is still at the version planned on (else worked out again
        # under the lock): the lock is held only to write.
        planned, answer = planned
        result, view = services.store_round(
            planned, savepoint=not getattr(request, "in_key_transaction", False))
        if view.game.version != planned.view.game.version + 1:
            answer = _answer(view, result)  # another write came first: it counts too
        return created(answer, address(request, "round", game_id, result.number),
                       version=view.game.version)


class RoundDetailView(JsonView):
    @extend_schema(tags=["rounds"], responses={200: s.RoundSerializer, **ERRORS})
    def get(self, request, game_id: int, number: int):
        view = services.load_game(visible_game(request, game_id))
        rounds = view.history.rounds
        if not 1 <= number <= len(rounds):
            raise exceptions.NotFound(f"Round {number} has not been entered")
        return Response(s.data_of(s.RoundSerializer, view.round_line(rounds[number - 1])))

    @extend_schema(
        tags=["rounds"], request=CORRECTION_BODY,
        parameters=[OpenApiParameter(
            "If-Match", {"type": "string", "pattern": r'^(W/)?"?[0-9]+"?$'},
            OpenApiParameter.HEADER, required=True,
            description='The game\'s version (its ETag), e.g. "5".'), etag_header(200, 412)],
        responses={200: s.CorrectionWithGameSerializer, 412: OpenApiResponse(
            s.ErrorSerializer, description="The game changed since that version."),
            428: OpenApiResponse(s.ErrorSerializer, description="If-Match is missing."),
            409: CONFLICT, **WRITE_ERRORS},
    )
    def put(self, request, game_id: int, number: int):
        with transaction.atomic():  # one read of the game's row, as for a new round
            game = services.lock_game(game_id, request, "game.write")
            data = shape(families.correction_input(services.rules_of(game)), request)
            if data.get("number") not in (None, number):
                raise RulesError(f"The body names round {data['number']} but the address "
                                 f"round {number}", field="number", code="invalid")
            result, view = services.correct_round(
                game_id=game_id, number=number, **_round(data), reason=data["reason"],
                version=if_match(request, game), user=request.user, locked=game,
            )
        # The answer names the re-buys the correction undid (docs/api.md, "Undoing").
        data = s.data_of(s.CorrectionWithGameSerializer, view.round_line(result))
        return Response(data, headers={"ETag": f'"{view.game.version}"'})

    @extend_schema(
        tags=["rounds"], request=None, parameters=[IF_MATCH_OPTIONAL, etag_header(200, 412)],
        description="Undo the game's last round, as the sheet's \"Undo round N\" does "
                    "(docs/api.md, \"Undoing\"): it is kept, marked undone at the table; "
                    "the ledger reverses its money and the next round entered takes its "
                    "number again. 409 round_not_undoable once a later round was saved, or "
                    "while a re-buy taken after it holds; 409 game_finished once the game "
                    "is over (correct a round instead).",
        responses={200: s.GameSerializer, 409: UNDO_CONFLICT, 412: PRECONDITION_FAILED,
                   **ERRORS},
    )
    def delete(self, request, game_id: int, number: int):
        game = visible_game(request, game_id, write=True)
        view = services.undo_last_round(
            game_id=game_id, number=number, user=request.user,
            request_id=request.headers.get("Idempotency-Key", ""),
            version=if_match(request, game))
        return with_etag(s.data_of(s.GameSerializer, view))


class RebuyView(JsonView):
    @extend_schema(
        tags=["rounds"], request=s.RebuyInputSerializer, parameters=[etag_header(201)],
        responses={201: s.GameSerializer, 409: CONFLICT, **WRITE_ERRORS},
    )
    def post(self, request, game_id: int):
        visible_game(request, game_id, write=True)
        data = shape(s.RebuyInputSerializer, request)
        view = services.take_rebuy(game_id=game_id, player=data["player"], user=request.user,
                                   request_id=request.headers.get("Idempotency-Key", ""))
        # A re-buy is no object of its own: Location names the game it changed.
        return created(s.data_of(s.GameSerializer, view), address(request, "game", game_id),
                       version=view.game.version)


class RebuyDetailView(JsonView):
    @extend_schema(
        tags=["rounds"], request=None, parameters=[IF_MATCH_OPTIONAL, etag_header(200, 412)],
        description="Undo the player's re-buy until the next round is saved: the re-buy is "
                    "kept, marked undone; the ledger reverses its entry and the pot goes back "
                    "(docs/api.md, \"Undoing\"). 409 rebuy_not_undoable when the player has no "
                    "re-buy that holds or a round was saved after it.",
        responses={200: s.GameSerializer, 409: UNDO_CONFLICT, 412: PRECONDITION_FAILED,
                   **ERRORS},
    )
    def delete(self, request, game_id: int, player: int):
        game = visible_game(request, game_id, write=True)
        view = services.undo_rebuy(game_id=game_id, player=player, user=request.user,
                                   request_id=request.headers.get("Idempotency-Key", ""),
                                   version=if_match(request, game))
        return with_etag(s.data_of(s.GameSerializer, view))
