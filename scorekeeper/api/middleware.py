"""What every answer shares, whatever produced it (docs/api.md, "Request ids" and
"Errors"):

- `X-Request-ID` on every answer: the one the request sent (when it is a sane token), else
  a new one. The API's error bodies carry it as `request_id`, so that a report of a failed
  call can be found in the server's log, which names it too.
- Under /api/, an error Django answered itself rather than the API's views (no route under
  DEBUG, a crash, a refused host) is given the API's JSON error shape, DEBUG or not: a
  client never has to read an HTML page.
- A client that asks for problem details (`Accept: application/problem+json`, RFC 9457)
  gets every error of the API as one, carrying the same codes; everyone else gets the
  API's own shape.
"""

import json
import logging
import re
import uuid

from django.http import JsonResponse

API_PREFIX = "/api/"
SENT_ID = re.compile(r"^[A-Za-z0-9._:+/=-]{1,128}$")
ERROR_CODES = {400: "bad_request", 403: "permission_denied", 404: "not_found",
               405: "method_not_allowed", 413: "too_large", 429: "throttled",
               500: "server_error", 502: "server_error", 503: "unavailable"}
logger = logging.getLogger(__name__)


def request_id(request) -> str:
    """The request's id (RequestIdMiddleware), or "" outside a request it saw."""
    return getattr(request, "request_id", "")


class RequestIdMiddleware:
    """First of all middleware: the id is known to everything after it."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        sent = request.headers.get("X-Request-ID", "")
        request.request_id = sent if SENT_ID.match(sent) else uuid.uuid4().hex
        response = self.get_response(request)
        response["X-Request-ID"] = request.request_id
        if response.status_code >= 500:
            # Beside Django's own report of the failure: the id the caller was given.
            logger.error("%s %s answered %s; request id %s", request.method, request.path,
                         response.status_code, request.request_id)
        return response


class ApiErrorShapeMiddleware:
    """An error answer under /api/ that is not JSON becomes the API's error shape, with the
    same status."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if response.status_code < 400 or not request.path.startswith(API_PREFIX):
            return response
        if not response.get("Content-Type", "").startswith("application/json"):
            response = error_answer(request, response)
        if PROBLEM in request.headers.get("Accept", ""):
            return problem_details(request, response)
        return response


def error_answer(request, page) -> JsonResponse:
    status = page.status_code
    if status == 404:
        message = "No such object"
    elif status == 405:
        message = f"{request.method} is not allowed here"
    elif status >= 500:
        message = ("The server failed to answer this request; quote its request id "
                   f"({request_id(request)}) when you report it")
    else:
        message = page.reason_phrase
    answer = JsonResponse(
        {"errors": [{"field": None, "code": ERROR_CODES.get(status, "error"),
                     "message": message}], "request_id": request_id(request)},
        status=status)
    for header in ("Allow", "Retry-After", "WWW-Authenticate"):
        if page.has_header(header):
            answer[header] = page[header]
    return answer


PROBLEM = "application/problem+json"


def problem_details(request, answer):
    """The API's error answer as RFC 9457 problem details: `type` about:blank (the problem
    is what the status says; the API's codes are its own member `code`, the first error's,
    docs/api.md "Errors"), `title` (the status phrase), `status`, `detail` (the first
    message), `instance` (the address), and the API's own members kept beside them:
    `errors`, `request_id`, `next_round`. Headers (ETag, Retry-After, Allow, ...) stay."""
    body = json.loads(answer.content or b"{}")
    errors = body.get("errors") or [{"field": None, "code": "error",
                                      "message": answer.reason_phrase}]
    first = errors[0]
    problem = {"type": "about:blank", "title": answer.reason_phrase,
               "status": answer.status_code, "detail": first["message"],
               "instance": request.get_full_path(), "code": first["code"], **body,
               "errors": errors}
    converted = JsonResponse(problem, status=answer.status_code, content_type=PROBLEM)
    for header, value in answer.items():
        if header.lower() not in ("content-type", "content-length"):
            converted[header] = value
    return converted
