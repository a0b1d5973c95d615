from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.currency_enum import CurrencyEnum
from ..models.preset_enum import PresetEnum
from ..models.seeding_enum import SeedingEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.rule_overrides import RuleOverrides


T = TypeVar("T", bound="TournamentInputRequest")


@_attrs_define
class TournamentInputRequest:
    """An input object that takes the keys it declares and no other: each unknown key is
    an error of its own, reported with the body's other errors.

        Attributes:
            players (list[str]): The field: in seed order (the first is seed 1) when seeding is ordered.
            name (str | Unset):  Default: ''.
            preset (PresetEnum | Unset): * `basic` - basic
                * `gin` - gin
                * `gin_online` - gin_online
                * `rami` - rami
                * `romme` - romme
                * `wiener` - wiener Default: PresetEnum.GIN.
            rules (RuleOverrides | Unset): Rule parameters (docs/rules.md 6.6) that differ from the preset's: money as
                decimal strings ("5.00"), counts as integers, switches as booleans.
            seeding (SeedingEnum | Unset): * `random` - random
                * `ordered` - ordered Default: SeedingEnum.RANDOM.
            entry_fee (str | Unset): Each player's entry fee, e.g. "10.00". Default: '0.00'.
            payouts (list[int] | Unset): Percent of the pool by place, best first: they sum to 100, the first at least 75.
                Players who share a place (the semi-final losers share 3rd) split the places they cover equally.
            currency (CurrencyEnum | Unset):  Default: CurrencyEnum.EUR.
    """

    players: list[str]
    name: str | Unset = ""
    preset: PresetEnum | Unset = PresetEnum.GIN
    rules: RuleOverrides | Unset = UNSET
    seeding: SeedingEnum | Unset = SeedingEnum.RANDOM
    entry_fee: str | Unset = "0.00"
    payouts: list[int] | Unset = UNSET
    currency: CurrencyEnum | Unset = CurrencyEnum.EUR

    def to_dict(self) -> dict[str, Any]:
        players = self.players

        name: str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        preset: str | Unset = UNSET
        if not isinstance(self.preset, Unset):
            preset = self.preset.value

        rules: dict[str, Any] | Unset = UNSET
        if not isinstance(self.rules, Unset):
            rules = self.rules.to_dict()

        seeding: str | Unset = UNSET
        if not isinstance(self.seeding, Unset):
            seeding = self.seeding.value

        entry_fee = self.entry_fee

        payouts: list[int] | Unset = UNSET
        if not isinstance(self.payouts, Unset):
            payouts = self.payouts

        currency: str | Unset = UNSET
        if not isinstance(self.currency, Unset):
            currency = self.currency.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "players": players,
            }
        )
        if name is not UNSET:
            field_dict["name"] = name
        if preset is not UNSET:
            field_dict["preset"] = preset
        if rules is not UNSET:
            field_dict["rules"] = rules
        if seeding is not UNSET:
            field_dict["seeding"] = seeding
        if entry_fee is not UNSET:
            field_dict["entry_fee"] = entry_fee
        if payouts is not UNSET:
            field_dict["payouts"] = payouts
        if currency is not UNSET:
            field_dict["currency"] = currency

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rule_overrides import RuleOverrides  # noqa: PLC0415

        d = dict(src_dict)
        players = cast(list[str], d.pop("players"))

        def _parse_name(data: object) -> str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))

        _preset = d.pop("preset", UNSET)
        preset: PresetEnum | Unset
        if isinstance(_preset, Unset):
            preset = UNSET
        else:
            preset = PresetEnum(_preset)

        _rules = d.pop("rules", UNSET)
        rules: RuleOverrides | Unset
        if isinstance(_rules, Unset):
            rules = UNSET
        else:
            rules = RuleOverrides.from_dict(_rules)

        _seeding = d.pop("seeding", UNSET)
        seeding: SeedingEnum | Unset
        if isinstance(_seeding, Unset):
            seeding = UNSET
        else:
            seeding = SeedingEnum(_seeding)

        entry_fee = d.pop("entry_fee", UNSET)

        payouts = cast(list[int], d.pop("payouts", UNSET))

        _currency = d.pop("currency", UNSET)
        currency: CurrencyEnum | Unset
        if isinstance(_currency, Unset):
            currency = UNSET
        else:
            currency = CurrencyEnum(_currency)

        tournament_input_request = cls(
            players=players,
            name=name,
            preset=preset,
            rules=rules,
            seeding=seeding,
            entry_fee=entry_fee,
            payouts=payouts,
            currency=currency,
        )

        return tournament_input_request
