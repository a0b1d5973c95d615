from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.invite_state_enum import InviteStateEnum
from ..models.role_enum import RoleEnum

T = TypeVar("T", bound="Invite")


@_attrs_define
class Invite:
    """
    Attributes:
        id (int):
        role (RoleEnum): * `organiser` - organiser
            * `scorekeeper` - scorekeeper
            * `viewer` - viewer
        state (InviteStateEnum): * `open` - open
            * `revoked` - revoked
            * `used_up` - used_up
            * `expired` - expired
            * `declined` - declined
        invitee (None | str): The user an invitation is addressed to (POST .../members/); null for a link anyone may
            use.
        url (None | str): The join link to send; null once the invite is closed, and for an invitation (only its invitee
            answers it).
        expires_at (datetime.datetime):
        uses (int): How many people joined through it.
        max_uses (int):
        uses_left (int):
        created_at (datetime.datetime):
        created_by (None | str): The organiser's user name.
        revoked_at (datetime.datetime | None):
    """

    id: int
    role: RoleEnum
    state: InviteStateEnum
    invitee: None | str
    url: None | str
    expires_at: datetime.datetime
    uses: int
    max_uses: int
    uses_left: int
    created_at: datetime.datetime
    created_by: None | str
    revoked_at: datetime.datetime | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        role = self.role.value

        state = self.state.value

        invitee: None | str
        invitee = self.invitee

        url: None | str
        url = self.url

        expires_at = self.expires_at.isoformat()

        uses = self.uses

        max_uses = self.max_uses

        uses_left = self.uses_left

        created_at = self.created_at.isoformat()

        created_by: None | str
        created_by = self.created_by

        revoked_at: None | str
        if isinstance(self.revoked_at, datetime.datetime):
            revoked_at = self.revoked_at.isoformat()
        else:
            revoked_at = self.revoked_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "role": role,
                "state": state,
                "invitee": invitee,
                "url": url,
                "expires_at": expires_at,
                "uses": uses,
                "max_uses": max_uses,
                "uses_left": uses_left,
                "created_at": created_at,
                "created_by": created_by,
                "revoked_at": revoked_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        role = RoleEnum(d.pop("role"))

        state = InviteStateEnum(d.pop("state"))

        def _parse_invitee(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        invitee = _parse_invitee(d.pop("invitee"))

        def _parse_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        url = _parse_url(d.pop("url"))

        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at"))

        uses = d.pop("uses")

        max_uses = d.pop("max_uses")

        uses_left = d.pop("uses_left")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_created_by(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        created_by = _parse_created_by(d.pop("created_by"))

        def _parse_revoked_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                revoked_at_type_0 = datetime.datetime.fromisoformat(data)

                return revoked_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        revoked_at = _parse_revoked_at(d.pop("revoked_at"))

        invite = cls(
            id=id,
            role=role,
            state=state,
            invitee=invitee,
            url=url,
            expires_at=expires_at,
            uses=uses,
            max_uses=max_uses,
            uses_left=uses_left,
            created_at=created_at,
            created_by=created_by,
            revoked_at=revoked_at,
        )

        invite.additional_properties = d
        return invite

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
