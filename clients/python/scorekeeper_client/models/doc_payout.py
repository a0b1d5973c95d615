from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="DocPayout")


@_attrs_define
class DocPayout:
    """A part of a document: a key it does not know is refused, naming it.

    Attributes:
        player (str):
        amount (str):
    """

    player: str
    amount: str

    def to_dict(self) -> dict[str, Any]:
        player = self.player

        amount = self.amount

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "player": player,
                "amount": amount,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        player = d.pop("player")

        amount = d.pop("amount")

        doc_payout = cls(
            player=player,
            amount=amount,
        )

        return doc_payout
