"""The API's conventions in the OpenAPI schema, declared once for every operation they
hold for (a drf-spectacular postprocessing hook, settings.SPECTACULAR_SETTINGS):

- every 201 answers `Location`, the new object's address (docs/api.md, "Addresses");
- every POST that honours `Idempotency-Key` (access.JsonView's) takes the header, may
  answer 422 idempotency_key_reused, and marks a replayed answer `Idempotent-Replayed`
  (docs/api.md, "Idempotency").

What one operation alone sends (ETag, the CSV) its view declares.
"""

from .access import JsonView

ERROR = {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}

LOCATION = {
    "schema": {"type": "string"},
    "required": True,
    "description": "The address of what was made, root-relative, e.g. /api/v1/games/7/.",
}
IDEMPOTENCY_KEY = {
    "in": "header",
    "name": "Idempotency-Key",
    "required": False,
    "schema": {"type": "string", "maxLength": 255},
    "description": "Any text unique to this request (a UUID, say): a retry with the same key "
                   "and body gets the first answer again and writes nothing.",
}
REPLAYED = {
    "schema": {"type": "string", "enum": ["true"]},
    "description": "Sent when this is the stored answer to an earlier request with the same "
                   "Idempotency-Key.",
}
KEY_REUSED = {
    "description": "The Idempotency-Key came before with another request "
                   "(idempotency_key_reused).",
    "content": ERROR,
}


def declare_conventions(result, generator, request, public):
    keyed = keyed_posts(generator)
    for path, operations in result.get("paths", {}).items():
        for method, operation in operations.items():
            responses = operation.get("responses", {})
            if "201" in responses:
                responses["201"].setdefault("headers", {})["Location"] = dict(LOCATION)
            if method != "post" or path not in keyed:
                continue
            parameters = operation.setdefault("parameters", [])
            if not any(p.get("name") == "Idempotency-Key" for p in parameters):
                parameters.append(dict(IDEMPOTENCY_KEY))
            responses.setdefault("422", dict(KEY_REUSED))
            for code, response in responses.items():
                if code.startswith("2"):
                    response.setdefault("headers", {})["Idempotent-Replayed"] = dict(REPLAYED)
    return result


def keyed_posts(generator) -> set[str]:
    """The paths whose POST honours Idempotency-Key: those of JsonView's subclasses."""
    return {path for path, _regex, method, callback in generator.endpoints
            if method == "POST" and issubclass(getattr(callback, "cls", object), JsonView)}
