from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.basic_hand_input_request import BasicHandInputRequest


T = TypeVar("T", bound="BasicCorrectionInputRequest")


@_attrs_define
class BasicCorrectionInputRequest:
    """A Basic Rummy round (docs/rules.md 9): who went out and the others' hands.

    Attributes:
        ender (int): The player who went out: scores the cards left in the others' hands.
        hands (list[BasicHandInputRequest]): Every other player's hand (deadwood or cards); the one who went out may be
            left out or given with no deadwood and no cards.
        number (int | Unset):
        reason (str | Unset):  Default: ''.
    """

    ender: int
    hands: list[BasicHandInputRequest]
    number: int | Unset = UNSET
    reason: str | Unset = ""

    def to_dict(self) -> dict[str, Any]:
        ender = self.ender

        hands = []
        for hands_item_data in self.hands:
            hands_item = hands_item_data.to_dict()
            hands.append(hands_item)

        number = self.number

        reason = self.reason

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "ender": ender,
                "hands": hands,
            }
        )
        if number is not UNSET:
            field_dict["number"] = number
        if reason is not UNSET:
            field_dict["reason"] = reason

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.basic_hand_input_request import BasicHandInputRequest  # noqa: PLC0415

        d = dict(src_dict)
        ender = d.pop("ender")

        hands = []
        _hands = d.pop("hands")
        for hands_item_data in _hands:
            hands_item = BasicHandInputRequest.from_dict(hands_item_data)

            hands.append(hands_item)

        number = d.pop("number", UNSET)

        reason = d.pop("reason", UNSET)

        basic_correction_input_request = cls(
            ender=ender,
            hands=hands,
            number=number,
            reason=reason,
        )

        return basic_correction_input_request
