from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ClubInputRequest")


@_attrs_define
class ClubInputRequest:
    """An input object that takes the keys it declares and no other: each unknown key is
    an error of its own, reported with the body's other errors.

        Attributes:
            name (str):
    """

    name: str

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        club_input_request = cls(
            name=name,
        )

        return club_input_request
