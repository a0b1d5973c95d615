from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.placing import Placing


T = TypeVar("T", bound="ReportTournament")


@_attrs_define
class ReportTournament:
    """
    Attributes:
        id (int): GET /tournaments/{id}/ has its bracket.
        name (str):
        date (datetime.datetime): When the tournament started.
        currency (str):
        pot (str): The entry fees: the prize pool.
        winner (int): The player who won the final.
        placings (list[Placing]): Every player's place and prize.
    """

    id: int
    name: str
    date: datetime.datetime
    currency: str
    pot: str
    winner: int
    placings: list[Placing]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        date = self.date.isoformat()

        currency = self.currency

        pot = self.pot

        winner = self.winner

        placings = []
        for placings_item_data in self.placings:
            placings_item = placings_item_data.to_dict()
            placings.append(placings_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "date": date,
                "currency": currency,
                "pot": pot,
                "winner": winner,
                "placings": placings,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.placing import Placing  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        date = datetime.datetime.fromisoformat(d.pop("date"))

        currency = d.pop("currency")

        pot = d.pop("pot")

        winner = d.pop("winner")

        placings = []
        _placings = d.pop("placings")
        for placings_item_data in _placings:
            placings_item = Placing.from_dict(placings_item_data)

            placings.append(placings_item)

        report_tournament = cls(
            id=id,
            name=name,
            date=date,
            currency=currency,
            pot=pot,
            winner=winner,
            placings=placings,
        )

        report_tournament.additional_properties = d
        return report_tournament

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
