"""People's names as Unicode text: players, clubs, evenings and games.

A name is cleaned once on the way in (`clean_name`) and compared by one key (`name_key`),
so that "Zoë" typed with a composed ë, with an e and a combining diaeresis, as "ZOË" or
as a fullwidth "Ｚoë" is one player (docs/api.md, "Starting a game"). Names that are
different yet look the same ("Anna" and "Аnna" with a Cyrillic А) are told by their
Unicode TR39 skeleton (`look_alike`): one of them is refused where the other is already
at the table or in the club (docs/security.md, "Look-alike names"). Pure Python (and the
disarm package for the skeletons): the API's fields, the page forms and the services all
use it.
"""

import re
import unicodedata
from collections.abc import Iterable

import disarm

# Never in a name: control characters, line and paragraph separators, and the bidi
# embeddings, overrides, isolates and marks that can make a name display as another one.
FORBIDDEN = "\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069"
_FORBIDDEN = re.compile(f"[{FORBIDDEN}]")

# Letters that draw nothing: the Hangul fillers (Unicode lists them as default-ignorable)
# and the blank braille cell.
_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
# Format characters (zero-width spaces and joiners, word joiner, byte order mark, ...),
# combining marks and control characters: nothing to see without a letter to go with.
_INVISIBLE_CATEGORIES = frozenset({"Cf", "Mn", "Me", "Cc", "Zl", "Zp"})

ZWJ = "\u200d"
# What may stand before the joiner of an emoji sequence ("👩‍🚀", "🏳️‍🌈", "🧑🏽‍💻"): the
# emoji itself, its presentation selector or its skin tone.
_EMOJI_TAILS = frozenset("\ufe0f\U0001f3fb\U0001f3fc\U0001f3fd\U0001f3fe\U0001f3ff")

MESSAGES = {
    "blank": "A name cannot be empty",
    "invisible_name": "A name needs a visible character: this one holds only spaces or "
                      "invisible characters",
    "control_character": "A name cannot hold control characters, line breaks or "
                         "text-direction marks",
    "format_character": "A name cannot hold format characters such as zero-width spaces, "
                        "joiners or soft hyphens: %(character)s is one",
}


class InvalidName(ValueError):
    """Why a text is no name: `code` (a key of MESSAGES), `params` and `message`, in
    English."""

    def __init__(self, code: str, **params):
        self.code = code
        self.params = params
        self.message = MESSAGES[code] % params if params else MESSAGES[code]
        super().__init__(self.message)


def clean_name(text: str, *, allow_blank: bool = False) -> str:
    """The name as it is kept: NFC, without the white space around it (Unicode spaces
    too). Refuses control characters, line breaks and direction marks, format characters
    (Unicode category Cf: they hide inside a name, "An\u200bna"; the joiner of an emoji
    sequence excepted), and a name with nothing visible in it; an empty one unless
    `allow_blank` (then it is "")."""
    name = unicodedata.normalize("NFC", text).strip()
    if not name:
        if allow_blank:
            return ""
        raise InvalidName("blank")
    if _FORBIDDEN.search(name):
        raise InvalidName("control_character")
    if all(_invisible(char) for char in name):
        raise InvalidName("invisible_name")
    for index, char in enumerate(name):
        if unicodedata.category(char) == "Cf" and not _joins_emoji(name, index):
            raise InvalidName("format_character", character=f"U+{ord(char):04X}")
    return name


def name_key(text: str) -> str:
    """What two names are compared by: the same key is the same name. NFKC (a fullwidth
    "Ａ" is an "A"), without format characters (Cf: "An\u200bna" is "Anna"), case folded,
    and NFKC again, since folding may leave a composed letter decomposed."""
    plain = "".join(char for char in unicodedata.normalize("NFKC", text)
                    if unicodedata.category(char) != "Cf")
    return unicodedata.normalize("NFKC", plain.casefold())


def look_alike_key(text: str) -> str:
    """The name's Unicode TR39 skeleton ("confusable" characters mapped to one prototype,
    invisible ones dropped, case folded): names that look the same have the same one. The
    digits' half of TR39 too, so "0le" looks like "Ole". A different name (another
    `name_key`) may share it: "Аnna" with a Cyrillic А, "Anna" with a variation selector,
    "lris" next to "Iris"."""
    return disarm.skeleton_key(name_key(text), digit_policy="tr39")


def look_alike(name: str, others: Iterable[str]) -> str | None:
    """The first of `others` that `name` could be taken for though it is another name, or
    None. The same name (the same key) is not a look-alike: callers treat it as the same
    person. "Zoë" and "Zoe", "Anne" and "Anna" are told apart, as people read them."""
    key, skeleton = name_key(name), look_alike_key(name)
    if not skeleton:
        return None
    for other in others:
        if name_key(other) != key and look_alike_key(other) == skeleton:
            return other
    return None


def _joins_emoji(name: str, index: int) -> bool:
    """Whether the character at `index` is the zero-width joiner inside an emoji sequence,
    where it belongs (the sequence draws one picture; its key drops the joiner)."""
    if name[index] != ZWJ or not 0 < index < len(name) - 1:
        return False
    before, after = name[index - 1], name[index + 1]
    return ((before in _EMOJI_TAILS or unicodedata.category(before) == "So")
            and unicodedata.category(after) == "So")


def _invisible(char: str) -> bool:
    return (char.isspace() or char in _BLANK_LETTERS
            or unicodedata.category(char) in _INVISIBLE_CATEGORIES)
