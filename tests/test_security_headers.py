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
from scorekeeper.web import presenters as pages

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
                               players=["Anna", "Ben"])
    ids = {seat.player.name: seat.player_id for seat in view.seats}
    services.record_round(game_id=view.game.pk, number=1, ender=ids["Anna"], hands=[
        services.HandInput(ids["Anna"], deadwood=3), services.HandInput(ids["Ben"], deadwood=12)])
    return view.game


def page_urls(game) -> list[str]:
    return ["/", "/games/new/", f"/games/{game.pk}/", f"/games/{game.pk}/rounds/new/",
            f"/games/{game.pk}/rounds/1/edit/", f"/games/{game.pk}/ledger/",
            f"/games/{game.pk}/share/", f"/s/{pages.share_token(game.pk)}/"]


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
    assert client.get(f"/s/{pages.share_token(game.pk)}/")["Referrer-Policy"] == "no-referrer"


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
