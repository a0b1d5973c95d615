from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="UndoneRebuy")


@_attrs_define
class UndoneRebuy:
    """A re-buy a correction undid (services.reading.UndoneRebuy).

    Attributes:
        player (int):
        after_round (int):
        cost (str): Paid back to the player from the pot.
    """

    player: int
    after_round: int
    cost: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        player = self.player

        after_round = self.after_round

        cost = self.cost

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "player": player,
                "after_round": after_round,
                "cost": cost,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        player = d.pop("player")

        after_round = d.pop("after_round")

        cost = d.pop("cost")

        undone_rebuy = cls(
            player=player,
            after_round=after_round,
            cost=cost,
        )

        undone_rebuy.additional_properties = d
        return undone_rebuy

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
