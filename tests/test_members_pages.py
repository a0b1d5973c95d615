"""Members and invites on the pages (docs/organisers.md, "Members and invites"): the members
list and roles, the last organiser kept, invites with a role, an expiry and a use limit,
joining through an invite as a new or an existing account, revoking a share link, and
changing or resetting a password through Django's own views."""

import json
import re
import threading
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.db import connection
from django.test import Client
from django.utils import timezone

from scorekeeper.models import Game, Invite, Membership
from scorekeeper.services import clubs as club_services
from scorekeeper.services.clubs import LastOrganiser

from .test_deploy import production_env, run
from .test_game_pages import start_game

User = get_user_model()


def role_of(club, username: str) -> str | None:
    return (Membership.objects.filter(club=club, user__username=username)
            .values_list("role", flat=True).first())


def make_invite(client, club, role="scorekeeper", days=7, uses=1) -> str:
    """An invite made through the invites page; its link as the page shows it."""
    response = client.post(f"/clubs/{club.pk}/invites/",
                           {"role": role, "days": days, "uses": uses}, follow=True)
    assert response.status_code == 200, response.content[:300]
    html = response.content.decode()
    link = re.findall(r'class="url" value="(http://testserver/join/[^"]+/)"', html)[0]
    return link.removeprefix("http://testserver")


# --- Members ----------------------------------------------------------------------------------


def test_every_member_sees_the_list_with_roles_and_only_organisers_get_the_controls(
        club, alice_page, bob, carol_page, mallory_page):
    organiser = alice_page.get(f"/clubs/{club.pk}/members/").content.decode()
    viewer = carol_page.get(f"/clubs/{club.pk}/members/")

    # alice, bob, carol in role order, each with a role form for the organiser
    names = re.findall(r'<p class="member-name"><strong>(\w+)</strong>', organiser)
    assert names == ["alice", "bob", "carol"]
    assert organiser.count('<form method="post" action="/clubs/') == 3
    assert f'href="/clubs/{club.pk}/members/{bob.pk}/remove/"' in organiser
    # carol reads the same list with roles, and nothing to change
    page = viewer.content.decode()
    assert viewer.status_code == 200
    assert "<strong>bob</strong> · scorekeeper" in page
    assert "<select" not in page and "/remove/" not in page
    assert "Only organisers change roles" in page
    # mallory is not in Ottakring: the club does not exist for her
    assert mallory_page.get(f"/clubs/{club.pk}/members/").status_code == 404


def test_an_organiser_changes_a_role(club, alice_page, carol):
    response = alice_page.post(f"/clubs/{club.pk}/members/",
                               {"member": carol.pk, "role": "scorekeeper"}, follow=True)

    assert response.redirect_chain == [(f"/clubs/{club.pk}/members/", 302)]
    assert "carol is now scorekeeper." in response.content.decode()
    assert role_of(club, "carol") == "scorekeeper"


def test_a_scorekeeper_may_not_change_roles_and_nothing_changes(club, alice, bob_page, carol):
    response = bob_page.post(f"/clubs/{club.pk}/members/",
                             {"member": carol.pk, "role": "organiser"})

    assert response.status_code == 403
    assert "Only the organisers of Ottakring manage its members" in response.content.decode()
    assert role_of(club, "carol") == "viewer"


def test_a_role_that_does_not_exist_is_refused_in_words(club, alice_page, carol):
    response = alice_page.post(f"/clubs/{club.pk}/members/",
                               {"member": carol.pk, "role": "king"})

    assert response.status_code == 422
    assert "Choose a role." in response.content.decode()
    assert role_of(club, "carol") == "viewer"


def test_the_last_organiser_can_neither_be_demoted_nor_removed(club, alice, alice_page, bob):
    demote = alice_page.post(f"/clubs/{club.pk}/members/",
                             {"member": alice.pk, "role": "viewer"})
    remove = alice_page.post(f"/clubs/{club.pk}/members/{alice.pk}/remove/")

    message = "A club needs an organiser: make someone else organiser first."
    assert demote.status_code == 409 and message in demote.content.decode()
    assert remove.status_code == 409 and message in remove.content.decode()
    assert role_of(club, "alice") == "organiser"

    # with a second organiser, alice may step down, and then manages nothing
    club_services.change_role(club_id=club.pk, user_id=bob.pk, role="organiser")
    step_down = alice_page.post(f"/clubs/{club.pk}/members/",
                                {"member": alice.pk, "role": "scorekeeper"})
    assert step_down.status_code == 302 and step_down["Location"] == "/"
    assert role_of(club, "alice") == "scorekeeper"
    assert alice_page.get(f"/clubs/{club.pk}/invites/").status_code == 403


def test_two_organisers_demoting_each_other_leave_one_organiser(club, alice, bob):
    club_services.change_role(club_id=club.pk, user_id=bob.pk, role="organiser")

    club_services.change_role(club_id=club.pk, user_id=alice.pk, role="viewer")
    with pytest.raises(LastOrganiser):
        club_services.change_role(club_id=club.pk, user_id=bob.pk, role="viewer")

    assert list(Membership.objects.filter(club=club, role="organiser")
                .values_list("user__username", flat=True)) == ["bob"]


def test_the_api_invites_by_name_and_keeps_the_last_organiser(club, alice, as_alice):
    # Nobody is added unasked (tests/test_membership_consent.py): dave is invited.
    User.objects.create_user("dave")
    added = as_alice.post(f"/api/v1/clubs/{club.pk}/members/",
                          {"username": "dave", "role": "viewer"}, format="json")
    demoted = as_alice.post(f"/api/v1/clubs/{club.pk}/members/",
                            {"username": "alice", "role": "viewer"}, format="json")

    assert added.status_code == 202 and role_of(club, "dave") is None
    assert Invite.objects.get(club=club).invitee.username == "dave"
    assert demoted.status_code == 409
    assert demoted.json()["errors"][0]["code"] == "last_organiser"
    assert role_of(club, "alice") == "organiser"


def test_removing_a_member_asks_first_and_then_takes_them_out(club, alice_page, bob, bob_page):
    confirm = alice_page.get(f"/clubs/{club.pk}/members/{bob.pk}/remove/")
    assert confirm.status_code == 200
    assert "bob (scorekeeper) leaves Ottakring" in confirm.content.decode()
    assert role_of(club, "bob") == "scorekeeper"  # opening the page removes nobody

    response = alice_page.post(f"/clubs/{club.pk}/members/{bob.pk}/remove/", follow=True)

    assert "bob is no longer a member of Ottakring." in response.content.decode()
    assert role_of(club, "bob") is None
    assert User.objects.filter(username="bob").exists()  # the account stays
    assert bob_page.get(f"/clubs/{club.pk}/members/").status_code == 404


def test_the_home_page_links_each_club_to_its_members_and_organisers_to_invites(
        club, alice_page, carol_page):
    alice_home = alice_page.get("/").content.decode()
    carol_home = carol_page.get("/").content.decode()

    assert f'href="/clubs/{club.pk}/members/"' in alice_home
    assert f'href="/clubs/{club.pk}/invites/"' in alice_home
    assert f'href="/clubs/{club.pk}/members/"' in carol_home
    assert f'href="/clubs/{club.pk}/invites/"' not in carol_home


# --- Invites ----------------------------------------------------------------------------------


def test_an_invite_is_made_with_a_role_expiry_and_use_limit_and_listed_with_its_link(
        club, alice, alice_page):
    before = timezone.now()
    path = make_invite(alice_page, club, role="viewer", days=3, uses=4)

    invite = Invite.objects.get(club=club)
    assert (invite.role, invite.max_uses, invite.uses, invite.created_by) == (
        "viewer", 4, 0, alice)
    assert timedelta(days=3) <= invite.expires_at - before < timedelta(days=3, minutes=1)
    assert path == f"/join/{invite.token}/" and len(invite.token) >= 40
    page = alice_page.get(f"/clubs/{club.pk}/invites/").content.decode()
    assert "Joins as viewer" in page and "4 uses left" in page


def test_an_invite_outside_the_limits_is_refused_next_to_its_field(club, alice_page):
    days = alice_page.post(f"/clubs/{club.pk}/invites/",
                           {"role": "viewer", "days": 31, "uses": 1})
    uses = alice_page.post(f"/clubs/{club.pk}/invites/",
                           {"role": "viewer", "days": 7, "uses": "0"})

    assert days.status_code == 422
    assert '<p class="error" id="days-error">An invite stays open for 1 to 30 days.' in (
        days.content.decode())
    assert uses.status_code == 422
    assert '<p class="error" id="uses-error">An invite lets in 1 to 100 people.' in (
        uses.content.decode())
    assert not Invite.objects.exists()


def test_only_organisers_see_or_make_invites(club, bob_page, carol_page, mallory_page):
    for client in (bob_page, carol_page):
        assert client.get(f"/clubs/{club.pk}/invites/").status_code == 403
        assert client.post(f"/clubs/{club.pk}/invites/",
                           {"role": "organiser", "days": 7, "uses": 1}).status_code == 403
    assert mallory_page.get(f"/clubs/{club.pk}/invites/").status_code == 404
    assert not Invite.objects.exists()


def test_a_revoked_invite_lets_nobody_in(club, alice_page):
    path = make_invite(alice_page, club)
    invite = Invite.objects.get()

    revoke = alice_page.post(f"/clubs/{club.pk}/invites/{invite.pk}/revoke/", follow=True)
    opened = Client().get(path)
    signed_up = Client().post(path, {"username": "dora", "password1": "Kartenglück-2024",
                                     "password2": "Kartenglück-2024"})

    assert "its link no longer lets anyone in" in revoke.content.decode()
    assert opened.status_code == 410 and "This invite was revoked." in opened.content.decode()
    assert signed_up.status_code == 410
    assert not User.objects.filter(username="dora").exists()


def test_an_expired_invite_lets_nobody_in(club, alice_page, mallory_page):
    path = make_invite(alice_page, club)
    Invite.objects.update(expires_at=timezone.now() - timedelta(seconds=1))

    page = mallory_page.get(path)
    joined = mallory_page.post(path)

    assert page.status_code == 410 and "This invite has expired." in page.content.decode()
    assert joined.status_code == 410
    assert role_of(club, "mallory") is None


def test_an_unknown_invite_link_is_a_404_that_says_so(db):
    response = Client().get("/join/not-a-token/")

    assert response.status_code == 404
    assert "This invite link does not exist." in response.content.decode()


# --- Joining ----------------------------------------------------------------------------------


def test_a_new_person_signs_up_through_the_invite_and_joins_with_its_role(club, alice_page):
    path = make_invite(alice_page, club, role="scorekeeper")
    newcomer = Client()

    page = newcomer.get(path).content.decode()
    response = newcomer.post(path, {"username": "dora", "email": "dora@example.org",
                                    "password1": "Kartenglück-2024",
                                    "password2": "Kartenglück-2024"}, follow=True)

    assert "Join Ottakring as scorekeeper" in page
    assert f'href="/accounts/login/?next={path}"' in page  # "I have an account: sign in"
    assert response.redirect_chain == [("/", 302)]
    assert "Welcome, dora: you joined Ottakring as scorekeeper." in response.content.decode()
    assert role_of(club, "dora") == "scorekeeper"
    assert User.objects.get(username="dora").email == "dora@example.org"
    assert Invite.objects.get().uses == 1
    # signed in: she may start a game in Ottakring
    assert newcomer.get("/games/new/").status_code == 200


def test_a_weak_or_mistyped_password_is_refused_and_writes_nothing(club, alice_page, bob):
    path = make_invite(alice_page, club)

    weak = Client().post(path, {"username": "dora", "password1": "12345678",
                                "password2": "12345678"})
    mistyped = Client().post(path, {"username": "dora", "password1": "Kartenglück-2024",
                                    "password2": "Kartenglück-2025"})
    taken = Client().post(path, {"username": "bob", "password1": "Kartenglück-2024",
                                 "password2": "Kartenglück-2024"})

    assert weak.status_code == 422 and "too common" in weak.content.decode()
    assert mistyped.status_code == 422
    assert "The two password fields didn" in mistyped.content.decode()
    assert taken.status_code == 422 and "already exists" in taken.content.decode()
    assert not User.objects.filter(username="dora").exists()
    assert Invite.objects.get().uses == 0


def test_someone_with_an_account_signs_in_from_the_invite_and_joins(club, alice_page,
                                                                     mallory):
    path = make_invite(alice_page, club, role="viewer")
    phone = Client()

    signed_in = phone.post("/accounts/login/", {"username": "mallory",
                                                "password": "mallory-secret-42",
                                                "next": path})
    page = phone.get(path).content.decode()
    response = phone.post(path, follow=True)

    assert signed_in["Location"] == path  # back to the invite after signing in
    assert "Join Ottakring as viewer" in page and "You join as mallory." in page
    assert "You joined Ottakring as viewer." in response.content.decode()
    assert role_of(club, "mallory") == "viewer"


def test_a_member_keeps_their_role_and_uses_nothing_of_the_invite(club, alice_page, carol_page):
    path = make_invite(alice_page, club, role="organiser")

    page = carol_page.get(path).content.decode()
    response = carol_page.post(path, follow=True)

    assert "You already belong to Ottakring as viewer." in page
    assert "the invite leaves that as it is" in response.content.decode()
    assert role_of(club, "carol") == "viewer"
    assert Invite.objects.get().uses == 0


def test_an_invite_lets_in_as_many_people_as_it_allows(club, alice_page):
    path = make_invite(alice_page, club, uses=2)

    for name in ("dora", "emil", "fritz"):
        Client().post(path, {"username": name, "password1": "Kartenglück-2024",
                             "password2": "Kartenglück-2024"})

    assert role_of(club, "dora") == role_of(club, "emil") == "scorekeeper"
    assert role_of(club, "fritz") is None
    assert not User.objects.filter(username="fritz").exists()
    assert Invite.objects.get().uses == 2
    used_up = Client().get(path)
    assert used_up.status_code == 410
    assert "This invite has been used as often as it allows." in used_up.content.decode()


@pytest.mark.django_db(transaction=True)
def test_two_people_taking_the_last_use_at_once_do_not_both_get_in():
    club = club_services.create_club(name="Ottakring", user=User.objects.create_user("alice"))
    invite = club_services.create_invite(club_id=club.pk, role="viewer", max_uses=1)
    people = [User.objects.create_user(name) for name in ("dora", "emil", "fritz", "gerda")]
    start, results = threading.Barrier(len(people)), []

    def take(user):
        try:
            start.wait()
            results.append(club_services.accept_invite(token=invite.token, user=user)[1])
        except club_services.InviteClosed:
            results.append(False)
        finally:
            connection.close()

    threads = [threading.Thread(target=take, args=(user,)) for user in people]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert sorted(results) == [False, False, False, True]
    assert Membership.objects.filter(club=club, role="viewer").count() == 1
    assert Invite.objects.get().uses == 1


# --- Share links ------------------------------------------------------------------------------


def test_a_revoked_share_link_is_a_404_and_the_page_shows_a_new_one(club, bob_page, carol_page):
    game = start_game(bob_page, club, ["Anna", "Ben"])
    old = _share_path(bob_page, game)
    assert Client().get(old).status_code == 200

    revoked = bob_page.post(f"/games/{game.pk}/share/revoke/", follow=True)

    new = _share_path(bob_page, game)
    assert revoked.redirect_chain == [(f"/games/{game.pk}/share/", 302)]
    assert "The old link no longer opens the sheet." in revoked.content.decode()
    assert new != old
    assert Client().get(old).status_code == 404
    assert Client().get(new).status_code == 200
    assert "{#" not in revoked.content.decode()  # no template comment shows on the page
    # a viewer may pass the link on, but not revoke it
    assert "Revoke the link" not in carol_page.get(f"/games/{game.pk}/share/").content.decode()
    assert carol_page.post(f"/games/{game.pk}/share/revoke/").status_code == 403
    assert Client().get(new).status_code == 200


def _share_path(client, game: Game) -> str:
    share = client.get(f"/games/{game.pk}/share/").content.decode()
    return re.search(r'id="share-url" class="url" value="http://testserver([^"]+)"', share)[1]


# --- Passwords --------------------------------------------------------------------------------


def test_the_login_page_and_the_footer_lead_to_the_password_pages(alice_page):
    assert 'href="/accounts/password_reset/"' in Client().get("/accounts/login/").content.decode()
    assert 'href="/accounts/password_change/"' in alice_page.get("/").content.decode()


def test_a_password_is_changed_with_the_old_one(alice, alice_page):
    wrong = alice_page.post("/accounts/password_change/", {
        "old_password": "guess", "new_password1": "Kartenglück-2024",
        "new_password2": "Kartenglück-2024"})
    right = alice_page.post("/accounts/password_change/", {
        "old_password": "alice-secret-42", "new_password1": "Kartenglück-2024",
        "new_password2": "Kartenglück-2024"}, follow=True)

    assert wrong.status_code == 200 and "incorrectly" in wrong.content.decode()
    assert right.redirect_chain == [("/accounts/password_change/done/", 302)]
    assert "Your password is changed." in right.content.decode()
    alice.refresh_from_db()
    assert alice.check_password("Kartenglück-2024")
    assert alice_page.get("/").status_code == 200  # still signed in on this phone


def test_a_forgotten_password_is_reset_through_the_mailed_link(alice):
    alice.email = "alice@example.org"
    alice.save()
    phone = Client()

    sent = phone.post("/accounts/password_reset/", {"email": "alice@example.org"})
    nobody = phone.post("/accounts/password_reset/", {"email": "nobody@example.org"})

    assert sent["Location"] == nobody["Location"] == "/accounts/password_reset/done/"
    assert len(mail.outbox) == 1  # the same answer either way, one mail
    message = mail.outbox[0]
    assert message.to == ["alice@example.org"]
    assert message.subject == "A new password for Scorekeeper"
    link = re.search(r"http://testserver(/accounts/reset/\S+/)", message.body)[1]
    form = phone.get(link, follow=True)
    assert "Save the new password" in form.content.decode()
    set_password = form.redirect_chain[-1][0]
    done = phone.post(set_password, {"new_password1": "Kartenglück-2024",
                                     "new_password2": "Kartenglück-2024"}, follow=True)
    assert done.redirect_chain == [("/accounts/reset/done/", 302)]
    assert "Your new password is saved." in done.content.decode()
    alice.refresh_from_db()
    assert alice.check_password("Kartenglück-2024")
    # the link works once
    again = phone.get(link, follow=True).content.decode()
    assert "This link no longer works" in again


PROBE_MAIL = ("import json, scorekeeper.settings as s; "
              "print(json.dumps([s.MAILERS, s.DEFAULT_FROM_EMAIL]))")


def mail_settings(**env) -> list:
    done = run(["-c", PROBE_MAIL], production_env(**env))
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_mail_goes_to_the_console_unless_an_smtp_host_is_set():
    console = mail_settings()
    smtp = mail_settings(EMAIL_HOST="smtp.example.org", EMAIL_PORT="2525",
                         EMAIL_HOST_USER="karten", EMAIL_HOST_PASSWORD="geheim",
                         EMAIL_USE_TLS="0", DEFAULT_FROM_EMAIL="karten@example.org")

    assert console == [{"default": {
        "BACKEND": "django.core.mail.backends.console.EmailBackend"}}, "scorekeeper@localhost"]
    assert smtp == [{"default": {
        "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "OPTIONS": {"host": "smtp.example.org", "port": 2525, "username": "karten",
                    "password": "geheim", "use_tls": False},
    }}, "karten@example.org"]


def test_a_removed_organiser_cannot_come_back_through_an_open_invite(alice, bob, club):
    # given Bob, an organiser who has seen an open organiser invite
    club_services.change_role(club_id=club.pk, user_id=bob.pk, role="organiser")
    invite = club_services.create_invite(club_id=club.pk, role="organiser", days=30,
                                         max_uses=100)

    # when Alice removes him, and he opens the link
    club_services.remove_member(club_id=club.pk, user_id=bob.pk)
    bob_client = Client()
    bob_client.force_login(bob)
    response = bob_client.post(f"/join/{invite.token}/")

    # then the invite was revoked with the removal, and he is not back
    assert response.status_code == 410
    assert not Membership.objects.filter(club=club, user=bob).exists()


def test_an_organiser_who_gives_up_the_role_revokes_the_open_invites(alice, bob, club):
    club_services.change_role(club_id=club.pk, user_id=bob.pk, role="organiser")
    invite = club_services.create_invite(club_id=club.pk, role="organiser")

    club_services.change_role(club_id=club.pk, user_id=bob.pk, role="viewer")

    invite.refresh_from_db()
    assert invite.revoked_at is not None
