"""Security headers and CSRF (docs/reliability.md 21, 24): every page carries a strict
Content-Security-Policy with a fresh nonce (Django 6's SECURE_CSP), the other headers,
and no write gets through without the CSRF token, except with an API token.

The browser side (no CSP violation in chromium, htmx swapping under it) is in
tests/test_browser_security.py; the deploy check and the cookies in tests/test_deploy.py.
"""

import json
import re

import pytest
from django.test import Client

from scorekeeper import services
from scorekeeper.models import ApiToken, Club, Round
from scorekeeper.services.policy import OPERATOR, share_token

HTMX = {"HTTP_HX_REQUEST": "true"}
STRICT = {
    "default-src": "'self'",
    "style-src": "'self'",
    "img-src": "'self' data:",
    "connect-src": "'self'",
    "frame-ancestors": "'none'",
    "base-uri": "'self'",
    "form-action": "'self'",
    "object-src": "'none'",
}


def policy(response) -> dict[str, str]:
    header = response["Content-Security-Policy"]
    return dict(part.strip().split(" ", 1) for part in header.split(";"))


@pytest.fixture
def game(club):
    view = services.start_game(club=club, name="Freitag", preset="wiener",
                               players=["Anna", "Ben"], user=OPERATOR)
    ids = {seat.player.name: seat.player_id for seat in view.seats}
    services.record_round(game_id=view.game.pk, number=1, ender=ids["Anna"], hands=[
        services.HandInput(ids["Anna"], deadwood=3), services.HandInput(ids["Ben"], deadwood=12)],
                           user=OPERATOR)
    return view.game


def page_urls(game) -> list[str]:
    return ["/", "/games/new/", f"/games/{game.pk}/", f"/games/{game.pk}/rounds/new/",
            f"/games/{game.pk}/rounds/1/edit/", f"/games/{game.pk}/ledger/",
            f"/games/{game.pk}/share/", f"/s/{share_token(game.pk)}/"]


def test_every_page_has_a_strict_csp_with_a_fresh_nonce_on_its_scripts(bob, game):
    client = Client()
    client.force_login(bob)
    urls = [*page_urls(game), "/accounts/login/", "/games/999/"]
    nonces = []

    for url in urls:
        response = client.get(url) if url != "/accounts/login/" else Client().get(url)
        html = response.content.decode()
        csp = policy(response)
        script_src = csp.pop("script-src")
        nonce = re.fullmatch(r"'self' 'nonce-([\w-]+)'", script_src)
        assert nonce, (url, script_src)
        assert csp == STRICT, url
        scripts = re.findall(r"<script\b[^>]*>", html)
        assert len(scripts) >= 2, url  # htmx and app.js
        assert all(f'nonce="{nonce[1]}"' in tag for tag in scripts), (url, scripts)
        assert "unsafe" not in response["Content-Security-Policy"]
        nonces.append(nonce[1])

    assert len(set(nonces)) == len(urls)  # one nonce per response


def test_pages_carry_the_other_security_headers(bob, game):
    client = Client()
    client.force_login(bob)

    for url in [*page_urls(game), "/api/v1/clubs/"]:
        response = client.get(url)
        assert response.status_code == 200, url
        assert response["X-Content-Type-Options"] == "nosniff", url
        assert response["X-Frame-Options"] == "DENY", url
        assert "frame-ancestors 'none'" in response["Content-Security-Policy"], url
        assert response["Referrer-Policy"] in ("same-origin", "no-referrer"), url
    assert client.get(f"/s/{share_token(game.pk)}/")["Referrer-Policy"] == "no-referrer"


def test_the_api_docs_relax_only_styles_and_load_their_script_from_the_server(bob):
    client = Client()
    client.force_login(bob)

    page = client.get("/api/v1/docs/")
    script = client.get("/api/v1/docs/?script=")

    html = page.content.decode()
    csp = policy(page)
    assert csp["style-src"] == "'self' 'unsafe-inline'"
    assert csp["script-src"] == "'self'" and csp["object-src"] == "'none'"
    assert re.search(r"<script>", html) is None  # no inline script
    assert '<script src="/api/v1/docs/?script="></script>' in html
    assert script.status_code == 200 and "SwaggerUIBundle" in script.content.decode()


# --- CSRF (docs/reliability.md 21) -------------------------------------------------------------


def csrf_client(user) -> Client:
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    return client


def round_post(client, game) -> tuple[dict, str]:
    """The round form's fields as htmx would send them, and the token from hx-headers."""
    html = client.get(f"/games/{game.pk}/rounds/new/").content.decode()
    token = json.loads(re.search(r"<body hx-headers='([^']+)'", html)[1])["X-CSRFToken"]
    ids = re.findall(r'name="players" value="(\d+)"', html)
    data = {"number": re.search(r'name="number" value="(\d+)"', html)[1],
            "key": re.search(r'name="key" value="([^"]+)"', html)[1],
            "players": ids, "ender": ids[0], f"dw-{ids[0]}": "2", f"dw-{ids[1]}": "30"}
    return data, token


def test_an_htmx_post_needs_the_token_from_hx_headers(bob, game):
    client = csrf_client(bob)
    data, token = round_post(client, game)

    refused = client.post(f"/games/{game.pk}/rounds/new/", data, **HTMX)
    accepted = client.post(f"/games/{game.pk}/rounds/new/", data, HTTP_X_CSRFTOKEN=token,
                           **HTMX)

    assert refused.status_code == 403
    assert accepted.status_code == 200 and accepted["HX-Push-Url"] == f"/games/{game.pk}/"
    assert Round.objects.filter(game=game).count() == 2


def test_a_plain_form_post_needs_the_token_too(bob, game):
    client = csrf_client(bob)
    data, token = round_post(client, game)

    refused = client.post(f"/games/{game.pk}/rounds/new/", data)
    accepted = client.post(f"/games/{game.pk}/rounds/new/",
                           {**data, "csrfmiddlewaretoken": token})

    assert (refused.status_code, accepted.status_code) == (403, 302)


def test_a_session_api_post_needs_the_csrf_token_and_a_token_api_post_does_not(bob):
    session = csrf_client(bob)
    session.get("/")  # sets the CSRF cookie
    token = session.cookies["csrftoken"].value
    _row, api_token = ApiToken.objects.create(user=bob)
    tokened = Client(enforce_csrf_checks=True)
    body = {"content_type": "application/json"}

    refused = session.post("/api/v1/clubs/", {"name": "Without token"}, **body)
    with_csrf = session.post("/api/v1/clubs/", {"name": "With CSRF token"},
                             HTTP_X_CSRFTOKEN=token, **body)
    with_api_token = tokened.post("/api/v1/clubs/", {"name": "With API token"},
                                  HTTP_AUTHORIZATION=f"Token {api_token}", **body)

    assert refused.status_code == 403
    assert refused.json()["errors"][0]["message"].startswith("CSRF Failed")
    assert (with_csrf.status_code, with_api_token.status_code) == (201, 201)
    assert set(Club.objects.values_list("name", flat=True)) == {
        "Ottakring", "With CSRF token", "With API token"}


# --- Cache-Control (docs/security.md, "Caching") ---------------------------------------------

NO_STORE = "private, no-store"


def private_no_store(response) -> bool:
    """private and no-store among the directives (never_cache's answers say more)."""
    directives = {part.strip() for part in response.get("Cache-Control", "").split(",")}
    return {"private", "no-store"} <= directives


def test_every_answer_to_a_signed_in_user_is_private_no_store(bob, game):
    client = Client()
    client.force_login(bob)
    report = f"/clubs/{game.club_id}/report/"

    for url in [*page_urls(game), "/games/999/", f"/games/{game.pk}/players/"
                f"{game.seats.first().player_id}/", report, f"{report}?format=csv",
                f"{report}?format=pdf", "/accounts/tokens/", "/accounts/login/"]:
        response = client.get(url)
        assert private_no_store(response), (url, response.status_code)
    # An htmx swap too.
    assert client.get(f"/games/{game.pk}/", **HTMX)["Cache-Control"] == NO_STORE


def test_the_api_and_the_shared_sheet_are_no_store_for_anyone(bob, game):
    _row, api_token = ApiToken.objects.create(user=bob)
    bearer = {"HTTP_AUTHORIZATION": f"Token {api_token}"}
    anonymous = Client()

    for url in [f"/api/v1/games/{game.pk}/", f"/api/v1/games/{game.pk}/ledger/",
                f"/api/v1/games/{game.pk}/settlement/", f"/api/v1/clubs/{game.club_id}/report/",
                f"/api/v1/clubs/{game.club_id}/report/csv/"]:
        response = anonymous.get(url, **bearer)
        assert response.status_code == 200, url
        assert response["Cache-Control"] == NO_STORE, url
    for url in ["/api/v1/presets/", "/api/v1/games/999/", f"/api/v1/games/{game.pk}/"]:
        assert anonymous.get(url)["Cache-Control"] == NO_STORE, url  # 401, 404 as well

    shared = f"/s/{share_token(game.pk)}/"
    for url in [shared, f"{shared}hand/", "/s/forged.token/"]:
        assert anonymous.get(url)["Cache-Control"] == NO_STORE, url


def test_etags_still_answer_304_under_no_store(bob, game):
    _row, api_token = ApiToken.objects.create(user=bob)
    client = Client(HTTP_AUTHORIZATION=f"Token {api_token}")

    first = client.get(f"/api/v1/games/{game.pk}/")
    again = client.get(f"/api/v1/games/{game.pk}/", HTTP_IF_NONE_MATCH=first["ETag"])

    assert first["ETag"] and first["Cache-Control"] == NO_STORE
    assert again.status_code == 304
    assert again["ETag"] == first["ETag"] and again["Cache-Control"] == NO_STORE


def test_what_is_not_personal_keeps_its_own_headers(bob, game):
    client = Client()
    client.force_login(bob)
    # The service worker and the manifest: asked for again on every start (no-cache).
    assert client.get("/sw.js")["Cache-Control"] == "no-cache"
    assert client.get("/manifest.webmanifest")["Cache-Control"] == "no-cache"
    # The health probe and a new token keep their own no-store.
    assert client.get("/health/")["Cache-Control"] == \
        "max-age=0, no-cache, no-store, must-revalidate, private"
    made = Client().post("/api/v1/auth/token/", {"username": "bob", "password": "bob-secret-42"},
                         content_type="application/json")
    assert made["Cache-Control"] == "no-store"


def test_static_files_keep_whitenoises_headers(bob, settings):
    client = Client()
    client.force_login(bob)
    css = re.search(r'href="(/static/[^"]+\.css)"', client.get("/").content.decode())[1]
    response = client.get(css)
    if response.status_code == 404:
        pytest.skip("the static files are not collected (make static)")
    assert response.status_code == 200
    assert "no-store" not in response["Cache-Control"]
    assert "max-age" in response["Cache-Control"]
