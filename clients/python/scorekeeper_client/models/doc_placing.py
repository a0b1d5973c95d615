from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="DocPlacing")


@_attrs_define
class DocPlacing:
    """A part of a document: a key it does not know is refused, naming it.

    Attributes:
        player (str):
        place (int):
        prize (None | str): Once the tournament is finished.
    """

    player: str
    place: int
    prize: None | str

    def to_dict(self) -> dict[str, Any]:
        player = self.player

        place = self.place

        prize: None | str
        prize = self.prize

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "player": player,
                "place": place,
                "prize": prize,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        player = d.pop("player")

        place = d.pop("place")

        def _parse_prize(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        prize = _parse_prize(d.pop("prize"))

        doc_placing = cls(
            player=player,
            place=place,
            prize=prize,
        )

        return doc_placing
