from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ReportPlayer")


@_attrs_define
class ReportPlayer:
    """
    Attributes:
        player (int):
        name (str):
        currency (str):
        games (int): Ended games played.
        paid_out (str): Received in payouts.
        net (str): Received minus paid over the ended games.
    """

    player: int
    name: str
    currency: str
    games: int
    paid_out: str
    net: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        player = self.player

        name = self.name

        currency = self.currency

        games = self.games

        paid_out = self.paid_out

        net = self.net

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "player": player,
                "name": name,
                "currency": currency,
                "games": games,
                "paid_out": paid_out,
                "net": net,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        player = d.pop("player")

        name = d.pop("name")

        currency = d.pop("currency")

        games = d.pop("games")

        paid_out = d.pop("paid_out")

        net = d.pop("net")

        report_player = cls(
            player=player,
            name=name,
            currency=currency,
            games=games,
            paid_out=paid_out,
            net=net,
        )

        report_player.additional_properties = d
        return report_player

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
