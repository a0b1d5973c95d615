"""Games: the body that starts one, the game object and its parts, and the lists of games."""

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from ...rules import DEFAULT_PRESET, GameStatus, PlayerState
from ...services.fields import (
    MAX_ID,
    IdField,
    NameField,
    PresetField,
    StrictCharField,
    StrictSerializer,
)
from .fields import MessageField, MoneyField, data_of
from .rules import (
    PRESET_NAMES,
    CurrencyField,
    GameRulesField,
    RulesField,
    ShownCurrencyField,
)

GAME_STATUSES = [status.value for status in GameStatus]


class GameInputSerializer(StrictSerializer):
    club = IdField(required=False, help_text="May be left out by a member of one club.")
    name = NameField(max_length=100, required=False, allow_blank=True, default="")
    preset = PresetField(default=DEFAULT_PRESET)
    rules = RulesField()
    players = serializers.ListField(
        child=NameField(max_length=50, error_messages={"blank": "A player needs a name"}),
        min_length=2, max_length=12,
        help_text="Names in seat order; the first deals first.",
    )
    session = IdField(required=False, allow_null=True, default=None)
    currency = CurrencyField(
        required=False, default="EUR",
        help_text="An ISO 4217 code, in capitals, of a currency counted in hundredths.")


class RebuyStateSerializer(serializers.Serializer):
    eligible = serializers.BooleanField()
    target = serializers.IntegerField(allow_null=True)
    cost = MoneyField(allow_null=True)
    reason = MessageField(allow_null=True, help_text="Why not, when not eligible.")


class GamePlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    seat = serializers.IntegerField()
    total = serializers.IntegerField()
    state = serializers.ChoiceField(choices=[state.value for state in PlayerState])
    rebought = serializers.BooleanField()
    rebuy = RebuyStateSerializer()
    balance = MoneyField()
    place = serializers.IntegerField(allow_null=True)
    boxes = serializers.IntegerField(
        allow_null=True, help_text="Gin: rounds won in the player's match; null otherwise.")
    final = serializers.IntegerField(
        allow_null=True, help_text="Gin: total + game bonus + box bonus, once the player's "
                                   "match is over; null otherwise.")


class MatchSerializer(serializers.Serializer):
    """A Gin match, from the engine's Match (docs/rules.md 8)."""

    number = serializers.IntegerField(
        help_text="0 the match of a two-player game; 1 and 2 a tournament's semifinals, 3 "
                  "its final.")
    stage = serializers.ChoiceField(choices=["match", "semifinal", "final"])
    players = serializers.ListField(child=serializers.IntegerField())
    totals = serializers.ListField(child=serializers.IntegerField())
    boxes = serializers.ListField(child=serializers.IntegerField(), help_text="Rounds won.")
    finals = serializers.ListField(child=serializers.IntegerField(), allow_null=True,
                                   help_text="The final accounts, once the match is over.")
    winner = serializers.IntegerField(allow_null=True)
    next_dealer = serializers.IntegerField(source="dealer", allow_null=True)
    rounds = serializers.IntegerField(help_text="Rounds scored (void rounds not counted).")


class HollywoodGameSerializer(serializers.Serializer):
    """One of a Hollywood match's three games (docs/rules.md 8.12), from the engine's Match
    of that game: each list in the order of the game's `players`."""

    number = serializers.IntegerField(help_text="1, 2 or 3, left to right on the sheet.")
    totals = serializers.ListField(child=serializers.IntegerField(),
                                   help_text="The points written in this game.")
    boxes = serializers.ListField(child=serializers.IntegerField(),
                                  help_text="The rounds written in this game.")
    finals = serializers.ListField(
        child=serializers.IntegerField(), allow_null=True,
        help_text="This game's final accounts (its game bonus, boxes and shutout), once "
                  "it is over; null before.")
    winner = serializers.IntegerField(allow_null=True,
                                      help_text="Who won this game; null while it is played.")


class PayoutSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    amount = MoneyField()


class VoidSerializer(serializers.Serializer):
    """A game deleted or voided (docs/api.md, "Undoing"), from the Game row."""

    at = serializers.DateTimeField(source="voided_at")
    by = serializers.CharField(source="voided_by.username", allow_null=True, default=None)
    reason = serializers.CharField(source="void_reason")


class VoidInputSerializer(StrictSerializer):
    reason = StrictCharField(max_length=255, help_text="Why the game is voided (required).",
                             error_messages={"blank": "Say why the game is voided"})


class GameSerializer(serializers.Serializer):
    """The game object, from a services.GameView."""

    id = serializers.IntegerField(source="game.pk")
    name = serializers.CharField(source="game.name")
    club = serializers.IntegerField(source="game.club_id")
    session = serializers.IntegerField(source="game.session_id", allow_null=True)
    preset = serializers.ChoiceField(choices=PRESET_NAMES, source="game.preset")
    rules = GameRulesField(
        source="game.rules",
        help_text="Every rule parameter (docs/rules.md 6.6), resolved when the game started; "
                  "its shape is its family's (KnockRules, GinRules, ...), by `family`.")
    status = serializers.ChoiceField(
        choices=GAME_STATUSES,
        help_text='"void" for a game deleted or voided (docs/api.md, "Undoing").')
    round_count = serializers.IntegerField(source="state.round_count")
    next_round = serializers.IntegerField(source="state.next_round")
    next_dealer = serializers.IntegerField(source="state.next_dealer", allow_null=True)
    pot = MoneyField()
    kitty = MoneyField()
    carried_in = MoneyField(source="game.carried_in")
    carried_out = MoneyField()
    currency = ShownCurrencyField(source="game.currency")
    players = GamePlayerSerializer(source="player_lines", many=True)
    winner = serializers.IntegerField(source="state.winner", allow_null=True)
    payouts = PayoutSerializer(source="payout_lines", many=True)
    matches = MatchSerializer(source="state.matches", many=True,
                              help_text="Gin: the matches, in order; empty for other families.")
    games = serializers.SerializerMethodField(
        help_text="Hollywood Gin (rules.hollywood): the three games scored at once, in order; "
                  "empty for every other game.")
    voided = VoidSerializer(source="voided_game", allow_null=True,
                            help_text="Who voided the game, when and why; null unless void.")
    tournament = serializers.IntegerField(
        source="game.tournament_id", allow_null=True,
        help_text="The club tournament whose match this game is (GET /tournaments/{id}/); "
                  "null for other games.")
    version = serializers.IntegerField(source="game.version")

    @extend_schema_field(HollywoodGameSerializer(many=True))
    def get_games(self, view) -> list:
        games = [game for match in view.state.matches for game in match.games]
        return data_of(HollywoodGameSerializer, games, many=True)


class GameSummarySerializer(serializers.Serializer):
    """A game in a list, from the Game row alone."""

    id = serializers.IntegerField(source="pk")
    name = serializers.CharField()
    club = serializers.IntegerField(source="club_id")
    session = serializers.IntegerField(source="session_id", allow_null=True)
    preset = serializers.ChoiceField(choices=PRESET_NAMES)
    status = serializers.ChoiceField(choices=GAME_STATUSES)
    created_at = serializers.DateTimeField()
    version = serializers.IntegerField()


class PageQuerySerializer(serializers.Serializer):
    """Which page of a list (docs/api.md, "Pagination"): checked by api.lists.ListPages
    for every list that pages, and declared with their bounds in the schema."""

    page = serializers.IntegerField(required=False, min_value=1, max_value=2**31 - 1,
                                    help_text="Page number, from 1; past the last page the "
                                              "results are empty.")
    page_size = serializers.IntegerField(required=False, min_value=1, max_value=200,
                                         help_text="Items per page: 50 unless given, at most 200.")


class GameListQuerySerializer(PageQuerySerializer):
    """The query of GET /games/ (given a dict: a query value is text, and these fields read
    digits from it; an empty value is refused, not taken as "no filter")."""

    status = serializers.ChoiceField(choices=GAME_STATUSES, required=False,
                                     help_text="Only games in this state.")
    club = serializers.IntegerField(required=False, min_value=1, max_value=MAX_ID,
                                    help_text="Only this club's games.")


class GamePageSerializer(serializers.Serializer):
    count = serializers.IntegerField(help_text="Games matching, on all pages.")
    next = serializers.URLField(allow_null=True, help_text="The next page, or null.")
    previous = serializers.URLField(allow_null=True, help_text="The previous page, or null.")
    results = GameSummarySerializer(many=True)
