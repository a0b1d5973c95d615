from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="SessionInputRequest")


@_attrs_define
class SessionInputRequest:
    """An input object that takes the keys it declares and no other: each unknown key is
    an error of its own, reported with the body's other errors.

        Attributes:
            club (int | Unset):
            name (str | Unset):  Default: ''.
    """

    club: int | Unset = UNSET
    name: str | Unset = ""

    def to_dict(self) -> dict[str, Any]:
        club = self.club

        name: str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if club is not UNSET:
            field_dict["club"] = club
        if name is not UNSET:
            field_dict["name"] = name

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        club = d.pop("club", UNSET)

        def _parse_name(data: object) -> str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))

        session_input_request = cls(
            club=club,
            name=name,
        )

        return session_input_request
