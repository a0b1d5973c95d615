"""One answer for every error of the API (docs/api.md, "Errors"):
{"errors": [{"field", "code", "message"}]}, with the status the error names; and the
error answers the OpenAPI schema declares for each operation."""

import logging

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.db import OperationalError
from django.http import Http404, JsonResponse
from django.views import defaults
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler
from rest_framework.views import set_rollback

from .. import rules as engine
from ..messages import message_for
from ..rules import RulesError
from ..services import StaleRound, VersionMismatch
from . import serializers as s
from .middleware import request_id

# --- Errors ------------------------------------------------------------------------------

_STATUS_BY_RULES_ERROR = {engine.GameOver: 409}
logger = logging.getLogger(__name__)


def exception_handler(exc, context):
    """Every error as {"errors": [...]}: field path, stable code, a message for people."""
    response = _answer(exc, context)
    if response is not None and isinstance(response.data, dict):
        response.data["request_id"] = request_id(context.get("request"))
    return response


def _answer(exc, context):
    if isinstance(exc, RulesError):
        # Every error the engine found at once (a round with three bad hands answers three);
        # cards in the API's canonical text ("QH appears 3 times"), not as the pages show them.
        body = {"errors": [{"field": each.field, "code": each.code,
                            "message": message_for(each, cards_as_shown=False)}
                           for each in getattr(exc, "errors", None) or [exc]]}
        if isinstance(exc, StaleRound):
            body["next_round"] = exc.next_round
        code = getattr(exc, "status", None) or _STATUS_BY_RULES_ERROR.get(type(exc), 400)
        # A 412 says which version the game is at now, as its ETag (RFC 9110, 13.1.1).
        current = getattr(exc, "current", None) if isinstance(exc, VersionMismatch) else None
        return Response(body, status=code,
                        headers={"ETag": f'"{current}"'} if current is not None else None)
    if isinstance(exc, OperationalError):
        # Transient ("database is locked", a lost connection, a serialization failure):
        # the write's transaction rolled back, so the client may safely send it again.
        logger.warning("Database unavailable, answered 503: %s", exc)
        set_rollback()
        return Response(
            {"errors": [{"field": None, "code": "database_unavailable",
                         "message": "The database is busy; nothing was saved. "
                                    "Send the same request again in a moment."}]},
            status=status.HTTP_503_SERVICE_UNAVAILABLE, headers={"Retry-After": "1"},
        )
    if isinstance(exc, RequestDataTooBig):
        # Django's own answer would be an HTML 400 page.
        return Response(
            {"errors": [{"field": None, "code": "too_large",
                         "message": "The request is too large: a body has at most "
                                    f"{settings.DATA_UPLOAD_MAX_MEMORY_SIZE} bytes"}]},
            status=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE,
        )
    if isinstance(exc, Http404):
        # get_object_or_404's message names the model; say no more than "not found".
        exc = exceptions.NotFound("No such object")
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, exceptions.NotAuthenticated | exceptions.AuthenticationFailed):
        # docs/api.md, "Errors": 401 without valid credentials. DRF falls back to 403
        # because its first authenticator (the pages' session) names no WWW-Authenticate
        # scheme; tokens do.
        response.status_code = status.HTTP_401_UNAUTHORIZED
        response["WWW-Authenticate"] = "Bearer, Token"  # either scheme takes a token
    if isinstance(exc, exceptions.ValidationError):
        errors = list(_flatten(exc.detail, ""))
    else:
        detail = exc.detail if isinstance(exc, exceptions.APIException) else str(exc)
        errors = [{"field": None, "code": getattr(detail, "code", "error"), "message": str(detail)}]
    response.data = {"errors": errors}
    return response


def _flatten(detail, path):
    """DRF's nested error detail -> flat items with paths like hands[2].cards."""
    if isinstance(detail, dict):
        for key, value in detail.items():
            if key == "non_field_errors":
                yield from _flatten(value, path)
            elif isinstance(key, int):  # DRF keys a list's errors by index: hands[1]
                yield from _flatten(value, f"{path}[{key}]")
            else:
                yield from _flatten(value, f"{path}.{key}" if path else str(key))
    elif isinstance(detail, list):
        if detail and all(isinstance(item, exceptions.ErrorDetail) for item in detail):
            for item in detail:
                yield {"field": path or None, "code": item.code, "message": str(item)}
        else:
            for index, item in enumerate(detail):
                if item:
                    yield from _flatten(item, f"{path}[{index}]")
    else:
        yield {"field": path or None, "code": getattr(detail, "code", "invalid"),
               "message": str(detail)}


def not_found(request, exception=None):
    """handler404: an address under /api/ that matches no route answers in the API's error
    format (JSON), like every other API error; the pages keep Django's 404 page. (Under
    DEBUG Django answers its own page instead: api.middleware.ApiErrorShapeMiddleware
    gives it the same shape.)"""
    if request.path.startswith("/api/"):
        return JsonResponse({"errors": [{"field": None, "code": "not_found",
                                         "message": "No such object"}],
                             "request_id": request_id(request)}, status=404)
    return defaults.page_not_found(request, exception)


ERRORS = {
    400: OpenApiResponse(s.ErrorSerializer, description="Bad input: what is wrong, and where."),
    401: OpenApiResponse(s.ErrorSerializer, description="Not signed in."),
    403: OpenApiResponse(s.ErrorSerializer, description="Signed in without the right to do this."),
    404: OpenApiResponse(s.ErrorSerializer, description="No such object visible to the caller."),
    503: OpenApiResponse(s.ErrorSerializer, description="The database is busy; nothing was "
                         "saved. Send the same request again after Retry-After seconds."),
}
# Writes with a body: the body must be JSON.
WRITE_ERRORS = {
    **ERRORS,
    413: OpenApiResponse(s.ErrorSerializer, description="The body is larger than the server "
                         "takes (DATA_UPLOAD_MAX_MEMORY_SIZE, 2.5 MB by default)."),
    415: OpenApiResponse(s.ErrorSerializer, description="The body is not JSON "
                         "(Content-Type: application/json)."),
}
# Public reads and the token endpoint: no rights needed, but bad credentials still answer 401.
# (429 is on every operation: scorekeeper.throttling.document_429.)
PUBLIC_ERRORS = {code: ERRORS[code] for code in (400, 401)}
CONFLICT = OpenApiResponse(
    s.ErrorSerializer, description="The round number is stale, or the game is over."
)
# (Idempotency-Key, its 422 and Location on a 201 are declared for every operation they hold
# for, by scorekeeper.api.schema.)
IF_NONE_MATCH = OpenApiParameter(
    "If-None-Match", OpenApiTypes.STR, OpenApiParameter.HEADER, required=False,
    description="The ETag (the game's version) the caller already has, e.g. \"5\".",
)
NOT_MODIFIED = OpenApiResponse(description="The game is still at the version in If-None-Match.")


PAGE_LINKS = OpenApiParameter(
    "Link", {"type": "string"}, OpenApiParameter.HEADER, required=True, response=[200],
    description='RFC 8288 links to the first, previous, next and last pages, e.g. '
                '<https://example.org/api/v1/games/?page=3>; rel="next" '
                '(docs/api.md, "Pagination"). `prev` and `next` are left out where there is '
                "no such page.")


def etag_header(*codes: int) -> OpenApiParameter:
    """The ETag an operation sends with these answers: the game's version."""
    return OpenApiParameter(
        "ETag", {"type": "string", "pattern": r'^"[0-9]+"$'}, OpenApiParameter.HEADER,
        required=True, response=list(codes),
        description='The game\'s version after this request, e.g. "5": send it back in '
                    "If-Match (to change the game) or If-None-Match (to read it again).")
