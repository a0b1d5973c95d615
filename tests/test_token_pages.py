"""The API tokens page (/accounts/tokens/): a user makes a token (shown once), sees their
tokens and revokes one; nobody sees or revokes anyone else's."""

import re

from django.test import Client
from rest_framework.test import APIClient

from scorekeeper.models import ApiToken

PAGE = "/accounts/tokens/"


def secret_on(page) -> str:
    found = re.search(r'id="new-token" class="url" value="([^"]+)"', page.content.decode())
    assert found, "the new token is not shown"
    return found.group(1)


def works(token: str) -> bool:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    return client.get("/api/v1/clubs/").status_code == 200


def test_making_a_token_shows_it_once_and_it_works(alice_page):
    page = alice_page.get(PAGE)
    assert page.status_code == 200
    assert "No tokens yet." in page.content.decode()

    made = alice_page.post(PAGE, {"name": "scoreboard", "days": "30"})

    assert made.status_code == 200
    assert "no-store" in made["Cache-Control"]
    secret = secret_on(made)
    assert works(secret)
    token = ApiToken.objects.get()
    assert (token.name, token.expiry is not None) == ("scoreboard", True)
    again = alice_page.get(PAGE).content.decode()
    assert "scoreboard" in again and token.token_key in again
    assert secret not in again


def test_without_days_the_token_works_until_revoked(alice_page):
    made = alice_page.post(PAGE, {"name": "", "days": ""})
    assert made.status_code == 200
    assert works(secret_on(made))
    assert ApiToken.objects.get().expiry is None
    assert "works until revoked" in alice_page.get(PAGE).content.decode()


def test_a_wrong_number_of_days_is_refused_and_makes_nothing(alice_page):
    for days in ("0", "3651", "soon"):
        response = alice_page.post(PAGE, {"name": "x", "days": days})
        assert response.status_code == 422
        assert 'id="days-error"' in response.content.decode()
        assert 'id="new-token"' not in response.content.decode()
    assert not ApiToken.objects.exists()


def test_revoking_a_token_signs_it_out(alice_page):
    secret = secret_on(alice_page.post(PAGE, {"name": "old laptop"}))
    token = ApiToken.objects.get()

    response = alice_page.post(f"{PAGE}{token.token_key}/revoke/")

    assert response.status_code == 302 and response["Location"] == PAGE
    assert not works(secret)
    assert "The token was revoked" in alice_page.get(PAGE).content.decode()


def test_everyone_sees_and_revokes_only_their_own(alice_page, bob_page):
    secret = secret_on(alice_page.post(PAGE, {"name": "alice's"}))
    token = ApiToken.objects.get()

    assert "alice&#x27;s" not in bob_page.get(PAGE).content.decode()
    assert bob_page.post(f"{PAGE}{token.token_key}/revoke/").status_code == 404
    assert works(secret)


def test_anonymous_is_sent_to_sign_in_and_the_footer_links_the_page(alice_page):
    response = Client().get(PAGE)
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    assert f'href="{PAGE}"' in alice_page.get("/").content.decode()


# --- A club and a scope (docs/api.md, "Tokens") ---------------------------------------------


def test_a_token_is_made_for_one_club_to_read_only_and_the_list_says_so(alice_page, club):
    page = alice_page.get(PAGE).content.decode()
    assert f'<option value="{club.pk}">Ottakring</option>' in page
    assert 'name="scope" value="read"' in page

    made = alice_page.post(PAGE, {"name": "board", "club": str(club.pk), "scope": "read"})

    assert made.status_code == 200
    token = ApiToken.objects.get()
    assert (token.club, token.scope) == (club, ApiToken.Scope.READ)
    assert works(secret_on(made))
    listed = alice_page.get(PAGE).content.decode()
    item = listed[listed.index(f'id="token-{token.token_key}"'):]
    assert "Ottakring only" in item[:800] and "read only" in item[:800]


def test_without_a_club_or_scope_a_token_writes_in_every_club(alice_page):
    alice_page.post(PAGE, {"name": "script"})
    token = ApiToken.objects.get()
    assert (token.club, token.scope) == (None, ApiToken.Scope.WRITE)
    page = alice_page.get(PAGE).content.decode()
    assert "every club of yours" in page and "read and write" in page


def test_a_club_one_is_not_in_or_a_wrong_scope_is_refused_and_makes_nothing(
        alice_page, other_club, club):
    for data, field in (({"club": str(other_club.pk)}, "club"),
                        ({"club": "999999"}, "club"), ({"club": "x"}, "club"),
                        ({"scope": "admin"}, "scope")):
        response = alice_page.post(PAGE, {"name": "x", **data})
        assert response.status_code == 422
        page = response.content.decode()
        assert f'id="{field}-error"' in page and 'id="new-token"' not in page
    assert not ApiToken.objects.exists()


def test_the_page_shows_the_user_only_their_own_clubs(alice_page, mallory, other_club):
    assert "Favoriten" not in alice_page.get(PAGE).content.decode()
