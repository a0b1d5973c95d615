from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.error_item import ErrorItem


T = TypeVar("T", bound="Error")


@_attrs_define
class Error:
    """
    Attributes:
        errors (list[ErrorItem]):
        next_round (int | Unset): 409 stale_round only.
        request_id (str | Unset): The request's id, as in its X-Request-ID answer header: quote it when you report a
            failed call.
    """

    errors: list[ErrorItem]
    next_round: int | Unset = UNSET
    request_id: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        errors = []
        for errors_item_data in self.errors:
            errors_item = errors_item_data.to_dict()
            errors.append(errors_item)

        next_round = self.next_round

        request_id = self.request_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "errors": errors,
            }
        )
        if next_round is not UNSET:
            field_dict["next_round"] = next_round
        if request_id is not UNSET:
            field_dict["request_id"] = request_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.error_item import ErrorItem  # noqa: PLC0415

        d = dict(src_dict)
        errors = []
        _errors = d.pop("errors")
        for errors_item_data in _errors:
            errors_item = ErrorItem.from_dict(errors_item_data)

            errors.append(errors_item)

        next_round = d.pop("next_round", UNSET)

        request_id = d.pop("request_id", UNSET)

        error = cls(
            errors=errors,
            next_round=next_round,
            request_id=request_id,
        )

        error.additional_properties = d
        return error

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
