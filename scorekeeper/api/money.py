"""A game's money: its ledger, who pays whom, and the check of its books."""

from drf_spectacular.utils import extend_schema
from rest_framework.response import Response

from ledger import services as ledger

from .. import services
from . import serializers as s
from .access import JsonView, not_modified, visible_game
from .errors import ERRORS, IF_NONE_MATCH, NOT_MODIFIED, etag_header
from .lists import listed


class LedgerView(JsonView):
    @extend_schema(tags=["money"], parameters=[IF_NONE_MATCH, etag_header(200, 304)],
                   responses={200: s.LedgerEntrySerializer(many=True), 304: NOT_MODIFIED,
                              **ERRORS})
    def get(self, request, game_id: int):
        game = visible_game(request, game_id)
        # The ledger moves only with the game's writes, each of which bumps its version.
        if unchanged := not_modified(request, game):
            return unchanged
        return listed(request, ledger.lines(game.pk),
                      lambda page: s.data_of(s.LedgerEntrySerializer, page, many=True),
                      headers={"ETag": f'"{game.version}"'})


class SettlementView(JsonView):
    @extend_schema(tags=["money"], responses={200: s.SettlementSerializer, **ERRORS})
    def get(self, request, game_id: int):
        view = services.load_game(visible_game(request, game_id))
        return Response(s.data_of(s.SettlementSerializer, services.settlement_for(view)))


class VerifyView(JsonView):
    @extend_schema(tags=["money"], responses={200: s.VerifySerializer, **ERRORS})
    def get(self, request, game_id: int):
        game = visible_game(request, game_id)
        differences = services.verify_game(game)
        return Response({
            "verified": not differences,
            "differences": differences,
            "balances": {key: s.money(amount) for key, amount in ledger.balances(game.pk).items()},
        })
