from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="RebuyState")


@_attrs_define
class RebuyState:
    """
    Attributes:
        eligible (bool):
        target (int | None):
        cost (None | str):
        reason (None | str): Why not, when not eligible.
    """

    eligible: bool
    target: int | None
    cost: None | str
    reason: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        eligible = self.eligible

        target: int | None
        target = self.target

        cost: None | str
        cost = self.cost

        reason: None | str
        reason = self.reason

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "eligible": eligible,
                "target": target,
                "cost": cost,
                "reason": reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        eligible = d.pop("eligible")

        def _parse_target(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        target = _parse_target(d.pop("target"))

        def _parse_cost(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        cost = _parse_cost(d.pop("cost"))

        def _parse_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reason = _parse_reason(d.pop("reason"))

        rebuy_state = cls(
            eligible=eligible,
            target=target,
            cost=cost,
            reason=reason,
        )

        rebuy_state.additional_properties = d
        return rebuy_state

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
