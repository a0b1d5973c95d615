"""API rate limits (DRF throttles), applied to every API view via DEFAULT_THROTTLE_CLASSES.

Three scopes, each with its rate in REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
(settings.py reads them from the environment):

    anon          every request of a caller without a session or token, keyed by IP
    user-read     GET/HEAD/OPTIONS of a signed-in user, keyed by user (generous)
    money-write   POST/PUT/PATCH/DELETE of a signed-in user, keyed by user: rounds,
                  re-buys, corrections and every other write

Over the rate the API answers 429 with Retry-After and the usual
{"errors": [{"code": "throttled", ...}]} body (scorekeeper.api.exception_handler). Every
answer of a scope that counts the request says where the caller stands in it
(`rate_limit_headers`): RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset (the
seconds until the oldest request counted leaves the window), as the IETF draft names them.

The rate is looked up on each request rather than once at import (as DRF's own
classes do), so a test's override_settings applies; a rate of None lifts the scope.
The password reset page has two brakes of its own, on by default (PASSWORD_RESET_RATES):
per client address and per email address asked for (password_reset_allowed below).

The counters live in the default cache, which is per process unless CACHES
points at a shared cache: see README, "How it scales".
"""

import copy
import hashlib
import math

from django.conf import settings
from rest_framework.permissions import SAFE_METHODS
from rest_framework.settings import api_settings
from rest_framework.throttling import SimpleRateThrottle


class _ScopedThrottle(SimpleRateThrottle):
    scope = ""

    def get_rate(self):
        return api_settings.DEFAULT_THROTTLE_RATES.get(self.scope)

    def applies(self, request) -> bool:
        raise NotImplementedError

    def get_cache_key(self, request, view):
        if not self.applies(request):
            return None  # not counted by this scope
        if request.user and request.user.is_authenticated:
            ident = f"user-{request.user.pk}"
        else:
            ident = f"ip-{self.get_ident(request)}"  # honours NUM_PROXIES, see settings
        return self.cache_format % {"scope": self.scope, "ident": ident}


class AnonThrottle(_ScopedThrottle):
    scope = "anon"

    def applies(self, request) -> bool:
        return not (request.user and request.user.is_authenticated)


class UserReadThrottle(_ScopedThrottle):
    scope = "user-read"

    def applies(self, request) -> bool:
        return bool(request.user and request.user.is_authenticated
                    and request.method in SAFE_METHODS)


class MoneyWriteThrottle(_ScopedThrottle):
    """Counts only unsafe methods: every write of a signed-in user, money or not."""

    scope = "money-write"

    def applies(self, request) -> bool:
        return bool(request.user and request.user.is_authenticated
                    and request.method not in SAFE_METHODS)

def rate_limit_headers(throttles) -> dict[str, str]:
    """The RateLimit-* headers of the scope, among `throttles` that counted this request
    (allow_request asked), that has the fewest requests left; {} when none counted it."""
    counted = [throttle for throttle in throttles
               if getattr(throttle, "key", None) and hasattr(throttle, "history")]
    if not counted:
        return {}
    closest = min(counted, key=lambda throttle: throttle.num_requests - len(throttle.history))
    left = max(0, closest.num_requests - len(closest.history))
    oldest = closest.history[-1] if closest.history else closest.now
    reset = max(0, math.ceil(closest.duration - (closest.now - oldest)))
    return {"RateLimit-Limit": str(closest.num_requests), "RateLimit-Remaining": str(left),
            "RateLimit-Reset": str(reset)}


class PasswordResetThrottle(SimpleRateThrottle):
    """One of the password reset page's counters (scorekeeper/web/accounts.py): DRF's
    sliding window in the default cache, keyed by what is given (an address, an email)."""

    def __init__(self, scope: str, ident: str):
        self.scope, self.ident = scope, ident
        super().__init__()

    def get_rate(self):
        return settings.PASSWORD_RESET_RATES.get(self.scope)

    def get_cache_key(self, request, view):
        return self.cache_format % {"scope": f"password-reset-{self.scope}", "ident": self.ident}


def password_reset_allowed(request, email: str) -> bool:
    """Whether a reset mail may go out for this request: within the rate of its client
    address and within the rate of the email address (hashed: cache keys stay short and
    hold no address). Both count every request, whether or not an account has the email."""
    from .lockout import client_ip  # axes' models load with the apps, not with this module

    account = hashlib.sha256(email.strip().casefold().encode()).hexdigest()
    return (PasswordResetThrottle("address", client_ip(request) or "unknown")
            .allow_request(request, None)
            and PasswordResetThrottle("account", account).allow_request(request, None))


def document_429(result, generator, request, public):
    """drf-spectacular postprocessing hook: every operation may answer 429.

    Every API view is throttled, and the token endpoint also answers 429 while a
    username is locked out (scorekeeper/lockout.py), so the schema says so.
    """
    answer = {
        "description": "Too many requests: a rate limit, or a login lockout. Retry after the "
                       "seconds in Retry-After.",
        "headers": {"Retry-After": {"schema": {"type": "integer"},
                                    "description": "Seconds until a retry may succeed."}},
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
    }
    if "Error" not in result.get("components", {}).get("schemas", {}):
        answer.pop("content")
    for operations in result.get("paths", {}).values():
        for method, operation in operations.items():
            if method in {"get", "put", "post", "delete", "patch"}:
                operation.setdefault("responses", {}).setdefault("429", copy.deepcopy(answer))
    return result
