"""The score sheet on a phone with a bad connection: the page and everything it loads
(styles, scripts, icons, the web app manifest and the service worker that offline.js
registers) stay under 60 KB gzipped, for a long evening of six players; so do the other
main pages with their styles and scripts."""

import gzip
import re

from django.contrib.staticfiles import finders
from django.templatetags.static import static

from .test_game_pages import long_game, start_game

BUDGET = 60_000
ASSET = re.compile(r'<(?:script[^>]*\ssrc|link[^>]*\shref)="([^"]+)"')


def _static_file(url: str) -> str:
    """The file behind a static URL, as the finders know it (no collectstatic needed)."""
    prefix = static("")
    assert url.startswith(prefix), f"{url} is not a static asset"
    path = finders.find(url[len(prefix):].split("?")[0])
    assert path, f"{url} is linked from the sheet but not found"
    return path


def test_the_sheet_with_its_assets_is_under_60_kb_gzipped(club, bob_page):
    game = long_game(club, 30)

    html = bob_page.get(f"/games/{game.pk}/").content
    assets = ASSET.findall(html.decode())
    sizes = {"page": len(gzip.compress(html))}
    for url in assets:
        if not url.startswith(static("")):  # a page of its own: the manifest
            sizes[url] = len(gzip.compress(bob_page.get(url).content))
            continue
        with open(_static_file(url), "rb") as file:
            sizes[url] = len(gzip.compress(file.read()))
    # The service worker is no tag of the page: offline.js registers it.
    sizes["/sw.js"] = len(gzip.compress(bob_page.get("/sw.js").content))

    print("gzipped:", sizes, "total", sum(sizes.values()))
    # The page loads htmx, the app's script and its style sheet at least, and offline.js.
    assert any("htmx" in url for url in assets) and any(url.endswith(".css") for url in assets)
    assert any(url.endswith("/offline.js") for url in assets)
    assert "/manifest.webmanifest" in assets
    assert sum(sizes.values()) < BUDGET


def _weights(client, url: str) -> dict[str, int]:
    """The gzipped bytes of a page and of every style sheet and script it links (the icons,
    manifest and service worker are the sheet's test's)."""
    html = client.get(url).content
    sizes = {url: len(gzip.compress(html))}
    for asset in ASSET.findall(html.decode()):
        if asset.startswith(static("")) and asset.split("?")[0].endswith((".css", ".js")):
            with open(_static_file(asset), "rb") as file:
                sizes[asset] = len(gzip.compress(file.read()))
    return sizes


def test_the_main_pages_with_their_css_and_js_are_under_60_kb_gzipped(club, bob_page):
    """The same budget for the other main pages' HTML, CSS and JS, gzipped as whitenoise
    serves them (issue 25: a Lighthouse-style budget; the browser's view of the same is
    tests/test_browser_budget.py)."""
    game = start_game(bob_page, club, ["Anna", "Ben", "Cem", "Dora"])
    pages = ["/", "/games/new/", f"/games/{game.pk}/", f"/games/{game.pk}/rounds/new/",
             f"/games/{game.pk}/share/"]

    totals = {}
    for url in pages:
        sizes = _weights(bob_page, url)
        assert any(asset.endswith(".css") for asset in sizes), url
        totals[url] = sum(sizes.values())
    print("gzipped HTML + CSS + JS:", totals)
    assert max(totals.values()) < BUDGET, totals
