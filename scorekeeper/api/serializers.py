"""The API's shapes: input serializers check shape only; output serializers describe
what the services' results look like as JSON (and feed the OpenAPI schema)."""

from django.core.validators import RegexValidator
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from .models import Club
from .rules import PRESETS, format_money
from .rules.knock import account


def money(minor: int) -> str:
    return format_money(minor)


# --- Strict input fields ----------------------------------------------------------------------
# The API takes JSON, so a value must already have the type the schema names: DRF's own fields
# would take "5" or 5.0 as an integer, 0 as a name and "yes" as a boolean.


# Control characters, line and paragraph separators and bidi overrides (DRF itself refuses
# lone surrogates).
_CONTROL = r"\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069"
# What str.strip() (and so DRF's trim_whitespace) removes, besides control characters.
_SPACE = r" \xa0\u1680\u2000-\u200a\u202f\u205f\u3000"
_ONE_LINE = RegexValidator(
    rf"^[^{_CONTROL}]*$", code="control_character",
    message="Names cannot hold control characters or line breaks",
)
# One line with at least one visible character (the pattern the schema shows for names).
_VISIBLE_LINE = RegexValidator(
    rf"^[^{_CONTROL}]*[^{_CONTROL}{_SPACE}][^{_CONTROL}]*$", code="control_character",
    message="Names cannot hold control characters or line breaks",
)


class StrictCharField(serializers.CharField):
    """Text only (a number or a list is refused, not turned into text)."""

    default_error_messages = {"invalid": "Expected a text (a JSON string)"}

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class NameField(StrictCharField):
    """A name shown to people: one line, no control characters; blank only if allowed."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.validators.append(_ONE_LINE if self.allow_blank else _VISIBLE_LINE)


class PresetField(serializers.ChoiceField):
    """One of the presets' keys (GET /presets/)."""

    def __init__(self, **kwargs):
        super().__init__(choices=sorted(PRESETS), **kwargs)

    def to_internal_value(self, data):
        if not isinstance(data, str) or data not in PRESETS:
            raise serializers.ValidationError(
                f"Unknown preset '{data}'; choose one of {', '.join(sorted(PRESETS))}",
                code="unknown_preset",
            )
        return data


class StrictIntegerField(serializers.IntegerField):
    """A JSON integer only: "5", 5.5 and true are refused."""

    def to_internal_value(self, data):
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("invalid")
        return super().to_internal_value(data)


MAX_ID = 2**63 - 1  # the largest id a database row can have (a 64-bit integer)


class IdField(StrictIntegerField):
    """The id of a row: a whole number from 1 to 2**63 - 1 (larger would overflow the query)."""

    def __init__(self, **kwargs):
        kwargs.setdefault("min_value", 1)
        kwargs.setdefault("max_value", MAX_ID)
        super().__init__(**kwargs)


class StrictBooleanField(serializers.BooleanField):
    """true or false only: "yes", 1 and "true" are refused."""

    def to_internal_value(self, data):
        if not isinstance(data, bool):
            self.fail("invalid")
        return data


@extend_schema_field({
    "oneOf": [
        {"type": "string", "minLength": 1, "maxLength": 1000,
         "description": 'One text: "AS 2S 3S JK".'},
        {"type": "array", "items": {"type": "string", "minLength": 1, "maxLength": 10},
         "minItems": 1, "maxItems": 200},
    ],
})
class CardsField(serializers.Field):
    """Card texts as a list, or one text; the rules engine reads the cards themselves."""

    default_error_messages = {
        "invalid": "Cards are a list of card texts or one text",
        "empty": "No cards given: list the cards, e.g. 'AS 2S 3S JK'",
        "too_many": "Too many cards: a hand has at most 200",
        "too_long": "Too long for a hand of cards",
    }

    def to_internal_value(self, data):
        if isinstance(data, str):
            if len(data) > 1000:
                self.fail("too_long")
            if not data:
                self.fail("empty")
            return data
        if not isinstance(data, list) or not all(isinstance(card, str) for card in data):
            self.fail("invalid")
        if len(data) > 200:
            self.fail("too_many")
        if not data or not all(data):
            self.fail("empty")
        if any(len(card) > 10 for card in data):
            self.fail("too_long")
        return data

    def to_representation(self, value):
        return value


# --- Errors (documentation only; the exception handler writes them) ------------------------


class ErrorItemSerializer(serializers.Serializer):
    field = serializers.CharField(
        allow_null=True, help_text='Path of the input, e.g. "hands[2].cards".'
    )
    code = serializers.CharField(help_text="A stable machine-readable code.")
    message = serializers.CharField(help_text="What is wrong, in words a player understands.")


class ErrorSerializer(serializers.Serializer):
    errors = ErrorItemSerializer(many=True)
    next_round = serializers.IntegerField(required=False, help_text="409 stale_round only.")


# --- Clubs, sessions, presets, hands --------------------------------------------------------


class ClubSerializer(serializers.ModelSerializer):
    class Meta:
        model = Club
        fields = ["id", "name"]


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField(help_text="Send it as `Authorization: Token <token>`.")


class ClubWithRoleSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    role = serializers.CharField(help_text="organiser, scorekeeper or viewer")


class ClubInputSerializer(serializers.Serializer):
    name = NameField(max_length=100)


class MemberInputSerializer(serializers.Serializer):
    username = StrictCharField(max_length=150)
    role = serializers.ChoiceField(choices=["organiser", "scorekeeper", "viewer"])


class MemberSerializer(serializers.Serializer):
    username = serializers.CharField()
    role = serializers.CharField()


class PresetSerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    rules = serializers.DictField(help_text="Every rule parameter of RULES.md 6 with its value.")


class EvaluateInputSerializer(serializers.Serializer):
    cards = CardsField(help_text='A list of card texts, or one text: "AS 2S 3S JK".')
    preset = PresetField(default="wiener")
    rules = serializers.DictField(required=False, default=dict)
    discard = StrictBooleanField(
        default=False, help_text="11 cards: find the best discard and evaluate the rest."
    )


class EvaluateSerializer(serializers.Serializer):
    deadwood = serializers.IntegerField()
    melds = serializers.ListField(child=serializers.ListField(child=serializers.CharField()))
    unmatched = serializers.ListField(child=serializers.CharField())
    discard = serializers.CharField(allow_null=True, required=False)


# --- Games ------------------------------------------------------------------------------

GAME_STATUSES = ["running", "decider", "finished", "carried_over"]


class GameInputSerializer(serializers.Serializer):
    club = IdField(required=False, help_text="May be left out by a member of one club.")
    name = NameField(max_length=100, required=False, allow_blank=True, default="")
    preset = PresetField(default="wiener")
    rules = serializers.DictField(required=False, default=dict)
    players = serializers.ListField(
        child=NameField(max_length=50, error_messages={"blank": "A player needs a name"}),
        min_length=2, max_length=12,
        help_text="Names in seat order; the first deals first.",
    )
    session = IdField(required=False, allow_null=True, default=None)
    currency = serializers.RegexField(r"^[A-Z]{3}$", required=False, default="EUR")


class RebuyStateSerializer(serializers.Serializer):
    eligible = serializers.BooleanField()
    target = serializers.IntegerField(allow_null=True)
    cost = serializers.CharField(allow_null=True)
    reason = serializers.CharField(allow_null=True, help_text="Why not, when not eligible.")


class GamePlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    seat = serializers.IntegerField()
    total = serializers.IntegerField()
    state = serializers.ChoiceField(choices=["in", "out", "dead"])
    rebought = serializers.BooleanField()
    rebuy = RebuyStateSerializer()
    balance = serializers.CharField()
    place = serializers.IntegerField(allow_null=True)


class PayoutSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    amount = serializers.CharField()


class GameSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    club = serializers.IntegerField()
    session = serializers.IntegerField(allow_null=True)
    preset = serializers.CharField()
    rules = serializers.DictField()
    status = serializers.ChoiceField(choices=GAME_STATUSES)
    round_count = serializers.IntegerField()
    next_round = serializers.IntegerField()
    next_dealer = serializers.IntegerField(allow_null=True)
    pot = serializers.CharField()
    kitty = serializers.CharField()
    carried_in = serializers.CharField()
    carried_out = serializers.CharField()
    currency = serializers.CharField()
    players = GamePlayerSerializer(many=True)
    winner = serializers.IntegerField(allow_null=True)
    payouts = PayoutSerializer(many=True)
    version = serializers.IntegerField()


class GameSummarySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    club = serializers.IntegerField()
    session = serializers.IntegerField(allow_null=True)
    preset = serializers.CharField()
    status = serializers.ChoiceField(choices=GAME_STATUSES)
    created_at = serializers.DateTimeField()
    version = serializers.IntegerField()


class GameListQuerySerializer(serializers.Serializer):
    """The query of GET /games/ (given a dict: a query value is text, and these fields read
    digits from it; an empty value is refused, not taken as "no filter")."""

    status = serializers.ChoiceField(choices=GAME_STATUSES, required=False,
                                     help_text="Only games in this state.")
    club = serializers.IntegerField(required=False, min_value=1, max_value=MAX_ID,
                                    help_text="Only this club's games.")
    page = serializers.IntegerField(required=False, min_value=1, max_value=2**31 - 1,
                                    help_text="Page number, from 1.")
    page_size = serializers.IntegerField(required=False, min_value=1, max_value=200,
                                         help_text="Games per page: 50 unless given, at most 200.")


class GamePageSerializer(serializers.Serializer):
    count = serializers.IntegerField(help_text="Games matching, on all pages.")
    next = serializers.URLField(allow_null=True, help_text="The next page, or null.")
    previous = serializers.URLField(allow_null=True, help_text="The previous page, or null.")
    results = GameSummarySerializer(many=True)


# --- Rounds -----------------------------------------------------------------------------


class HandInputSerializer(serializers.Serializer):
    player = IdField()
    deadwood = StrictIntegerField(
        required=False, allow_null=True, min_value=0, max_value=10000,
        error_messages={"min_value": "Deadwood cannot be negative",
                        "max_value": "Deadwood of more than 10000 is more than any hand holds",
                        "invalid": "Deadwood is a whole number of points"},
    )
    cards = CardsField(required=False, allow_null=True,
                       help_text='Card texts as a list, or one text "AS 2S 3S".')

    def validate(self, data):
        has_deadwood = data.get("deadwood") is not None
        has_cards = data.get("cards") is not None
        if has_deadwood == has_cards:
            raise serializers.ValidationError(
                {"deadwood": "Give either the deadwood or the cards of this hand, not both"
                 if has_deadwood else "Give the deadwood or the cards of this hand"}
            )
        return data


class RoundInputSerializer(serializers.Serializer):
    number = StrictIntegerField(min_value=1, max_value=2**31 - 1)
    ender = IdField(help_text="The player who knocked or went Rummy.")
    hands = HandInputSerializer(
        many=True, allow_empty=False, min_length=1, max_length=12,
        error_messages={"empty": "Enter the hand of every player of the round"},
    )
    ender_melds = serializers.ListField(
        child=serializers.ListField(child=StrictCharField(max_length=10), max_length=14),
        required=False, allow_null=True, max_length=5,
        help_text="Lay-off variants: the melds the ender laid.",
    )


class CorrectionInputSerializer(RoundInputSerializer):
    number = StrictIntegerField(min_value=1, max_value=2**31 - 1, required=False)
    reason = StrictCharField(max_length=255, required=False, allow_blank=True, default="")


class ResultSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    deadwood = serializers.IntegerField()
    points = serializers.IntegerField(help_text="Added to the total this round.")
    total = serializers.IntegerField()
    melds = serializers.ListField(child=serializers.ListField(child=serializers.CharField()))
    unmatched = serializers.ListField(child=serializers.CharField())
    laid_off = serializers.ListField(child=serializers.CharField())
    cards = serializers.ListField(child=serializers.CharField(), allow_null=True)


class RebuyOfferSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    target = serializers.IntegerField()
    cost = serializers.CharField()


class RoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    revision = serializers.IntegerField(help_text="0 as entered; 1 and up for corrections.")
    reason = serializers.CharField(help_text="Why it was corrected.")
    ender = serializers.IntegerField()
    dealer = serializers.IntegerField()
    winner = serializers.IntegerField(allow_null=True)
    rummy = serializers.BooleanField()
    undercut = serializers.BooleanField()
    decider = serializers.BooleanField()
    results = ResultSerializer(many=True)
    out = serializers.ListField(child=serializers.IntegerField())
    rebuy_offers = RebuyOfferSerializer(many=True)


class RoundWithGameSerializer(RoundSerializer):
    game = GameSerializer()


class RebuyInputSerializer(serializers.Serializer):
    player = IdField()


# --- Money ------------------------------------------------------------------------------


class FromField:
    """Shows the field declared as `from_` as "from" ("from" is a Python keyword)."""

    def get_fields(self):
        fields = super().get_fields()
        fields["from"] = fields.pop("from_")
        return fields


class LedgerEntrySerializer(FromField, serializers.Serializer):
    seq = serializers.IntegerField()
    round = serializers.IntegerField(allow_null=True)
    kind = serializers.CharField()
    from_ = serializers.CharField()
    to = serializers.CharField()
    amount = serializers.CharField()
    reverses = serializers.IntegerField(allow_null=True)
    created_at = serializers.DateTimeField()
    reason = serializers.CharField()


class NetSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    amount = serializers.CharField()


class TransferSerializer(FromField, serializers.Serializer):
    from_ = serializers.IntegerField()
    to = serializers.IntegerField()
    amount = serializers.CharField()


class SettlementSerializer(serializers.Serializer):
    final = serializers.BooleanField(help_text="True once the game is over and paid out.")
    net = NetSerializer(many=True)
    transfers = TransferSerializer(many=True)


class VerifySerializer(serializers.Serializer):
    verified = serializers.BooleanField()
    differences = serializers.ListField(child=serializers.CharField())
    balances = serializers.DictField(child=serializers.CharField())


class SessionInputSerializer(serializers.Serializer):
    club = IdField(required=False)
    name = NameField(max_length=100, required=False, allow_blank=True, default="")


class SessionSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    club = serializers.IntegerField()
    name = serializers.CharField()
    games = GameSummarySerializer(many=True)
    carried_pot = serializers.CharField()
    net = NetSerializer(many=True)
    transfers = TransferSerializer(many=True)


# --- Building the output ------------------------------------------------------------------


def game_data(view) -> dict:
    """The game object of API.md from a services.GameView."""
    state, game = view.state, view.game
    rules = view.rules
    players = []
    for seat, standing in zip(view.seats, state.standings, strict=True):
        offer = state.rebuy_offer(seat.player_id) if rules.rebuy and rules.mode == "pot" else None
        reason = None if offer else (
            state.can_rebuy(seat.player_id) if rules.rebuy and rules.mode == "pot" else
            "Re-buys are off in this game"
        )
        players.append({
            "id": seat.player_id,
            "name": seat.player.name,
            "seat": seat.number,
            "total": standing.total,
            "state": standing.state,
            "rebought": standing.rebought,
            "rebuy": {
                "eligible": offer is not None,
                "target": offer.target if offer else None,
                "cost": money(offer.cost) if offer else None,
                "reason": reason,
            },
            "balance": money(state.balances.get(account(seat.player_id), 0)),
            "place": standing.place,
        })
    return {
        "id": game.pk,
        "name": game.name,
        "club": game.club_id,
        "session": game.session_id,
        "preset": game.preset,
        "rules": game.rules,
        "status": state.status,
        "round_count": state.round_count,
        "next_round": state.next_round,
        "next_dealer": state.next_dealer,
        "pot": money(state.pot),
        "kitty": money(state.kitty),
        "carried_in": money(game.carried_in),
        "carried_out": money(state.carried_out),
        "currency": game.currency,
        "players": players,
        "winner": state.winner,
        "payouts": [
            {"player": player, "amount": money(amount)} for player, amount in state.payouts
        ],
        "version": game.version,
    }


def round_data(view, number: int) -> dict:
    """One round of a GameView as the API shows it."""
    result = view.state.rounds[number - 1]
    stored = view.round_facts(number)
    cards = {hand.player_id: hand.cards.split() if hand.cards else None
             for hand in stored.hands}  # fmt: skip
    return {
        "number": result.number,
        "revision": stored.revision,
        "reason": stored.reason,
        "ender": result.ender,
        "dealer": result.dealer,
        "winner": result.winner,
        "rummy": result.rummy,
        "undercut": result.undercut,
        "decider": result.decider,
        "results": [
            {
                "player": line.player,
                "deadwood": line.deadwood,
                "points": line.points,
                "total": line.total,
                "melds": [list(meld) for meld in line.melds],
                "unmatched": list(line.unmatched),
                "laid_off": list(line.laid_off),
                "cards": cards.get(line.player),
            }
            for line in result.results
        ],
        "out": list(result.out),
        "rebuy_offers": [
            {"player": offer.player, "target": offer.target, "cost": money(offer.cost)}
            for offer in result.rebuy_offers
        ],
    }


def ledger_data(entries) -> list[dict]:
    return [
        {
            "seq": entry.pk,
            "round": entry.round_number,
            "kind": entry.kind,
            "from": entry.debit_account.key,
            "to": entry.credit_account.key,
            "amount": money(entry.amount_minor),
            "reverses": entry.reverses_id,
            "created_at": entry.created_at,
            "reason": entry.reason,
        }
        for entry in entries
    ]


def settlement_data(nets: dict[int, int], payments, *, final: bool) -> dict:
    return {
        "final": final,
        "net": [{"player": player, "amount": money(amount)} for player, amount in nets.items()],
        "transfers": [
            {"from": payment.debtor, "to": payment.creditor, "amount": money(payment.amount)}
            for payment in payments
        ],
    }
