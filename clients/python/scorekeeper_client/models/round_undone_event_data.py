from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.game_status_enum import GameStatusEnum

T = TypeVar("T", bound="RoundUndoneEventData")


@_attrs_define
class RoundUndoneEventData:
    """round.undone: the last round taken back at the table; its number comes again.

    Attributes:
        game (int):
        session (int | None):
        version (int): The game's version after the change (its ETag).
        sequence (int): To order the game's events by: its version (docs/api.md, "The order of events").
        status (GameStatusEnum): * `running` - running
            * `decider` - decider
            * `finished` - finished
            * `carried_over` - carried_over
            * `void` - void
        round_ (int): The round's number.
        reason (str):
    """

    game: int
    session: int | None
    version: int
    sequence: int
    status: GameStatusEnum
    round_: int
    reason: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        game = self.game

        session: int | None
        session = self.session

        version = self.version

        sequence = self.sequence

        status = self.status.value

        round_ = self.round_

        reason = self.reason

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "game": game,
                "session": session,
                "version": version,
                "sequence": sequence,
                "status": status,
                "round": round_,
                "reason": reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        game = d.pop("game")

        def _parse_session(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        session = _parse_session(d.pop("session"))

        version = d.pop("version")

        sequence = d.pop("sequence")

        status = GameStatusEnum(d.pop("status"))

        round_ = d.pop("round")

        reason = d.pop("reason")

        round_undone_event_data = cls(
            game=game,
            session=session,
            version=version,
            sequence=sequence,
            status=status,
            round_=round_,
            reason=reason,
        )

        round_undone_event_data.additional_properties = d
        return round_undone_event_data

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
