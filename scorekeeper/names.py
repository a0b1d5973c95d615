"""People's names as Unicode text: players, clubs, evenings and games.

A name is cleaned once on the way in (`clean_name`) and compared by one key (`name_key`),
so that "Zoë" typed with a composed ë, with an e and a combining diaeresis, or as "ZOË"
is one player (docs/api.md, "Starting a game"). Pure Python: the API's fields, the page
forms and the services all use it.
"""

import re
import unicodedata

# Never in a name: control characters, line and paragraph separators, and the bidi
# embeddings, overrides and isolates that can make a name display as another one.
FORBIDDEN = "\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069"
_FORBIDDEN = re.compile(f"[{FORBIDDEN}]")

# Letters that draw nothing: the Hangul fillers (Unicode lists them as default-ignorable)
# and the blank braille cell.
_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
# Format characters (zero-width spaces and joiners, word joiner, byte order mark, ...),
# combining marks and control characters: nothing to see without a letter to go with.
_INVISIBLE_CATEGORIES = frozenset({"Cf", "Mn", "Me", "Cc", "Zl", "Zp"})

MESSAGES = {
    "blank": "A name cannot be empty",
    "invisible_name": "A name needs a visible character: this one holds only spaces or "
                      "invisible characters",
    "control_character": "A name cannot hold control characters, line breaks or "
                         "text-direction marks",
}


class InvalidName(ValueError):
    """Why a text is no name: `code` (a key of MESSAGES) and `message`, in English."""

    def __init__(self, code: str):
        self.code = code
        self.message = MESSAGES[code]
        super().__init__(self.message)


def clean_name(text: str, *, allow_blank: bool = False) -> str:
    """The name as it is kept: NFC, without the white space around it (Unicode spaces
    too). Refuses control characters and line breaks, and a name with nothing visible in
    it; an empty one unless `allow_blank` (then it is "")."""
    name = unicodedata.normalize("NFC", text).strip()
    if not name:
        if allow_blank:
            return ""
        raise InvalidName("blank")
    if _FORBIDDEN.search(name):
        raise InvalidName("control_character")
    if all(_invisible(char) for char in name):
        raise InvalidName("invisible_name")
    return name


def name_key(text: str) -> str:
    """What two names are compared by: the same key is the same name. NFC before and
    after case folding, since folding may leave a composed letter decomposed."""
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", text).casefold())


def _invisible(char: str) -> bool:
    return (char.isspace() or char in _BLANK_LETTERS
            or unicodedata.category(char) in _INVISIBLE_CATEGORIES)
