"""No redirects on the API (docs/api.md, "Addresses"): an address under /api/ without its
trailing slash is served as the address with it, for every method.

Django's APPEND_SLASH would answer 301 to the address with the slash: a client that
follows it resends a POST as a GET without its body. The routes, reverse() and the
schema keep the one address with the slash; an address that matches nothing stays the
API's JSON 404 (scorekeeper.api.errors.not_found). The pages keep APPEND_SLASH.
"""

API_PREFIX = "/api/"


class ApiSlashMiddleware:
    """Adds the missing trailing slash to an API address; before CommonMiddleware."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        path = request.path_info
        if (path.startswith(API_PREFIX) or path == API_PREFIX.rstrip("/")) \
                and not path.endswith("/"):
            request.path_info = path + "/"
            request.path = request.path + "/"
        return self.get_response(request)
