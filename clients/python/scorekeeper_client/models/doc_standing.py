from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="DocStanding")


@_attrs_define
class DocStanding:
    """A part of a document: a key it does not know is refused, naming it.

    Attributes:
        player (str):
        seat (int):
        total (int):
        state (str):
        rebought (bool):
        place (int | None):
        balance (str):
    """

    player: str
    seat: int
    total: int
    state: str
    rebought: bool
    place: int | None
    balance: str

    def to_dict(self) -> dict[str, Any]:
        player = self.player

        seat = self.seat

        total = self.total

        state = self.state

        rebought = self.rebought

        place: int | None
        place = self.place

        balance = self.balance

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "player": player,
                "seat": seat,
                "total": total,
                "state": state,
                "rebought": rebought,
                "place": place,
                "balance": balance,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        player = d.pop("player")

        seat = d.pop("seat")

        total = d.pop("total")

        state = d.pop("state")

        rebought = d.pop("rebought")

        def _parse_place(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        place = _parse_place(d.pop("place"))

        balance = d.pop("balance")

        doc_standing = cls(
            player=player,
            seat=seat,
            total=total,
            state=state,
            rebought=rebought,
            place=place,
            balance=balance,
        )

        return doc_standing
