"""The score sheet on a phone with a bad connection: the page and everything it loads
(styles, scripts, icons, the web app manifest and the service worker that offline.js
registers) stay under 60 KB gzipped, for a long evening of six players."""

import gzip
import re

from django.contrib.staticfiles import finders
from django.templatetags.static import static

from .test_game_pages import long_game

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
