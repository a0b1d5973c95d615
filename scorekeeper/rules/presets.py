"""The rule parameters of docs/rules.md 6.6, and the presets that give them values.

A `Rules` is immutable and fully resolved: every parameter has a value. Money
parameters are integer minor units inside the engine and decimal strings in
`to_dict()`, the form the API and the stored game use.

Each family keeps its own presets, modes and checks next to its rules and registers them
here (`register`, a `FamilyRules`); this module decides nothing by a family's name.
"""

import hashlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from functools import cached_property
from typing import Any

from .cards import RANKS
from .errors import InvalidRules, MoneyError
from .money import format_money, parse_money

CARD_VALUE_KEYS = (*RANKS, "JK")

ACE_IN_RUNS = ("low", "high_or_low")
LAY_OFF = ("none", "knocker_melds", "right_neighbour", "knocker_melds_free")
DEAD_LAST_LIVING = ("wins", "plays_on")
DEALER_RULES = ("rotate", "winner_deals")
# Oklahoma Gin (docs/rules.md 8): an ace upcard means gin only, or a knock limit of 1.
ACE_UPCARD = ("gin", "one")

MONEY_PARAMETERS = frozenset(
    {"buy_in", "rebuy_cost", "knock_premium", "rummy_premium", "kitty_contribution",
     "point_value", "stake_per_point"}
)  # fmt: skip
# The choices of each text parameter, for callers that check the shape of overrides before
# the engine reads them (the API); `family` and `mode` (each family's modes, checked by
# validate() against the family's own) grow as the families register.
RULE_CHOICES: dict[str, tuple] = {"family": (), "mode": (), "ace_in_runs": ACE_IN_RUNS,
                                  "lay_off": LAY_OFF, "dead_last_living": DEAD_LAST_LIVING,
                                  "dealer_rule": DEALER_RULES, "ace_upcard": ACE_UPCARD}


def face_values(**high: int) -> dict[str, int]:
    """Cards counted by their index, J Q K 10, and `high` for the others (A=11, JK=20)."""
    values = {rank: int(rank) for rank in RANKS if rank.isdigit()}
    values.update({"10": 10, "J": 10, "Q": 10, "K": 10})
    values.update(high)
    return values


@dataclass(frozen=True)
class Rules:
    """Every parameter of a game's rule set (docs/rules.md 6.6), resolved."""

    family: str = "knock"
    mode: str = "pot"
    decks: int = 2
    jokers: int = 2
    ace_in_runs: str = "high_or_low"
    set_distinct_suits: bool = True
    max_jokers_per_meld: int | None = None
    card_values: dict[str, int] = field(default_factory=lambda: face_values(A=11, JK=20))
    hand_size: int = 10
    free_hand_size: bool = False
    knock_limit: int = 5
    rummy_bonus_points: int = 10
    undercut: bool = False
    lay_off: str = "none"
    eliminate_at: int = 101
    rebuy: bool = True
    rebuy_from: int = 81
    rebuy_min_players: int = 3
    buy_in: int = 500
    rebuy_cost: int | None = None
    knock_premium: int = 100
    rummy_premium: int | None = 200
    pot_split: tuple[int, ...] = (70, 30)
    pot_split_min_players: int = 5
    rummy_kitty: bool = False
    kitty_contribution: int = 100
    dead_play_on: bool = False
    dead_last_living: str = "plays_on"
    point_value: int = 10
    dealer_rule: str = "rotate"
    gin_bonus: int = 20
    undercut_bonus: int = 10
    game_target: int = 100
    game_bonus: int = 100
    box_bonus: int = 20
    stake_per_point: int = 0
    gin_doubles_deadwood: bool = False
    rounds_to_play: int = 0
    tournament: bool = False
    # Gin: the seat (from 0) of a three-player tournament's bye; None: the third seat's.
    bye: int | None = None
    # Gin variants (docs/rules.md 8): a shutout doubles the winner's final account of a
    # match the loser won no round of; a Big Gin (11 cards melded) scores its own bonus.
    shutout: bool = False
    big_gin: bool = False
    big_gin_bonus: int = 31
    # Oklahoma Gin (docs/rules.md 8): the first upcard sets each deal's knock limit; a spade
    # upcard doubles the deal where spades_double; an ace upcard is gin only or a limit of 1.
    oklahoma: bool = False
    spades_double: bool = False
    ace_upcard: str = "gin"
    # Hollywood Gin (docs/rules.md 8.12): a two-player match scored in three games at once.
    hollywood: bool = False
    winner_share: int = 75
    identities: bool = False
    first_meld_min: int = 40
    penalty: int = 300

    # card_values is a dict, so the generated hash would fail; hash the resolved values.
    def __hash__(self) -> int:
        return hash(repr(sorted(self.to_dict().items())))

    @cached_property
    def digest(self) -> str:
        """A short fingerprint of every parameter, the same in every process: what a
        snapshot was taken under. Kept with the rules: every write of a game asks for it."""
        text = json.dumps(self.to_dict(), sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    @classmethod
    def preset(cls, name: str, *, players: int | None = None, **overrides: Any) -> "Rules":
        """The named preset ('wiener', 'romme', 'gin', 'basic', 'rami') with validated
        overrides. `players`, the number seated, picks the set-up of the families whose
        decks and hand size follow it (docs/rules.md 9.1, 10.1) unless an override names
        them."""
        if name not in PRESETS:
            known = ", ".join(sorted(PRESETS))
            raise InvalidRules("unknown_preset", {"name": name, "known": known}, field="preset",
                               code="unknown_preset")
        base = dict(PRESETS[name]["rules"])
        base.update(_defaults_by_choice(base, overrides, players))
        if overrides.get("rummy_kitty") and "rummy_bonus_points" not in overrides:
            # docs/rules.md 5.4: the Rummykasse replaces the Rummy bonus points unless both are
            # asked for.
            overrides = {**overrides, "rummy_bonus_points": 0}
        if "card_values" in overrides and isinstance(overrides["card_values"], dict):
            overrides = {**overrides, "card_values": {**base["card_values"],
                                                       **overrides["card_values"]}}
        return cls.from_dict({**base, **overrides})

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Rules":
        """Build and validate a rule set from parameter names and API-style values."""
        known = {f.name for f in fields(cls)}
        for name in data:
            if name not in known:
                raise InvalidRules("unknown_parameter", {"name": name}, field=f"rules.{name}",
                                   code="unknown_parameter")
        values = {name: _coerce(name, value) for name, value in data.items()}
        rules = cls(**values)
        rules.validate()
        return rules

    def to_dict(self) -> dict[str, Any]:
        """Every parameter with API-style values: money as decimal strings, lists as lists."""
        result: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name in MONEY_PARAMETERS and value is not None:
                value = format_money(value)
            elif f.name == "pot_split":
                value = list(value)
            elif f.name == "card_values":
                value = dict(value)
            result[f.name] = value
        return result

    # Derived values the engine asks for by name.
    @property
    def effective_rebuy_cost(self) -> int:
        """What a re-buy costs: `rebuy_cost`, or the buy-in when it is not set."""
        return self.buy_in if self.rebuy_cost is None else self.rebuy_cost

    @property
    def effective_rummy_premium(self) -> int:
        """The premium for a Rummy win: `rummy_premium`, or the knock premium when not set."""
        return self.knock_premium if self.rummy_premium is None else self.rummy_premium

    @property
    def ace_high(self) -> bool:
        return self.ace_in_runs == "high_or_low"

    def validate(self) -> None:
        """Refuse values out of range with a message naming the parameter."""
        check_choice(self, "family", tuple(FAMILY_RULES))
        family = FAMILY_RULES[self.family]
        check_choice(self, "mode", family.modes)
        check_choice(self, "ace_in_runs", ACE_IN_RUNS)
        check_choice(self, "lay_off", LAY_OFF)
        check_choice(self, "dead_last_living", DEAD_LAST_LIVING)
        check_choice(self, "dealer_rule", DEALER_RULES)
        check_choice(self, "ace_upcard", ACE_UPCARD)
        check_between(self, "decks", 1, 8)
        check_between(self, "jokers", 0, 16)
        check_between(self, "hand_size", 1, 20)
        check_between(self, "knock_limit", 0, 100)
        check_between(self, "rummy_bonus_points", 0, 1000)
        check_between(self, "eliminate_at", 1, 10000)
        check_between(self, "rebuy_from", 0, self.eliminate_at - 1,
                      reason="rebuy_from_not_below_eliminate_at")
        check_between(self, "rebuy_min_players", 2, 100)
        check_between(self, "pot_split_min_players", 1, 100)
        for name in ("gin_bonus", "undercut_bonus", "game_bonus", "box_bonus", "big_gin_bonus"):
            check_between(self, name, 0, 10000)
        check_between(self, "game_target", 1, 100000)
        # docs/rules.md 8.7: a ring game is settled after 1, 2 or 3 rounds (0: play to the
        # target); the winner of a prize pool takes at least 75 %.
        check_between(self, "rounds_to_play", 0, 3)
        check_between(self, "winner_share", 75, 100)
        # docs/rules.md 10: the first meld's minimum (30 to 80 in the seed, 0 for none) and
        # the penalty for a joker or table cards taken back and not played.
        check_between(self, "first_meld_min", 0, 200)
        check_between(self, "penalty", 0, 10000)
        family.check(self)
        if self.max_jokers_per_meld is not None:
            check_between(self, "max_jokers_per_meld", 0, 16)
        for name in MONEY_PARAMETERS:
            value = getattr(self, name)
            if value is not None and not 0 <= value <= 100_000_000:
                raise InvalidRules("amount_out_of_range", {"name": name}, field=f"rules.{name}",
                                   code="out_of_range")
        if not self.pot_split or any(share <= 0 for share in self.pot_split) or (
            sum(self.pot_split) != 100
        ):
            raise InvalidRules("pot_split_not_100", field="rules.pot_split", code="out_of_range")
        for key in CARD_VALUE_KEYS:
            if not 0 <= self.card_values[key] <= 1000:
                raise InvalidRules("card_value_out_of_range", {"key": key},
                                   field=f"rules.card_values.{key}", code="out_of_range")


def check_choice(rules: Rules, name: str, choices: tuple) -> None:
    """Refuse a parameter whose value is not one of `choices`."""
    if getattr(rules, name) not in choices:
        raise InvalidRules("not_a_choice", {"name": name,
                                            "choices": ", ".join(map(str, choices))},
                           field=f"rules.{name}", code="out_of_range")


def check_between(rules: Rules, name: str, low: int, high: int, *,
                  reason: str = "not_between") -> None:
    """Refuse a parameter whose value is outside `low` to `high`."""
    value = getattr(rules, name)
    if not low <= value <= high:
        raise InvalidRules(reason, {"name": name, "low": low, "high": high, "value": value},
                           field=f"rules.{name}", code="out_of_range")


_BOOLEANS = {"set_distinct_suits", "free_hand_size", "undercut", "rebuy", "rummy_kitty",
             "dead_play_on", "gin_doubles_deadwood", "tournament", "identities",
             "shutout", "big_gin", "oklahoma", "spades_double", "hollywood"}
_OPTIONAL_INTS = {"max_jokers_per_meld", "bye"}


def _coerce(name: str, value: Any) -> Any:
    """API-style value -> engine value, refusing the wrong type with a clear message."""
    where = f"rules.{name}"
    if name in MONEY_PARAMETERS:
        if value is None and name in {"rebuy_cost", "rummy_premium"}:
            return None
        try:
            return parse_money(value, field=where)
        except MoneyError as error:
            raise InvalidRules(error.reason, error.params, field=where,
                               code="invalid_amount") from None
    if name in _BOOLEANS:
        if not isinstance(value, bool):
            raise InvalidRules("not_a_boolean", {"name": name}, field=where, code="invalid_type")
        return value
    if name == "pot_split":
        if not isinstance(value, list | tuple) or not all(
            isinstance(share, int) and not isinstance(share, bool) for share in value
        ):
            raise InvalidRules("pot_split_not_a_list", field=where, code="invalid_type")
        return tuple(value)
    if name == "card_values":
        if not isinstance(value, dict):
            raise InvalidRules("card_values_not_a_map", field=where, code="invalid_type")
        unknown = set(value) - set(CARD_VALUE_KEYS)
        if unknown:
            raise InvalidRules("card_values_unknown", {"keys": str(sorted(unknown))},
                               field=where, code="unknown_parameter")
        missing = set(CARD_VALUE_KEYS) - set(value)
        if missing:
            raise InvalidRules("card_values_missing", {"keys": str(sorted(missing))},
                               field=where, code="invalid_type")
        for key, points in value.items():
            if not isinstance(points, int) or isinstance(points, bool):
                raise InvalidRules("card_value_not_whole", {"key": key},
                                   field=f"{where}.{key}", code="invalid_type")
        return {key: value[key] for key in CARD_VALUE_KEYS}
    if name in _OPTIONAL_INTS and value is None:
        return None
    if isinstance(Rules.__dataclass_fields__[name].default, str):
        if not isinstance(value, str):
            raise InvalidRules("not_text", {"name": name}, field=where, code="invalid_type")
        return value
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidRules("not_a_whole_number", {"name": name}, field=where,
                           code="invalid_type")
    return value


# --- The families' rule sets ------------------------------------------------------------------


@dataclass(frozen=True)
class FamilyRules:
    """What a family says about its rule sets: its modes, its presets (name -> title and
    the parameters in API form, docs/rules.md 6.6), the checks only its rule sets need, and
    the defaults that follow another choice (`defaults(base, overrides, players)`: a
    mode's card values, the set-up by the number of players)."""

    name: str
    modes: tuple[str, ...]
    presets: Mapping[str, tuple[str, dict[str, Any]]]
    check: Callable[[Rules], None] = field(default=lambda rules: None)
    defaults: Callable[[dict[str, Any], dict[str, Any], int | None], dict[str, Any]] = field(
        default=lambda base, overrides, players: {})


FAMILY_RULES: dict[str, FamilyRules] = {}
# Every preset by name, in the order the families registered them (the first is the
# default a new game starts from).
PRESETS: dict[str, dict[str, Any]] = {}


def register(family: FamilyRules) -> None:
    """Make a family's rule sets known: its presets, modes and checks."""
    FAMILY_RULES[family.name] = family
    for name, (title, rules) in family.presets.items():
        PRESETS[name] = {"name": title, "rules": rules}
    RULE_CHOICES["family"] = tuple(FAMILY_RULES)
    RULE_CHOICES["mode"] = tuple(dict.fromkeys(
        mode for known in FAMILY_RULES.values() for mode in known.modes))


def _defaults_by_choice(base: dict[str, Any], overrides: dict[str, Any],
                        players: int | None) -> dict[str, Any]:
    """Defaults that follow another choice, by the family (FamilyRules.defaults). An
    override always wins over them."""
    family = FAMILY_RULES.get(base["family"])
    return {} if family is None else family.defaults(base, overrides, players)
