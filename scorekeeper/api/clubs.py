"""Clubs and their members, table sessions."""

from django.db.models import F
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.response import Response

from .. import services
from ..models import Club, Membership, TableSession
from ..services import policy
from ..services.errors import Hidden
from . import serializers as s
from .access import JsonView, account, address, caller_club, created, member, organiser, shape
from .errors import ERRORS, WRITE_ERRORS
from .lists import listed

LAST_ORGANISER = OpenApiResponse(
    s.ErrorSerializer, description="The club would be left without an organiser "
                                   "(last_organiser): make someone else organiser first.")


class ClubListView(JsonView):
    @extend_schema(tags=["access"],
                   responses={200: s.ClubWithRoleSerializer(many=True), **ERRORS})
    def get(self, request):
        account(request, write=False)
        memberships = Membership.objects.filter(
            user=request.user, club__in=policy.visible_clubs(request)).select_related("club")
        return listed(request, memberships.order_by("club__name", "club_id"), lambda page: [
            {"id": m.club_id, "name": m.club.name, "role": m.role} for m in page])

    @extend_schema(tags=["access"], request=s.ClubInputSerializer,
                   responses={201: s.ClubSerializer, **WRITE_ERRORS})
    def post(self, request):
        account(request, write=True)
        data = shape(s.ClubInputSerializer, request)
        club = services.create_club(name=data["name"], user=request.user)
        return created(s.data_of(s.ClubSerializer, club), address(request, "club", club.pk))


class ClubDetailView(JsonView):
    @extend_schema(tags=["access"], responses={200: s.ClubWithRoleSerializer, **ERRORS})
    def get(self, request, club_id: int):
        membership = member(request, club_id, write=False)
        return Response({"id": club_id, "name": membership.club.name, "role": membership.role})


class ClubMemberView(JsonView):
    """The club's members; organisers invite people to their club, or change their role."""

    @extend_schema(tags=["access"], responses={200: s.MemberSerializer(many=True), **ERRORS})
    def get(self, request, club_id: int):
        member(request, club_id, write=False)
        members = (Membership.objects.filter(club_id=club_id).select_related("user")
                   .order_by("user__username"))
        return listed(request, members, lambda page: [
            {"username": m.user.username, "role": m.role} for m in page])

    @extend_schema(
        tags=["access"], request=s.MemberInputSerializer,
        description="A member's role changes at once (201). Anyone else is asked: an "
                    "invitation they accept or decline (GET /invitations/), and the answer "
                    "is 202 whether or not the user name exists.",
        responses={201: s.MemberSerializer, 202: s.MemberInvitedSerializer,
                   409: LAST_ORGANISER, **WRITE_ERRORS})
    def post(self, request, club_id: int):
        organiser(request, club_id, "add members")
        data = shape(s.MemberInputSerializer, request)
        changed = services.set_member(club_id=club_id, username=data["username"],
                                      role=data["role"], by=request.user)
        if changed is None:
            # Nobody joins without accepting; and the same answer for every name, so that it
            # tells no one which user names exist (docs/security.md).
            return Response({"username": data["username"], "role": data["role"],
                             "status": "invited"}, status=202)
        # Location: the list of members, where the member appears with the new role.
        return created({"username": changed.user.username, "role": changed.role},
                       address(request, "club-members", club_id))


class MyMembershipView(JsonView):
    @extend_schema(
        tags=["access"], responses={204: None, 409: LAST_ORGANISER, **ERRORS},
        description="Leave the club. The last organiser cannot (409): make someone else "
                    "organiser first. The club's open invites are revoked, as when an "
                    "organiser removes a member.")
    def delete(self, request, club_id: int):
        policy.check(request, "club.leave", club_id)
        services.leave_club(club_id=club_id, user=request.user)
        return Response(status=204)


class SessionListView(JsonView):
    @extend_schema(tags=["games"], request=s.SessionInputSerializer,
                   responses={201: s.SessionSerializer, **WRITE_ERRORS})
    def post(self, request):
        data = shape(s.SessionInputSerializer, request)
        club_id = caller_club(request, data.get("club"))
        member(request, club_id, write=True)
        session = services.create_session(club=Club.objects.get(pk=club_id), name=data["name"])
        summary = services.session_summary(session)
        return created(s.data_of(s.SessionSerializer, summary),
                       address(request, "session", session.pk))


class SessionDetailView(JsonView):
    @extend_schema(tags=["games"], responses={200: s.SessionSerializer, **ERRORS})
    def get(self, request, session_id: int):
        session = visible_session(request, session_id)
        return Response(s.data_of(s.SessionSerializer, services.session_summary(session)))


def visible_session(request, session_id: int) -> TableSession:
    """The session if the policy lets the caller read its club, else 404."""
    session = (TableSession.objects.filter(club__memberships__user=request.user)
               .select_related("club").annotate(caller_role=F("club__memberships__role"))
               .filter(pk=session_id).first())
    if session is None:
        raise Hidden("No such object")
    policy.check(request, "club.read", session.club_id, role=session.caller_role)
    return session
