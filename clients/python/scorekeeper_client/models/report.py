from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.report_club import ReportClub
    from ..models.report_game import ReportGame
    from ..models.report_player import ReportPlayer
    from ..models.report_totals import ReportTotals
    from ..models.report_tournament import ReportTournament


T = TypeVar("T", bound="Report")


@_attrs_define
class Report:
    """
    Attributes:
        club (ReportClub):
        count (int): Ended games in the club.
        next_ (None | str):
        previous (None | str):
        results (list[ReportGame]): This page's games, newest first.
        players (list[ReportPlayer]): Every player, over the whole club.
        totals (ReportTotals):
        tournaments (list[ReportTournament]): The club's finished tournaments, newest first.
    """

    club: ReportClub
    count: int
    next_: None | str
    previous: None | str
    results: list[ReportGame]
    players: list[ReportPlayer]
    totals: ReportTotals
    tournaments: list[ReportTournament]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        club = self.club.to_dict()

        count = self.count

        next_: None | str
        next_ = self.next_

        previous: None | str
        previous = self.previous

        results = []
        for results_item_data in self.results:
            results_item = results_item_data.to_dict()
            results.append(results_item)

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)

        totals = self.totals.to_dict()

        tournaments = []
        for tournaments_item_data in self.tournaments:
            tournaments_item = tournaments_item_data.to_dict()
            tournaments.append(tournaments_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "club": club,
                "count": count,
                "next": next_,
                "previous": previous,
                "results": results,
                "players": players,
                "totals": totals,
                "tournaments": tournaments,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.report_club import ReportClub  # noqa: PLC0415
        from ..models.report_game import ReportGame  # noqa: PLC0415
        from ..models.report_player import ReportPlayer  # noqa: PLC0415
        from ..models.report_totals import ReportTotals  # noqa: PLC0415
        from ..models.report_tournament import ReportTournament  # noqa: PLC0415

        d = dict(src_dict)
        club = ReportClub.from_dict(d.pop("club"))

        count = d.pop("count")

        def _parse_next_(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_ = _parse_next_(d.pop("next"))

        def _parse_previous(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        previous = _parse_previous(d.pop("previous"))

        results = []
        _results = d.pop("results")
        for results_item_data in _results:
            results_item = ReportGame.from_dict(results_item_data)

            results.append(results_item)

        players = []
        _players = d.pop("players")
        for players_item_data in _players:
            players_item = ReportPlayer.from_dict(players_item_data)

            players.append(players_item)

        totals = ReportTotals.from_dict(d.pop("totals"))

        tournaments = []
        _tournaments = d.pop("tournaments")
        for tournaments_item_data in _tournaments:
            tournaments_item = ReportTournament.from_dict(tournaments_item_data)

            tournaments.append(tournaments_item)

        report = cls(
            club=club,
            count=count,
            next_=next_,
            previous=previous,
            results=results,
            players=players,
            totals=totals,
            tournaments=tournaments,
        )

        report.additional_properties = d
        return report

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
