"""The API's OpenAPI schema as GET /api/v1/schema/ (or /api/v2/schema/) serves it (JSON), for
the tests that read it.

Made once per test process by the served view's own generator, and handed out as a fresh
copy each time, so that a test that changes its copy changes no other test's."""

import functools
import json

from drf_spectacular.renderers import OpenApiJsonRenderer

from scorekeeper.api.schema import KeptSchemaGenerator


@functools.cache
def _served_text(version: str) -> bytes:
    document = KeptSchemaGenerator(api_version=version).get_schema(request=None, public=True)
    return OpenApiJsonRenderer().render(document, renderer_context={})


def served_schema(version: str = "v1") -> dict:
    return json.loads(_served_text(version))
