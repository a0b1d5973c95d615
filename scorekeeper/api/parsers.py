"""JSON bodies that say each thing once (docs/api.md, "Errors").

Python's json keeps the last of two equal keys in an object, so `{"ender": 11, "ender": 12}`
would silently enter 12: a body that names a key twice is refused instead, with a 400 that
names the key.
"""

import codecs
import json

from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser, get_encoding
from rest_framework.utils.json import strict_constant

_SHOWN_KEY = 60  # characters of a doubled key repeated in the answer


class DuplicateKey(ValueError):
    pass


def _refuse_duplicates(pairs: list[tuple[str, object]]) -> dict:
    data: dict = {}
    for key, value in pairs:
        if key in data:
            shown = json.dumps(key[:_SHOWN_KEY], ensure_ascii=False)
            raise DuplicateKey(f"the key {shown} appears twice in one object: send each key "
                               "once")
        data[key] = value
    return data


class UniqueKeysJSONParser(JSONParser):
    """DRF's JSON parser, refusing an object with a key given twice."""

    def parse(self, stream, media_type=None, parser_context=None):
        encoding = get_encoding(parser_context or {})
        try:
            decoded = codecs.getreader(encoding)(stream)
            return json.load(decoded, object_pairs_hook=_refuse_duplicates,
                             parse_constant=strict_constant if self.strict else None)
        except ValueError as error:
            raise ParseError(f"JSON parse error - {error}") from None


class JsonBodyParser(UniqueKeysJSONParser):
    """JSON, refusing a body nested deeper than any request of this API needs: the json
    module would otherwise meet a RecursionError (a 500) on a few thousand brackets.

    The API's only parser (settings.REST_FRAMEWORK): a form or a text body is a 415."""

    max_depth = 32

    def parse(self, stream, media_type=None, parser_context=None):
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            data = None
        else:
            if _depth_within(data, self.max_depth):
                return data
        raise ParseError(f"JSON parse error - nested more than {self.max_depth} levels deep")


def _depth_within(data, limit: int) -> bool:
    """Whether lists and objects nest at most `limit` levels (walked without recursion)."""
    level = [data]
    for _ in range(limit):
        level = [child for item in level if isinstance(item, dict | list)
                 for child in (item.values() if isinstance(item, dict) else item)]
        if not level:
            return True
    return False
