from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.hand_input_request import HandInputRequest


T = TypeVar("T", bound="GinRoundInputRequest")


@_attrs_define
class GinRoundInputRequest:
    """A Gin round (docs/rules.md 8): who knocked and both hands, or a void round.

    Attributes:
        number (int):
        void (bool | Unset): A round abandoned with two cards left in the stock: no score, the same dealer deals again.
            Give no ender and no hands. Default: False.
        ender (int | None | Unset): The player who knocked (0 deadwood: gin).
        hands (list[HandInputRequest] | Unset): Both players' hands; a defender's typed deadwood is after laying off.
        ender_melds (list[list[str]] | None | Unset): The knocker's melds as laid, which the defender lays off onto.
        big_gin (bool | Unset): A Big Gin: the knocker's 11 cards all melded, scored with the rules' big_gin_bonus
            instead of the gin bonus. Only where the rules have big_gin. Default: False.
        upcard (None | str | Unset): Oklahoma Gin: the deal's first upcard ("7S"), needed for every knocked or void
            round there, refused elsewhere. Its rank is the deal's knock limit; a spade doubles the deal where
            spades_double.
        match (int | None | Unset): A tournament's match (1, 2 semifinals; 3 the final), needed for a void round while
            both semifinals are played. A tournament of three plays semifinal 1 and the final (its bye, the rules' bye,
            waits for it); one of two plays the final alone.
    """

    number: int
    void: bool | Unset = False
    ender: int | None | Unset = UNSET
    hands: list[HandInputRequest] | Unset = UNSET
    ender_melds: list[list[str]] | None | Unset = UNSET
    big_gin: bool | Unset = False
    upcard: None | str | Unset = UNSET
    match: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        number = self.number

        void = self.void

        ender: int | None | Unset
        if isinstance(self.ender, Unset):
            ender = UNSET
        else:
            ender = self.ender

        hands: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.hands, Unset):
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

        big_gin = self.big_gin

        upcard: None | str | Unset
        if isinstance(self.upcard, Unset):
            upcard = UNSET
        else:
            upcard = self.upcard

        match: int | None | Unset
        if isinstance(self.match, Unset):
            match = UNSET
        else:
            match = self.match

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "number": number,
            }
        )
        if void is not UNSET:
            field_dict["void"] = void
        if ender is not UNSET:
            field_dict["ender"] = ender
        if hands is not UNSET:
            field_dict["hands"] = hands
        if ender_melds is not UNSET:
            field_dict["ender_melds"] = ender_melds
        if big_gin is not UNSET:
            field_dict["big_gin"] = big_gin
        if upcard is not UNSET:
            field_dict["upcard"] = upcard
        if match is not UNSET:
            field_dict["match"] = match

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.hand_input_request import HandInputRequest  # noqa: PLC0415

        d = dict(src_dict)
        number = d.pop("number")

        void = d.pop("void", UNSET)

        def _parse_ender(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        ender = _parse_ender(d.pop("ender", UNSET))

        _hands = d.pop("hands", UNSET)
        hands: list[HandInputRequest] | Unset = UNSET
        if _hands is not UNSET:
            hands = []
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

        big_gin = d.pop("big_gin", UNSET)

        def _parse_upcard(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        upcard = _parse_upcard(d.pop("upcard", UNSET))

        def _parse_match(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        match = _parse_match(d.pop("match", UNSET))

        gin_round_input_request = cls(
            number=number,
            void=void,
            ender=ender,
            hands=hands,
            ender_melds=ender_melds,
            big_gin=big_gin,
            upcard=upcard,
            match=match,
        )

        return gin_round_input_request
