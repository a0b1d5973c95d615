from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.tournament_placing_event import TournamentPlacingEvent


T = TypeVar("T", bound="TournamentFinishedEventData")


@_attrs_define
class TournamentFinishedEventData:
    """tournament.finished: a club tournament's final won; the prizes are booked.

    Attributes:
        tournament (int):
        winner (int): A player id.
        placings (list[TournamentPlacingEvent]):
    """

    tournament: int
    winner: int
    placings: list[TournamentPlacingEvent]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        tournament = self.tournament

        winner = self.winner

        placings = []
        for placings_item_data in self.placings:
            placings_item = placings_item_data.to_dict()
            placings.append(placings_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "tournament": tournament,
                "winner": winner,
                "placings": placings,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.tournament_placing_event import TournamentPlacingEvent  # noqa: PLC0415

        d = dict(src_dict)
        tournament = d.pop("tournament")

        winner = d.pop("winner")

        placings = []
        _placings = d.pop("placings")
        for placings_item_data in _placings:
            placings_item = TournamentPlacingEvent.from_dict(placings_item_data)

            placings.append(placings_item)

        tournament_finished_event_data = cls(
            tournament=tournament,
            winner=winner,
            placings=placings,
        )

        tournament_finished_event_data.additional_properties = d
        return tournament_finished_event_data

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
