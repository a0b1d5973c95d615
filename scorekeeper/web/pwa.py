"""The app on a phone's home screen, and at the table without a connection (docs/table.md,
"Offline"): the web app manifest and the service worker.

Both are open to everyone, like the static files: a manifest names the app, the worker
keeps what the pages of a signed-in phone showed, on that phone. Neither depends on who
asks, so neither reads the session.
"""

import hashlib
import json
import re

from django.contrib.auth.decorators import login_not_required
from django.contrib.staticfiles import finders
from django.http import JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.views.decorators.http import require_GET
from django_htmx.jinja import htmx_script

# The page background and bar of templates/base.html (and its theme-color).
THEME = "#fbf9f4"

# What the table needs without a connection, beside htmx: the style sheet, the pages'
# scripts and the icons. Precached when the worker installs.
ASSETS = ["css/app.css", "js/app.js", "js/pad.js", "js/offline.js", "favicon.svg",
          "icons/icon.svg", "icons/icon-192.png"]


def _htmx_paths() -> list[str]:
    """The static paths of the htmx scripts base.html loads (django-htmx names the file)."""
    prefix = static("")
    return [url[len(prefix):] for url in re.findall(r'src="([^"]+)"', htmx_script())]


@login_not_required
@require_GET
def manifest(request):
    """GET /manifest.webmanifest: what a phone needs to put the app on its home screen.

    The PNG icons are static/icons/icon.svg and maskable.svg (the spade with a full-bleed
    background, inside the maskable safe zone) drawn once by Debian's chromium
    (`chromium --headless --window-size=512,512 --screenshot=... page-with-the-svg.html`)
    and reduced to 32 colours with Pillow; draw them again when the SVGs change."""
    data = {
        "name": "Scorekeeper",
        "short_name": "Scorekeeper",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME,
        "background_color": THEME,
        "icons": [
            {"src": static("icons/icon.svg"), "sizes": "any", "type": "image/svg+xml",
             "purpose": "any"},
            {"src": static("icons/icon-192.png"), "sizes": "192x192", "type": "image/png",
             "purpose": "any"},
            {"src": static("icons/icon-512.png"), "sizes": "512x512", "type": "image/png",
             "purpose": "any"},
            {"src": static("icons/maskable-512.png"), "sizes": "512x512", "type": "image/png",
             "purpose": "maskable"},
        ],
    }
    response = JsonResponse(data, content_type="application/manifest+json")
    response["Cache-Control"] = "no-cache"
    return response


def _file_digest(path: str) -> str:
    """A static file's content, hashed (read on every request: a few small files, and
    an edited file under `make run` gets a new worker at once)."""
    found = finders.find(path)
    if not found:
        raise LookupError(f"static file {path} is missing")
    with open(found, "rb") as file:
        return hashlib.sha256(file.read()).hexdigest()


@login_not_required
@require_GET
def service_worker(request):
    """GET /sw.js: the service worker (templates/sw.js), at the root so its scope is the
    whole site. Its version changes with any precached file's address or content, so a
    deploy installs a new worker and replaces the cache; no-cache makes the phone ask for
    it again on every start instead of keeping an old one for a day."""
    paths = [*ASSETS, *_htmx_paths()]
    urls = [static(path) for path in paths]
    digest = hashlib.sha256()
    for path, url in zip(paths, urls, strict=True):
        digest.update(f"{url} {_file_digest(path)}\n".encode())
    response = render(request, "sw.js", {
        "assets": json.dumps(urls), "version": json.dumps(digest.hexdigest()[:16]),
        "static_prefix": json.dumps(static("")),
    }, content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    return response
