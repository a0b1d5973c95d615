from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.role_enum import RoleEnum

T = TypeVar("T", bound="MemberInputRequest")


@_attrs_define
class MemberInputRequest:
    """An input object that takes the keys it declares and no other: each unknown key is
    an error of its own, reported with the body's other errors.

        Attributes:
            username (str):
            role (RoleEnum): * `organiser` - organiser
                * `scorekeeper` - scorekeeper
                * `viewer` - viewer
    """

    username: str
    role: RoleEnum

    def to_dict(self) -> dict[str, Any]:
        username = self.username

        role = self.role.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "username": username,
                "role": role,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        username = d.pop("username")

        role = RoleEnum(d.pop("role"))

        member_input_request = cls(
            username=username,
            role=role,
        )

        return member_input_request
