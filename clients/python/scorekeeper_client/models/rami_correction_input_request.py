from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.finish_enum import FinishEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.penalty_input_request import PenaltyInputRequest
    from ..models.rami_hand_input_request import RamiHandInputRequest


T = TypeVar("T", bound="RamiCorrectionInputRequest")


@_attrs_define
class RamiCorrectionInputRequest:
    """A Rami round (docs/rules.md 10): the finisher, how they went out, what everyone laid
    and held, and the penalties.

        Attributes:
            ender (int): The player who went out (the finisher).
            finish (FinishEnum): * `none` - none
                * `rummy` - rummy
                * `own_cards` - own_cards
            hands (list[RamiHandInputRequest]): Every player still in: laid or laid_melds (may be left out in elimination
                mode), and for all but the finisher deadwood or cards.
            number (int | Unset):
            penalties (list[PenaltyInputRequest] | Unset): One line per player with a penalty this round; subtracted from
                the total (added, in elimination mode).
            reason (str | Unset):  Default: ''.
    """

    ender: int
    finish: FinishEnum
    hands: list[RamiHandInputRequest]
    number: int | Unset = UNSET
    penalties: list[PenaltyInputRequest] | Unset = UNSET
    reason: str | Unset = ""

    def to_dict(self) -> dict[str, Any]:
        ender = self.ender

        finish = self.finish.value

        hands = []
        for hands_item_data in self.hands:
            hands_item = hands_item_data.to_dict()
            hands.append(hands_item)

        number = self.number

        penalties: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.penalties, Unset):
            penalties = []
            for penalties_item_data in self.penalties:
                penalties_item = penalties_item_data.to_dict()
                penalties.append(penalties_item)

        reason = self.reason

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "ender": ender,
                "finish": finish,
                "hands": hands,
            }
        )
        if number is not UNSET:
            field_dict["number"] = number
        if penalties is not UNSET:
            field_dict["penalties"] = penalties
        if reason is not UNSET:
            field_dict["reason"] = reason

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.penalty_input_request import PenaltyInputRequest  # noqa: PLC0415
        from ..models.rami_hand_input_request import RamiHandInputRequest  # noqa: PLC0415

        d = dict(src_dict)
        ender = d.pop("ender")

        finish = FinishEnum(d.pop("finish"))

        hands = []
        _hands = d.pop("hands")
        for hands_item_data in _hands:
            hands_item = RamiHandInputRequest.from_dict(hands_item_data)

            hands.append(hands_item)

        number = d.pop("number", UNSET)

        _penalties = d.pop("penalties", UNSET)
        penalties: list[PenaltyInputRequest] | Unset = UNSET
        if _penalties is not UNSET:
            penalties = []
            for penalties_item_data in _penalties:
                penalties_item = PenaltyInputRequest.from_dict(penalties_item_data)

                penalties.append(penalties_item)

        reason = d.pop("reason", UNSET)

        rami_correction_input_request = cls(
            ender=ender,
            finish=finish,
            hands=hands,
            number=number,
            penalties=penalties,
            reason=reason,
        )

        return rami_correction_input_request
