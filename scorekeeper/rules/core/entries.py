"""Facts in: a round as entered, each family's own kind of it, and a re-buy taken.

Every family's round says who ended it (`ender`) and every participant's hand (`hands`).
Each family's entry type (its `Family.round_entry`) adds only what its rounds hold: the
knock family the ender's melds as laid, Gin a void round, its match, a Big Gin and the upcard, Rami
how the finisher went out, the penalties and what each player laid. `build_entry` makes one from
the facts and refuses, with the field, a fact the family does not take.

Any entry answers every such fact, with the neutral value (nothing) for those its kind
does not hold, so that what reads the facts of any family's round (the stored round)
asks one way.
"""

from collections.abc import Iterable
from dataclasses import dataclass, fields
from typing import Any, ClassVar

from ..errors import Collected, InvalidRound
from .results import PlayerId


@dataclass(frozen=True)
class HandEntry:
    """One participant's hand at the end of a round: the deadwood (or the points left in
    hand) as a number, or the cards. In Basic Rummy and Rami the one who went out holds
    nothing and gives neither."""

    player: PlayerId
    deadwood: int | None = None
    cards: tuple[str, ...] | None = None
    # What the player laid in the round: only a LaidHand says it.
    laid = None
    laid_melds = None


@dataclass(frozen=True)
class LaidHand(HandEntry):
    """A hand with what its player laid in the round (Rami, docs/rules.md 10): `laid`
    points, or `laid_melds` as cards."""

    laid: int | None = None
    laid_melds: tuple[tuple[str, ...], ...] | None = None


@dataclass(frozen=True)
class PenaltyEntry:
    """A Rami penalty (docs/rules.md 10.4): a joker or table cards taken back and not played
    in the same turn, `points` a whole number of penalties."""

    player: PlayerId
    points: int


@dataclass(frozen=True)
class RebuyEntry:
    """A re-buy taken in the break after round `after_round`."""

    player: PlayerId
    after_round: int


@dataclass(frozen=True)
class RoundEntry:
    """A round as entered at the table, of any family: who ended it and every participant's
    hand. Each family's entry type extends it with what its rounds hold; a family given
    another kind (this one too) takes its facts as its own type (as_kind)."""

    ender: PlayerId | None
    hands: tuple[HandEntry, ...]
    # The facts a family's entry may add, as read from a kind that does not hold them.
    ender_melds = None
    void = False
    match = None
    finish = None
    big_gin = False
    upcard = None
    penalties: ClassVar[tuple[PenaltyEntry, ...]] = ()
    # Whether its hands may say what was laid (LaidHand).
    laid_hands: ClassVar[bool] = False


# The facts a family's entry may add, and the refusal of each by a family that does not
# take it. The words are the engine's (errors.TEMPLATES).
def _refusal(name: str, value: Any) -> InvalidRound:
    if name == "match":
        return InvalidRound("gin_match_not_open", {"match": value}, where=("match",))
    reason = {"ender_melds": "ender_melds_without_lay_off", "void": "void_not_in_family",
              "finish": "finish_only_rami", "penalties": "penalty_only_rami",
              "big_gin": "big_gin_only_gin", "upcard": "upcard_only_gin"}[name]
    return InvalidRound(reason, where=(name,))


def _neutral(value: Any) -> bool:
    """A fact not given: None, False, or empty (a stored round keeps "" for no finish)."""
    return value is None or value is False or (isinstance(value, str | tuple | list)
                                               and not value)


def takes(kind: type[RoundEntry]) -> frozenset[str]:
    """The facts an entry type holds besides the ender and the hands."""
    return frozenset(f.name for f in fields(kind)) - {"ender", "hands"}


def build_entry(kind: type[RoundEntry], *, ender: PlayerId | None,
                hands: Iterable[HandEntry], ender_melds=None, void: bool = False,
                match: int | None = None, finish: str | None = None,
                penalties: Iterable[PenaltyEntry] = (), big_gin: bool = False,
                upcard: str | None = None) -> RoundEntry:
    """A round of the entry type `kind` from its facts; InvalidRound naming each fact given
    that `kind` does not take (`void`, `finish`, `hands[2].laid`), all of them at once."""
    hands = tuple(hands)
    given = {"ender_melds": ender_melds, "void": void, "match": match, "finish": finish,
             "penalties": tuple(penalties), "big_gin": big_gin, "upcard": upcard}
    held = takes(kind)
    found = Collected()
    for name, value in given.items():
        if name not in held and not _neutral(value):
            found.add(_refusal(name, value))
    if not kind.laid_hands:
        for index, hand in enumerate(hands):
            if hand.laid is not None or hand.laid_melds is not None:
                found.add(InvalidRound("laid_only_rami", where=("hands", index, "laid")))
    found.raise_any()
    return kind(ender, hands, **{name: value for name, value in given.items() if name in held})


def as_kind(kind: type[RoundEntry], entry: RoundEntry) -> RoundEntry:
    """`entry` as the entry type `kind`: itself, or its facts made into one (refused as
    build_entry refuses). Anything but a round entry is a TypeError."""
    if isinstance(entry, kind):
        return entry
    if not isinstance(entry, RoundEntry):
        raise TypeError(f"a round is a {kind.__name__}, not {type(entry).__name__}")
    return build_entry(kind, ender=entry.ender, hands=entry.hands,
                       ender_melds=entry.ender_melds, void=entry.void, match=entry.match,
                       finish=entry.finish, penalties=entry.penalties)


def first_taking(kinds: Iterable[type[RoundEntry]], *, hands: Iterable[HandEntry],
                 **facts: Any) -> type[RoundEntry]:
    """The first of `kinds` that takes every fact given (a LaidHand saying what was laid
    among them); the first of all when none does, so that build_entry says what is
    refused."""
    kinds = list(kinds)
    given = {name for name, value in facts.items() if not _neutral(value)}
    laid = any(hand.laid is not None or hand.laid_melds is not None for hand in hands)
    for kind in kinds:
        if given <= takes(kind) and (kind.laid_hands or not laid):
            return kind
    return kinds[0]
