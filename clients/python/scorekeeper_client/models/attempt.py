from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Attempt")


@_attrs_define
class Attempt:
    """
    Attributes:
        number (int): 1 for the first attempt, counting replays.
        at (datetime.datetime):
        status_code (int | None): The receiver's status; null: no answer.
        error (str): Why it did not count as delivered; empty if it did.
        duration_ms (int):
        replay (bool): Asked for by an organiser.
    """

    number: int
    at: datetime.datetime
    status_code: int | None
    error: str
    duration_ms: int
    replay: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        number = self.number

        at = self.at.isoformat()

        status_code: int | None
        status_code = self.status_code

        error = self.error

        duration_ms = self.duration_ms

        replay = self.replay

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "number": number,
                "at": at,
                "status_code": status_code,
                "error": error,
                "duration_ms": duration_ms,
                "replay": replay,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        number = d.pop("number")

        at = datetime.datetime.fromisoformat(d.pop("at"))

        def _parse_status_code(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        status_code = _parse_status_code(d.pop("status_code"))

        error = d.pop("error")

        duration_ms = d.pop("duration_ms")

        replay = d.pop("replay")

        attempt = cls(
            number=number,
            at=at,
            status_code=status_code,
            error=error,
            duration_ms=duration_ms,
            replay=replay,
        )

        attempt.additional_properties = d
        return attempt

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
