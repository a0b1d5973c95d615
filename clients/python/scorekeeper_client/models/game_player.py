from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.game_player_state_enum import GamePlayerStateEnum

if TYPE_CHECKING:
    from ..models.rebuy_state import RebuyState


T = TypeVar("T", bound="GamePlayer")


@_attrs_define
class GamePlayer:
    """
    Attributes:
        id (int):
        name (str):
        seat (int):
        total (int):
        state (GamePlayerStateEnum): * `in` - in
            * `out` - out
            * `dead` - dead
        rebought (bool):
        rebuy (RebuyState):
        balance (str):
        place (int | None):
        boxes (int | None): Gin: rounds won in the player's match; null otherwise.
        final (int | None): Gin: total + game bonus + box bonus, once the player's match is over; null otherwise.
    """

    id: int
    name: str
    seat: int
    total: int
    state: GamePlayerStateEnum
    rebought: bool
    rebuy: RebuyState
    balance: str
    place: int | None
    boxes: int | None
    final: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        seat = self.seat

        total = self.total

        state = self.state.value

        rebought = self.rebought

        rebuy = self.rebuy.to_dict()

        balance = self.balance

        place: int | None
        place = self.place

        boxes: int | None
        boxes = self.boxes

        final: int | None
        final = self.final

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "seat": seat,
                "total": total,
                "state": state,
                "rebought": rebought,
                "rebuy": rebuy,
                "balance": balance,
                "place": place,
                "boxes": boxes,
                "final": final,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rebuy_state import RebuyState  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        seat = d.pop("seat")

        total = d.pop("total")

        state = GamePlayerStateEnum(d.pop("state"))

        rebought = d.pop("rebought")

        rebuy = RebuyState.from_dict(d.pop("rebuy"))

        balance = d.pop("balance")

        def _parse_place(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        place = _parse_place(d.pop("place"))

        def _parse_boxes(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        boxes = _parse_boxes(d.pop("boxes"))

        def _parse_final(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        final = _parse_final(d.pop("final"))

        game_player = cls(
            id=id,
            name=name,
            seat=seat,
            total=total,
            state=state,
            rebought=rebought,
            rebuy=rebuy,
            balance=balance,
            place=place,
            boxes=boxes,
            final=final,
        )

        game_player.additional_properties = d
        return game_player

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
