"""What every rule family provides, and which family plays a rule set.

A family is one module of the engine (the knock family, Gin, Basic Rummy, Rami) that
gives the same few things: its round entry, `replay` from the facts,
`play_on` one more round, `snapshot` and `resume` its state, when a game is over and
whether one is closed by hand, the money movements it makes, and its presets.
`family_for(rules)` picks it; the top-level `scorekeeper.rules.replay`, `play_on`,
`snapshot` and `resume` go through it.
"""

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from . import gin, knock
from .basic import BASIC as _BASIC_RULES
from .errors import InvalidRules
from .presets import PRESETS, Rules
from .rami import RAMI as _RAMI_RULES
from .tally import TallyRules, eliminates


@dataclass(frozen=True)
class Family:
    """The functions and facts one rule family provides."""

    name: str
    round_entry: type
    replay: Callable[..., Any]
    play_on: Callable[[Any, Any], Any]
    snapshot: Callable[[Any], dict[str, Any]]
    resume: Callable[..., Any]
    # How it finishes: a game is over, and whether the organiser closes a game by hand.
    is_over: Callable[[Any], bool]
    closes_by_hand: Callable[[Rules], bool]
    # The ledger kinds (docs/rules.md 5.1) its games book.
    ledger_kinds: frozenset[str]
    # What a round's entry holds besides the hands: Gin's void round, the knock family's
    # melds as laid for a lay-off.
    void_rounds: bool
    # What the edges ask of a family's games (the words for them are the edges' own):
    # whether a player can be out of the game (eliminated) under these rules,
    eliminates: Callable[[Rules], bool]
    # whether a hand at the end of a round counts whole (no melds taken off: Basic Rummy,
    # Rami), so the one who ended the round holds nothing,
    whole_hands: bool
    # and whether a round records what each player laid (Rami, docs/rules.md 10).
    records_laid: bool

    @property
    def presets(self) -> tuple[str, ...]:
        """The names of the presets of this family."""
        return tuple(name for name, preset in PRESETS.items()
                     if preset["rules"]["family"] == self.name)


KNOCK = Family(
    name="knock",
    round_entry=knock.RoundEntry,
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
    void_rounds=False,
    # docs/rules.md 4.3: out at the limit; a Punktespiel (6.3) eliminates nobody.
    eliminates=lambda rules: rules.mode != "points",
    whole_hands=False,
    records_laid=False,
)

GIN = Family(
    name="gin",
    round_entry=knock.RoundEntry,
    replay=gin.replay,
    play_on=gin.play_on,
    snapshot=gin.snapshot,
    resume=gin.resume,
    is_over=gin.is_over,
    closes_by_hand=lambda rules: False,
    # docs/rules.md 8: a ring game's or tournament's pool and the stake per point.
    ledger_kinds=frozenset({"buy_in", "carry_over", "payout", "point_settlement"}),
    void_rounds=True,
    eliminates=lambda rules: False,
    whole_hands=False,
    records_laid=False,
)



def _tally(rules: TallyRules, ledger_kinds: frozenset[str],
           closes_by_hand: Callable[[Rules], bool], *, records_laid: bool) -> Family:
    return Family(
        name=rules.family, round_entry=knock.RoundEntry, replay=rules.replay,
        play_on=rules.play_on, snapshot=rules.snapshot, resume=rules.resume,
        is_over=rules.is_over, closes_by_hand=closes_by_hand, ledger_kinds=ledger_kinds,
        void_rounds=False, eliminates=eliminates, whole_hands=True, records_laid=records_laid,
    )


# docs/rules.md 9.3: paid per round; a game to the target, or closed by hand.
BASIC = _tally(_BASIC_RULES, frozenset({"point_settlement"}), lambda rules: True,
               records_laid=False)
# docs/rules.md 10.7: the difference paid at the end, or elimination mode's pot.
RAMI = _tally(_RAMI_RULES, frozenset({"point_settlement", "buy_in", "carry_over", "payout"}),
              lambda rules: not eliminates(rules), records_laid=True)

FAMILIES: Mapping[str, Family] = {"knock": KNOCK, "gin": GIN, "basic": BASIC, "rami": RAMI}


def family_for(rules: Rules) -> Family:
    """The family that plays `rules`; InvalidRules (`family_not_playable`) for one the engine
    cannot score yet."""
    family = FAMILIES.get(rules.family)
    if family is None:
        raise InvalidRules("family_not_playable", {"family": rules.family},
                           field="rules.family", code="family_not_playable")
    return family


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
