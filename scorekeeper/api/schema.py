"""The API's conventions in the OpenAPI schema, declared once for every operation they
hold for (a drf-spectacular postprocessing hook, settings.SPECTACULAR_SETTINGS):

- every 201 answers `Location`, the new object's address (docs/api.md, "Addresses");
- every write that honours `Idempotency-Key` (access.JsonView's POST, PUT, PATCH and
  DELETE) takes the header, may
  answer 422 idempotency_key_reused, and marks a replayed answer `Idempotent-Replayed`
  (docs/api.md, "Idempotency");
- a request body with a required field is itself required (`requestBody.required`), so
  that a generated client cannot leave it out;
- a request body that is one of several shapes with no field to tell them apart (a round
  of any family: the game's family decides) is an `anyOf`, not a `oneOf`: a round valid
  under two families' shapes is not "valid under more than one" to a validator
  (docs/api.md, "Entering a round");
- a field that is one of several shapes or null (a hand's `cards`, a game's `voided`) says
  null as a shape of its own, `{"enum": [null]}`, in its `oneOf`: OpenAPI 3.0.3 gives
  `nullable` no effect without a `type` beside it, so strict validators refused the null
  that drf-spectacular's `nullable` beside an `allOf` or `oneOf` meant.

What one operation alone sends (ETag, the CSV) its view declares.

GET /api/v1/schema/ and /api/v2/schema/ serve each version's schema from
`KeptSchemaGenerator`, generated once per process, language and version.
"""

from django.utils import translation
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.settings import patched_settings

# Each version of the API and the number its schema carries (docs/api.md, "Versions"):
# /v2 differs from /v1 only in its lists, each a page (scorekeeper/api/lists.py).
VERSIONS = {"v1": "1.0.0", "v2": "2.0.0"}

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
    schemas = result.get("components", {}).get("schemas", {})
    overlapping_bodies_as_any_of(schemas)
    for schema in schemas.values():
        null_as_a_shape(schema)
    keyed = keyed_writes(generator)
    for path, operations in result.get("paths", {}).items():
        for method, operation in operations.items():
            responses = operation.get("responses", {})
            if "201" in responses:
                responses["201"].setdefault("headers", {})["Location"] = dict(LOCATION)
            if "requestBody" in operation and body_has_required_fields(
                    operation["requestBody"], schemas):
                operation["requestBody"]["required"] = True
            if (path, method) not in keyed:
                continue
            parameters = operation.setdefault("parameters", [])
            if not any(p.get("name") == "Idempotency-Key" for p in parameters):
                parameters.append(dict(IDEMPOTENCY_KEY))
            responses.setdefault("422", dict(KEY_REUSED))
            for code, response in responses.items():
                if code.startswith("2"):
                    response.setdefault("headers", {})["Idempotent-Replayed"] = dict(REPLAYED)
    return result


def keyed_writes(generator) -> set[tuple[str, str]]:
    """(path, method) of each write that honours Idempotency-Key: JsonView's POST, PUT,
    PATCH and DELETE, each marked so when access.JsonView wrapped it."""
    keyed = set()
    for path, _regex, method, callback in generator.endpoints:
        handler = getattr(getattr(callback, "cls", None), method.lower(), None)
        if getattr(handler, "honours_idempotency_key", False):
            keyed.add((path, method.lower()))
    return keyed


def overlapping_bodies_as_any_of(schemas: dict) -> None:
    """A request component that is a oneOf with no discriminator becomes an anyOf."""
    for name, schema in schemas.items():
        if name.endswith("Request") and "oneOf" in schema and "discriminator" not in schema:
            schema["anyOf"] = schema.pop("oneOf")


def null_as_a_shape(schema) -> None:
    """Each `nullable` beside an allOf or oneOf and no `type`, within the schema, becomes a
    oneOf of the shapes and null: {"allOf": [A], "nullable": true} -> {"oneOf": [A,
    {"enum": [null]}]}."""
    if isinstance(schema, list):
        for each in schema:
            null_as_a_shape(each)
        return
    if not isinstance(schema, dict):
        return
    for value in schema.values():
        null_as_a_shape(value)
    if schema.get("nullable") is True and "type" not in schema:
        if "oneOf" in schema:
            shapes = schema.pop("oneOf")
        elif "allOf" in schema:
            every = schema.pop("allOf")
            shapes = every if len(every) == 1 else [{"allOf": every}]
        else:
            return
        del schema["nullable"]
        schema["oneOf"] = [*shapes, {"enum": [None]}]


def body_has_required_fields(body: dict, schemas: dict) -> bool:
    """Whether a request body's JSON shape (a component, or a union of components) has a
    required field: then sending no body at all is an error too."""
    shape = body.get("content", {}).get("application/json", {}).get("schema", {})
    shapes = [shape]
    while shapes:
        shape = shapes.pop()
        if "$ref" in shape:
            shape = schemas.get(shape["$ref"].rsplit("/", 1)[-1], {})
        if shape.get("required"):
            return True
        shapes += shape.get("oneOf", []) + shape.get("anyOf", [])
    return False


class KeptSchemaGenerator(SchemaGenerator):
    """drf-spectacular's generator for one version of the API, keeping what it made for the
    life of the process.

    A version's schema describes its own addresses only (/api/v1/... or /api/v2/...: the
    two serve the same operations, named alike) and carries the version's number. The
    version comes as drf-spectacular passes it (SpectacularAPIView's `api_version`, `manage.py
    spectacular --api-version`); v1 unless given.

    The schema follows from the code and the settings alone (it is public: no caller's
    rights change it), and making it walks every view and serializer: a second of CPU,
    which every GET of the schema paid, by every client generator and schema test.
    It is kept per language (descriptions are translated) and API version."""

    _kept: dict = {}

    def __init__(self, *args, **kwargs):
        self.served_version = kwargs.pop("api_version", None) or "v1"
        if self.served_version not in VERSIONS:
            raise ValueError(f"No API version {self.served_version!r}: {sorted(VERSIONS)}")
        super().__init__(*args, **kwargs)

    def _initialise_endpoints(self):
        super()._initialise_endpoints()
        prefix = f"/api/{self.served_version}/"
        self.endpoints = [endpoint for endpoint in self.endpoints
                          if endpoint[0].startswith(prefix)]

    def get_schema(self, request=None, public=False):
        key = (translation.get_language(), self.served_version, public)
        if key not in self._kept:
            with patched_settings({"VERSION": VERSIONS[self.served_version]}):
                self._kept[key] = super().get_schema(request=request, public=public)
        return self._kept[key]
