from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.doc_hand import DocHand
    from ..models.doc_penalty import DocPenalty


T = TypeVar("T", bound="DocRound")


@_attrs_define
class DocRound:
    """A part of a document: a key it does not know is refused, naming it.

    Attributes:
        number (int):
        revision (int): 0 as entered; each correction adds one.
        ender (None | str): null for a void Gin round.
        ender_melds (list[list[str]] | None):
        reason (str):
        entered_at (datetime.datetime | None):
        hands (list[DocHand]):
        void (bool | Unset): A Gin round abandoned (docs/rules.md 8). Default: False.
        match (int | None | Unset): A Gin tournament's match, when the round named it.
        big_gin (bool | Unset): A Gin round won by a Big Gin (docs/rules.md 8). Default: False.
        upcard (None | str | Unset): Oklahoma Gin: the deal's first upcard ("7S").
        finish (str | Unset): Rami: "none", "rummy" or "own_cards"; "" for other families. Default: ''.
        penalties (list[DocPenalty] | None | Unset): Rami: the round's penalties.
    """

    number: int
    revision: int
    ender: None | str
    ender_melds: list[list[str]] | None
    reason: str
    entered_at: datetime.datetime | None
    hands: list[DocHand]
    void: bool | Unset = False
    match: int | None | Unset = UNSET
    big_gin: bool | Unset = False
    upcard: None | str | Unset = UNSET
    finish: str | Unset = ""
    penalties: list[DocPenalty] | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        number = self.number

        revision = self.revision

        ender: None | str
        ender = self.ender

        ender_melds: list[list[str]] | None
        if isinstance(self.ender_melds, list):
            ender_melds = []
            for ender_melds_type_0_item_data in self.ender_melds:
                ender_melds_type_0_item = ender_melds_type_0_item_data

                ender_melds.append(ender_melds_type_0_item)

        else:
            ender_melds = self.ender_melds

        reason = self.reason

        entered_at: None | str
        if isinstance(self.entered_at, datetime.datetime):
            entered_at = self.entered_at.isoformat()
        else:
            entered_at = self.entered_at

        hands = []
        for hands_item_data in self.hands:
            hands_item = hands_item_data.to_dict()
            hands.append(hands_item)

        void = self.void

        match: int | None | Unset
        if isinstance(self.match, Unset):
            match = UNSET
        else:
            match = self.match

        big_gin = self.big_gin

        upcard: None | str | Unset
        if isinstance(self.upcard, Unset):
            upcard = UNSET
        else:
            upcard = self.upcard

        finish = self.finish

        penalties: list[dict[str, Any]] | None | Unset
        if isinstance(self.penalties, Unset):
            penalties = UNSET
        elif isinstance(self.penalties, list):
            penalties = []
            for penalties_type_0_item_data in self.penalties:
                penalties_type_0_item = penalties_type_0_item_data.to_dict()
                penalties.append(penalties_type_0_item)

        else:
            penalties = self.penalties

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "number": number,
                "revision": revision,
                "ender": ender,
                "ender_melds": ender_melds,
                "reason": reason,
                "entered_at": entered_at,
                "hands": hands,
            }
        )
        if void is not UNSET:
            field_dict["void"] = void
        if match is not UNSET:
            field_dict["match"] = match
        if big_gin is not UNSET:
            field_dict["big_gin"] = big_gin
        if upcard is not UNSET:
            field_dict["upcard"] = upcard
        if finish is not UNSET:
            field_dict["finish"] = finish
        if penalties is not UNSET:
            field_dict["penalties"] = penalties

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.doc_hand import DocHand  # noqa: PLC0415
        from ..models.doc_penalty import DocPenalty  # noqa: PLC0415

        d = dict(src_dict)
        number = d.pop("number")

        revision = d.pop("revision")

        def _parse_ender(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        ender = _parse_ender(d.pop("ender"))

        def _parse_ender_melds(data: object) -> list[list[str]] | None:
            if data is None:
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
            return cast(list[list[str]] | None, data)

        ender_melds = _parse_ender_melds(d.pop("ender_melds"))

        reason = d.pop("reason")

        def _parse_entered_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                entered_at_type_0 = datetime.datetime.fromisoformat(data)

                return entered_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        entered_at = _parse_entered_at(d.pop("entered_at"))

        hands = []
        _hands = d.pop("hands")
        for hands_item_data in _hands:
            hands_item = DocHand.from_dict(hands_item_data)

            hands.append(hands_item)

        void = d.pop("void", UNSET)

        def _parse_match(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        match = _parse_match(d.pop("match", UNSET))

        big_gin = d.pop("big_gin", UNSET)

        def _parse_upcard(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        upcard = _parse_upcard(d.pop("upcard", UNSET))

        finish = d.pop("finish", UNSET)

        def _parse_penalties(data: object) -> list[DocPenalty] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                penalties_type_0 = []
                _penalties_type_0 = data
                for penalties_type_0_item_data in _penalties_type_0:
                    penalties_type_0_item = DocPenalty.from_dict(penalties_type_0_item_data)

                    penalties_type_0.append(penalties_type_0_item)

                return penalties_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[DocPenalty] | None | Unset, data)

        penalties = _parse_penalties(d.pop("penalties", UNSET))

        doc_round = cls(
            number=number,
            revision=revision,
            ender=ender,
            ender_melds=ender_melds,
            reason=reason,
            entered_at=entered_at,
            hands=hands,
            void=void,
            match=match,
            big_gin=big_gin,
            upcard=upcard,
            finish=finish,
            penalties=penalties,
        )

        return doc_round
