from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="DocVoided")


@_attrs_define
class DocVoided:
    """A part of a document: a key it does not know is refused, naming it.

    Attributes:
        at (datetime.datetime | None):
        reason (str):
    """

    at: datetime.datetime | None
    reason: str

    def to_dict(self) -> dict[str, Any]:
        at: None | str
        if isinstance(self.at, datetime.datetime):
            at = self.at.isoformat()
        else:
            at = self.at

        reason = self.reason

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "at": at,
                "reason": reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                at_type_0 = datetime.datetime.fromisoformat(data)

                return at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        at = _parse_at(d.pop("at"))

        reason = d.pop("reason")

        doc_voided = cls(
            at=at,
            reason=reason,
        )

        return doc_voided
