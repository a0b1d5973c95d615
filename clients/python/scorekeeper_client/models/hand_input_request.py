from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="HandInputRequest")


@_attrs_define
class HandInputRequest:
    """An input object that takes the keys it declares and no other: each unknown key is
    an error of its own, reported with the body's other errors.

        Attributes:
            player (int):
            deadwood (int | None | Unset):
            cards (list[str] | None | str | Unset): Card texts as a list, or one text "AS 2S 3S".
    """

    player: int
    deadwood: int | None | Unset = UNSET
    cards: list[str] | None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        player = self.player

        deadwood: int | None | Unset
        if isinstance(self.deadwood, Unset):
            deadwood = UNSET
        else:
            deadwood = self.deadwood

        cards: list[str] | None | str | Unset
        if isinstance(self.cards, Unset):
            cards = UNSET
        elif isinstance(self.cards, list):
            cards = self.cards

        else:
            cards = self.cards

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "player": player,
            }
        )
        if deadwood is not UNSET:
            field_dict["deadwood"] = deadwood
        if cards is not UNSET:
            field_dict["cards"] = cards

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        player = d.pop("player")

        def _parse_deadwood(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        deadwood = _parse_deadwood(d.pop("deadwood", UNSET))

        def _parse_cards(data: object) -> list[str] | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                cards_type_1 = cast(list[str], data)

                return cards_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | str | Unset, data)

        cards = _parse_cards(d.pop("cards", UNSET))

        hand_input_request = cls(
            player=player,
            deadwood=deadwood,
            cards=cards,
        )

        return hand_input_request
