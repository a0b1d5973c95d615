"""What every rule family provides, and which family plays a rule set.

A family is one module of the engine (the knock family, Gin, Basic Rummy, Rami) that
gives the same few things: its round entry type, `replay` from the facts,
`play_on` one more round, `snapshot` and `resume` its state, when a game is over and
whether one is closed by hand, the money movements it makes, and its presets.
`family_for(rules)` picks it; the top-level `scorekeeper.rules.replay`, `play_on`,
`snapshot` and `resume` go through it, and `round_entry(rules, ...)` makes a round of its
type from the facts.

Adding a family to the engine: one module (or package) that imports only the core
(core/) and the shared modules, with its round entry type (a core RoundEntry), its table
(a core Table; or a TallyRules with a scorer, for a family that adds points per round),
and its rule sets (a presets.FamilyRules: presets, modes, checks, defaults); then one
entry in FAMILIES below and its rule sets in the registration beside it.
"""

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from . import basic, gin, gin_snapshot, knock, rami
from .basic import BASIC as _BASIC_RULES
from .core import HandEntry, PenaltyEntry, PlayerId, RoundEntry, build_entry, takes
from .core.entries import first_taking
from .errors import InvalidRules
from .knock.presets import RULE_SETS as _KNOCK_RULE_SETS
from .presets import PRESETS, Rules, register
from .rami import RAMI as _RAMI_RULES
from .tally import TallyRules, eliminates


@dataclass(frozen=True)
class Family:
    """The functions and facts one rule family provides."""

    name: str
    # The type of its rounds (core/entries.py): what a round of the family holds.
    round_entry: type[RoundEntry]
    replay: Callable[..., Any]
    play_on: Callable[[Any, Any], Any]
    snapshot: Callable[[Any], dict[str, Any]]
    resume: Callable[..., Any]
    # How it finishes: a game is over, and whether the organiser closes a game by hand.
    is_over: Callable[[Any], bool]
    closes_by_hand: Callable[[Rules], bool]
    # The ledger kinds (docs/rules.md 5.1) its games book.
    ledger_kinds: frozenset[str]
    # What the edges ask of a family's games (the words for them are the edges' own):
    # whether a player can be out of the game (eliminated) under these rules,
    eliminates: Callable[[Rules], bool]
    # whether a hand at the end of a round counts whole (no melds taken off: Basic Rummy,
    # Rami), so the one who ended the round holds nothing,
    whole_hands: bool
    # and whether the lowest total leads under these rules (else the highest).
    lowest_leads: Callable[[Rules], bool]

    @property
    def void_rounds(self) -> bool:
        """Whether a round may be void (Gin, docs/rules.md 8)."""
        return "void" in takes(self.round_entry)

    @property
    def records_laid(self) -> bool:
        """Whether a round records what each player laid (Rami, docs/rules.md 10)."""
        return self.round_entry.laid_hands

    @property
    def presets(self) -> tuple[str, ...]:
        """The names of the presets of this family."""
        return tuple(name for name, preset in PRESETS.items()
                     if preset["rules"]["family"] == self.name)


KNOCK = Family(
    name="knock",
    round_entry=knock.KnockRound,
    replay=knock.replay,
    play_on=knock.play_on,
    snapshot=knock.snapshot,
    resume=knock.resume,
    is_over=lambda game: game.status.ended,
    # docs/rules.md 6.3: only a Punktespiel is closed by hand; a pot game ends by itself.
    closes_by_hand=lambda rules: rules.mode == "points",
    ledger_kinds=frozenset({"buy_in", "rebuy", "knock_premium", "rummy_premium",
                            "undercut_tie", "kitty_in", "kitty_win", "kitty_final", "payout",
                            "carry_over", "point_settlement"}),
    # docs/rules.md 4.3: out at the limit; a Punktespiel (6.3) eliminates nobody.
    eliminates=lambda rules: rules.mode != "points",
    whole_hands=False,
    # docs/rules.md 4: points in hand count against; the fewest lead.
    lowest_leads=lambda rules: True,
)

GIN = Family(
    name="gin",
    round_entry=gin.GinRound,
    replay=gin.replay,
    play_on=gin.play_on,
    snapshot=gin_snapshot.snapshot,
    resume=gin_snapshot.resume,
    is_over=gin.is_over,
    closes_by_hand=lambda rules: False,
    # docs/rules.md 8: a ring game's or tournament's pool and the stake per point.
    ledger_kinds=frozenset({"buy_in", "carry_over", "payout", "point_settlement"}),
    eliminates=lambda rules: False,
    whole_hands=False,
    # docs/rules.md 8: points won count for; the most lead in the current match.
    lowest_leads=lambda rules: False,
)


def _tally(rules: TallyRules, ledger_kinds: frozenset[str],
           closes_by_hand: Callable[[Rules], bool]) -> Family:
    return Family(
        name=rules.family, round_entry=rules.round_entry, replay=rules.replay,
        play_on=rules.play_on, snapshot=rules.snapshot, resume=rules.resume,
        is_over=rules.is_over, closes_by_hand=closes_by_hand, ledger_kinds=ledger_kinds,
        eliminates=eliminates, whole_hands=True,
        # docs/rules.md 9, 10: points scored count for, except in Rami's elimination mode,
        # where the points in hand count against.
        lowest_leads=eliminates,
    )


# docs/rules.md 9.3: paid per round; a game to the target, or closed by hand.
BASIC = _tally(_BASIC_RULES, frozenset({"point_settlement"}), lambda rules: True)
# docs/rules.md 10.7: the difference paid at the end, or elimination mode's pot.
RAMI = _tally(_RAMI_RULES, frozenset({"point_settlement", "buy_in", "carry_over", "payout"}),
              lambda rules: not eliminates(rules))

# The one place a family is registered: its game and its rule sets, in the order the
# presets are offered (the first preset is the default a new game starts from).
FAMILIES: Mapping[str, Family] = {"knock": KNOCK, "gin": GIN, "basic": BASIC, "rami": RAMI}
for _rule_sets in (_KNOCK_RULE_SETS, gin.RULE_SETS, basic.RULE_SETS, rami.RULE_SETS):
    register(_rule_sets)

# The preset a new game starts from when none is chosen (the first rule text, Wiener Rummy).
DEFAULT_PRESET = next(iter(PRESETS))


def family_for(rules: Rules) -> Family:
    """The family that plays `rules`; InvalidRules (`family_not_playable`) for one the engine
    cannot score yet."""
    family = FAMILIES.get(rules.family)
    if family is None:
        raise InvalidRules("family_not_playable", {"family": rules.family},
                           where=("rules", "family"), code="family_not_playable")
    return family


def round_entry(rules: Rules | None, *, ender: PlayerId | None, hands: Sequence[HandEntry],
                ender_melds: Sequence[Sequence[str]] | None = None, void: bool = False,
                match: int | None = None, finish: str | None = None,
                penalties: Sequence[PenaltyEntry] = (), big_gin: bool = False,
                upcard: str | None = None) -> RoundEntry:
    """A round of the family of `rules` from its facts, of the family's entry type
    (`Family.round_entry`); InvalidRound naming each fact the family does not take: a void
    round outside Gin (`void`), a finish or penalties outside Rami (`finish`,
    `penalties`), what a hand laid outside Rami (`hands[2].laid`), a match, a Big Gin or an
    upcard outside Gin (`match`, `big_gin`, `upcard`), the ender's melds where nothing is
    laid off (`ender_melds`).

    Without `rules`: the entry of the first family whose type takes every fact given, for
    a caller that does not know the rules; the family that plays it takes it as its own
    type and refuses, as here, what it does not take.
    """
    facts = {"ender_melds": ender_melds, "void": void, "match": match, "finish": finish,
             "penalties": tuple(penalties), "big_gin": big_gin, "upcard": upcard}
    hands = tuple(hands)
    if rules is None:
        kind = first_taking((family.round_entry for family in FAMILIES.values()),
                            hands=hands, **facts)
    else:
        kind = family_for(rules).round_entry
    return build_entry(kind, ender=ender, hands=hands, **facts)


def replay(rules: Rules, players: Sequence, rounds: Sequence = (), rebuys: Sequence = (),
           **options: Any):
    """The game the facts make, by the family of `rules` (see knock.replay)."""
    return family_for(rules).replay(rules, players, rounds, rebuys, **options)


def play_on(game, entry):
    """`game` with one more round, by the family of its rules (see knock.play_on)."""
    return _family_of(game).play_on(game, entry)


def snapshot(game) -> dict[str, Any]:
    """The state of `game` as plain data, by its family (see knock.snapshot)."""
    return _family_of(game).snapshot(game)


def resume(rules: Rules, players: Sequence, data: Mapping[str, Any], **options: Any):
    """The Game a snapshot was taken of, by the family of `rules` (see knock.resume)."""
    return family_for(rules).resume(rules, players, data, **options)


def _family_of(game) -> Family:
    if getattr(game, "rules", None) is None:
        raise ValueError("play_on needs a Game made by replay, resume or play_on")
    return family_for(game.rules)
