from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="DocSession")


@_attrs_define
class DocSession:
    """A part of a document: a key it does not know is refused, naming it.

    Attributes:
        name (str):
        created_at (datetime.datetime | None):
    """

    name: str
    created_at: datetime.datetime | None

    def to_dict(self) -> dict[str, Any]:
        name: str
        name = self.name

        created_at: None | str
        if isinstance(self.created_at, datetime.datetime):
            created_at = self.created_at.isoformat()
        else:
            created_at = self.created_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_name(data: object) -> str:
            return cast(str, data)

        name = _parse_name(d.pop("name"))

        def _parse_created_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                created_at_type_0 = datetime.datetime.fromisoformat(data)

                return created_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        created_at = _parse_created_at(d.pop("created_at"))

        doc_session = cls(
            name=name,
            created_at=created_at,
        )

        return doc_session
