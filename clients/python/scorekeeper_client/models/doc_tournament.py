from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.preset_enum import PresetEnum
from ..models.seeding_enum import SeedingEnum

if TYPE_CHECKING:
    from ..models.doc_entrant import DocEntrant
    from ..models.doc_entry import DocEntry
    from ..models.doc_match import DocMatch
    from ..models.doc_tournament_rules import DocTournamentRules
    from ..models.doc_tournament_standings import DocTournamentStandings


T = TypeVar("T", bound="DocTournament")


@_attrs_define
class DocTournament:
    """A part of a document: a key it does not know is refused, naming it.

    Attributes:
        id (int): The exporting side's tournament id (for reference).
        name (str):
        preset (PresetEnum): * `basic` - basic
            * `gin` - gin
            * `gin_online` - gin_online
            * `rami` - rami
            * `romme` - romme
            * `wiener` - wiener
        rules (DocTournamentRules): Every match's rules, resolved (a GinRules).
        currency (str):
        seeding (SeedingEnum): * `random` - random
            * `ordered` - ordered
        entry_fee (str): Decimal text: "5.00".
        payouts (list[int]): Percent of the pool by place, best first.
        status (str): "running" or "finished": derived, checked on import.
        version (int):
        created_at (datetime.datetime | None):
        players (list[DocEntrant]): The field by seed.
        matches (list[DocMatch]): Every match played or being played, by round and number; a bye has none.
        ledger (list[DocEntry]): The tournament's own entries: entry fees in, prizes out.
        standings (DocTournamentStandings): What the facts make of the tournament: compared with what they give on
            import.
    """

    id: int
    name: str
    preset: PresetEnum
    rules: DocTournamentRules
    currency: str
    seeding: SeedingEnum
    entry_fee: str
    payouts: list[int]
    status: str
    version: int
    created_at: datetime.datetime | None
    players: list[DocEntrant]
    matches: list[DocMatch]
    ledger: list[DocEntry]
    standings: DocTournamentStandings

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name: str
        name = self.name

        preset = self.preset.value

        rules = self.rules.to_dict()

        currency = self.currency

        seeding = self.seeding.value

        entry_fee = self.entry_fee

        payouts = self.payouts

        status = self.status

        version = self.version

        created_at: None | str
        if isinstance(self.created_at, datetime.datetime):
            created_at = self.created_at.isoformat()
        else:
            created_at = self.created_at

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)

        matches = []
        for matches_item_data in self.matches:
            matches_item = matches_item_data.to_dict()
            matches.append(matches_item)

        ledger = []
        for ledger_item_data in self.ledger:
            ledger_item = ledger_item_data.to_dict()
            ledger.append(ledger_item)

        standings = self.standings.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "preset": preset,
                "rules": rules,
                "currency": currency,
                "seeding": seeding,
                "entry_fee": entry_fee,
                "payouts": payouts,
                "status": status,
                "version": version,
                "created_at": created_at,
                "players": players,
                "matches": matches,
                "ledger": ledger,
                "standings": standings,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.doc_entrant import DocEntrant  # noqa: PLC0415
        from ..models.doc_entry import DocEntry  # noqa: PLC0415
        from ..models.doc_match import DocMatch  # noqa: PLC0415
        from ..models.doc_tournament_rules import DocTournamentRules  # noqa: PLC0415
        from ..models.doc_tournament_standings import DocTournamentStandings  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        def _parse_name(data: object) -> str:
            return cast(str, data)

        name = _parse_name(d.pop("name"))

        preset = PresetEnum(d.pop("preset"))

        rules = DocTournamentRules.from_dict(d.pop("rules"))

        currency = d.pop("currency")

        seeding = SeedingEnum(d.pop("seeding"))

        entry_fee = d.pop("entry_fee")

        payouts = cast(list[int], d.pop("payouts"))

        status = d.pop("status")

        version = d.pop("version")

        def _parse_created_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                created_at_type_0 = datetime.datetime.fromisoformat(data)

                return created_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        created_at = _parse_created_at(d.pop("created_at"))

        players = []
        _players = d.pop("players")
        for players_item_data in _players:
            players_item = DocEntrant.from_dict(players_item_data)

            players.append(players_item)

        matches = []
        _matches = d.pop("matches")
        for matches_item_data in _matches:
            matches_item = DocMatch.from_dict(matches_item_data)

            matches.append(matches_item)

        ledger = []
        _ledger = d.pop("ledger")
        for ledger_item_data in _ledger:
            ledger_item = DocEntry.from_dict(ledger_item_data)

            ledger.append(ledger_item)

        standings = DocTournamentStandings.from_dict(d.pop("standings"))

        doc_tournament = cls(
            id=id,
            name=name,
            preset=preset,
            rules=rules,
            currency=currency,
            seeding=seeding,
            entry_fee=entry_fee,
            payouts=payouts,
            status=status,
            version=version,
            created_at=created_at,
            players=players,
            matches=matches,
            ledger=ledger,
            standings=standings,
        )

        return doc_tournament
