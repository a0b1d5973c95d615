from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Placing")


@_attrs_define
class Placing:
    """
    Attributes:
        player (int):
        place (int): 1, 2, 3 (shared by the semi-final losers), 5 (the quarter-final losers), ...
        prize (None | str): Once the tournament is finished.
    """

    player: int
    place: int
    prize: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        player = self.player

        place = self.place

        prize: None | str
        prize = self.prize

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "player": player,
                "place": place,
                "prize": prize,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        player = d.pop("player")

        place = d.pop("place")

        def _parse_prize(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        prize = _parse_prize(d.pop("prize"))

        placing = cls(
            player=player,
            place=place,
            prize=prize,
        )

        placing.additional_properties = d
        return placing

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
