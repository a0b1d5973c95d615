"""Clubs, their members and their evenings (sessions)."""

from rest_framework import serializers

from ...models import Club
from ...services.fields import IdField, NameField, StrictCharField, StrictSerializer
from .fields import MoneyField
from .games import GameSummarySerializer
from .money import NetSerializer, TransferSerializer

# --- Clubs and members ----------------------------------------------------------------------


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


class ClubInputSerializer(StrictSerializer):
    name = NameField(max_length=100)


class MemberInputSerializer(StrictSerializer):
    username = StrictCharField(max_length=150)
    role = serializers.ChoiceField(choices=["organiser", "scorekeeper", "viewer"])


class MemberSerializer(serializers.Serializer):
    username = serializers.CharField()
    role = serializers.CharField()


class MemberInvitedSerializer(serializers.Serializer):
    """The answer to asking someone who is not a member yet: the same whether or not the
    user name belongs to anyone (docs/api.md, "Clubs and roles")."""

    username = serializers.CharField(help_text="The user name as it was sent.")
    role = serializers.CharField()
    status = serializers.ChoiceField(
        choices=["invited"],
        help_text="invited: if the user exists, they see an invitation to accept or decline.")


# --- Sessions -------------------------------------------------------------------------------


class SessionInputSerializer(StrictSerializer):
    club = IdField(required=False)
    name = NameField(max_length=100, required=False, allow_blank=True, default="")


class SessionSerializer(serializers.Serializer):
    """An evening, from a services.SessionSummary."""

    id = serializers.IntegerField(source="session.pk")
    club = serializers.IntegerField(source="session.club_id")
    name = serializers.CharField(source="session.name")
    games = GameSummarySerializer(many=True)
    carried_pot = MoneyField(source="carried")
    net = NetSerializer(source="net_lines", many=True)
    transfers = TransferSerializer(source="payments", many=True)
