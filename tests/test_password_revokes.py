"""A new password signs everything else out (docs/api.md, "Tokens"; docs/security.md):
changing it, resetting it through the mailed link, or setting it in the admin or with
`manage.py changepassword` revokes every API token of the user, and Django's session hash
signs out the user's other sessions; the session that changed it stays signed in."""

import re
from unittest import mock

import pytest
from django.contrib.auth.hashers import PBKDF2PasswordHasher
from django.contrib.auth.password_validation import password_validators_help_texts
from django.core import mail
from django.core.management import call_command
from django.test import Client
from django.utils import translation
from rest_framework.test import APIClient

from scorekeeper.models import ApiToken

NEW = "Kartenglück-2024"
TOKENS = "/accounts/tokens/"


def token_of(username: str, **extra) -> str:
    made = APIClient().post("/api/v1/auth/token/", {
        "username": username, "password": f"{username}-secret-42", **extra}, format="json")
    assert made.status_code == 200, made.content
    return made.json()["token"]


def answers(token: str) -> int:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    return client.get("/api/v1/clubs/").status_code


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    assert client.get(TOKENS).status_code == 200
    return client


def signed_out(client: Client) -> bool:
    response = client.get(TOKENS)
    return response.status_code == 302 and response["Location"].startswith("/accounts/login/")


def test_changing_the_password_revokes_the_tokens_and_signs_out_the_other_sessions(
        alice, bob, club):
    tokens = [token_of("alice"), token_of("alice", club=club.pk, scope="read")]
    bobs = token_of("bob")
    laptop, phone = signed_in(alice), signed_in(alice)

    changed = laptop.post("/accounts/password_change/", {
        "old_password": "alice-secret-42", "new_password1": NEW, "new_password2": NEW})

    assert changed.status_code == 302
    assert [answers(token) for token in tokens] == [401, 401]
    assert not ApiToken.objects.filter(user=alice).exists()
    assert signed_out(phone)
    assert not signed_out(laptop)  # the one that changed it goes on
    assert answers(bobs) == 200  # nobody else's


def test_a_failed_change_revokes_nothing(alice):
    token = token_of("alice")
    laptop, phone = signed_in(alice), signed_in(alice)

    refused = laptop.post("/accounts/password_change/", {
        "old_password": "guess", "new_password1": NEW, "new_password2": NEW})

    assert refused.status_code == 200
    assert answers(token) == 200 and not signed_out(phone)


def test_a_reset_through_the_mailed_link_revokes_the_tokens_and_every_session(alice):
    alice.email = "alice@example.org"
    alice.save()
    token, phone = token_of("alice"), signed_in(alice)
    stranger = Client()

    stranger.post("/accounts/password_reset/", {"email": "alice@example.org"})
    link = re.search(r"http://testserver(/accounts/reset/\S+/)", mail.outbox[0].body)[1]
    form = stranger.get(link, follow=True)
    done = stranger.post(form.redirect_chain[-1][0], {"new_password1": NEW,
                                                     "new_password2": NEW})

    assert done.status_code == 302 and done["Location"] == "/accounts/reset/done/"
    assert answers(token) == 401
    assert signed_out(phone)


def test_changepassword_and_the_admin_revoke_the_tokens_too(alice):
    """Both set the password with set_password() and save(), as the pages do: the hook is
    the model's, so no way of setting a password is missed."""
    token = token_of("alice")
    with mock.patch("getpass.getpass", return_value=NEW):
        call_command("changepassword", "alice", stdout=mock.Mock())
    assert answers(token) == 401

    admin = Client()
    admin.force_login(type(alice).objects.create_superuser("root", password="root-secret-42"))
    _row, token = ApiToken.objects.create(user=alice)
    saved = admin.post(f"/admin/auth/user/{alice.pk}/password/", {
        "password1": "Another-one-2025", "password2": "Another-one-2025"})
    assert saved.status_code == 302, saved.content
    assert answers(token) == 401


class FewerRounds(PBKDF2PasswordHasher):
    """A cheap stand-in for the production hasher: signing in upgrades the tests' MD5
    hashes to it."""

    iterations = 1000


def test_a_hash_upgraded_when_signing_in_is_no_new_password(alice, settings):
    token = token_of("alice")
    settings.PASSWORD_HASHERS = [f"{__name__}.FewerRounds",
                                 "django.contrib.auth.hashers.MD5PasswordHasher"]

    assert token_of("alice")  # checks the password, and stores it hashed anew
    alice.refresh_from_db()
    assert alice.password.startswith("pbkdf2_sha256$1000$")
    assert answers(token) == 200


@pytest.mark.parametrize("language, text", [
    ("en", "revokes your API tokens"), ("de", "widerruft deine API-Tokens")])
def test_the_password_help_says_what_a_new_password_does(language, text):
    with translation.override(language):
        assert any(text in help for help in password_validators_help_texts())
