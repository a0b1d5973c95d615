"""Cache-Control: private, no-store on what is personal or carries money.

A signed-in page, an API answer, the shared sheet of a share link (/s/<token>/...), a
ledger, a report, its CSV or PDF: none of it may stay in a shared proxy's cache, nor in
the browser's HTTP cache after the user signed out on a shared computer. So every answer
to a signed-in user, every answer of the API and every answer under /s/ is sent with
`Cache-Control: private, no-store` (docs/security.md, "Caching").

What stays as it was:
- an answer that already says no-store (the new-token answers, /health/);
- the static files (whitenoise answers before this middleware runs), the service worker
  /sw.js and the manifest, which set their own no-cache and hold nothing personal;
- ETags: the API's If-None-Match is sent by its clients themselves and still answers 304.
  The offline copies the service worker keeps are its own, in the Cache API, which stores
  a no-store answer as any other (templates/sw.js).
"""

from django.urls import reverse
from django.utils.cache import patch_cache_control

NO_STORE = "private, no-store"
MONEY_PREFIXES = ("/api/", "/s/")


class NoStoreMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response
        self.own_headers = None  # the paths that keep their own, resolved on first use

    def __call__(self, request):
        response = self.get_response(request)
        if self.own_headers is None:
            self.own_headers = {reverse("service-worker"), reverse("manifest")}
        if request.path in self.own_headers:
            return response
        user = getattr(request, "user", None)
        signed_in = bool(user and user.is_authenticated)
        if signed_in or request.path.startswith(MONEY_PREFIXES):
            if "no-store" not in response.get("Cache-Control", ""):
                del response["Cache-Control"]  # never mixed with a weaker one
                patch_cache_control(response, private=True, no_store=True)
        return response
