from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.hand_input_request import HandInputRequest


T = TypeVar("T", bound="KnockRoundInputRequest")


@_attrs_define
class KnockRoundInputRequest:
    """A round of the knock family (Wiener Rummy, Rommé).

    Attributes:
        number (int):
        ender (int): The player who knocked or went Rummy.
        hands (list[HandInputRequest]):
        ender_melds (list[list[str]] | None | Unset): Lay-off variants: the melds the ender laid.
    """

    number: int
    ender: int
    hands: list[HandInputRequest]
    ender_melds: list[list[str]] | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        number = self.number

        ender = self.ender

        hands = []
        for hands_item_data in self.hands:
            hands_item = hands_item_data.to_dict()
            hands.append(hands_item)

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

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "number": number,
                "ender": ender,
                "hands": hands,
            }
        )
        if ender_melds is not UNSET:
            field_dict["ender_melds"] = ender_melds

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.hand_input_request import HandInputRequest  # noqa: PLC0415

        d = dict(src_dict)
        number = d.pop("number")

        ender = d.pop("ender")

        hands = []
        _hands = d.pop("hands")
        for hands_item_data in _hands:
            hands_item = HandInputRequest.from_dict(hands_item_data)

            hands.append(hands_item)

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

        knock_round_input_request = cls(
            number=number,
            ender=ender,
            hands=hands,
            ender_melds=ender_melds,
        )

        return knock_round_input_request
