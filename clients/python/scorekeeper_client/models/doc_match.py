from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.doc_game import DocGame
    from ..models.doc_session import DocSession


T = TypeVar("T", bound="DocMatch")


@_attrs_define
class DocMatch:
    """A part of a document: a key it does not know is refused, naming it.

    Attributes:
        round_ (int): 1 the first; the last is the final.
        number (int): The match's place in its round, from 1.
        winner (None | str): null while the match is played.
        session (DocSession): A part of a document: a key it does not know is refused, naming it.
        game (DocGame): A part of a document: a key it does not know is refused, naming it.
    """

    round_: int
    number: int
    winner: None | str
    session: DocSession
    game: DocGame

    def to_dict(self) -> dict[str, Any]:
        round_ = self.round_

        number = self.number

        winner: None | str
        winner = self.winner

        session = self.session.to_dict()

        game = self.game.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "round": round_,
                "number": number,
                "winner": winner,
                "session": session,
                "game": game,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.doc_game import DocGame  # noqa: PLC0415
        from ..models.doc_session import DocSession  # noqa: PLC0415

        d = dict(src_dict)
        round_ = d.pop("round")

        number = d.pop("number")

        def _parse_winner(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        winner = _parse_winner(d.pop("winner"))

        session = DocSession.from_dict(d.pop("session"))

        game = DocGame.from_dict(d.pop("game"))

        doc_match = cls(
            round_=round_,
            number=number,
            winner=winner,
            session=session,
            game=game,
        )

        return doc_match
