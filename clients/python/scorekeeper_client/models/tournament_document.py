from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.tournament_document_format_enum import TournamentDocumentFormatEnum

if TYPE_CHECKING:
    from ..models.doc_club import DocClub
    from ..models.doc_tournament import DocTournament


T = TypeVar("T", bound="TournamentDocument")


@_attrs_define
class TournamentDocument:
    """What every document starts with.

    Attributes:
        format_ (TournamentDocumentFormatEnum): * `scorekeeper-tournament` - scorekeeper-tournament
        version (int):
        export_id (UUID): The import's idempotency key.
        exported_at (datetime.datetime):
        club (DocClub): A part of a document: a key it does not know is refused, naming it.
        tournament (DocTournament): A part of a document: a key it does not know is refused, naming it.
    """

    format_: TournamentDocumentFormatEnum
    version: int
    export_id: UUID
    exported_at: datetime.datetime
    club: DocClub
    tournament: DocTournament

    def to_dict(self) -> dict[str, Any]:
        format_ = self.format_.value

        version = self.version

        export_id = str(self.export_id)

        exported_at = self.exported_at.isoformat()

        club = self.club.to_dict()

        tournament = self.tournament.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "format": format_,
                "version": version,
                "export_id": export_id,
                "exported_at": exported_at,
                "club": club,
                "tournament": tournament,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.doc_club import DocClub  # noqa: PLC0415
        from ..models.doc_tournament import DocTournament  # noqa: PLC0415

        d = dict(src_dict)
        format_ = TournamentDocumentFormatEnum(d.pop("format"))

        version = d.pop("version")

        export_id = UUID(d.pop("export_id"))

        exported_at = datetime.datetime.fromisoformat(d.pop("exported_at"))

        club = DocClub.from_dict(d.pop("club"))

        tournament = DocTournament.from_dict(d.pop("tournament"))

        tournament_document = cls(
            format_=format_,
            version=version,
            export_id=export_id,
            exported_at=exported_at,
            club=club,
            tournament=tournament,
        )

        return tournament_document
