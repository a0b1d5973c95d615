"""The app on a phone's home screen and offline at the table (docs/table.md, "Offline"):
the web app manifest, its icons, the service worker as served, and how every page loads
them under the strict CSP. The browser side (a phone going offline and coming back) is in
tests/test_browser_offline.py.
"""

import json
import re
import struct

import pytest
from django.contrib.staticfiles import finders
from django.templatetags.static import static
from django.test import Client

from scorekeeper import services
from scorekeeper.services import policy
from scorekeeper.services.policy import OPERATOR


@pytest.fixture
def game(club):
    return services.start_game(club=club, name="Freitag", preset="wiener",
                               players=["Anna", "Ben"], user=OPERATOR).game


def png_size(content: bytes) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk."""
    assert content[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", content[16:24])


def served_static(url: str) -> bytes:
    """A static file as the static URL names it (the finders, no collectstatic needed)."""
    prefix = static("")
    assert url.startswith(prefix), url
    path = finders.find(url[len(prefix):])
    assert path, f"{url} names no static file"
    with open(path, "rb") as file:
        return file.read()


def precached(script: str) -> list[str]:
    return json.loads(re.search(r"var ASSETS = (\[.*?\]);", script)[1])


def test_the_manifest_names_the_app_and_opens_it_standalone(db):
    response = Client().get("/manifest.webmanifest")

    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["name"] == "Scorekeeper"
    assert manifest["short_name"]
    assert manifest["start_url"] == "/" and manifest["scope"] == "/"
    assert manifest["display"] == "standalone"
    assert manifest["theme_color"] == manifest["background_color"] == "#fbf9f4"
    types = {icon["type"] for icon in manifest["icons"]}
    assert types == {"image/svg+xml", "image/png"}


def test_each_icon_is_served_as_the_manifest_says(db):
    manifest = json.loads(Client().get("/manifest.webmanifest").content)

    for icon in manifest["icons"]:
        content = served_static(icon["src"])
        if icon["type"] == "image/png":
            width, height = png_size(content)
            assert icon["sizes"] == f"{width}x{height}", icon
        else:
            assert icon["sizes"] == "any"
            assert content.startswith(b"<svg") and b"viewBox" in content
    purposes = {icon["purpose"] for icon in manifest["icons"]}
    assert purposes == {"any", "maskable"}
    sizes = {icon["sizes"] for icon in manifest["icons"] if icon["type"] == "image/png"}
    assert {"192x192", "512x512"} <= sizes


def test_the_service_worker_is_javascript_never_kept_and_precaches_real_files(db):
    response = Client().get("/sw.js")

    assert response.status_code == 200
    assert response["Content-Type"].split(";")[0] == "text/javascript"
    assert response["Cache-Control"] == "no-cache"
    script = response.content.decode()
    assets = precached(script)
    for url in assets:
        assert served_static(url)
    for needed in ("css/app.css", "js/app.js", "js/pad.js", "js/offline.js"):
        assert static(needed) in assets
    assert any("htmx" in url for url in assets)
    # What the table needs: the sheet and its round form, home and a shared sheet; never
    # the API, the admin or the accounts.
    pages = re.compile(re.search(r"var PAGES = /(.*)/;", script)[1].replace(r"\/", "/"))
    for path in ("/", "/games/12/", "/games/12/rounds/new/", "/s/abc:def/"):
        assert pages.fullmatch(path), path
    for path in ("/api/v1/games/12/", "/admin/", "/accounts/login/", "/games/12/ledger/",
                 "/games/12/rounds/3/edit/", "/games/new/"):
        assert not pages.fullmatch(path), path


def test_the_service_worker_changes_with_a_precached_file(db, settings, tmp_path):
    first = Client().get("/sw.js").content.decode()
    again = Client().get("/sw.js").content.decode()
    assert first == again  # the phone keeps its worker while nothing changed

    changed = tmp_path / "js"
    changed.mkdir()
    (changed / "app.js").write_text("/* a new app.js */")
    settings.STATICFILES_DIRS = [tmp_path, *settings.STATICFILES_DIRS]
    finders.get_finder.cache_clear()
    try:
        deployed = Client().get("/sw.js").content.decode()
    finally:
        finders.get_finder.cache_clear()

    version = re.compile(r'var VERSION = "(\w+)";')
    assert version.search(first)[1] != version.search(deployed)[1]


def test_the_manifest_and_the_worker_answer_get_only(db):
    for url in ("/manifest.webmanifest", "/sw.js"):
        assert Client().post(url).status_code == 405


def test_every_page_links_the_manifest_and_loads_offline_js_with_its_nonce(bob_page, game):
    for url in ("/", f"/games/{game.pk}/", f"/games/{game.pk}/rounds/new/"):
        response = bob_page.get(url)
        html = response.content.decode()
        nonce = re.search(r"'nonce-([\w-]+)'", response["Content-Security-Policy"])[1]

        assert '<link rel="manifest" href="/manifest.webmanifest">' in html
        assert re.search(r'<link rel="apple-touch-icon" href="[^"]+icon-192\.png">', html)
        tag = re.search(r'<script src="[^"]*/js/offline\.js"[^>]*>', html)
        assert tag, url
        assert f'nonce="{nonce}"' in tag[0] and "defer" in tag[0]
        # The queue's texts come translated from the page, and the worker's address.
        assert 'data-worker="/sw.js"' in html
        assert 'data-t-count="Waiting to send ({n})"' in html


def test_the_sheet_has_a_place_for_the_queue_and_the_shared_sheet_none(bob_page, game):
    html = bob_page.get(f"/games/{game.pk}/").content.decode()
    assert f'<section id="queued" class="queued" data-game="{game.pk}" hidden>' in html

    shared = Client().get(f"/s/{policy.share_token(game.pk)}/").content.decode()
    assert 'id="queued"' not in shared


def test_the_csp_stays_strict_for_the_worker_and_the_pages(bob_page, game):
    answers = [Client().get("/sw.js"), Client().get("/manifest.webmanifest"),
               bob_page.get(f"/games/{game.pk}/")]
    for response in answers:
        csp = response["Content-Security-Policy"]
        script_src = dict(part.strip().split(" ", 1) for part in csp.split(";"))["script-src"]
        assert re.fullmatch(r"'self'( 'nonce-[\w-]+')?", script_src), script_src
        assert "unsafe" not in csp
