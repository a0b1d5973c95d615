"""A club's invites through the API (docs/api.md, "Clubs and roles"): the links that let
people join with a role, made, read and revoked by the club's organisers with the same
services as the invites page (scorekeeper/services/clubs.py); and the invitations
addressed to the caller, which they accept or decline (docs/api.md, "Invitations")."""

from django.conf import settings
from django.urls import reverse
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import exceptions, serializers
from rest_framework.response import Response

from ..models import Invite, Membership
from ..services import clubs as club_services
from .access import JsonView, account, address, created, organiser, shape
from .errors import ERRORS, WRITE_ERRORS
from .lists import listed
from .serializers import ErrorSerializer, StrictIntegerField, StrictSerializer, data_of

# --- Shapes ---------------------------------------------------------------------------------


class InviteInputSerializer(StrictSerializer):
    role = serializers.ChoiceField(choices=Membership.Role.values,
                                   help_text="The role of whoever joins through the link.")
    days = StrictIntegerField(
        min_value=club_services.INVITE_DAYS[0], max_value=club_services.INVITE_DAYS[1],
        required=False, default=club_services.INVITE_DAYS_DEFAULT,
        help_text="How many days the link stays open.")
    uses = StrictIntegerField(
        min_value=club_services.INVITE_USES[0], max_value=club_services.INVITE_USES[1],
        required=False, default=club_services.INVITE_USES_DEFAULT,
        help_text="How many people may join through it.")


class InviteSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    role = serializers.ChoiceField(choices=Membership.Role.values)
    state = serializers.ChoiceField(
        choices=["open", "revoked", "used_up", "expired", "declined"],
        help_text="open: the link lets people in (an invitation: it waits for its invitee's "
                  "answer); otherwise why it no longer does. used_up: an invitation was "
                  "accepted.")
    invitee = serializers.CharField(
        allow_null=True, help_text="The user an invitation is addressed to (POST "
                                   ".../members/); null for a link anyone may use.")
    url = serializers.URLField(
        allow_null=True, help_text="The join link to send; null once the invite is closed, "
                                   "and for an invitation (only its invitee answers it).")
    expires_at = serializers.DateTimeField()
    uses = serializers.IntegerField(help_text="How many people joined through it.")
    max_uses = serializers.IntegerField()
    uses_left = serializers.IntegerField()
    created_at = serializers.DateTimeField()
    created_by = serializers.CharField(allow_null=True, help_text="The organiser's user name.")
    revoked_at = serializers.DateTimeField(allow_null=True)


def join_url(request, invite: Invite) -> str:
    """The join link as the invited person reaches it: under PUBLIC_URL when set, as the
    invites page gives it."""
    path = reverse("join", args=[invite.token])
    return settings.PUBLIC_URL + path if settings.PUBLIC_URL else request.build_absolute_uri(path)


def invite_data(request, invite: Invite) -> dict:
    state = club_services.state_of(invite)
    return data_of(InviteSerializer, {
        "id": invite.pk, "role": invite.role, "state": state,
        "invitee": invite.invitee.get_username() if invite.invitee else None,
        "url": join_url(request, invite) if state == "open" and not invite.invitee else None,
        "expires_at": invite.expires_at, "uses": invite.uses, "max_uses": invite.max_uses,
        "uses_left": invite.uses_left, "created_at": invite.created_at,
        "created_by": invite.created_by.get_username() if invite.created_by else None,
        "revoked_at": invite.revoked_at,
    })


# --- Views ----------------------------------------------------------------------------------


class InviteListView(JsonView):
    @extend_schema(tags=["access"], responses={200: InviteSerializer(many=True), **ERRORS})
    def get(self, request, club_id: int):
        organiser(request, club_id, "see the invites", action="club.admin.read")
        return listed(request, club_services.invites_of(club_id),
                      lambda page: [invite_data(request, invite) for invite in page])

    @extend_schema(tags=["access"], request=InviteInputSerializer,
                   responses={201: InviteSerializer, **WRITE_ERRORS})
    def post(self, request, club_id: int):
        organiser(request, club_id, "invite people")
        data = shape(InviteInputSerializer, request)
        invite = club_services.create_invite(club_id=club_id, role=data["role"],
                                             days=data["days"], max_uses=data["uses"],
                                             user=request.user)
        location = address(request, "club-invite", club_id, invite.pk)
        return Response(invite_data(request, invite), status=201,
                        headers={"Location": location})


class InviteDetailView(JsonView):
    @extend_schema(tags=["access"], responses={200: InviteSerializer, **ERRORS})
    def get(self, request, club_id: int, invite_id: int):
        organiser(request, club_id, "see the invites", action="club.admin.read")
        invite = (Invite.objects.filter(club_id=club_id, pk=invite_id)
                  .select_related("created_by", "invitee").first())
        if invite is None:
            raise exceptions.NotFound("No such object")
        return Response(invite_data(request, invite))

    @extend_schema(tags=["access"], responses={204: None, **ERRORS})
    def delete(self, request, club_id: int, invite_id: int):
        """Close the invite at once: its link lets no one in any more. Revoking it again
        changes nothing (204 again)."""
        organiser(request, club_id, "revoke invites")
        club_services.revoke_invite(club_id=club_id, invite_id=invite_id)
        return Response(status=204)


# --- Invitations: addressed to the caller ----------------------------------------------------


class InvitationClubSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class InvitationSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    club = InvitationClubSerializer()
    role = serializers.ChoiceField(choices=Membership.Role.values,
                                   help_text="The role the caller has once they accept.")
    invited_by = serializers.CharField(allow_null=True, help_text="The organiser's user name.")
    expires_at = serializers.DateTimeField()


class JoinedClubSerializer(serializers.Serializer):
    """The caller's membership, as GET /clubs/{id}/ gives it."""

    id = serializers.IntegerField()
    name = serializers.CharField()
    role = serializers.ChoiceField(choices=Membership.Role.values)


CLOSED = OpenApiResponse(ErrorSerializer, description="The invitation no longer lets anyone "
                        "in: invite_revoked, invite_declined, invite_expired or invite_used_up.")


class InvitationListView(JsonView):
    @extend_schema(tags=["access"], responses={200: InvitationSerializer(many=True), **ERRORS},
                   description="The caller's open invitations, newest first.")
    def get(self, request):
        account(request, write=False)
        return listed(request, club_services.invitations_for(request.user), lambda page: [
            data_of(InvitationSerializer, {
                "id": invite.pk, "club": {"id": invite.club_id, "name": invite.club.name},
                "role": invite.role, "expires_at": invite.expires_at,
                "invited_by": invite.created_by.get_username() if invite.created_by else None,
            }) for invite in page])


class InvitationAcceptView(JsonView):
    @extend_schema(
        tags=["access"], request=None,
        description="Join the club with the invitation's role (201; Location: the club). A "
                    "member already keeps their role (200). 404 for anyone else's "
                    "invitation; 410 once it is revoked, declined or expired.",
        responses={201: JoinedClubSerializer, 200: JoinedClubSerializer, 410: CLOSED,
                   **WRITE_ERRORS})
    def post(self, request, invite_id: int):
        account(request, write=True)
        member, joined = club_services.accept_invitation(invite_id=invite_id, user=request.user)
        data = data_of(JoinedClubSerializer, {"id": member.club_id, "name": member.club.name,
                                              "role": member.role})
        if not joined:
            return Response(data)
        return created(data, address(request, "club", member.club_id))


class InvitationDeclineView(JsonView):
    @extend_schema(
        tags=["access"], request=None, responses={204: None, **WRITE_ERRORS},
        description="Turn the invitation down: it lets nobody in any more, and the "
                    "organisers see it declined. 404 for anyone else's invitation.")
    def post(self, request, invite_id: int):
        account(request, write=True)
        club_services.decline_invitation(invite_id=invite_id, user=request.user)
        return Response(status=204)
