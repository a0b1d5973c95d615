from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="BasicHandInputRequest")


@_attrs_define
class BasicHandInputRequest:
    """A hand of a Basic Rummy round: what was left in it, as points or as cards (the
    engine says which of them a hand needs: the one who went out holds nothing).

        Attributes:
            player (int):
            deadwood (int | None | Unset): The points of the cards left in hand (the whole hand counts).
            cards (list[str] | None | str | Unset): The cards left in hand, as a list or one text "AS 2S 3S".
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

        basic_hand_input_request = cls(
            player=player,
            deadwood=deadwood,
            cards=cards,
        )

        return basic_hand_input_request
