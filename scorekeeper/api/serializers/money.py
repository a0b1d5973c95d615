"""Money: the ledger's entries, the settlement and the ledger's verification."""

from rest_framework import serializers

from ledger.services import KINDS as LEDGER_KINDS

from ...services.fields import FromField
from .fields import MoneyField


class LedgerEntrySerializer(FromField, serializers.Serializer):
    """An entry, from a ledger line."""

    seq = serializers.IntegerField(help_text="1, 2, 3... the game's entries in the order "
                                             "written.")
    round = serializers.IntegerField(allow_null=True)
    kind = serializers.ChoiceField(choices=LEDGER_KINDS)
    from_ = serializers.CharField(source="source")
    to = serializers.CharField(source="target")
    amount = MoneyField()
    reverses = serializers.IntegerField(source="reverses_seq", allow_null=True,
                                        help_text="The seq of the entry this one cancels.")
    created_at = serializers.DateTimeField()
    reason = serializers.CharField()


class NetSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    amount = MoneyField()


class TransferSerializer(FromField, serializers.Serializer):
    """A payment that settles up, from a ledger.settlement.Payment."""

    from_ = serializers.IntegerField(source="debtor")
    to = serializers.IntegerField(source="creditor")
    amount = MoneyField()


class SettlementSerializer(serializers.Serializer):
    """From a services.Settlement."""

    final = serializers.BooleanField(help_text="True once the game is over and paid out.")
    net = NetSerializer(source="net_lines", many=True)
    transfers = TransferSerializer(source="payments", many=True)


class VerifySerializer(serializers.Serializer):
    verified = serializers.BooleanField()
    differences = serializers.ListField(child=serializers.CharField())
    balances = serializers.DictField(child=serializers.CharField())
