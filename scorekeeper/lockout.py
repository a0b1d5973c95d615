"""Login lockout (django-axes): the first authentication backend, the client address, and
the lockout of an address across usernames.

After AXES_FAILURE_LIMIT failed logins for one username from one address
(AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]) that pair is refused,
even with the right password, until AXES_COOLOFF_TIME has passed. So that one
address cannot try every username, the address itself is refused after
AXES_ADDRESS_FAILURE_LIMIT failures for any usernames within the cool-off
(LockoutHandler). That limit is higher: a table's phones share one Wi-Fi address,
and one player's typos must not lock the others out. Every login
over HTTP goes through `authenticate(request, ...)`: Django's login and admin
login forms, and the API's token endpoint (/api/v1/auth/token/).

A locked-out attempt answers 429 with Retry-After: in the API with the usual
{"errors": [...]} body (code "locked_out"), elsewhere with axes' message.
"""

from axes.attempts import get_cool_off_threshold
from axes.backends import AxesStandaloneBackend
from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_cool_off, get_failure_limit, get_lockout_message
from axes.models import AccessAttempt
from axes.signals import user_locked_out
from django.conf import settings
from django.db.models import Sum
from django.dispatch import receiver
from django.http import HttpResponse, JsonResponse
from rest_framework.settings import api_settings


class LockoutBackend(AxesStandaloneBackend):
    """axes' AxesStandaloneBackend, which must come first in AUTHENTICATION_BACKENDS.

    The one change: `authenticate()` without a request (the test client's
    `login()`, a shell, a management command) is not a login over HTTP, has no
    client address to lock out, and goes on to the next backend instead of
    raising ValueError. Every HTTP login passes the request; the tests in
    tests/test_throttling.py prove the lockout on each login endpoint.
    """

    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is None:
            return None
        return super().authenticate(request, username=username, password=password, **kwargs)


class LockoutHandler(AxesDatabaseHandler):
    """AXES_HANDLER: axes' database handler, plus the limit per address across usernames.

    axes takes one failure limit for every lockout parameter, so listing "ip_address"
    beside the pair would lock a shared address after 5 failures of anyone behind it;
    and a successful login would then clear the address's count (AXES_RESET_ON_SUCCESS
    deletes what the parameters match), letting an attacker reset it with an account of
    their own. Here the pair stays axes' parameter, and the address's failures are summed
    over its rows (one per username) within the cool-off: a success clears only its own
    pair's row, never the failures against the other usernames.
    """

    def get_failures(self, request, credentials=None) -> int:
        failures = super().get_failures(request, credentials)
        if address_failures(request) >= settings.AXES_ADDRESS_FAILURE_LIMIT:
            # Past the address's own limit the address counts as locked, whoever it tries.
            return max(failures, get_failure_limit(request, credentials))
        return failures


def address_failures(request) -> int:
    """Failed logins from the request's address, for any usernames, within the cool-off."""
    attempts = AccessAttempt.objects.filter(ip_address=request.axes_ip_address,
                                            attempt_time__gte=get_cool_off_threshold(request))
    return attempts.aggregate(total=Sum("failures_since_start"))["total"] or 0


def client_ip(request) -> str | None:
    """The caller's address (AXES_CLIENT_IP_CALLABLE): the same rule as DRF's throttles.

    With no proxy configured (TRUSTED_PROXIES=0, the default) it is REMOTE_ADDR, so
    an X-Forwarded-For sent by the client changes nothing. Behind N proxies that
    each append to X-Forwarded-For it is the N-th entry from the right: the address
    the outermost trusted proxy saw (entries further left are the client's claims).
    """
    remote_addr = request.META.get("REMOTE_ADDR")
    proxies = api_settings.NUM_PROXIES or 0
    hops = [hop.strip() for hop in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    hops = [hop for hop in hops if hop]
    if proxies <= 0 or not hops:
        return remote_addr
    return hops[-min(proxies, len(hops))]


@receiver(user_locked_out)
def _flag_django_request(sender, request=None, **kwargs):
    """Let AxesMiddleware see a lockout that happened under the API's token endpoint.

    The endpoint hands authenticate() DRF's Request; axes marks that object, while the
    middleware looks at Django's HttpRequest underneath, and without this the
    locked-out caller would only get the token endpoint's invalid_credentials 401.
    """
    django_request = getattr(request, "_request", None)
    if django_request is not None:
        django_request.axes_locked_out = True
        django_request.axes_credentials = getattr(request, "axes_credentials", None)


def lockout_response(request, original_response=None, credentials=None):
    """AXES_LOCKOUT_CALLABLE: 429 + Retry-After (the cool-off restarts with every try)."""
    cool_off = get_cool_off(request)
    retry_after = str(int(cool_off.total_seconds())) if cool_off else None
    if request.path.startswith("/api/"):
        response = JsonResponse(
            {"errors": [{"field": None, "code": "locked_out", "message": get_lockout_message()}]},
            status=429,
        )
    else:
        response = HttpResponse(get_lockout_message(), status=429,
                                content_type="text/plain; charset=utf-8")
    if retry_after:
        response["Retry-After"] = retry_after
    return response
