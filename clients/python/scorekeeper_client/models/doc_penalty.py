from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="DocPenalty")


@_attrs_define
class DocPenalty:
    """A part of a document: a key it does not know is refused, naming it.

    Attributes:
        player (str):
        points (int): A whole number of the rules' penalty.
    """

    player: str
    points: int

    def to_dict(self) -> dict[str, Any]:
        player = self.player

        points = self.points

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "player": player,
                "points": points,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        player = d.pop("player")

        points = d.pop("points")

        doc_penalty = cls(
            player=player,
            points=points,
        )

        return doc_penalty
