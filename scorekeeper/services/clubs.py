"""Clubs, their members and roles, and table sessions."""

from django.contrib.auth import get_user_model
from django.db import transaction

from ..models import Club, Membership, TableSession
from .errors import ServiceError


def create_club(*, name: str, user) -> Club:
    """A new club; its creator becomes its organiser."""
    name = name.strip()
    if not name:
        raise ServiceError("A club needs a name", field="name", code="required")
    with transaction.atomic():
        club = Club.objects.create(name=name[:100])
        Membership.objects.create(club=club, user=user, role=Membership.Role.ORGANISER)
    return club


def membership(user, club: Club | int) -> Membership | None:
    """The user's membership of the club, or None."""
    if not user.is_authenticated:
        return None
    club_id = club if isinstance(club, int) else club.pk
    return Membership.objects.filter(user=user, club_id=club_id).select_related("club").first()


def clubs_of(user):
    return Club.objects.filter(memberships__user=user).order_by("name")


def set_member(*, club_id: int, username: str, role: str) -> Membership:
    """Add a user to the club with `role`, or give a member another role."""
    if role not in Membership.Role.values:
        raise ServiceError(f"The role is one of {', '.join(Membership.Role.values)}",
                           field="role", code="invalid")
    user = get_user_model().objects.filter(username=username).first()
    if user is None:
        raise ServiceError(f"There is no user {username}", field="username",
                           code="unknown_user")
    member, _created = Membership.objects.update_or_create(
        club_id=club_id, user=user, defaults={"role": role}
    )
    return member


def create_session(*, club: Club, name: str = "") -> TableSession:
    return TableSession.objects.create(club=club, name=name.strip()[:100])
