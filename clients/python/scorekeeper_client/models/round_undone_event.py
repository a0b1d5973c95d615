from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.round_undone_event_type_enum import RoundUndoneEventTypeEnum

if TYPE_CHECKING:
    from ..models.round_undone_event_data import RoundUndoneEventData


T = TypeVar("T", bound="RoundUndoneEvent")


@_attrs_define
class RoundUndoneEvent:
    """A round.undone event (docs/api.md, "Events").

    Attributes:
        id (int): The event's id: the same in every delivery.
        type_ (RoundUndoneEventTypeEnum): * `round.undone` - round.undone
        created (datetime.datetime):
        club (int):
        data (RoundUndoneEventData): round.undone: the last round taken back at the table; its number comes again.
    """

    id: int
    type_: RoundUndoneEventTypeEnum
    created: datetime.datetime
    club: int
    data: RoundUndoneEventData
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        type_ = self.type_.value

        created = self.created.isoformat()

        club = self.club

        data = self.data.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "type": type_,
                "created": created,
                "club": club,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.round_undone_event_data import RoundUndoneEventData  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        type_ = RoundUndoneEventTypeEnum(d.pop("type"))

        created = datetime.datetime.fromisoformat(d.pop("created"))

        club = d.pop("club")

        data = RoundUndoneEventData.from_dict(d.pop("data"))

        round_undone_event = cls(
            id=id,
            type_=type_,
            created=created,
            club=club,
            data=data,
        )

        round_undone_event.additional_properties = d
        return round_undone_event

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
