from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.doc_payout import DocPayout
    from ..models.doc_standing import DocStanding


T = TypeVar("T", bound="DocStandings")


@_attrs_define
class DocStandings:
    """What the facts make of the game: compared with what they give on import.

    Attributes:
        status (str):
        round_count (int):
        pot (str):
        kitty (str):
        carried_out (str):
        winner (None | str):
        players (list[DocStanding]):
        payouts (list[DocPayout]):
    """

    status: str
    round_count: int
    pot: str
    kitty: str
    carried_out: str
    winner: None | str
    players: list[DocStanding]
    payouts: list[DocPayout]

    def to_dict(self) -> dict[str, Any]:
        status = self.status

        round_count = self.round_count

        pot = self.pot

        kitty = self.kitty

        carried_out = self.carried_out

        winner: None | str
        winner = self.winner

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)

        payouts = []
        for payouts_item_data in self.payouts:
            payouts_item = payouts_item_data.to_dict()
            payouts.append(payouts_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "round_count": round_count,
                "pot": pot,
                "kitty": kitty,
                "carried_out": carried_out,
                "winner": winner,
                "players": players,
                "payouts": payouts,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.doc_payout import DocPayout  # noqa: PLC0415
        from ..models.doc_standing import DocStanding  # noqa: PLC0415

        d = dict(src_dict)
        status = d.pop("status")

        round_count = d.pop("round_count")

        pot = d.pop("pot")

        kitty = d.pop("kitty")

        carried_out = d.pop("carried_out")

        def _parse_winner(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        winner = _parse_winner(d.pop("winner"))

        players = []
        _players = d.pop("players")
        for players_item_data in _players:
            players_item = DocStanding.from_dict(players_item_data)

            players.append(players_item)

        payouts = []
        _payouts = d.pop("payouts")
        for payouts_item_data in _payouts:
            payouts_item = DocPayout.from_dict(payouts_item_data)

            payouts.append(payouts_item)

        doc_standings = cls(
            status=status,
            round_count=round_count,
            pot=pot,
            kitty=kitty,
            carried_out=carried_out,
            winner=winner,
            players=players,
            payouts=payouts,
        )

        return doc_standings
