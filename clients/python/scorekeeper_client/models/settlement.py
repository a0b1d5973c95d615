from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.net import Net
    from ..models.transfer import Transfer


T = TypeVar("T", bound="Settlement")


@_attrs_define
class Settlement:
    """From a services.Settlement.

    Attributes:
        final (bool): True once the game is over and paid out.
        net (list[Net]):
        transfers (list[Transfer]):
    """

    final: bool
    net: list[Net]
    transfers: list[Transfer]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        final = self.final

        net = []
        for net_item_data in self.net:
            net_item = net_item_data.to_dict()
            net.append(net_item)

        transfers = []
        for transfers_item_data in self.transfers:
            transfers_item = transfers_item_data.to_dict()
            transfers.append(transfers_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "final": final,
                "net": net,
                "transfers": transfers,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.net import Net  # noqa: PLC0415
        from ..models.transfer import Transfer  # noqa: PLC0415

        d = dict(src_dict)
        final = d.pop("final")

        net = []
        _net = d.pop("net")
        for net_item_data in _net:
            net_item = Net.from_dict(net_item_data)

            net.append(net_item)

        transfers = []
        _transfers = d.pop("transfers")
        for transfers_item_data in _transfers:
            transfers_item = Transfer.from_dict(transfers_item_data)

            transfers.append(transfers_item)

        settlement = cls(
            final=final,
            net=net,
            transfers=transfers,
        )

        settlement.additional_properties = d
        return settlement

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
