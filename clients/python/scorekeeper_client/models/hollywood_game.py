from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="HollywoodGame")


@_attrs_define
class HollywoodGame:
    """One of a Hollywood match's three games (docs/rules.md 8.12), from the engine's Match
    of that game: each list in the order of the game's `players`.

        Attributes:
            number (int): 1, 2 or 3, left to right on the sheet.
            totals (list[int]): The points written in this game.
            boxes (list[int]): The rounds written in this game.
            finals (list[int] | None): This game's final accounts (its game bonus, boxes and shutout), once it is over; null
                before.
            winner (int | None): Who won this game; null while it is played.
    """

    number: int
    totals: list[int]
    boxes: list[int]
    finals: list[int] | None
    winner: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        number = self.number

        totals = self.totals

        boxes = self.boxes

        finals: list[int] | None
        if isinstance(self.finals, list):
            finals = self.finals

        else:
            finals = self.finals

        winner: int | None
        winner = self.winner

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "number": number,
                "totals": totals,
                "boxes": boxes,
                "finals": finals,
                "winner": winner,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        number = d.pop("number")

        totals = cast(list[int], d.pop("totals"))

        boxes = cast(list[int], d.pop("boxes"))

        def _parse_finals(data: object) -> list[int] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                finals_type_0 = cast(list[int], data)

                return finals_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None, data)

        finals = _parse_finals(d.pop("finals"))

        def _parse_winner(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        winner = _parse_winner(d.pop("winner"))

        hollywood_game = cls(
            number=number,
            totals=totals,
            boxes=boxes,
            finals=finals,
            winner=winner,
        )

        hollywood_game.additional_properties = d
        return hollywood_game

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
