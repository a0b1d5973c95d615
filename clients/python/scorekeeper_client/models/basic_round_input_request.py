from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.basic_hand_input_request import BasicHandInputRequest


T = TypeVar("T", bound="BasicRoundInputRequest")


@_attrs_define
class BasicRoundInputRequest:
    """A Basic Rummy round (docs/rules.md 9): who went out and the others' hands.

    Attributes:
        number (int):
        ender (int): The player who went out: scores the cards left in the others' hands.
        hands (list[BasicHandInputRequest]): Every other player's hand (deadwood or cards); the one who went out may be
            left out or given with no deadwood and no cards.
    """

    number: int
    ender: int
    hands: list[BasicHandInputRequest]

    def to_dict(self) -> dict[str, Any]:
        number = self.number

        ender = self.ender

        hands = []
        for hands_item_data in self.hands:
            hands_item = hands_item_data.to_dict()
            hands.append(hands_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "number": number,
                "ender": ender,
                "hands": hands,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.basic_hand_input_request import BasicHandInputRequest  # noqa: PLC0415

        d = dict(src_dict)
        number = d.pop("number")

        ender = d.pop("ender")

        hands = []
        _hands = d.pop("hands")
        for hands_item_data in _hands:
            hands_item = BasicHandInputRequest.from_dict(hands_item_data)

            hands.append(hands_item)

        basic_round_input_request = cls(
            number=number,
            ender=ender,
            hands=hands,
        )

        return basic_round_input_request
