from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="PenaltyInputRequest")


@_attrs_define
class PenaltyInputRequest:
    """A Rami penalty: a joker or table cards taken back and not played in the same turn.

    Attributes:
        player (int):
        points (int): A positive multiple of the rules' penalty (300 unless set).
    """

    player: int
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

        penalty_input_request = cls(
            player=player,
            points=points,
        )

        return penalty_input_request
