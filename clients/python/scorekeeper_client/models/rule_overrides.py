from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.ace_in_runs_enum import AceInRunsEnum
from ..models.ace_upcard_enum import AceUpcardEnum
from ..models.dead_last_living_enum import DeadLastLivingEnum
from ..models.dealer_rule_enum import DealerRuleEnum
from ..models.family_enum import FamilyEnum
from ..models.lay_off_enum import LayOffEnum
from ..models.mode_enum import ModeEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.rule_overrides_card_values import RuleOverridesCardValues


T = TypeVar("T", bound="RuleOverrides")


@_attrs_define
class RuleOverrides:
    """Rule parameters (docs/rules.md 6.6) that differ from the preset's: money as decimal strings ("5.00"), counts as
    integers, switches as booleans.

        Attributes:
            family (FamilyEnum | Unset):
            mode (ModeEnum | Unset):
            decks (int | Unset):
            jokers (int | Unset):
            ace_in_runs (AceInRunsEnum | Unset): * `low` - low
                * `high_or_low` - high_or_low
            set_distinct_suits (bool | Unset):
            max_jokers_per_meld (int | None | Unset):
            card_values (RuleOverridesCardValues | Unset):
            hand_size (int | Unset):
            free_hand_size (bool | Unset):
            knock_limit (int | Unset):
            rummy_bonus_points (int | Unset):
            undercut (bool | Unset):
            lay_off (LayOffEnum | Unset): * `none` - none
                * `knocker_melds` - knocker_melds
                * `right_neighbour` - right_neighbour
                * `knocker_melds_free` - knocker_melds_free
            eliminate_at (int | Unset):
            rebuy (bool | Unset):
            rebuy_from (int | Unset):
            rebuy_min_players (int | Unset):
            buy_in (str | Unset): An amount as a decimal string, e.g. "5.00".
            rebuy_cost (None | str | Unset): An amount as a decimal string, e.g. "5.00".
            knock_premium (str | Unset): An amount as a decimal string, e.g. "5.00".
            rummy_premium (None | str | Unset): An amount as a decimal string, e.g. "5.00".
            pot_split (list[int] | Unset):
            pot_split_min_players (int | Unset):
            rummy_kitty (bool | Unset):
            kitty_contribution (str | Unset): An amount as a decimal string, e.g. "5.00".
            dead_play_on (bool | Unset):
            dead_last_living (DeadLastLivingEnum | Unset): * `wins` - wins
                * `plays_on` - plays_on
            point_value (str | Unset): An amount as a decimal string, e.g. "5.00".
            dealer_rule (DealerRuleEnum | Unset): * `rotate` - rotate
                * `winner_deals` - winner_deals
            gin_bonus (int | Unset):
            undercut_bonus (int | Unset):
            game_target (int | Unset):
            game_bonus (int | Unset):
            box_bonus (int | Unset):
            stake_per_point (str | Unset): An amount as a decimal string, e.g. "5.00".
            gin_doubles_deadwood (bool | Unset):
            rounds_to_play (int | Unset):
            tournament (bool | Unset):
            bye (int | None | Unset):
            shutout (bool | Unset):
            big_gin (bool | Unset):
            big_gin_bonus (int | Unset):
            oklahoma (bool | Unset):
            spades_double (bool | Unset):
            ace_upcard (AceUpcardEnum | Unset): * `gin` - gin
                * `one` - one
            hollywood (bool | Unset):
            winner_share (int | Unset):
            identities (bool | Unset):
            first_meld_min (int | Unset):
            penalty (int | Unset):
    """

    family: FamilyEnum | Unset = UNSET
    mode: ModeEnum | Unset = UNSET
    decks: int | Unset = UNSET
    jokers: int | Unset = UNSET
    ace_in_runs: AceInRunsEnum | Unset = UNSET
    set_distinct_suits: bool | Unset = UNSET
    max_jokers_per_meld: int | None | Unset = UNSET
    card_values: RuleOverridesCardValues | Unset = UNSET
    hand_size: int | Unset = UNSET
    free_hand_size: bool | Unset = UNSET
    knock_limit: int | Unset = UNSET
    rummy_bonus_points: int | Unset = UNSET
    undercut: bool | Unset = UNSET
    lay_off: LayOffEnum | Unset = UNSET
    eliminate_at: int | Unset = UNSET
    rebuy: bool | Unset = UNSET
    rebuy_from: int | Unset = UNSET
    rebuy_min_players: int | Unset = UNSET
    buy_in: str | Unset = UNSET
    rebuy_cost: None | str | Unset = UNSET
    knock_premium: str | Unset = UNSET
    rummy_premium: None | str | Unset = UNSET
    pot_split: list[int] | Unset = UNSET
    pot_split_min_players: int | Unset = UNSET
    rummy_kitty: bool | Unset = UNSET
    kitty_contribution: str | Unset = UNSET
    dead_play_on: bool | Unset = UNSET
    dead_last_living: DeadLastLivingEnum | Unset = UNSET
    point_value: str | Unset = UNSET
    dealer_rule: DealerRuleEnum | Unset = UNSET
    gin_bonus: int | Unset = UNSET
    undercut_bonus: int | Unset = UNSET
    game_target: int | Unset = UNSET
    game_bonus: int | Unset = UNSET
    box_bonus: int | Unset = UNSET
    stake_per_point: str | Unset = UNSET
    gin_doubles_deadwood: bool | Unset = UNSET
    rounds_to_play: int | Unset = UNSET
    tournament: bool | Unset = UNSET
    bye: int | None | Unset = UNSET
    shutout: bool | Unset = UNSET
    big_gin: bool | Unset = UNSET
    big_gin_bonus: int | Unset = UNSET
    oklahoma: bool | Unset = UNSET
    spades_double: bool | Unset = UNSET
    ace_upcard: AceUpcardEnum | Unset = UNSET
    hollywood: bool | Unset = UNSET
    winner_share: int | Unset = UNSET
    identities: bool | Unset = UNSET
    first_meld_min: int | Unset = UNSET
    penalty: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        family: str | Unset = UNSET
        if not isinstance(self.family, Unset):
            family = self.family.value

        mode: str | Unset = UNSET
        if not isinstance(self.mode, Unset):
            mode = self.mode.value

        decks = self.decks

        jokers = self.jokers

        ace_in_runs: str | Unset = UNSET
        if not isinstance(self.ace_in_runs, Unset):
            ace_in_runs = self.ace_in_runs.value

        set_distinct_suits = self.set_distinct_suits

        max_jokers_per_meld: int | None | Unset
        if isinstance(self.max_jokers_per_meld, Unset):
            max_jokers_per_meld = UNSET
        else:
            max_jokers_per_meld = self.max_jokers_per_meld

        card_values: dict[str, Any] | Unset = UNSET
        if not isinstance(self.card_values, Unset):
            card_values = self.card_values.to_dict()

        hand_size = self.hand_size

        free_hand_size = self.free_hand_size

        knock_limit = self.knock_limit

        rummy_bonus_points = self.rummy_bonus_points

        undercut = self.undercut

        lay_off: str | Unset = UNSET
        if not isinstance(self.lay_off, Unset):
            lay_off = self.lay_off.value

        eliminate_at = self.eliminate_at

        rebuy = self.rebuy

        rebuy_from = self.rebuy_from

        rebuy_min_players = self.rebuy_min_players

        buy_in = self.buy_in

        rebuy_cost: None | str | Unset
        if isinstance(self.rebuy_cost, Unset):
            rebuy_cost = UNSET
        else:
            rebuy_cost = self.rebuy_cost

        knock_premium = self.knock_premium

        rummy_premium: None | str | Unset
        if isinstance(self.rummy_premium, Unset):
            rummy_premium = UNSET
        else:
            rummy_premium = self.rummy_premium

        pot_split: list[int] | Unset = UNSET
        if not isinstance(self.pot_split, Unset):
            pot_split = self.pot_split

        pot_split_min_players = self.pot_split_min_players

        rummy_kitty = self.rummy_kitty

        kitty_contribution = self.kitty_contribution

        dead_play_on = self.dead_play_on

        dead_last_living: str | Unset = UNSET
        if not isinstance(self.dead_last_living, Unset):
            dead_last_living = self.dead_last_living.value

        point_value = self.point_value

        dealer_rule: str | Unset = UNSET
        if not isinstance(self.dealer_rule, Unset):
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

        bye: int | None | Unset
        if isinstance(self.bye, Unset):
            bye = UNSET
        else:
            bye = self.bye

        shutout = self.shutout

        big_gin = self.big_gin

        big_gin_bonus = self.big_gin_bonus

        oklahoma = self.oklahoma

        spades_double = self.spades_double

        ace_upcard: str | Unset = UNSET
        if not isinstance(self.ace_upcard, Unset):
            ace_upcard = self.ace_upcard.value

        hollywood = self.hollywood

        winner_share = self.winner_share

        identities = self.identities

        first_meld_min = self.first_meld_min

        penalty = self.penalty

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if family is not UNSET:
            field_dict["family"] = family
        if mode is not UNSET:
            field_dict["mode"] = mode
        if decks is not UNSET:
            field_dict["decks"] = decks
        if jokers is not UNSET:
            field_dict["jokers"] = jokers
        if ace_in_runs is not UNSET:
            field_dict["ace_in_runs"] = ace_in_runs
        if set_distinct_suits is not UNSET:
            field_dict["set_distinct_suits"] = set_distinct_suits
        if max_jokers_per_meld is not UNSET:
            field_dict["max_jokers_per_meld"] = max_jokers_per_meld
        if card_values is not UNSET:
            field_dict["card_values"] = card_values
        if hand_size is not UNSET:
            field_dict["hand_size"] = hand_size
        if free_hand_size is not UNSET:
            field_dict["free_hand_size"] = free_hand_size
        if knock_limit is not UNSET:
            field_dict["knock_limit"] = knock_limit
        if rummy_bonus_points is not UNSET:
            field_dict["rummy_bonus_points"] = rummy_bonus_points
        if undercut is not UNSET:
            field_dict["undercut"] = undercut
        if lay_off is not UNSET:
            field_dict["lay_off"] = lay_off
        if eliminate_at is not UNSET:
            field_dict["eliminate_at"] = eliminate_at
        if rebuy is not UNSET:
            field_dict["rebuy"] = rebuy
        if rebuy_from is not UNSET:
            field_dict["rebuy_from"] = rebuy_from
        if rebuy_min_players is not UNSET:
            field_dict["rebuy_min_players"] = rebuy_min_players
        if buy_in is not UNSET:
            field_dict["buy_in"] = buy_in
        if rebuy_cost is not UNSET:
            field_dict["rebuy_cost"] = rebuy_cost
        if knock_premium is not UNSET:
            field_dict["knock_premium"] = knock_premium
        if rummy_premium is not UNSET:
            field_dict["rummy_premium"] = rummy_premium
        if pot_split is not UNSET:
            field_dict["pot_split"] = pot_split
        if pot_split_min_players is not UNSET:
            field_dict["pot_split_min_players"] = pot_split_min_players
        if rummy_kitty is not UNSET:
            field_dict["rummy_kitty"] = rummy_kitty
        if kitty_contribution is not UNSET:
            field_dict["kitty_contribution"] = kitty_contribution
        if dead_play_on is not UNSET:
            field_dict["dead_play_on"] = dead_play_on
        if dead_last_living is not UNSET:
            field_dict["dead_last_living"] = dead_last_living
        if point_value is not UNSET:
            field_dict["point_value"] = point_value
        if dealer_rule is not UNSET:
            field_dict["dealer_rule"] = dealer_rule
        if gin_bonus is not UNSET:
            field_dict["gin_bonus"] = gin_bonus
        if undercut_bonus is not UNSET:
            field_dict["undercut_bonus"] = undercut_bonus
        if game_target is not UNSET:
            field_dict["game_target"] = game_target
        if game_bonus is not UNSET:
            field_dict["game_bonus"] = game_bonus
        if box_bonus is not UNSET:
            field_dict["box_bonus"] = box_bonus
        if stake_per_point is not UNSET:
            field_dict["stake_per_point"] = stake_per_point
        if gin_doubles_deadwood is not UNSET:
            field_dict["gin_doubles_deadwood"] = gin_doubles_deadwood
        if rounds_to_play is not UNSET:
            field_dict["rounds_to_play"] = rounds_to_play
        if tournament is not UNSET:
            field_dict["tournament"] = tournament
        if bye is not UNSET:
            field_dict["bye"] = bye
        if shutout is not UNSET:
            field_dict["shutout"] = shutout
        if big_gin is not UNSET:
            field_dict["big_gin"] = big_gin
        if big_gin_bonus is not UNSET:
            field_dict["big_gin_bonus"] = big_gin_bonus
        if oklahoma is not UNSET:
            field_dict["oklahoma"] = oklahoma
        if spades_double is not UNSET:
            field_dict["spades_double"] = spades_double
        if ace_upcard is not UNSET:
            field_dict["ace_upcard"] = ace_upcard
        if hollywood is not UNSET:
            field_dict["hollywood"] = hollywood
        if winner_share is not UNSET:
            field_dict["winner_share"] = winner_share
        if identities is not UNSET:
            field_dict["identities"] = identities
        if first_meld_min is not UNSET:
            field_dict["first_meld_min"] = first_meld_min
        if penalty is not UNSET:
            field_dict["penalty"] = penalty

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rule_overrides_card_values import RuleOverridesCardValues  # noqa: PLC0415

        d = dict(src_dict)
        _family = d.pop("family", UNSET)
        family: FamilyEnum | Unset
        if isinstance(_family, Unset):
            family = UNSET
        else:
            family = FamilyEnum(_family)

        _mode = d.pop("mode", UNSET)
        mode: ModeEnum | Unset
        if isinstance(_mode, Unset):
            mode = UNSET
        else:
            mode = ModeEnum(_mode)

        decks = d.pop("decks", UNSET)

        jokers = d.pop("jokers", UNSET)

        _ace_in_runs = d.pop("ace_in_runs", UNSET)
        ace_in_runs: AceInRunsEnum | Unset
        if isinstance(_ace_in_runs, Unset):
            ace_in_runs = UNSET
        else:
            ace_in_runs = AceInRunsEnum(_ace_in_runs)

        set_distinct_suits = d.pop("set_distinct_suits", UNSET)

        def _parse_max_jokers_per_meld(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        max_jokers_per_meld = _parse_max_jokers_per_meld(d.pop("max_jokers_per_meld", UNSET))

        _card_values = d.pop("card_values", UNSET)
        card_values: RuleOverridesCardValues | Unset
        if isinstance(_card_values, Unset):
            card_values = UNSET
        else:
            card_values = RuleOverridesCardValues.from_dict(_card_values)

        hand_size = d.pop("hand_size", UNSET)

        free_hand_size = d.pop("free_hand_size", UNSET)

        knock_limit = d.pop("knock_limit", UNSET)

        rummy_bonus_points = d.pop("rummy_bonus_points", UNSET)

        undercut = d.pop("undercut", UNSET)

        _lay_off = d.pop("lay_off", UNSET)
        lay_off: LayOffEnum | Unset
        if isinstance(_lay_off, Unset):
            lay_off = UNSET
        else:
            lay_off = LayOffEnum(_lay_off)

        eliminate_at = d.pop("eliminate_at", UNSET)

        rebuy = d.pop("rebuy", UNSET)

        rebuy_from = d.pop("rebuy_from", UNSET)

        rebuy_min_players = d.pop("rebuy_min_players", UNSET)

        buy_in = d.pop("buy_in", UNSET)

        def _parse_rebuy_cost(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        rebuy_cost = _parse_rebuy_cost(d.pop("rebuy_cost", UNSET))

        knock_premium = d.pop("knock_premium", UNSET)

        def _parse_rummy_premium(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        rummy_premium = _parse_rummy_premium(d.pop("rummy_premium", UNSET))

        pot_split = cast(list[int], d.pop("pot_split", UNSET))

        pot_split_min_players = d.pop("pot_split_min_players", UNSET)

        rummy_kitty = d.pop("rummy_kitty", UNSET)

        kitty_contribution = d.pop("kitty_contribution", UNSET)

        dead_play_on = d.pop("dead_play_on", UNSET)

        _dead_last_living = d.pop("dead_last_living", UNSET)
        dead_last_living: DeadLastLivingEnum | Unset
        if isinstance(_dead_last_living, Unset):
            dead_last_living = UNSET
        else:
            dead_last_living = DeadLastLivingEnum(_dead_last_living)

        point_value = d.pop("point_value", UNSET)

        _dealer_rule = d.pop("dealer_rule", UNSET)
        dealer_rule: DealerRuleEnum | Unset
        if isinstance(_dealer_rule, Unset):
            dealer_rule = UNSET
        else:
            dealer_rule = DealerRuleEnum(_dealer_rule)

        gin_bonus = d.pop("gin_bonus", UNSET)

        undercut_bonus = d.pop("undercut_bonus", UNSET)

        game_target = d.pop("game_target", UNSET)

        game_bonus = d.pop("game_bonus", UNSET)

        box_bonus = d.pop("box_bonus", UNSET)

        stake_per_point = d.pop("stake_per_point", UNSET)

        gin_doubles_deadwood = d.pop("gin_doubles_deadwood", UNSET)

        rounds_to_play = d.pop("rounds_to_play", UNSET)

        tournament = d.pop("tournament", UNSET)

        def _parse_bye(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        bye = _parse_bye(d.pop("bye", UNSET))

        shutout = d.pop("shutout", UNSET)

        big_gin = d.pop("big_gin", UNSET)

        big_gin_bonus = d.pop("big_gin_bonus", UNSET)

        oklahoma = d.pop("oklahoma", UNSET)

        spades_double = d.pop("spades_double", UNSET)

        _ace_upcard = d.pop("ace_upcard", UNSET)
        ace_upcard: AceUpcardEnum | Unset
        if isinstance(_ace_upcard, Unset):
            ace_upcard = UNSET
        else:
            ace_upcard = AceUpcardEnum(_ace_upcard)

        hollywood = d.pop("hollywood", UNSET)

        winner_share = d.pop("winner_share", UNSET)

        identities = d.pop("identities", UNSET)

        first_meld_min = d.pop("first_meld_min", UNSET)

        penalty = d.pop("penalty", UNSET)

        rule_overrides = cls(
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

        return rule_overrides
