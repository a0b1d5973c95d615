from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.ledger_entry import LedgerEntry
    from ..models.tournament_ledger_balances import TournamentLedgerBalances


T = TypeVar("T", bound="TournamentLedger")


@_attrs_define
class TournamentLedger:
    """
    Attributes:
        entries (list[LedgerEntry]):
        verified (bool):
        differences (list[str]):
        balances (TournamentLedgerBalances):
    """

    entries: list[LedgerEntry]
    verified: bool
    differences: list[str]
    balances: TournamentLedgerBalances
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        entries = []
        for entries_item_data in self.entries:
            entries_item = entries_item_data.to_dict()
            entries.append(entries_item)

        verified = self.verified

        differences = self.differences

        balances = self.balances.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "entries": entries,
                "verified": verified,
                "differences": differences,
                "balances": balances,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ledger_entry import LedgerEntry  # noqa: PLC0415
        from ..models.tournament_ledger_balances import TournamentLedgerBalances  # noqa: PLC0415

        d = dict(src_dict)
        entries = []
        _entries = d.pop("entries")
        for entries_item_data in _entries:
            entries_item = LedgerEntry.from_dict(entries_item_data)

            entries.append(entries_item)

        verified = d.pop("verified")

        differences = cast(list[str], d.pop("differences"))

        balances = TournamentLedgerBalances.from_dict(d.pop("balances"))

        tournament_ledger = cls(
            entries=entries,
            verified=verified,
            differences=differences,
            balances=balances,
        )

        tournament_ledger.additional_properties = d
        return tournament_ledger

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
