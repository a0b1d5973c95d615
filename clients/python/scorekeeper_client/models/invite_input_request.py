from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.role_enum import RoleEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="InviteInputRequest")


@_attrs_define
class InviteInputRequest:
    """An input object that takes the keys it declares and no other: each unknown key is
    an error of its own, reported with the body's other errors.

        Attributes:
            role (RoleEnum): * `organiser` - organiser
                * `scorekeeper` - scorekeeper
                * `viewer` - viewer
            days (int | Unset): How many days the link stays open. Default: 7.
            uses (int | Unset): How many people may join through it. Default: 1.
    """

    role: RoleEnum
    days: int | Unset = 7
    uses: int | Unset = 1

    def to_dict(self) -> dict[str, Any]:
        role = self.role.value

        days = self.days

        uses = self.uses

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "role": role,
            }
        )
        if days is not UNSET:
            field_dict["days"] = days
        if uses is not UNSET:
            field_dict["uses"] = uses

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        role = RoleEnum(d.pop("role"))

        days = d.pop("days", UNSET)

        uses = d.pop("uses", UNSET)

        invite_input_request = cls(
            role=role,
            days=days,
            uses=uses,
        )

        return invite_input_request
