from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.session_document_format_enum import SessionDocumentFormatEnum

if TYPE_CHECKING:
    from ..models.doc_club import DocClub
    from ..models.doc_game import DocGame
    from ..models.doc_session import DocSession
    from ..models.doc_session_standings import DocSessionStandings


T = TypeVar("T", bound="SessionDocument")


@_attrs_define
class SessionDocument:
    """The header of a game's or a session's document: the table session they sat in.

    Attributes:
        format_ (SessionDocumentFormatEnum): * `scorekeeper-session` - scorekeeper-session
        version (int):
        export_id (UUID): The import's idempotency key.
        exported_at (datetime.datetime):
        club (DocClub): A part of a document: a key it does not know is refused, naming it.
        session (DocSession): A part of a document: a key it does not know is refused, naming it.
        games (list[DocGame]):
        standings (DocSessionStandings): A part of a document: a key it does not know is refused, naming it.
    """

    format_: SessionDocumentFormatEnum
    version: int
    export_id: UUID
    exported_at: datetime.datetime
    club: DocClub
    session: DocSession
    games: list[DocGame]
    standings: DocSessionStandings

    def to_dict(self) -> dict[str, Any]:
        format_ = self.format_.value

        version = self.version

        export_id = str(self.export_id)

        exported_at = self.exported_at.isoformat()

        club = self.club.to_dict()

        session = self.session.to_dict()

        games = []
        for games_item_data in self.games:
            games_item = games_item_data.to_dict()
            games.append(games_item)

        standings = self.standings.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "format": format_,
                "version": version,
                "export_id": export_id,
                "exported_at": exported_at,
                "club": club,
                "session": session,
                "games": games,
                "standings": standings,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.doc_club import DocClub  # noqa: PLC0415
        from ..models.doc_game import DocGame  # noqa: PLC0415
        from ..models.doc_session import DocSession  # noqa: PLC0415
        from ..models.doc_session_standings import DocSessionStandings  # noqa: PLC0415

        d = dict(src_dict)
        format_ = SessionDocumentFormatEnum(d.pop("format"))

        version = d.pop("version")

        export_id = UUID(d.pop("export_id"))

        exported_at = datetime.datetime.fromisoformat(d.pop("exported_at"))

        club = DocClub.from_dict(d.pop("club"))

        session = DocSession.from_dict(d.pop("session"))

        games = []
        _games = d.pop("games")
        for games_item_data in _games:
            games_item = DocGame.from_dict(games_item_data)

            games.append(games_item)

        standings = DocSessionStandings.from_dict(d.pop("standings"))

        session_document = cls(
            format_=format_,
            version=version,
            export_id=export_id,
            exported_at=exported_at,
            club=club,
            session=session,
            games=games,
            standings=standings,
        )

        return session_document
