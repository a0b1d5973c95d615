"""API tokens (docs/api.md, "Signing in and tokens"): made, listed and revoked by their
owner; a token scoped to a club is also listed and revoked by that club's organisers.

django-rest-knox keeps only a digest of each token; the token itself is returned once, by
make_token. A token is named by its `token_key`, its first characters: enough to tell
tokens apart, useless for signing in. An expired token no longer counts: it is not listed,
cannot be revoked, and is deleted when it is presented or when its owner makes a new one.

A token may be scoped to one club of its user and to reading (docs/security.md, "Tokens");
the access policy (services/policy.py) holds every request made with one to that. A new
password revokes every token of its user (scorekeeper/passwords.py).
"""

from datetime import timedelta

from django.db.models import Q
from django.utils import timezone

from ..models import ApiToken, Membership
from .errors import NotFound, ServiceError

DAYS = (1, 3650)  # how long a token may be made to live, in days (or for ever)
MAX_NAME = 100
def _live(tokens):
    return tokens.filter(Q(expiry__isnull=True) | Q(expiry__gt=timezone.now()))


def make_token(*, user, name: str = "", days: int | None = None, club_id: int | None = None,
               scope: str = ApiToken.Scope.WRITE) -> tuple[ApiToken, str]:
    """A new token of the user, living `days` days (None: until revoked), for one club of
    theirs or (None) all of them, to read or to write: (the row, the token itself, which
    is not kept)."""
    if club_id is not None and not Membership.objects.filter(user=user,
                                                             club_id=club_id).exists():
        # The same words whether or not such a club exists: no one learns which do.
        raise ServiceError(f"You are not a member of a club with id {club_id}",
                           field="club", code="not_a_member")
    # Housekeeping, one DELETE: the user's expired tokens go.
    ApiToken.objects.filter(user=user, expiry__lte=timezone.now()).delete()
    expiry = timedelta(days=days) if days is not None else None
    return ApiToken.objects.create(user=user, expiry=expiry, name=name.strip()[:MAX_NAME],
                                   club_id=club_id, scope=scope)


def tokens_of(user) -> list[ApiToken]:
    """The user's tokens that still work, newest first, with their clubs."""
    return list(_live(ApiToken.objects.filter(user=user)).select_related("club")
                .order_by("-created"))


def revoke_token(*, user, token_id: str) -> None:
    """Delete one of the user's tokens (404 for anyone else's): the next request with it
    answers 401."""
    if not _live(ApiToken.objects.filter(user=user, token_key=token_id)).delete()[0]:
        raise NotFound("No such token", field="id")


def revoke_all(user) -> int:
    """Delete every token of the user (their password changed): how many there were."""
    return ApiToken.objects.filter(user=user).delete()[0]


def revoke_club_tokens_of(*, user, club_id: int) -> int:
    """Delete the user's tokens scoped to the club (they left it or were removed): such a
    token is no use to them any more, and must not come back to life if they rejoin."""
    return ApiToken.objects.filter(user=user, club_id=club_id).delete()[0]


def _club_tokens(club_id: int):
    # Scoped to the club and still a member's: a member's personal tokens, and their
    # tokens for other clubs, are not this club's organisers' business (docs/security.md).
    return _live(ApiToken.objects.filter(club_id=club_id, user__memberships__club_id=club_id))


def club_tokens(club_id: int) -> list[ApiToken]:
    """The working tokens scoped to the club, of its members, by user name, newest first."""
    return list(_club_tokens(club_id).select_related("user")
                .order_by("user__username", "-created"))


def revoke_member_token(*, club_id: int, token_id: str) -> None:
    """An organiser revokes a token scoped to the club (404 for any other token)."""
    if not _club_tokens(club_id).filter(token_key=token_id).delete()[0]:
        raise NotFound("No such token", field="id")
