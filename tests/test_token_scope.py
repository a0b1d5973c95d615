"""What a token's club and scope allow (docs/api.md, "Tokens"; docs/security.md): the access
policy's answer (scorekeeper.services.policy), asked on every request made with a token.
A session (no token) is only judged by the membership. And the tokens scoped to a club go
when their user leaves it."""

import pytest

from scorekeeper.models import ApiToken, Membership
from scorekeeper.services import policy
from scorekeeper.services.tokens import make_token, revoke_club_tokens_of

CLUB, OTHER = 3, 4


class _Organiser:
    is_authenticated = True


def token_allows(token, club_id, write) -> bool:
    """Whether the policy lets an organiser of every club act with the token: in a club,
    reading it or entering games; outside one, their account."""
    if club_id is None:
        action = "account.write" if write else "account.read"
    else:
        action = "game.write" if write else "club.read"
    return policy.allows(policy.Actor(_Organiser(), token), action, club_id,
                         role=Membership.Role.ORGANISER)


def token(club_id=None, scope="write") -> ApiToken:
    return ApiToken(club_id=club_id, scope=scope)  # never saved: the answer reads no database


@pytest.mark.parametrize("club_id", [None, CLUB, OTHER])
@pytest.mark.parametrize("write", [False, True])
def test_a_session_is_not_limited_by_any_token(club_id, write):
    assert token_allows(None, club_id, write)


@pytest.mark.parametrize("club_id", [None, CLUB, OTHER])
@pytest.mark.parametrize("write", [False, True])
def test_a_personal_write_token_does_what_its_user_may(club_id, write):
    assert token_allows(token(), club_id, write)


@pytest.mark.parametrize("club_id", [None, CLUB, OTHER])
def test_a_read_token_reads_and_never_writes(club_id):
    assert token_allows(token(scope="read"), club_id, write=False)
    assert not token_allows(token(scope="read"), club_id, write=True)


@pytest.mark.parametrize("scope", ["read", "write"])
def test_a_club_token_is_an_outsider_in_every_other_club(scope):
    assert token_allows(token(CLUB, scope), CLUB, write=False)
    assert not token_allows(token(CLUB, scope), OTHER, write=False)
    assert not token_allows(token(CLUB, scope), OTHER, write=True)


def test_a_club_write_token_writes_in_its_club_and_a_club_read_token_does_not():
    assert token_allows(token(CLUB, "write"), CLUB, write=True)
    assert not token_allows(token(CLUB, "read"), CLUB, write=True)


@pytest.mark.parametrize("scope", ["read", "write"])
def test_a_club_token_changes_nothing_outside_a_club(scope):
    """Making a club, making or revoking tokens: not about one club, so not its business.
    Reads outside a club (the lists, the presets) are allowed; the lists show its club only."""
    assert not token_allows(token(CLUB, scope), None, write=True)
    assert token_allows(token(CLUB, scope), None, write=False)


def test_leaving_a_club_takes_the_tokens_scoped_to_it_and_no_others(alice, club, other_club):
    """For the membership services to call when a member leaves or is removed."""
    Membership.objects.create(user=alice, club=other_club, role=Membership.Role.VIEWER)
    make_token(user=alice, club_id=club.pk)
    kept = [make_token(user=alice)[0], make_token(user=alice, club_id=other_club.pk)[0]]

    assert revoke_club_tokens_of(user=alice, club_id=club.pk) == 1
    assert set(ApiToken.objects.all()) == set(kept)


def test_a_member_who_leaves_loses_the_club_s_tokens_and_keeps_the_others(alice, bob, club):
    from scorekeeper.services import clubs

    scoped, _secret = make_token(user=bob, club_id=club.pk)
    personal, _secret = make_token(user=bob)

    clubs.leave_club(club_id=club.pk, user=bob)

    assert list(ApiToken.objects.filter(user=bob)) == [personal]
    assert not ApiToken.objects.filter(pk=scoped.pk).exists()
