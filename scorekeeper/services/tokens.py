"""API tokens (docs/api.md, "Signing in and tokens"): made, listed and revoked by their
owner, and listed and revoked by a club's organisers for the club's members.

django-rest-knox keeps only a digest of each token; the token itself is returned once, by
make_token. A token is named by its `token_key`, its first characters: enough to tell
tokens apart, useless for signing in. An expired token no longer counts: it is not listed,
cannot be revoked, and is deleted when it is presented or when its owner makes a new one.
"""

from datetime import timedelta

from django.db.models import Q
from django.utils import timezone

from ..models import ApiToken
from .errors import NotFound

DAYS = (1, 3650)  # how long a token may be made to live, in days (or for ever)
MAX_NAME = 100


def _live(tokens):
    return tokens.filter(Q(expiry__isnull=True) | Q(expiry__gt=timezone.now()))


def make_token(*, user, name: str = "", days: int | None = None) -> tuple[ApiToken, str]:
    """A new token of the user, living `days` days (None: until revoked): (the row, the
    token itself, which is not kept)."""
    # Housekeeping, one DELETE: the user's expired tokens go.
    ApiToken.objects.filter(user=user, expiry__lte=timezone.now()).delete()
    expiry = timedelta(days=days) if days is not None else None
    return ApiToken.objects.create(user=user, expiry=expiry, name=name.strip()[:MAX_NAME])


def tokens_of(user) -> list[ApiToken]:
    """The user's tokens that still work, newest first."""
    return list(_live(ApiToken.objects.filter(user=user)).order_by("-created"))


def revoke_token(*, user, token_id: str) -> None:
    """Delete one of the user's tokens (404 for anyone else's): the next request with it
    answers 401."""
    if not _live(ApiToken.objects.filter(user=user, token_key=token_id)).delete()[0]:
        raise NotFound("No such token", field="id")


def _members_tokens(club_id: int):
    return _live(ApiToken.objects.filter(user__memberships__club_id=club_id))


def club_tokens(club_id: int) -> list[ApiToken]:
    """The working tokens of the club's members, by user name, newest first; the tokens of
    people outside the club are not the organisers' business."""
    return list(_members_tokens(club_id).select_related("user")
                .order_by("user__username", "-created"))


def revoke_member_token(*, club_id: int, token_id: str) -> None:
    """An organiser revokes a member's token (404 for a token of anyone outside the club)."""
    if not _members_tokens(club_id).filter(token_key=token_id).delete()[0]:
        raise NotFound("No such token", field="id")
