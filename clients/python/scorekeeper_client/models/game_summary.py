from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.game_status_enum import GameStatusEnum
from ..models.preset_enum import PresetEnum

T = TypeVar("T", bound="GameSummary")


@_attrs_define
class GameSummary:
    """A game in a list, from the Game row alone.

    Attributes:
        id (int):
        name (str):
        club (int):
        session (int | None):
        preset (PresetEnum): * `basic` - basic
            * `gin` - gin
            * `gin_online` - gin_online
            * `rami` - rami
            * `romme` - romme
            * `wiener` - wiener
        status (GameStatusEnum): * `running` - running
            * `decider` - decider
            * `finished` - finished
            * `carried_over` - carried_over
            * `void` - void
        created_at (datetime.datetime):
        version (int):
    """

    id: int
    name: str
    club: int
    session: int | None
    preset: PresetEnum
    status: GameStatusEnum
    created_at: datetime.datetime
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        club = self.club

        session: int | None
        session = self.session

        preset = self.preset.value

        status = self.status.value

        created_at = self.created_at.isoformat()

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "club": club,
                "session": session,
                "preset": preset,
                "status": status,
                "created_at": created_at,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        club = d.pop("club")

        def _parse_session(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        session = _parse_session(d.pop("session"))

        preset = PresetEnum(d.pop("preset"))

        status = GameStatusEnum(d.pop("status"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        version = d.pop("version")

        game_summary = cls(
            id=id,
            name=name,
            club=club,
            session=session,
            preset=preset,
            status=status,
            created_at=created_at,
            version=version,
        )

        game_summary.additional_properties = d
        return game_summary

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
