"""The API's shapes: input serializers check shape only; output serializers describe
what the services' results look like as JSON (and feed the OpenAPI schema)."""

from rest_framework import serializers

from .models import Club
from .rules import format_money
from .rules.knock import account


def money(minor: int) -> str:
    return format_money(minor)


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


class ClubWithRoleSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    role = serializers.CharField(help_text="organiser, scorekeeper or viewer")


class MemberInputSerializer(serializers.Serializer):
    username = serializers.CharField(max_length=150)
    role = serializers.ChoiceField(choices=["organiser", "scorekeeper", "viewer"])


class MemberSerializer(serializers.Serializer):
    username = serializers.CharField()
    role = serializers.CharField()


class PresetSerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    rules = serializers.DictField(help_text="Every rule parameter of RULES.md 6 with its value.")


class EvaluateInputSerializer(serializers.Serializer):
    cards = serializers.JSONField(help_text='A list of card texts, or one text: "AS 2S 3S JK".')
    preset = serializers.CharField(default="wiener")
    rules = serializers.DictField(required=False, default=dict)
    discard = serializers.BooleanField(
        default=False, help_text="11 cards: find the best discard and evaluate the rest."
    )


class EvaluateSerializer(serializers.Serializer):
    deadwood = serializers.IntegerField()
    melds = serializers.ListField(child=serializers.ListField(child=serializers.CharField()))
    unmatched = serializers.ListField(child=serializers.CharField())
    discard = serializers.CharField(allow_null=True, required=False)


# --- Games ------------------------------------------------------------------------------


class GameInputSerializer(serializers.Serializer):
    club = serializers.IntegerField(
        required=False, help_text="May be left out by a member of one club."
    )
    name = serializers.CharField(max_length=100, required=False, allow_blank=True, default="")
    preset = serializers.CharField(default="wiener")
    rules = serializers.DictField(required=False, default=dict)
    players = serializers.ListField(
        child=serializers.CharField(max_length=50, allow_blank=True), min_length=2, max_length=12,
        help_text="Names in seat order; the first deals first.",
    )
    session = serializers.IntegerField(required=False, allow_null=True, default=None)
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
    status = serializers.ChoiceField(choices=["running", "decider", "finished", "carried_over"])
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
    status = serializers.CharField()
    created_at = serializers.DateTimeField()
    version = serializers.IntegerField()


# --- Rounds -----------------------------------------------------------------------------


class HandInputSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    deadwood = serializers.IntegerField(
        required=False, allow_null=True, min_value=0, max_value=10000,
        error_messages={"min_value": "Deadwood cannot be negative",
                        "max_value": "Deadwood of more than 10000 is more than any hand holds",
                        "invalid": "Deadwood is a whole number of points"},
    )
    cards = serializers.JSONField(required=False, allow_null=True,
                                  help_text='Card texts as a list, or one text "AS 2S 3S".')

    def validate(self, data):
        has_deadwood = data.get("deadwood") is not None
        has_cards = data.get("cards") is not None
        if has_deadwood == has_cards:
            raise serializers.ValidationError(
                {"deadwood": "Give either the deadwood or the cards of this hand, not both"
                 if has_deadwood else "Give the deadwood or the cards of this hand"}
            )
        cards = data.get("cards")
        if has_cards and not (
            isinstance(cards, str)
            or (isinstance(cards, list) and all(isinstance(card, str) for card in cards))
        ):
            raise serializers.ValidationError({"cards": "Cards are a list of card texts"})
        if has_cards and len(cards) > 200:
            raise serializers.ValidationError({"cards": "Too many cards for one hand"})
        return data


class RoundInputSerializer(serializers.Serializer):
    number = serializers.IntegerField(min_value=1)
    ender = serializers.IntegerField(help_text="The player who knocked or went Rummy.")
    hands = HandInputSerializer(
        many=True, allow_empty=False, max_length=12,
        error_messages={"empty": "Enter the hand of every player of the round"},
    )
    ender_melds = serializers.ListField(
        child=serializers.ListField(child=serializers.CharField(max_length=10), max_length=14),
        required=False, allow_null=True, max_length=5,
        help_text="Lay-off variants: the melds the ender laid.",
    )


class CorrectionInputSerializer(RoundInputSerializer):
    number = serializers.IntegerField(min_value=1, required=False)
    reason = serializers.CharField(max_length=255, required=False, allow_blank=True, default="")


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
    player = serializers.IntegerField()


# --- Money ------------------------------------------------------------------------------


class LedgerEntrySerializer(serializers.Serializer):
    seq = serializers.IntegerField()
    round = serializers.IntegerField(allow_null=True)
    kind = serializers.CharField()
    # "from" is a Python keyword, hence the source names.
    from_ = serializers.CharField()
    to = serializers.CharField()
    amount = serializers.CharField()
    reverses = serializers.IntegerField(allow_null=True)
    created_at = serializers.DateTimeField()
    reason = serializers.CharField()

    def get_fields(self):
        fields = super().get_fields()
        fields["from"] = fields.pop("from_")
        return fields


class NetSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    amount = serializers.CharField()


class TransferSerializer(serializers.Serializer):
    from_ = serializers.IntegerField()
    to = serializers.IntegerField()
    amount = serializers.CharField()

    def get_fields(self):
        fields = super().get_fields()
        fields["from"] = fields.pop("from_")
        return fields


class SettlementSerializer(serializers.Serializer):
    final = serializers.BooleanField(help_text="True once the game is over and paid out.")
    net = NetSerializer(many=True)
    transfers = TransferSerializer(many=True)


class VerifySerializer(serializers.Serializer):
    verified = serializers.BooleanField()
    differences = serializers.ListField(child=serializers.CharField())
    balances = serializers.DictField(child=serializers.CharField())


class SessionInputSerializer(serializers.Serializer):
    club = serializers.IntegerField(required=False)
    name = serializers.CharField(max_length=100, required=False, allow_blank=True, default="")


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
    stored = view.rounds[number - 1]
    cards = {hand.player_id: hand.cards.split() if hand.cards else None
             for hand in stored.hands.all()}  # fmt: skip
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
