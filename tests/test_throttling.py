"""Abuse brakes: API rate limits (DRF throttles), the login lockout (django-axes) per
username and address and per address across usernames, and the password reset's rates.

docs/reliability.md items 22 (login lockout) and 23 (API throttling). Under pytest the
API rates are off (settings.TESTING), so each throttle test sets its own low rate; the
password reset's rates stay on.
"""

import time
from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.cache import cache
from django.test import Client, RequestFactory, override_settings
from django.utils import timezone
from rest_framework.test import APIClient

from scorekeeper import services, throttling
from scorekeeper.lockout import client_ip

RATES_OFF = {"anon": None, "user-read": None, "money-write": None}


def rates(**scopes):
    """override_settings for REST_FRAMEWORK with these rates (the others off)."""
    return override_settings(REST_FRAMEWORK={
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**RATES_OFF, **{k.replace("_", "-"): v
                                                    for k, v in scopes.items()}},
    })


@pytest.fixture(autouse=True)
def fresh_counters(settings):
    # Many logins here: a fast hasher (autouse, so the personas are hashed with it too).
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    cache.clear()  # the throttles count in the default cache
    yield
    cache.clear()


def test_the_suite_runs_unthrottled():
    assert settings.TESTING
    assert settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"] == RATES_OFF


# --- API throttling --------------------------------------------------------------------------


@pytest.fixture
def game(club, bob):
    view = services.start_game(club=club, name="Throttled", preset="wiener",
                               players=["Anna", "Ben", "Cem"], user=bob)
    return view.game.pk, [seat.player_id for seat in view.seats]


def round_body(number, players):
    return {"number": number, "ender": players[0],
            "hands": [{"player": p, "deadwood": 0 if i == 0 else 5}
                      for i, p in enumerate(players)]}


def test_money_writes_over_the_rate_answer_429_with_retry_after(as_bob, as_alice, game):
    game_id, players = game
    url = f"/api/v1/games/{game_id}/rounds/"
    with rates(money_write="3/min"):
        for number in (1, 2, 3):
            assert as_bob.post(url, round_body(number, players), format="json").status_code == 201
        response = as_bob.post(url, round_body(4, players), format="json")
        assert response.status_code == 429
        assert 0 < int(response["Retry-After"]) <= 60
        assert response.json()["errors"][0]["code"] == "throttled"
        assert response.json()["errors"][0]["field"] is None
        # A correction (PUT) and a re-buy count in the same scope.
        correction = {**round_body(3, players), "reason": "typo"}
        assert as_bob.put(f"{url}3/", correction, format="json",
                          HTTP_IF_MATCH='"4"').status_code == 429
        assert as_bob.post(f"/api/v1/games/{game_id}/rebuys/", {"player": players[1]},
                           format="json").status_code == 429
        # Nothing of the refused round landed; reads go on; other users are not counted.
        detail = as_bob.get(f"/api/v1/games/{game_id}/")
        assert detail.status_code == 200
        assert detail.json()["next_round"] == 4
        assert as_alice.post(url, round_body(4, players), format="json").status_code == 201


def test_reads_have_their_own_scope(as_bob, game):
    game_id, players = game
    with rates(user_read="2/min", money_write="100/min"):
        assert as_bob.get(f"/api/v1/games/{game_id}/").status_code == 200
        assert as_bob.get(f"/api/v1/games/{game_id}/rounds/").status_code == 200
        response = as_bob.get(f"/api/v1/games/{game_id}/")
        assert response.status_code == 429
        assert "Retry-After" in response
        # Writes are not counted against reads, nor stopped by them.
        response = as_bob.post(f"/api/v1/games/{game_id}/rounds/", round_body(1, players),
                               format="json")
        assert response.status_code == 201


def test_reads_do_not_count_against_writes(as_bob, game):
    game_id, players = game
    with rates(money_write="1/min"):
        for _ in range(5):
            assert as_bob.get(f"/api/v1/games/{game_id}/").status_code == 200
        response = as_bob.post(f"/api/v1/games/{game_id}/rounds/", round_body(1, players),
                               format="json")
        assert response.status_code == 201


def test_anonymous_callers_are_counted_by_address_not_by_a_spoofed_header(db):
    client = APIClient()
    with rates(anon="2/min"):
        for n in range(2):
            response = client.get("/api/v1/presets/", HTTP_X_FORWARDED_FOR=f"203.0.113.{n}")
            assert response.status_code != 429
        response = client.get("/api/v1/presets/", HTTP_X_FORWARDED_FOR="203.0.113.99")
        assert response.status_code == 429
        assert "Retry-After" in response
        # Another address is another caller.
        response = client.get("/api/v1/presets/", REMOTE_ADDR="198.51.100.7")
        assert response.status_code != 429


# --- Login lockout -----------------------------------------------------------------------------

TOKEN = "/api/v1/auth/token/"


def token(client, username, password, **extra):
    return client.post(TOKEN, {"username": username, "password": password}, format="json",
                       **extra)


def test_token_endpoint_locks_a_username_at_one_address_after_5_failures(bob, carol):
    client = APIClient()
    for _ in range(4):
        assert token(client, "bob", "wrong").status_code == 401  # invalid_credentials
    response = token(client, "bob", "wrong")  # the 5th failure locks
    assert response.status_code == 429
    # Now even the right password is refused, with the API's error body.
    response = token(client, "bob", "bob-secret-42")
    assert response.status_code == 429
    assert response.json()["errors"][0]["code"] == "locked_out"
    assert int(response["Retry-After"]) == 15 * 60
    assert "token" not in response.json()
    # A spoofed X-Forwarded-For does not make another caller of it (no proxy configured).
    response = token(client, "bob", "bob-secret-42", HTTP_X_FORWARDED_FOR="198.51.100.23")
    assert response.status_code == 429
    # Another user behind the same address is not locked.
    response = token(client, "carol", "carol-secret-42")
    assert response.status_code == 200
    assert response.json()["token"]
    # The same user from another address is not locked either: the pair is.
    response = token(client, "bob", "bob-secret-42", REMOTE_ADDR="198.51.100.23")
    assert response.status_code == 200


def test_lockout_ends_after_the_cool_off(bob):
    client = APIClient()
    for _ in range(5):
        token(client, "bob", "wrong")
    assert token(client, "bob", "bob-secret-42").status_code == 429
    assert settings.AXES_COOLOFF_TIME == timedelta(minutes=15)
    AccessAttempt.objects.update(attempt_time=AccessAttempt.objects.get().attempt_time
                                 - timedelta(minutes=16))
    assert token(client, "bob", "bob-secret-42").status_code == 200


def test_four_failures_and_a_success_do_not_lock(bob):
    client = APIClient()
    for _ in range(4):
        token(client, "bob", "wrong")
    assert token(client, "bob", "bob-secret-42").status_code == 200


@pytest.fixture
def staff(db):
    make = get_user_model().objects.create_user
    return (make("sam", password="sam-secret-42", is_staff=True),
            make("tina", password="tina-secret-42", is_staff=True))


def admin_login(client, username, password, **extra):
    return client.post("/admin/login/?next=/admin/",
                       {"username": username, "password": password}, **extra)


def test_django_login_view_locks_out_too(staff):
    client = Client()
    for _ in range(4):
        assert admin_login(client, "sam", "wrong").status_code == 200  # the form again
    assert admin_login(client, "sam", "wrong").status_code == 429
    response = admin_login(client, "sam", "sam-secret-42")
    assert response.status_code == 429
    assert int(response["Retry-After"]) == 15 * 60
    assert "_auth_user_id" not in client.session
    assert admin_login(client, "sam", "sam-secret-42",
                       HTTP_X_FORWARDED_FOR="10.1.2.3").status_code == 429
    # Another user from the same address signs in.
    response = admin_login(Client(), "tina", "tina-secret-42")
    assert response.status_code == 302


def test_the_sign_in_page_locks_out_too(bob, carol):
    client = Client()
    page = "/accounts/login/"
    for _ in range(4):
        assert client.post(page, {"username": "bob", "password": "wrong"}).status_code == 200
    assert client.post(page, {"username": "bob", "password": "wrong"}).status_code == 429
    response = client.post(page, {"username": "bob", "password": "bob-secret-42"})
    assert response.status_code == 429
    assert "_auth_user_id" not in client.session
    response = Client().post(page, {"username": "carol", "password": "carol-secret-42"})
    assert response.status_code == 302


def test_a_session_login_resets_the_count(staff):
    client = Client()
    for _ in range(4):
        admin_login(client, "sam", "wrong")
    assert admin_login(client, "sam", "sam-secret-42").status_code == 302
    client = Client()
    for _ in range(4):  # AXES_RESET_ON_SUCCESS: counted from zero again
        admin_login(client, "sam", "wrong")
    assert admin_login(client, "sam", "sam-secret-42").status_code == 302


def test_test_client_login_without_a_request_still_works(bob):
    # authenticate() without a request (the test client, a shell) skips the lockout check.
    assert Client().login(username="bob", password="bob-secret-42")
    assert not Client().login(username="bob", password="wrong")


@pytest.mark.parametrize(("proxies", "xff", "expected"), [
    (0, "", "192.0.2.1"),
    (0, "198.51.100.9", "192.0.2.1"),  # no proxy: the header is the client's own claim
    (1, "198.51.100.9", "198.51.100.9"),
    (1, "6.6.6.6, 198.51.100.9", "198.51.100.9"),  # what our one proxy saw, not the claim
    (2, "6.6.6.6, 198.51.100.9, 10.0.0.5", "198.51.100.9"),
    (3, "198.51.100.9", "198.51.100.9"),
])
def test_client_address_trusts_only_the_configured_proxies(proxies, xff, expected):
    request = RequestFactory().get("/", REMOTE_ADDR="192.0.2.1", HTTP_X_FORWARDED_FOR=xff)
    with override_settings(REST_FRAMEWORK={**settings.REST_FRAMEWORK, "NUM_PROXIES": proxies}):
        assert client_ip(request) == expected


# --- Password reset (docs/security.md, "Abuse brakes") -----------------------------------------

RESET = "/accounts/password_reset/"


def reset(client, email, **extra):
    response = client.post(RESET, {"email": email}, **extra)
    assert response.status_code == 302
    assert response["Location"] == "/accounts/password_reset/done/"  # the same answer always
    return response


@pytest.fixture
def with_email(bob, carol):
    bob.email, carol.email = "bob@example.org", "carol@example.org"
    bob.save()
    carol.save()


def test_password_reset_mails_an_account_a_few_times_an_hour(with_email):
    client = Client()
    for _ in range(5):
        reset(client, "bob@example.org")
    assert len(mail.outbox) == 3  # PASSWORD_RESET_RATES["account"]: 3/hour
    assert settings.PASSWORD_RESET_RATES["account"] == "3/hour"
    # From other addresses, in other letters: the same account, still counted.
    reset(Client(REMOTE_ADDR="198.51.100.7"), "BOB@example.org")
    reset(Client(REMOTE_ADDR="198.51.100.8"), " bob@example.org")
    assert len(mail.outbox) == 3
    # Another account is not held back by bob's.
    reset(client, "carol@example.org")
    assert [m.to for m in mail.outbox[3:]] == [["carol@example.org"]]


def test_password_reset_from_one_address_is_limited_across_emails(with_email):
    client = Client()
    for n in range(9):  # unknown addresses count the same: the answer tells nothing
        reset(client, f"nobody{n}@example.org")
    reset(client, "bob@example.org")  # the 10th of the hour goes out
    reset(client, "carol@example.org")  # the 11th does not
    assert [m.to for m in mail.outbox] == [["bob@example.org"]]
    # Another address still may; a spoofed X-Forwarded-For is not another address.
    reset(client, "carol@example.org", HTTP_X_FORWARDED_FOR="203.0.113.5")
    assert len(mail.outbox) == 1
    reset(Client(REMOTE_ADDR="198.51.100.9"), "carol@example.org")
    assert [m.to for m in mail.outbox] == [["bob@example.org"], ["carol@example.org"]]


def test_password_reset_rates_lift_after_the_hour(with_email, monkeypatch):
    client = Client()
    for _ in range(4):
        reset(client, "bob@example.org")
    assert len(mail.outbox) == 3
    later = time.time() + 3601
    monkeypatch.setattr(throttling.PasswordResetThrottle, "timer", lambda self: later)
    reset(client, "bob@example.org")
    assert len(mail.outbox) == 4


def test_a_bad_email_is_refused_and_not_counted(with_email):
    client = Client()
    for _ in range(5):
        response = client.post(RESET, {"email": "not an address"})
        assert response.status_code == 200 and b"valid email" in response.content
    reset(client, "bob@example.org")
    assert len(mail.outbox) == 1


# --- Lockout of one address across usernames -------------------------------------------------


@pytest.fixture
def many_users(db):
    make = get_user_model().objects.create_user
    return [make(f"player{n}", password=f"player{n}-secret-42") for n in range(12)]


def test_one_address_cannot_try_every_username_on_the_token_endpoint(many_users, carol):
    client = APIClient()
    assert settings.AXES_ADDRESS_FAILURE_LIMIT == 30
    # 3 tries for each of 10 usernames: never 5 for one pair, but 30 from the address.
    for user in many_users[:10]:
        for _ in range(3):
            assert token(client, user.username, "guess").status_code in (401, 429)
    assert token(client, "player0", "guess").status_code == 429
    # Now the address is locked for every username, even with the right password.
    response = token(client, "carol", "carol-secret-42")
    assert response.status_code == 429
    assert response.json()["errors"][0]["code"] == "locked_out"
    assert int(response["Retry-After"]) == 15 * 60
    # A spoofed X-Forwarded-For is the same address; another address is not locked.
    assert token(client, "carol", "carol-secret-42",
                 HTTP_X_FORWARDED_FOR="198.51.100.23").status_code == 429
    assert token(client, "carol", "carol-secret-42",
                 REMOTE_ADDR="198.51.100.23").status_code == 200


def test_one_address_cannot_try_every_username_on_the_sign_in_page(many_users, carol):
    client = Client()
    page = "/accounts/login/"
    answers = [client.post(page, {"username": user.username, "password": "guess"}).status_code
               for user in many_users[:10] for _ in range(3)]
    assert answers[:29] == [200] * 29 and answers[29] == 429  # the 30th locks the address
    response = client.post(page, {"username": "carol", "password": "carol-secret-42"})
    assert response.status_code == 429
    assert "_auth_user_id" not in client.session
    other = Client(REMOTE_ADDR="198.51.100.23")
    assert other.post(page, {"username": "carol", "password": "carol-secret-42"}).status_code \
        == 302


def test_a_success_of_ones_own_does_not_reset_the_addresss_count(many_users):
    client = Client()
    page = "/accounts/login/"
    guesses = [user.username for user in many_users[1:10] for _ in range(3)] + ["player10"] * 2
    for username in guesses:  # 29 failures from the address
        assert client.post(page, {"username": username, "password": "guess"}).status_code == 200
    # The attacker signs in with an account of their own: that clears only its own pair.
    own = Client()
    assert own.post(page, {"username": "player0", "password": "player0-secret-42"}) \
        .status_code == 302
    assert client.post(page, {"username": "player11", "password": "guess"}).status_code == 429
    response = client.post(page, {"username": "player11", "password": "player11-secret-42"})
    assert response.status_code == 429


def test_a_table_on_one_wifi_is_not_locked_by_its_typos(many_users):
    # Eight players behind one address, each mistyping twice before signing in.
    for user in many_users[:8]:
        phone = Client()
        for _ in range(2):
            assert phone.post("/accounts/login/", {"username": user.username,
                                                    "password": "typo"}).status_code == 200
        assert phone.post("/accounts/login/", {
            "username": user.username, "password": f"{user.username}-secret-42"}).status_code \
            == 302


def test_the_address_lockout_ends_after_the_cool_off(many_users, carol):
    client = APIClient()
    for user in many_users[:10]:
        for _ in range(3):
            token(client, user.username, "guess")
    assert token(client, "carol", "carol-secret-42").status_code == 429
    AccessAttempt.objects.update(attempt_time=timezone.now() - timedelta(minutes=16))
    assert token(client, "carol", "carol-secret-42").status_code == 200


def test_the_answer_says_why_a_link_may_not_come(with_email):
    page = Client().get("/accounts/password_reset/done/").content.decode()
    assert "Only a few links an hour go out for one address" in page
    german = Client(HTTP_ACCEPT_LANGUAGE="de").get("/accounts/password_reset/done/")
    assert "An eine Adresse werden nur ein paar Links pro Stunde geschickt" in \
        german.content.decode()
