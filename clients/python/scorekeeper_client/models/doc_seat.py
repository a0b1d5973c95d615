from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="DocSeat")


@_attrs_define
class DocSeat:
    """A part of a document: a key it does not know is refused, naming it.

    Attributes:
        number (int): 0 deals first.
        player (str): The player's name (unique in a club).
        id (int): The exporting side's player id, whose account the ledger names.
    """

    number: int
    player: str
    id: int

    def to_dict(self) -> dict[str, Any]:
        number = self.number

        player = self.player

        id = self.id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "number": number,
                "player": player,
                "id": id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        number = d.pop("number")

        player = d.pop("player")

        id = d.pop("id")

        doc_seat = cls(
            number=number,
            player=player,
            id=id,
        )

        return doc_seat
