from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.game_document_format_enum import GameDocumentFormatEnum

if TYPE_CHECKING:
    from ..models.doc_club import DocClub
    from ..models.doc_game import DocGame
    from ..models.doc_session import DocSession


T = TypeVar("T", bound="GameDocument")


@_attrs_define
class GameDocument:
    """The header of a game's or a session's document: the table session they sat in.

    Attributes:
        format_ (GameDocumentFormatEnum): * `scorekeeper-game` - scorekeeper-game
        version (int):
        export_id (UUID): The import's idempotency key.
        exported_at (datetime.datetime):
        club (DocClub): A part of a document: a key it does not know is refused, naming it.
        session (DocSession): A part of a document: a key it does not know is refused, naming it.
        game (DocGame): A part of a document: a key it does not know is refused, naming it.
    """

    format_: GameDocumentFormatEnum
    version: int
    export_id: UUID
    exported_at: datetime.datetime
    club: DocClub
    session: DocSession
    game: DocGame

    def to_dict(self) -> dict[str, Any]:
        format_ = self.format_.value

        version = self.version

        export_id = str(self.export_id)

        exported_at = self.exported_at.isoformat()

        club = self.club.to_dict()

        session = self.session.to_dict()

        game = self.game.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "format": format_,
                "version": version,
                "export_id": export_id,
                "exported_at": exported_at,
                "club": club,
                "session": session,
                "game": game,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.doc_club import DocClub  # noqa: PLC0415
        from ..models.doc_game import DocGame  # noqa: PLC0415
        from ..models.doc_session import DocSession  # noqa: PLC0415

        d = dict(src_dict)
        format_ = GameDocumentFormatEnum(d.pop("format"))

        version = d.pop("version")

        export_id = UUID(d.pop("export_id"))

        exported_at = datetime.datetime.fromisoformat(d.pop("exported_at"))

        club = DocClub.from_dict(d.pop("club"))

        session = DocSession.from_dict(d.pop("session"))

        game = DocGame.from_dict(d.pop("game"))

        game_document = cls(
            format_=format_,
            version=version,
            export_id=export_id,
            exported_at=exported_at,
            club=club,
            session=session,
            game=game,
        )

        return game_document
