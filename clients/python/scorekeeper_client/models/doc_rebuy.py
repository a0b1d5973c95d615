from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="DocRebuy")


@_attrs_define
class DocRebuy:
    """A part of a document: a key it does not know is refused, naming it.

    Attributes:
        player (str):
        after_round (int):
        entered_at (datetime.datetime | None):
    """

    player: str
    after_round: int
    entered_at: datetime.datetime | None

    def to_dict(self) -> dict[str, Any]:
        player = self.player

        after_round = self.after_round

        entered_at: None | str
        if isinstance(self.entered_at, datetime.datetime):
            entered_at = self.entered_at.isoformat()
        else:
            entered_at = self.entered_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "player": player,
                "after_round": after_round,
                "entered_at": entered_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        player = d.pop("player")

        after_round = d.pop("after_round")

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

        doc_rebuy = cls(
            player=player,
            after_round=after_round,
            entered_at=entered_at,
        )

        return doc_rebuy
