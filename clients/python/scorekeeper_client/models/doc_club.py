from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="DocClub")


@_attrs_define
class DocClub:
    """A part of a document: a key it does not know is refused, naming it.

    Attributes:
        name (str): The exporting club (for reference only).
    """

    name: str

    def to_dict(self) -> dict[str, Any]:
        name: str
        name = self.name

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_name(data: object) -> str:
            return cast(str, data)

        name = _parse_name(d.pop("name"))

        doc_club = cls(
            name=name,
        )

        return doc_club
