"""The export document in the schema (docs/api.md, "Export, import and the club report"):
the serializers of scorekeeper.services.documents describe it, and the export's answer and
the import's body are the same components (GameDocument, SessionDocument and their parts;
api/exports.py), so that a generated client passes an exported document straight to the
import."""

from drf_spectacular.extensions import OpenApiSerializerExtension
from rest_framework import serializers

from ...services.documents import DocSerializer


def _non_blank(field: serializers.Field, schema: dict) -> None:
    """minLength 1 on each text of `field`'s schema that may not be blank, in a list too."""
    if isinstance(field, serializers.ListField) and isinstance(schema.get("items"), dict):
        _non_blank(field.child, schema["items"])
    elif (isinstance(field, serializers.CharField) and not field.allow_blank
          and schema.get("type") == "string"):
        schema.setdefault("minLength", 1)


class DocumentPartSchema(OpenApiSerializerExtension):
    """A part of a document: one component for both ways, strict as every body
    (additionalProperties false), its texts that the import requires non-blank with
    minLength 1 (drf-spectacular writes that for a request's components only, and the
    import's body is described by the answer's)."""

    target_class = DocSerializer
    match_subclasses = True
    priority = 1  # before StrictSerializerSchema: a document part is a strict serializer too

    def map_serializer(self, auto_schema, direction):
        schema = auto_schema._map_serializer(self.target, direction, bypass_extensions=True)
        for name, field in self.target.fields.items():
            if name in schema.get("properties", {}):
                _non_blank(field, schema["properties"][name])
        return {**schema, "additionalProperties": False}
