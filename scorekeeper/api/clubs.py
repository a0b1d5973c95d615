"""Clubs and their members, table sessions."""

from django.urls import reverse
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions
from rest_framework.response import Response

from .. import services
from ..models import Club, Membership, TableSession
from . import serializers as s
from .access import JsonView, caller_club, created, member, organiser, shape
from .errors import ERRORS, WRITE_ERRORS


class ClubListView(JsonView):
    @extend_schema(tags=["access"],
                   responses={200: s.ClubWithRoleSerializer(many=True), **ERRORS})
    def get(self, request):
        memberships = Membership.objects.filter(user=request.user).select_related("club")
        return Response([{"id": m.club_id, "name": m.club.name, "role": m.role}
                         for m in memberships.order_by("club__name")])  # fmt: skip

    @extend_schema(tags=["access"], request=s.ClubInputSerializer,
                   responses={201: s.ClubSerializer, **WRITE_ERRORS})
    def post(self, request):
        data = shape(s.ClubInputSerializer, request)
        club = services.create_club(name=data["name"], user=request.user)
        return created(s.data_of(s.ClubSerializer, club), reverse("api:club", args=[club.pk]))


class ClubDetailView(JsonView):
    @extend_schema(tags=["access"], responses={200: s.ClubWithRoleSerializer, **ERRORS})
    def get(self, request, club_id: int):
        membership = member(request, club_id, write=False)
        return Response({"id": club_id, "name": membership.club.name, "role": membership.role})


class ClubMemberView(JsonView):
    """The club's members; organisers add people to their club, or change their role."""

    @extend_schema(tags=["access"], responses={200: s.MemberSerializer(many=True), **ERRORS})
    def get(self, request, club_id: int):
        member(request, club_id, write=False)
        members = (Membership.objects.filter(club_id=club_id).select_related("user")
                   .order_by("user__username"))
        return Response([{"username": m.user.username, "role": m.role} for m in members])

    @extend_schema(tags=["access"], request=s.MemberInputSerializer,
                   responses={201: s.MemberSerializer, **WRITE_ERRORS})
    def post(self, request, club_id: int):
        organiser(request, club_id, "add members")
        data = shape(s.MemberInputSerializer, request)
        added = services.set_member(club_id=club_id, username=data["username"],
                                    role=data["role"])
        # Location: the list of members, where the new one now appears.
        return created({"username": added.user.username, "role": added.role},
                       reverse("api:club-members", args=[club_id]))


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
                       reverse("api:session", args=[session.pk]))


class SessionDetailView(JsonView):
    @extend_schema(tags=["games"], responses={200: s.SessionSerializer, **ERRORS})
    def get(self, request, session_id: int):
        session = visible_session(request, session_id)
        return Response(s.data_of(s.SessionSerializer, services.session_summary(session)))


def visible_session(request, session_id: int) -> TableSession:
    """The session if the caller belongs to its club, else 404."""
    session = (TableSession.objects.filter(club__memberships__user=request.user)
               .select_related("club").filter(pk=session_id).first())
    if session is None:
        raise exceptions.NotFound("No such object")
    return session
