from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.scope_enum import ScopeEnum

T = TypeVar("T", bound="ApiToken")


@_attrs_define
class ApiToken:
    """
    Attributes:
        id (str):
        name (str):
        created (datetime.datetime):
        expiry (datetime.datetime | None): null: until revoked.
        last_used_at (datetime.datetime | None): Within a minute; null: never used.
        club (int | None): The one club the token works in; null: every club of its user.
        scope (ScopeEnum): * `read` - read
            * `write` - write
    """

    id: str
    name: str
    created: datetime.datetime
    expiry: datetime.datetime | None
    last_used_at: datetime.datetime | None
    club: int | None
    scope: ScopeEnum
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        created = self.created.isoformat()

        expiry: None | str
        if isinstance(self.expiry, datetime.datetime):
            expiry = self.expiry.isoformat()
        else:
            expiry = self.expiry

        last_used_at: None | str
        if isinstance(self.last_used_at, datetime.datetime):
            last_used_at = self.last_used_at.isoformat()
        else:
            last_used_at = self.last_used_at

        club: int | None
        club = self.club

        scope = self.scope.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "created": created,
                "expiry": expiry,
                "last_used_at": last_used_at,
                "club": club,
                "scope": scope,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        created = datetime.datetime.fromisoformat(d.pop("created"))

        def _parse_expiry(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                expiry_type_0 = datetime.datetime.fromisoformat(data)

                return expiry_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        expiry = _parse_expiry(d.pop("expiry"))

        def _parse_last_used_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_used_at_type_0 = datetime.datetime.fromisoformat(data)

                return last_used_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_used_at = _parse_last_used_at(d.pop("last_used_at"))

        def _parse_club(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        club = _parse_club(d.pop("club"))

        scope = ScopeEnum(d.pop("scope"))

        api_token = cls(
            id=id,
            name=name,
            created=created,
            expiry=expiry,
            last_used_at=last_used_at,
            club=club,
            scope=scope,
        )

        api_token.additional_properties = d
        return api_token

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
