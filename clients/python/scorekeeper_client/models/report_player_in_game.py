from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ReportPlayerInGame")


@_attrs_define
class ReportPlayerInGame:
    """
    Attributes:
        player (int):
        name (str):
        seat (int):
        payout (str): Paid out to the player at the end (pot, kitty).
        net (str): The player's result in this game.
    """

    player: int
    name: str
    seat: int
    payout: str
    net: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        player = self.player

        name = self.name

        seat = self.seat

        payout = self.payout

        net = self.net

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "player": player,
                "name": name,
                "seat": seat,
                "payout": payout,
                "net": net,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        player = d.pop("player")

        name = d.pop("name")

        seat = d.pop("seat")

        payout = d.pop("payout")

        net = d.pop("net")

        report_player_in_game = cls(
            player=player,
            name=name,
            seat=seat,
            payout=payout,
            net=net,
        )

        report_player_in_game.additional_properties = d
        return report_player_in_game

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
