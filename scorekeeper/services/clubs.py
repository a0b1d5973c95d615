"""Clubs, their members and roles, invites, table sessions, and revoking share links.

Every write is one transaction; a refused one writes nothing. Nobody becomes a member
without accepting: an organiser who names a user makes an invitation addressed to them
(docs/security.md, "Membership by consent").

One lock order for every change of a club's members: the club's row first (_lock_club),
then invites and memberships. Two changes of one club so wait for each other at the first
lock, instead of each holding one member's row and waiting for the other's (a deadlock on
PostgreSQL). A club always keeps at least one organiser: the count is taken under that lock,
so two organisers demoting each other at once cannot both succeed.
"""

import secrets
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import Case, F, IntegerField, Value, When
from django.utils import timezone

from ..models import Club, Game, Invite, Membership, SeatClaim, TableSession
from ..names import InvalidName, clean_name
from . import tokens
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
    "declined": "The invitation was declined",
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
    """The user's membership of the club (with the club and the user, which the access
    policy and the pages read), or None."""
    if not user.is_authenticated:
        return None
    club_id = club if isinstance(club, int) else club.pk
    return (Membership.objects.filter(user=user, club_id=club_id)
            .select_related("club", "user").first())


def clubs_of(user):
    return Club.objects.filter(memberships__user=user).order_by("name")


# --- Members ----------------------------------------------------------------------------------

_ROLE_ORDER = Case(*(When(role=role, then=Value(rank)) for rank, role in
                     enumerate(Membership.Role.values)), output_field=IntegerField())


def members_of(club_id: int) -> list[Membership]:
    """The club's members, organisers first, then scorekeepers, then viewers; by name."""
    return list(Membership.objects.filter(club_id=club_id).select_related("user")
                .order_by(_ROLE_ORDER, "user__username"))


def _lock_club(club_id: int) -> Club:
    """The first lock of every membership change (the module's docstring says why). FOR NO
    KEY UPDATE on PostgreSQL: two membership changes wait for each other, but the writes
    that only point at the club (a new game, player or evening) do not wait for them."""
    club = Club.objects.select_for_update(no_key=True).filter(pk=club_id).first()
    if club is None:
        raise NotFound("No such club", field="club")
    return club


def _check_role(role: str) -> None:
    if role not in Membership.Role.values:
        raise ServiceError(f"The role is one of {', '.join(Membership.Role.values)}",
                           field="role", code="invalid")


def _keeps_an_organiser(club_id: int, leaving: Membership) -> None:
    """Refuse to take away `leaving`'s organiser role if nobody else has it. Called under
    the club's lock, so the count cannot change before the change is written."""
    if leaving.role != Membership.Role.ORGANISER:
        return
    organisers = list(Membership.objects
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


def set_member(*, club_id: int, username: str, role: str, by=None) -> Membership | None:
    """Ask a user to join the club with `role`, or give a member another role.

    A member's role changes at once (the membership, returned). Anyone else is asked: an
    invitation addressed to them (invite_member), and None is returned whether or not the
    name belongs to anyone, so that the answer tells nobody which user names exist."""
    _check_role(role)
    with transaction.atomic():
        _lock_club(club_id)
        member = (Membership.objects.select_for_update(of=("self",)).select_related("user")
                  .filter(club_id=club_id, user__username=username).first())
        if member is None:
            invite_member(club_id=club_id, username=username, role=role, by=by)
            return None
        if role != member.role:
            _set_role(club_id, member, role)
    return member


def invite_member(*, club_id: int, username: str, role: str, by=None) -> Invite | None:
    """An invitation to the club addressed to the user `username`, who accepts or declines
    it (accept_invitation, decline_invitation); None, writing nothing, when there is no
    such user. Asking again keeps one open invitation: its role and expiry are renewed."""
    _check_role(role)
    user = get_user_model().objects.filter(username=username).first()
    if user is None:
        return None
    expires_at = timezone.now() + timedelta(days=INVITE_DAYS_DEFAULT)
    with transaction.atomic():
        _lock_club(club_id)
        if Membership.objects.filter(club_id=club_id, user=user).exists():
            return None  # a member already: set_member changes roles
        waiting = _open(Invite.objects.select_for_update()
                        .filter(club_id=club_id, invitee=user)).first()
        if waiting is not None:
            waiting.role, waiting.expires_at, waiting.created_by = role, expires_at, by
            waiting.save(update_fields=["role", "expires_at", "created_by"])
            return waiting
        return Invite.objects.create(
            club_id=club_id, role=role, max_uses=1, created_by=by, invitee=user,
            expires_at=expires_at, token=secrets.token_urlsafe(32))


def change_role(*, club_id: int, user_id: int, role: str) -> Membership:
    """Give a member another role; the last organiser keeps theirs."""
    _check_role(role)
    with transaction.atomic():
        _lock_club(club_id)
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
    The games they entered keep naming them as whoever entered each round. Their tokens
    for this club go too: they must not work again should the member come back."""
    with transaction.atomic():
        _lock_club(club_id)
        member = _member_for_update(club_id, user_id)
        _keeps_an_organiser(club_id, member)
        member.delete()
        revoke_open_invites(club_id)
        tokens.revoke_club_tokens_of(user=member.user, club_id=club_id)
    return member


def leave_club(*, club_id: int, user) -> Membership:
    """The user leaves the club, as if an organiser removed them; never the last organiser."""
    return remove_member(club_id=club_id, user_id=user.pk)


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


def state_of(invite: Invite) -> str:
    """Invite.state(), and "declined" for an invitation its invitee turned down."""
    if invite.declined_at is not None and invite.revoked_at is None:
        return "declined"
    return invite.state()


def _open(invites):
    """The invites of a query that still let someone in."""
    return invites.filter(revoked_at__isnull=True, declined_at__isnull=True,
                          expires_at__gt=timezone.now(), uses__lt=F("max_uses"))


def invites_of(club_id: int) -> list[Invite]:
    """The club's invites, newest first; those closed for a week or more are left out."""
    week_ago = timezone.now() - timedelta(days=7)
    return [invite for invite in Invite.objects.filter(club_id=club_id)
            .select_related("created_by", "invitee")
            if state_of(invite) == "open"
            or (invite.revoked_at or invite.declined_at or invite.expires_at) > week_ago]


def revoke_invite(*, club_id: int, invite_id: int) -> Invite:
    """Close an invite at once; revoking it again changes nothing."""
    with transaction.atomic():
        _lock_club(club_id)
        invite = (Invite.objects.select_for_update()
                  .filter(club_id=club_id, pk=invite_id).first())
        if invite is None:
            raise NotFound("No such invite", field="invite")
        if invite.revoked_at is None:
            invite.revoked_at = timezone.now()
            invite.save(update_fields=["revoked_at"])
    return invite


def invite_for(token: str) -> Invite | None:
    """The invite behind a link, open or not, with its club; None for no such link. An
    invitation addressed to one user has no link: its token opens nothing."""
    if not token or len(token) > 64:
        return None
    return (Invite.objects.select_related("club")
            .filter(token=token, invitee__isnull=True).first())


def accept_invite(*, token: str, user) -> tuple[Membership, bool]:
    """(the user's membership, whether the invite link made it). NotFound for an invitation
    addressed to one user: it is accepted with accept_invitation, by that user alone."""
    invite = invite_for(token)
    if invite is None:
        raise NotFound("No such invite", field="token")
    return _take(invite.club_id, invite.pk, user)


def _take(club_id: int, invite_id: int, user) -> tuple[Membership, bool]:
    """(the user's membership, whether the invite made it). A member already keeps their
    membership unchanged, whatever the invite's role, and uses nothing of the invite.

    A use is counted by a conditional update (uses < max_uses), so two people taking the
    last use at the same moment cannot both get in, whatever the database."""
    with transaction.atomic():
        _lock_club(club_id)
        invite = Invite.objects.select_for_update().get(pk=invite_id)
        existing = Membership.objects.filter(club_id=club_id, user=user).first()
        if existing is not None:
            return existing, False
        if not _open(Invite.objects.filter(pk=invite.pk)).update(uses=F("uses") + 1):
            state = state_of(invite)
            raise InviteClosed(state if state != "open" else "expired")
        member = Membership.objects.create(club_id=club_id, user=user, role=invite.role)
    return member, True


def join_as_new_user(*, token: str, username: str, password: str, email: str = ""):
    """A new account that joins the club through the invite: both or neither.

    The caller has validated the username and the password (Django's validators); a name
    taken meanwhile is refused here."""
    invite = invite_for(token)
    if invite is None:
        raise NotFound("No such invite", field="token")
    with transaction.atomic():
        _lock_club(invite.club_id)
        invite.refresh_from_db()
        if state_of(invite) != "open":
            raise InviteClosed(state_of(invite))
        try:
            with transaction.atomic():
                user = get_user_model().objects.create_user(username, email=email or "",
                                                            password=password)
        except IntegrityError:
            raise ServiceError("That user name is taken", field="username",
                               code="username_taken") from None
        member, _joined = _take(invite.club_id, invite.pk, user)
    return user, member


# --- Invitations: addressed to one user ------------------------------------------------------


def invitations_for(user) -> list[Invite]:
    """The open invitations addressed to the user, to clubs they do not belong to yet,
    newest first, with their clubs and who sent them."""
    if not user.is_authenticated:
        return []
    return list(_open(Invite.objects.filter(invitee=user))
                .exclude(club__memberships__user=user)
                .select_related("club", "created_by"))


def _invitation(invite_id: int, user) -> Invite:
    """The user's own invitation, open or not; NotFound for anyone else's."""
    invite = (Invite.objects.select_related("club").filter(pk=invite_id, invitee=user).first()
              if user.is_authenticated else None)
    if invite is None:
        raise NotFound("No such invitation", field="invitation")
    return invite


def accept_invitation(*, invite_id: int, user) -> tuple[Membership, bool]:
    """The invitee accepts: (their membership, whether the invitation made it). The
    invitation is used once, counted as an invite link's use (_take)."""
    invite = _invitation(invite_id, user)
    return _take(invite.club_id, invite.pk, user)


def decline_invitation(*, invite_id: int, user) -> Invite:
    """The invitee declines: the invitation lets nobody in any more. Declining again, or an
    invitation closed meanwhile, changes nothing."""
    invite = _invitation(invite_id, user)
    with transaction.atomic():
        _lock_club(invite.club_id)
        _open(Invite.objects.filter(pk=invite.pk)).update(declined_at=timezone.now())
    invite.refresh_from_db()
    return invite


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
