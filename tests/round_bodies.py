"""Every round body the suite sends, checked against the served OpenAPI schema with
openapi-core (docs/api.md, "Entering a round"; issue: validators refused real rounds).

`watch()` wraps the test clients' requests: a POST .../rounds/ or PUT .../rounds/{n}/ with
a JSON body that the server took (2xx) must be valid under the schema, else the test that
sent it fails, naming the body and the validator's reason. tests/conftest.py turns it on
for every test; tests/test_round_bodies_validate.py checks the other way round, that the
schema refuses bodies the server refuses for their shape.
"""

import functools
import re
import threading
from urllib.parse import urlsplit

from openapi_core import OpenAPI
from openapi_core.testing import MockRequest
from openapi_core.validation.request.validators import (
    V30RequestBodyValidator,
    V30RequestParametersValidator,
)

ROUND_PATHS = (
    (re.compile(r"^/api/v1/games/(\d+)/rounds/$"), "POST",
     "/api/v1/games/{game_id}/rounds/"),
    (re.compile(r"^/api/v1/games/(\d+)/rounds/(\d+)/$"), "PUT",
     "/api/v1/games/{game_id}/rounds/{number}/"),
)
HOST = "http://testserver"


# Made by the first caller while the others wait: ten threads of a concurrency test that
# all came first each generated the schema, past the tests' waits on a slow machine.
_making = threading.Lock()


def validators() -> tuple:
    """The body's and the parameters' validators of the served schema (not its security:
    the tests sign in without a header)."""
    with _making:
        return _validators()


@functools.cache
def _validators() -> tuple:
    spec = served_schema().spec
    return V30RequestBodyValidator(spec), V30RequestParametersValidator(spec)


@functools.cache
def served_schema() -> OpenAPI:
    """The schema the server serves (as GET /api/v1/schema/ renders it), read once."""
    from tests.openapi import served_schema as served

    spec = served()
    spec["servers"] = [{"url": HOST}]
    return OpenAPI.from_dict(spec)


def round_route(method: str, path: str):
    """(pattern, {name: value}) when `method path` enters or corrects a round, else None."""
    for regex, wanted, pattern in ROUND_PATHS:
        match = regex.match(path)
        if match and method.upper() == wanted:
            names = re.findall(r"{(\w+)}", pattern)
            return pattern, {name: int(value) for name, value in zip(names, match.groups(),
                                                                     strict=True)}
    return None


def refusal(method: str, path: str, body: bytes, headers: dict | None = None) -> str | None:
    """Why the schema refuses this round request, or None when it takes it. Kept per
    method, route, body and headers: the suite sends the same round to many games (each
    test's game has an id of its own), and which game it goes to does not change whether
    the schema takes the body."""
    pattern, view_args = round_route(method, path)
    key = (method, pattern, body, tuple(sorted((headers or {}).items())))
    if key not in _REFUSALS:
        _REFUSALS[key] = _refusal(method, path, pattern, view_args, body, headers)
    return _REFUSALS[key]


_REFUSALS: dict[tuple, str | None] = {}


def _refusal(method: str, path: str, pattern: str, view_args: dict, body: bytes,
             headers: dict | None) -> str | None:
    request = MockRequest(HOST, method.lower(), path, path_pattern=pattern,
                          view_args=view_args, headers=headers or {}, data=body,
                          content_type="application/json")
    try:
        for validator in validators():
            validator.validate(request)
    except Exception as error:  # openapi-core's errors name the reason in their chain
        reasons = [str(error)]
        cause = error.__cause__
        while cause is not None:
            reasons.append(str(cause))
            cause = getattr(cause, "__cause__", None)
        details = getattr(error.__cause__, "schema_errors", None) or ()
        reasons += [str(detail.message) for detail in details]
        return "; ".join(reasons)
    return None


def watch(monkeypatch) -> None:
    """Check every round body a test client sends and the server takes (`monkeypatch`: a
    pytest.MonkeyPatch that undoes it)."""
    from django.test.client import RequestFactory

    generic = RequestFactory.generic

    def checked(self, method, path, data="", content_type="application/octet-stream",
                secure=False, **extra):
        response = generic(self, method, path, data, content_type, secure, **extra)
        url = urlsplit(str(path)).path
        if (round_route(method, url) and str(content_type).startswith("application/json")
                and 200 <= getattr(response, "status_code", 0) < 300):
            body = data.encode() if isinstance(data, str) else bytes(data)
            headers = {name.title(): value for name, value in (extra.get("headers") or {}).items()}
            if "HTTP_IF_MATCH" in extra:
                headers["If-Match"] = extra["HTTP_IF_MATCH"]
            reason = refusal(method, url, body, headers)
            assert reason is None, (
                f"The server took this {method} {url} body, the schema refuses it: "
                f"{body.decode()[:500]}\n{reason}")
        return response

    monkeypatch.setattr(RequestFactory, "generic", checked)
