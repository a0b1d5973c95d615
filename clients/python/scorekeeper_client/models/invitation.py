from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.role_enum import RoleEnum

if TYPE_CHECKING:
    from ..models.invitation_club import InvitationClub


T = TypeVar("T", bound="Invitation")


@_attrs_define
class Invitation:
    """
    Attributes:
        id (int):
        club (InvitationClub):
        role (RoleEnum): * `organiser` - organiser
            * `scorekeeper` - scorekeeper
            * `viewer` - viewer
        invited_by (None | str): The organiser's user name.
        expires_at (datetime.datetime):
    """

    id: int
    club: InvitationClub
    role: RoleEnum
    invited_by: None | str
    expires_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        club = self.club.to_dict()

        role = self.role.value

        invited_by: None | str
        invited_by = self.invited_by

        expires_at = self.expires_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "club": club,
                "role": role,
                "invited_by": invited_by,
                "expires_at": expires_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.invitation_club import InvitationClub  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        club = InvitationClub.from_dict(d.pop("club"))

        role = RoleEnum(d.pop("role"))

        def _parse_invited_by(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        invited_by = _parse_invited_by(d.pop("invited_by"))

        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at"))

        invitation = cls(
            id=id,
            club=club,
            role=role,
            invited_by=invited_by,
            expires_at=expires_at,
        )

        invitation.additional_properties = d
        return invitation

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
