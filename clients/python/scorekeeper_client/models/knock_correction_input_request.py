from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.hand_input_request import HandInputRequest


T = TypeVar("T", bound="KnockCorrectionInputRequest")


@_attrs_define
class KnockCorrectionInputRequest:
    """A round of the knock family (Wiener Rummy, Rommé).

    Attributes:
        ender (int): The player who knocked or went Rummy.
        hands (list[HandInputRequest]):
        number (int | Unset):
        ender_melds (list[list[str]] | None | Unset): Lay-off variants: the melds the ender laid.
        reason (str | Unset):  Default: ''.
    """

    ender: int
    hands: list[HandInputRequest]
    number: int | Unset = UNSET
    ender_melds: list[list[str]] | None | Unset = UNSET
    reason: str | Unset = ""

    def to_dict(self) -> dict[str, Any]:
        ender = self.ender

        hands = []
        for hands_item_data in self.hands:
            hands_item = hands_item_data.to_dict()
            hands.append(hands_item)

        number = self.number

        ender_melds: list[list[str]] | None | Unset
        if isinstance(self.ender_melds, Unset):
            ender_melds = UNSET
        elif isinstance(self.ender_melds, list):
            ender_melds = []
            for ender_melds_type_0_item_data in self.ender_melds:
                ender_melds_type_0_item = ender_melds_type_0_item_data

                ender_melds.append(ender_melds_type_0_item)

        else:
            ender_melds = self.ender_melds

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
        if ender_melds is not UNSET:
            field_dict["ender_melds"] = ender_melds
        if reason is not UNSET:
            field_dict["reason"] = reason

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.hand_input_request import HandInputRequest  # noqa: PLC0415

        d = dict(src_dict)
        ender = d.pop("ender")

        hands = []
        _hands = d.pop("hands")
        for hands_item_data in _hands:
            hands_item = HandInputRequest.from_dict(hands_item_data)

            hands.append(hands_item)

        number = d.pop("number", UNSET)

        def _parse_ender_melds(data: object) -> list[list[str]] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                ender_melds_type_0 = []
                _ender_melds_type_0 = data
                for ender_melds_type_0_item_data in _ender_melds_type_0:
                    ender_melds_type_0_item = cast(list[str], ender_melds_type_0_item_data)

                    ender_melds_type_0.append(ender_melds_type_0_item)

                return ender_melds_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[list[str]] | None | Unset, data)

        ender_melds = _parse_ender_melds(d.pop("ender_melds", UNSET))

        reason = d.pop("reason", UNSET)

        knock_correction_input_request = cls(
            ender=ender,
            hands=hands,
            number=number,
            ender_melds=ender_melds,
            reason=reason,
        )

        return knock_correction_input_request
