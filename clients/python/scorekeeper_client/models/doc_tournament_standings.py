from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.doc_placing import DocPlacing


T = TypeVar("T", bound="DocTournamentStandings")


@_attrs_define
class DocTournamentStandings:
    """What the facts make of the tournament: compared with what they give on import.

    Attributes:
        winner (None | str):
        pot (str):
        placings (list[DocPlacing]):
    """

    winner: None | str
    pot: str
    placings: list[DocPlacing]

    def to_dict(self) -> dict[str, Any]:
        winner: None | str
        winner = self.winner

        pot = self.pot

        placings = []
        for placings_item_data in self.placings:
            placings_item = placings_item_data.to_dict()
            placings.append(placings_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "winner": winner,
                "pot": pot,
                "placings": placings,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.doc_placing import DocPlacing  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_winner(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        winner = _parse_winner(d.pop("winner"))

        pot = d.pop("pot")

        placings = []
        _placings = d.pop("placings")
        for placings_item_data in _placings:
            placings_item = DocPlacing.from_dict(placings_item_data)

            placings.append(placings_item)

        doc_tournament_standings = cls(
            winner=winner,
            pot=pot,
            placings=placings,
        )

        return doc_tournament_standings
