from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.ace_in_runs_enum import AceInRunsEnum
from ..models.ace_upcard_enum import AceUpcardEnum
from ..models.basic_rules_family_enum import BasicRulesFamilyEnum
from ..models.dead_last_living_enum import DeadLastLivingEnum
from ..models.dealer_rule_enum import DealerRuleEnum
from ..models.lay_off_enum import LayOffEnum
from ..models.pot_or_points_enum import PotOrPointsEnum

if TYPE_CHECKING:
    from ..models.card_values import CardValues


T = TypeVar("T", bound="BasicRules")


@_attrs_define
class BasicRules:
    """A Basic Rummy game's rules (docs/rules.md 9), as stored: every parameter, of which
    Basic Rummy reads the cards and melds, point_value and game_target (docs/rules.md 6.6).

        Attributes:
            family (BasicRulesFamilyEnum): * `basic` - basic
            mode (PotOrPointsEnum): * `pot` - pot
                * `points` - points
            decks (int):
            jokers (int):
            ace_in_runs (AceInRunsEnum): * `low` - low
                * `high_or_low` - high_or_low
            set_distinct_suits (bool):
            max_jokers_per_meld (int | None):
            card_values (CardValues): The points of each rank and of the joker (JK) left in a hand.
            hand_size (int):
            free_hand_size (bool):
            knock_limit (int):
            rummy_bonus_points (int):
            undercut (bool):
            lay_off (LayOffEnum): * `none` - none
                * `knocker_melds` - knocker_melds
                * `right_neighbour` - right_neighbour
                * `knocker_melds_free` - knocker_melds_free
            eliminate_at (int):
            rebuy (bool):
            rebuy_from (int):
            rebuy_min_players (int):
            buy_in (str): An amount as a decimal string, e.g. "5.00".
            rebuy_cost (None | str): An amount as a decimal string, e.g. "5.00".
            knock_premium (str): An amount as a decimal string, e.g. "5.00".
            rummy_premium (None | str): An amount as a decimal string, e.g. "5.00".
            pot_split (list[int]):
            pot_split_min_players (int):
            rummy_kitty (bool):
            kitty_contribution (str): An amount as a decimal string, e.g. "5.00".
            dead_play_on (bool):
            dead_last_living (DeadLastLivingEnum): * `wins` - wins
                * `plays_on` - plays_on
            point_value (str): An amount as a decimal string, e.g. "5.00".
            dealer_rule (DealerRuleEnum): * `rotate` - rotate
                * `winner_deals` - winner_deals
            gin_bonus (int):
            undercut_bonus (int):
            game_target (int):
            game_bonus (int):
            box_bonus (int):
            stake_per_point (str): An amount as a decimal string, e.g. "5.00".
            gin_doubles_deadwood (bool):
            rounds_to_play (int):
            tournament (bool):
            bye (int | None):
            shutout (bool):
            big_gin (bool):
            big_gin_bonus (int):
            oklahoma (bool):
            spades_double (bool):
            ace_upcard (AceUpcardEnum): * `gin` - gin
                * `one` - one
            hollywood (bool):
            winner_share (int):
            identities (bool):
            first_meld_min (int):
            penalty (int):
    """

    family: BasicRulesFamilyEnum
    mode: PotOrPointsEnum
    decks: int
    jokers: int
    ace_in_runs: AceInRunsEnum
    set_distinct_suits: bool
    max_jokers_per_meld: int | None
    card_values: CardValues
    hand_size: int
    free_hand_size: bool
    knock_limit: int
    rummy_bonus_points: int
    undercut: bool
    lay_off: LayOffEnum
    eliminate_at: int
    rebuy: bool
    rebuy_from: int
    rebuy_min_players: int
    buy_in: str
    rebuy_cost: None | str
    knock_premium: str
    rummy_premium: None | str
    pot_split: list[int]
    pot_split_min_players: int
    rummy_kitty: bool
    kitty_contribution: str
    dead_play_on: bool
    dead_last_living: DeadLastLivingEnum
    point_value: str
    dealer_rule: DealerRuleEnum
    gin_bonus: int
    undercut_bonus: int
    game_target: int
    game_bonus: int
    box_bonus: int
    stake_per_point: str
    gin_doubles_deadwood: bool
    rounds_to_play: int
    tournament: bool
    bye: int | None
    shutout: bool
    big_gin: bool
    big_gin_bonus: int
    oklahoma: bool
    spades_double: bool
    ace_upcard: AceUpcardEnum
    hollywood: bool
    winner_share: int
    identities: bool
    first_meld_min: int
    penalty: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        family = self.family.value

        mode = self.mode.value

        decks = self.decks

        jokers = self.jokers

        ace_in_runs = self.ace_in_runs.value

        set_distinct_suits = self.set_distinct_suits

        max_jokers_per_meld: int | None
        max_jokers_per_meld = self.max_jokers_per_meld

        card_values = self.card_values.to_dict()

        hand_size = self.hand_size

        free_hand_size = self.free_hand_size

        knock_limit = self.knock_limit

        rummy_bonus_points = self.rummy_bonus_points

        undercut = self.undercut

        lay_off = self.lay_off.value

        eliminate_at = self.eliminate_at

        rebuy = self.rebuy

        rebuy_from = self.rebuy_from

        rebuy_min_players = self.rebuy_min_players

        buy_in = self.buy_in

        rebuy_cost: None | str
        rebuy_cost = self.rebuy_cost

        knock_premium = self.knock_premium

        rummy_premium: None | str
        rummy_premium = self.rummy_premium

        pot_split = self.pot_split

        pot_split_min_players = self.pot_split_min_players

        rummy_kitty = self.rummy_kitty

        kitty_contribution = self.kitty_contribution

        dead_play_on = self.dead_play_on

        dead_last_living = self.dead_last_living.value

        point_value = self.point_value

        dealer_rule = self.dealer_rule.value

        gin_bonus = self.gin_bonus

        undercut_bonus = self.undercut_bonus

        game_target = self.game_target

        game_bonus = self.game_bonus

        box_bonus = self.box_bonus

        stake_per_point = self.stake_per_point

        gin_doubles_deadwood = self.gin_doubles_deadwood

        rounds_to_play = self.rounds_to_play

        tournament = self.tournament

        bye: int | None
        bye = self.bye

        shutout = self.shutout

        big_gin = self.big_gin

        big_gin_bonus = self.big_gin_bonus

        oklahoma = self.oklahoma

        spades_double = self.spades_double

        ace_upcard = self.ace_upcard.value

        hollywood = self.hollywood

        winner_share = self.winner_share

        identities = self.identities

        first_meld_min = self.first_meld_min

        penalty = self.penalty

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "family": family,
                "mode": mode,
                "decks": decks,
                "jokers": jokers,
                "ace_in_runs": ace_in_runs,
                "set_distinct_suits": set_distinct_suits,
                "max_jokers_per_meld": max_jokers_per_meld,
                "card_values": card_values,
                "hand_size": hand_size,
                "free_hand_size": free_hand_size,
                "knock_limit": knock_limit,
                "rummy_bonus_points": rummy_bonus_points,
                "undercut": undercut,
                "lay_off": lay_off,
                "eliminate_at": eliminate_at,
                "rebuy": rebuy,
                "rebuy_from": rebuy_from,
                "rebuy_min_players": rebuy_min_players,
                "buy_in": buy_in,
                "rebuy_cost": rebuy_cost,
                "knock_premium": knock_premium,
                "rummy_premium": rummy_premium,
                "pot_split": pot_split,
                "pot_split_min_players": pot_split_min_players,
                "rummy_kitty": rummy_kitty,
                "kitty_contribution": kitty_contribution,
                "dead_play_on": dead_play_on,
                "dead_last_living": dead_last_living,
                "point_value": point_value,
                "dealer_rule": dealer_rule,
                "gin_bonus": gin_bonus,
                "undercut_bonus": undercut_bonus,
                "game_target": game_target,
                "game_bonus": game_bonus,
                "box_bonus": box_bonus,
                "stake_per_point": stake_per_point,
                "gin_doubles_deadwood": gin_doubles_deadwood,
                "rounds_to_play": rounds_to_play,
                "tournament": tournament,
                "bye": bye,
                "shutout": shutout,
                "big_gin": big_gin,
                "big_gin_bonus": big_gin_bonus,
                "oklahoma": oklahoma,
                "spades_double": spades_double,
                "ace_upcard": ace_upcard,
                "hollywood": hollywood,
                "winner_share": winner_share,
                "identities": identities,
                "first_meld_min": first_meld_min,
                "penalty": penalty,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.card_values import CardValues  # noqa: PLC0415

        d = dict(src_dict)
        family = BasicRulesFamilyEnum(d.pop("family"))

        mode = PotOrPointsEnum(d.pop("mode"))

        decks = d.pop("decks")

        jokers = d.pop("jokers")

        ace_in_runs = AceInRunsEnum(d.pop("ace_in_runs"))

        set_distinct_suits = d.pop("set_distinct_suits")

        def _parse_max_jokers_per_meld(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        max_jokers_per_meld = _parse_max_jokers_per_meld(d.pop("max_jokers_per_meld"))

        card_values = CardValues.from_dict(d.pop("card_values"))

        hand_size = d.pop("hand_size")

        free_hand_size = d.pop("free_hand_size")

        knock_limit = d.pop("knock_limit")

        rummy_bonus_points = d.pop("rummy_bonus_points")

        undercut = d.pop("undercut")

        lay_off = LayOffEnum(d.pop("lay_off"))

        eliminate_at = d.pop("eliminate_at")

        rebuy = d.pop("rebuy")

        rebuy_from = d.pop("rebuy_from")

        rebuy_min_players = d.pop("rebuy_min_players")

        buy_in = d.pop("buy_in")

        def _parse_rebuy_cost(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        rebuy_cost = _parse_rebuy_cost(d.pop("rebuy_cost"))

        knock_premium = d.pop("knock_premium")

        def _parse_rummy_premium(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        rummy_premium = _parse_rummy_premium(d.pop("rummy_premium"))

        pot_split = cast(list[int], d.pop("pot_split"))

        pot_split_min_players = d.pop("pot_split_min_players")

        rummy_kitty = d.pop("rummy_kitty")

        kitty_contribution = d.pop("kitty_contribution")

        dead_play_on = d.pop("dead_play_on")

        dead_last_living = DeadLastLivingEnum(d.pop("dead_last_living"))

        point_value = d.pop("point_value")

        dealer_rule = DealerRuleEnum(d.pop("dealer_rule"))

        gin_bonus = d.pop("gin_bonus")

        undercut_bonus = d.pop("undercut_bonus")

        game_target = d.pop("game_target")

        game_bonus = d.pop("game_bonus")

        box_bonus = d.pop("box_bonus")

        stake_per_point = d.pop("stake_per_point")

        gin_doubles_deadwood = d.pop("gin_doubles_deadwood")

        rounds_to_play = d.pop("rounds_to_play")

        tournament = d.pop("tournament")

        def _parse_bye(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        bye = _parse_bye(d.pop("bye"))

        shutout = d.pop("shutout")

        big_gin = d.pop("big_gin")

        big_gin_bonus = d.pop("big_gin_bonus")

        oklahoma = d.pop("oklahoma")

        spades_double = d.pop("spades_double")

        ace_upcard = AceUpcardEnum(d.pop("ace_upcard"))

        hollywood = d.pop("hollywood")

        winner_share = d.pop("winner_share")

        identities = d.pop("identities")

        first_meld_min = d.pop("first_meld_min")

        penalty = d.pop("penalty")

        basic_rules = cls(
            family=family,
            mode=mode,
            decks=decks,
            jokers=jokers,
            ace_in_runs=ace_in_runs,
            set_distinct_suits=set_distinct_suits,
            max_jokers_per_meld=max_jokers_per_meld,
            card_values=card_values,
            hand_size=hand_size,
            free_hand_size=free_hand_size,
            knock_limit=knock_limit,
            rummy_bonus_points=rummy_bonus_points,
            undercut=undercut,
            lay_off=lay_off,
            eliminate_at=eliminate_at,
            rebuy=rebuy,
            rebuy_from=rebuy_from,
            rebuy_min_players=rebuy_min_players,
            buy_in=buy_in,
            rebuy_cost=rebuy_cost,
            knock_premium=knock_premium,
            rummy_premium=rummy_premium,
            pot_split=pot_split,
            pot_split_min_players=pot_split_min_players,
            rummy_kitty=rummy_kitty,
            kitty_contribution=kitty_contribution,
            dead_play_on=dead_play_on,
            dead_last_living=dead_last_living,
            point_value=point_value,
            dealer_rule=dealer_rule,
            gin_bonus=gin_bonus,
            undercut_bonus=undercut_bonus,
            game_target=game_target,
            game_bonus=game_bonus,
            box_bonus=box_bonus,
            stake_per_point=stake_per_point,
            gin_doubles_deadwood=gin_doubles_deadwood,
            rounds_to_play=rounds_to_play,
            tournament=tournament,
            bye=bye,
            shutout=shutout,
            big_gin=big_gin,
            big_gin_bonus=big_gin_bonus,
            oklahoma=oklahoma,
            spades_double=spades_double,
            ace_upcard=ace_upcard,
            hollywood=hollywood,
            winner_share=winner_share,
            identities=identities,
            first_meld_min=first_meld_min,
            penalty=penalty,
        )

        basic_rules.additional_properties = d
        return basic_rules

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
