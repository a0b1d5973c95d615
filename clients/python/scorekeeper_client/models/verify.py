from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.verify_balances import VerifyBalances


T = TypeVar("T", bound="Verify")


@_attrs_define
class Verify:
    """
    Attributes:
        verified (bool):
        differences (list[str]):
        balances (VerifyBalances):
    """

    verified: bool
    differences: list[str]
    balances: VerifyBalances
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        verified = self.verified

        differences = self.differences

        balances = self.balances.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "verified": verified,
                "differences": differences,
                "balances": balances,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.verify_balances import VerifyBalances  # noqa: PLC0415

        d = dict(src_dict)
        verified = d.pop("verified")

        differences = cast(list[str], d.pop("differences"))

        balances = VerifyBalances.from_dict(d.pop("balances"))

        verify = cls(
            verified=verified,
            differences=differences,
            balances=balances,
        )

        verify.additional_properties = d
        return verify

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
