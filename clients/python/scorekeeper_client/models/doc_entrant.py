from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="DocEntrant")


@_attrs_define
class DocEntrant:
    """A part of a document: a key it does not know is refused, naming it.

    Attributes:
        seed (int): 1 the best; the draw's order.
        player (str): The player's name (unique in a club).
        id (int): The exporting side's player id, whose account the ledgers name.
    """

    seed: int
    player: str
    id: int

    def to_dict(self) -> dict[str, Any]:
        seed = self.seed

        player = self.player

        id = self.id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seed": seed,
                "player": player,
                "id": id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seed = d.pop("seed")

        player = d.pop("player")

        id = d.pop("id")

        doc_entrant = cls(
            seed=seed,
            player=player,
            id=id,
        )

        return doc_entrant
