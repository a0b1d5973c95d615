"""Clubs, their members and roles, invites, table sessions, and revoking share links.

Every write is one transaction; a refused one writes nothing. A club always keeps at
least one organiser: the organisers' rows are locked before a role change or a removal
counts them, so two organisers demoting each other at once cannot both succeed.
"""

import secrets
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import Case, F, IntegerField, Value, When
from django.utils import timezone

from ..models import Club, Game, Invite, Membership, SeatClaim, TableSession
from ..names import InvalidName, clean_name
from .errors import NotFound, ServiceError

INVITE_DAYS = (1, 30)  # how long an invite may stay open, in days
INVITE_DAYS_DEFAULT = 7
INVITE_USES = (1, 100)  # how many people one invite may let in
INVITE_USES_DEFAULT = 1


class LastOrganiser(ServiceError):
    """The change would leave the club without an organiser, and nobody could manage it."""

    code = "last_organiser"
    status = 409


class InviteClosed(ServiceError):
    """The invite no longer lets anyone in; `code` says why."""

    status = 410

    def __init__(self, state: str):
        super().__init__(_CLOSED[state], code=f"invite_{state}")
        self.state = state


_CLOSED = {
    "revoked": "The invite was revoked",
    "used_up": "The invite has been used as often as it allows",
    "expired": "The invite has expired",
}


def create_club(*, name: str, user) -> Club:
    """A new club; its creator becomes its organiser."""
    name = _name(name, allow_blank=True)
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


# --- Members ----------------------------------------------------------------------------------

_ROLE_ORDER = Case(*(When(role=role, then=Value(rank)) for rank, role in
                     enumerate(Membership.Role.values)), output_field=IntegerField())


def members_of(club_id: int) -> list[Membership]:
    """The club's members, organisers first, then scorekeepers, then viewers; by name."""
    return list(Membership.objects.filter(club_id=club_id).select_related("user")
                .order_by(_ROLE_ORDER, "user__username"))


def _check_role(role: str) -> None:
    if role not in Membership.Role.values:
        raise ServiceError(f"The role is one of {', '.join(Membership.Role.values)}",
                           field="role", code="invalid")


def _keeps_an_organiser(club_id: int, leaving: Membership) -> None:
    """Refuse to take away `leaving`'s organiser role if nobody else has it. Locks the
    organisers' rows (in id order, so two such changes wait for each other)."""
    if leaving.role != Membership.Role.ORGANISER:
        return
    organisers = list(Membership.objects.select_for_update()
                      .filter(club_id=club_id, role=Membership.Role.ORGANISER)
                      .order_by("pk").values_list("pk", flat=True))
    if organisers == [leaving.pk]:
        raise LastOrganiser("A club needs an organiser: make someone else organiser first",
                            field="role")


def _member_for_update(club_id: int, user_id: int) -> Membership:
    member = (Membership.objects.select_for_update().select_related("user")
              .filter(club_id=club_id, user_id=user_id).first())
    if member is None:
        raise NotFound("No such member", field="member")
    return member


def set_member(*, club_id: int, username: str, role: str) -> Membership:
    """Add a user to the club with `role`, or give a member another role."""
    _check_role(role)
    user = get_user_model().objects.filter(username=username).first()
    if user is None:
        raise ServiceError(f"There is no user {username}", field="username",
                           code="unknown_user")
    with transaction.atomic():
        member = (Membership.objects.select_for_update()
                  .filter(club_id=club_id, user=user).first())
        if member is None:
            return Membership.objects.create(club_id=club_id, user=user, role=role)
        _set_role(club_id, member, role)
    return member


def change_role(*, club_id: int, user_id: int, role: str) -> Membership:
    """Give a member another role; the last organiser keeps theirs."""
    _check_role(role)
    with transaction.atomic():
        member = _member_for_update(club_id, user_id)
        if role != member.role:
            _set_role(club_id, member, role)
    return member


def _set_role(club_id: int, member: Membership, role: str) -> None:
    """A member (locked) takes `role`; the last organiser keeps theirs, and an organiser who
    gives the role up leaves no open invite behind (revoke_open_invites)."""
    if role != Membership.Role.ORGANISER:
        _keeps_an_organiser(club_id, member)
        if member.role == Membership.Role.ORGANISER:
            revoke_open_invites(club_id)
    member.role = role
    member.save(update_fields=["role"])


def remove_member(*, club_id: int, user_id: int) -> Membership:
    """Take a member out of the club (their account stays); never the last organiser.
    The games they entered keep naming them as whoever entered each round."""
    with transaction.atomic():
        member = _member_for_update(club_id, user_id)
        _keeps_an_organiser(club_id, member)
        member.delete()
        revoke_open_invites(club_id)
    return member


def revoke_open_invites(club_id: int) -> int:
    """Revoke every invite of the club still open: someone who leaves the club, or an
    organiser who gives up the role, may have seen their links and must not come back
    (or back as organiser) through one. How many were revoked."""
    return Invite.objects.filter(club_id=club_id, revoked_at__isnull=True).update(
        revoked_at=timezone.now())


# --- Invites ----------------------------------------------------------------------------------


def _whole(value, name: str, low: int, high: int) -> int:
    try:
        number = int(value)
    except (TypeError, ValueError):
        number = None
    if number is None or not low <= number <= high:
        raise ServiceError(f"{name} must be a whole number from {low} to {high}", field=name,
                           code="not_between")
    return number


def create_invite(*, club_id: int, role: str, days=INVITE_DAYS_DEFAULT,
                  max_uses=INVITE_USES_DEFAULT, user=None) -> Invite:
    """An invite link to the club with `role`, open for `days` days and `max_uses` people."""
    _check_role(role)
    days = _whole(days, "days", *INVITE_DAYS)
    max_uses = _whole(max_uses, "max_uses", *INVITE_USES)
    return Invite.objects.create(
        club_id=club_id, role=role, max_uses=max_uses, created_by=user,
        expires_at=timezone.now() + timedelta(days=days),
        # 32 random bytes: the token is the only key to the invite.
        token=secrets.token_urlsafe(32),
    )


def invites_of(club_id: int) -> list[Invite]:
    """The club's invites, newest first; those closed for a week or more are left out."""
    week_ago = timezone.now() - timedelta(days=7)
    return [invite for invite in Invite.objects.filter(club_id=club_id)
            .select_related("created_by")
            if invite.state() == "open" or (invite.revoked_at or invite.expires_at) > week_ago]


def revoke_invite(*, club_id: int, invite_id: int) -> Invite:
    """Close an invite at once; revoking it again changes nothing."""
    with transaction.atomic():
        invite = (Invite.objects.select_for_update()
                  .filter(club_id=club_id, pk=invite_id).first())
        if invite is None:
            raise NotFound("No such invite", field="invite")
        if invite.revoked_at is None:
            invite.revoked_at = timezone.now()
            invite.save(update_fields=["revoked_at"])
    return invite


def invite_for(token: str) -> Invite | None:
    """The invite behind a link, open or not, with its club; None for no such link."""
    if not token or len(token) > 64:
        return None
    return Invite.objects.select_related("club").filter(token=token).first()


def accept_invite(*, token: str, user) -> tuple[Membership, bool]:
    """(the user's membership, whether the invite made it). A member already keeps their
    membership unchanged, whatever the invite's role, and uses nothing of the invite.

    A use is counted by a conditional update (uses < max_uses), so two people taking the
    last use at the same moment cannot both get in, whatever the database."""
    with transaction.atomic():
        invite = Invite.objects.select_for_update().filter(token=token).first()
        if invite is None:
            raise NotFound("No such invite", field="token")
        existing = Membership.objects.filter(club_id=invite.club_id, user=user).first()
        if existing is not None:
            return existing, False
        counted = Invite.objects.filter(
            pk=invite.pk, revoked_at__isnull=True, expires_at__gt=timezone.now(),
            uses__lt=F("max_uses"),
        ).update(uses=F("uses") + 1)
        if not counted:
            invite.refresh_from_db()
            raise InviteClosed(invite.state() if invite.state() != "open" else "expired")
        member = Membership.objects.create(club_id=invite.club_id, user=user, role=invite.role)
    return member, True


def join_as_new_user(*, token: str, username: str, password: str, email: str = ""):
    """A new account that joins the club through the invite: both or neither.

    The caller has validated the username and the password (Django's validators); a name
    taken meanwhile is refused here."""
    with transaction.atomic():
        invite = Invite.objects.select_for_update().filter(token=token).first()
        if invite is None:
            raise NotFound("No such invite", field="token")
        if invite.state() != "open":
            raise InviteClosed(invite.state())
        try:
            with transaction.atomic():
                user = get_user_model().objects.create_user(username, email=email or "",
                                                            password=password)
        except IntegrityError:
            raise ServiceError("That user name is taken", field="username",
                               code="username_taken") from None
        member, _joined = accept_invite(token=token, user=user)
    return user, member


# --- Sessions and share links -----------------------------------------------------------------


def create_session(*, club: Club, name: str = "") -> TableSession:
    return TableSession.objects.create(club=club, name=_name(name, allow_blank=True)[:100])


def _name(text: str, *, allow_blank: bool) -> str:
    """A club's or an evening's name as it is kept (scorekeeper.names.clean_name)."""
    try:
        return clean_name(text, allow_blank=allow_blank)
    except InvalidName as problem:
        raise ServiceError(problem.message, field="name", code=problem.code) from None


def revoke_share_link(*, game_id: int, user=None) -> int:
    """Make every share link of the game handed out so far lead nowhere; the new
    share_version signs the next link. Not a fact of the game: its version stays.

    The phones that claimed seats through the old link are released with it, since the
    link went to the wrong people (docs/table.md, "Players' phones"). How many were."""
    with transaction.atomic():
        if not Game.objects.filter(pk=game_id).update(share_version=F("share_version") + 1):
            raise NotFound("No such game")
        return SeatClaim.objects.filter(game_id=game_id, released_at__isnull=True).update(
            released_at=timezone.now(), released_by=user)
