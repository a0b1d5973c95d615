from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.doc_net import DocNet


T = TypeVar("T", bound="DocSessionStandings")


@_attrs_define
class DocSessionStandings:
    """A part of a document: a key it does not know is refused, naming it.

    Attributes:
        carried_pot (str):
        net (list[DocNet]):
    """

    carried_pot: str
    net: list[DocNet]

    def to_dict(self) -> dict[str, Any]:
        carried_pot = self.carried_pot

        net = []
        for net_item_data in self.net:
            net_item = net_item_data.to_dict()
            net.append(net_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "carried_pot": carried_pot,
                "net": net,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.doc_net import DocNet  # noqa: PLC0415

        d = dict(src_dict)
        carried_pot = d.pop("carried_pot")

        net = []
        _net = d.pop("net")
        for net_item_data in _net:
            net_item = DocNet.from_dict(net_item_data)

            net.append(net_item)

        doc_session_standings = cls(
            carried_pot=carried_pot,
            net=net,
        )

        return doc_session_standings
