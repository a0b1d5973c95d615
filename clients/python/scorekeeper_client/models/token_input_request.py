from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.scope_enum import ScopeEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="TokenInputRequest")


@_attrs_define
class TokenInputRequest:
    """An input object that takes the keys it declares and no other: each unknown key is
    an error of its own, reported with the body's other errors.

        Attributes:
            username (str):
            password (str):
            name (str | Unset): What the token is for, e.g. "scoreboard laptop". Default: ''.
            expires_in_days (int | None | Unset): How many days the token works; null or absent: until revoked.
            club (int | None | Unset): The id of one club of yours: the token works there only. Null or absent: in every
                club of yours.
            scope (ScopeEnum | Unset): * `read` - read
                * `write` - write Default: ScopeEnum.WRITE.
    """

    username: str
    password: str
    name: str | Unset = ""
    expires_in_days: int | None | Unset = UNSET
    club: int | None | Unset = UNSET
    scope: ScopeEnum | Unset = ScopeEnum.WRITE

    def to_dict(self) -> dict[str, Any]:
        username = self.username

        password = self.password

        name: str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        expires_in_days: int | None | Unset
        if isinstance(self.expires_in_days, Unset):
            expires_in_days = UNSET
        else:
            expires_in_days = self.expires_in_days

        club: int | None | Unset
        if isinstance(self.club, Unset):
            club = UNSET
        else:
            club = self.club

        scope: str | Unset = UNSET
        if not isinstance(self.scope, Unset):
            scope = self.scope.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "username": username,
                "password": password,
            }
        )
        if name is not UNSET:
            field_dict["name"] = name
        if expires_in_days is not UNSET:
            field_dict["expires_in_days"] = expires_in_days
        if club is not UNSET:
            field_dict["club"] = club
        if scope is not UNSET:
            field_dict["scope"] = scope

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        username = d.pop("username")

        password = d.pop("password")

        def _parse_name(data: object) -> str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))

        def _parse_expires_in_days(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        expires_in_days = _parse_expires_in_days(d.pop("expires_in_days", UNSET))

        def _parse_club(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        club = _parse_club(d.pop("club", UNSET))

        _scope = d.pop("scope", UNSET)
        scope: ScopeEnum | Unset
        if isinstance(_scope, Unset):
            scope = UNSET
        else:
            scope = ScopeEnum(_scope)

        token_input_request = cls(
            username=username,
            password=password,
            name=name,
            expires_in_days=expires_in_days,
            club=club,
            scope=scope,
        )

        return token_input_request
