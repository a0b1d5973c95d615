from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.member_invited_status_enum import MemberInvitedStatusEnum

T = TypeVar("T", bound="MemberInvited")


@_attrs_define
class MemberInvited:
    """The answer to asking someone who is not a member yet: the same whether or not the
    user name belongs to anyone (docs/api.md, "Clubs and roles").

        Attributes:
            username (str): The user name as it was sent.
            role (str):
            status (MemberInvitedStatusEnum): * `invited` - invited
    """

    username: str
    role: str
    status: MemberInvitedStatusEnum
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        username = self.username

        role = self.role

        status = self.status.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "username": username,
                "role": role,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        username = d.pop("username")

        role = d.pop("role")

        status = MemberInvitedStatusEnum(d.pop("status"))

        member_invited = cls(
            username=username,
            role=role,
            status=status,
        )

        member_invited.additional_properties = d
        return member_invited

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
