from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.report_totals_paid_out import ReportTotalsPaidOut


T = TypeVar("T", bound="ReportTotals")


@_attrs_define
class ReportTotals:
    """
    Attributes:
        games (int):
        paid_out (ReportTotalsPaidOut): By currency.
    """

    games: int
    paid_out: ReportTotalsPaidOut
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        games = self.games

        paid_out = self.paid_out.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "games": games,
                "paid_out": paid_out,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.report_totals_paid_out import ReportTotalsPaidOut  # noqa: PLC0415

        d = dict(src_dict)
        games = d.pop("games")

        paid_out = ReportTotalsPaidOut.from_dict(d.pop("paid_out"))

        report_totals = cls(
            games=games,
            paid_out=paid_out,
        )

        report_totals.additional_properties = d
        return report_totals

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
