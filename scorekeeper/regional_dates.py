"""Dates in the reader's own format (docs/table.md, "Dates"): 26.11.2026 on a German page,
26/11/2026 on an English page read in a browser set to British English, 11/26/2026 in
one set to American English.

LocaleMiddleware picks the page's language among settings.LANGUAGES, English or German.
German dates are written one way wherever German is read, but English ones are not, and
the language alone cannot tell them apart. So on an English page, the region of the
first English language the browser asks for (Accept-Language "en-GB,en;q=0.9") picks
the date format: the page is rendered with "en-gb" active, which makes Django read its
own format module for it (django/conf/locale/en_GB/formats.py) in every date filter,
date_format call and the PDF, while the words stay English (en-gb has no translations of
its own and falls back to English). request.LANGUAGE_CODE stays "en", the language the
reader chose.

Only the regions Django has formats for are taken: any other (or none, or en-US) keeps
English's own, American, format; and a header cannot make the server hold a translation
object per made-up region.
"""

from pathlib import Path

import django
from django.utils import translation
from django.utils.translation.trans_real import parse_accept_lang_header

ENGLISH = "en"
# Django's English format modules besides English's own: en_GB, en_IE, en_AU, en_CA ...
ENGLISH_REGIONS = frozenset(
    path.name[len("en_"):].lower()
    for path in (Path(django.__file__).parent / "conf" / "locale").glob("en_*")
    if (path / "formats.py").is_file()
)


def english_variant(accept_language: str) -> str | None:
    """The English variant whose dates the browser reads ("en-gb"), or None for
    English's own format."""
    for language, _quality in parse_accept_lang_header(accept_language[:500]):
        if language == ENGLISH or language.startswith(f"{ENGLISH}-"):
            region = language.partition("-")[2]
            return f"{ENGLISH}-{region}" if region in ENGLISH_REGIONS else None
    return None


class RegionalDateFormats:
    """After LocaleMiddleware: an English page takes the date format of the browser's
    English region."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if translation.get_language() == ENGLISH:
            variant = english_variant(request.headers.get("Accept-Language", ""))
            if variant:
                translation.activate(variant)
        return self.get_response(request)
