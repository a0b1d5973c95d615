from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="RebuyInputRequest")


@_attrs_define
class RebuyInputRequest:
    """An input object that takes the keys it declares and no other: each unknown key is
    an error of its own, reported with the body's other errors.

        Attributes:
            player (int):
    """

    player: int

    def to_dict(self) -> dict[str, Any]:
        player = self.player

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "player": player,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        player = d.pop("player")

        rebuy_input_request = cls(
            player=player,
        )

        return rebuy_input_request
