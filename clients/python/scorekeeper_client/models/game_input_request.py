from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.currency_enum import CurrencyEnum
from ..models.preset_enum import PresetEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.rule_overrides import RuleOverrides


T = TypeVar("T", bound="GameInputRequest")


@_attrs_define
class GameInputRequest:
    """An input object that takes the keys it declares and no other: each unknown key is
    an error of its own, reported with the body's other errors.

        Attributes:
            players (list[str]): Names in seat order; the first deals first.
            club (int | Unset): May be left out by a member of one club.
            name (str | Unset):  Default: ''.
            preset (PresetEnum | Unset): * `basic` - basic
                * `gin` - gin
                * `gin_online` - gin_online
                * `rami` - rami
                * `romme` - romme
                * `wiener` - wiener Default: PresetEnum.WIENER.
            rules (RuleOverrides | Unset): Rule parameters (docs/rules.md 6.6) that differ from the preset's: money as
                decimal strings ("5.00"), counts as integers, switches as booleans.
            session (int | None | Unset):
            currency (CurrencyEnum | Unset):  Default: CurrencyEnum.EUR.
    """

    players: list[str]
    club: int | Unset = UNSET
    name: str | Unset = ""
    preset: PresetEnum | Unset = PresetEnum.WIENER
    rules: RuleOverrides | Unset = UNSET
    session: int | None | Unset = UNSET
    currency: CurrencyEnum | Unset = CurrencyEnum.EUR

    def to_dict(self) -> dict[str, Any]:
        players = self.players

        club = self.club

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

        session: int | None | Unset
        if isinstance(self.session, Unset):
            session = UNSET
        else:
            session = self.session

        currency: str | Unset = UNSET
        if not isinstance(self.currency, Unset):
            currency = self.currency.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "players": players,
            }
        )
        if club is not UNSET:
            field_dict["club"] = club
        if name is not UNSET:
            field_dict["name"] = name
        if preset is not UNSET:
            field_dict["preset"] = preset
        if rules is not UNSET:
            field_dict["rules"] = rules
        if session is not UNSET:
            field_dict["session"] = session
        if currency is not UNSET:
            field_dict["currency"] = currency

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rule_overrides import RuleOverrides  # noqa: PLC0415

        d = dict(src_dict)
        players = cast(list[str], d.pop("players"))

        club = d.pop("club", UNSET)

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

        def _parse_session(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        session = _parse_session(d.pop("session", UNSET))

        _currency = d.pop("currency", UNSET)
        currency: CurrencyEnum | Unset
        if isinstance(_currency, Unset):
            currency = UNSET
        else:
            currency = CurrencyEnum(_currency)

        game_input_request = cls(
            players=players,
            club=club,
            name=name,
            preset=preset,
            rules=rules,
            session=session,
            currency=currency,
        )

        return game_input_request
