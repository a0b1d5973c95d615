from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.delivery_status_enum import DeliveryStatusEnum

if TYPE_CHECKING:
    from ..models.attempt import Attempt
    from ..models.game_created_event import GameCreatedEvent
    from ..models.game_finished_event import GameFinishedEvent
    from ..models.game_voided_event import GameVoidedEvent
    from ..models.ping_event import PingEvent
    from ..models.rebuy_taken_event import RebuyTakenEvent
    from ..models.rebuy_undone_event import RebuyUndoneEvent
    from ..models.round_corrected_event import RoundCorrectedEvent
    from ..models.round_recorded_event import RoundRecordedEvent
    from ..models.round_undone_event import RoundUndoneEvent
    from ..models.session_settled_event import SessionSettledEvent
    from ..models.tournament_finished_event import TournamentFinishedEvent
    from ..models.tournament_match_finished_event import TournamentMatchFinishedEvent


T = TypeVar("T", bound="Delivery")


@_attrs_define
class Delivery:
    """
    Attributes:
        id (int): Sent as the Scorekeeper-Delivery header.
        status (DeliveryStatusEnum): * `pending` - pending
            * `delivered` - delivered
            * `failed` - failed
        next_attempt_at (datetime.datetime | None): When it is tried again; null once delivered or given up.
        created_at (datetime.datetime):
        event (GameCreatedEvent | GameFinishedEvent | GameVoidedEvent | PingEvent | RebuyTakenEvent | RebuyUndoneEvent |
            RoundCorrectedEvent | RoundRecordedEvent | RoundUndoneEvent | SessionSettledEvent | TournamentFinishedEvent |
            TournamentMatchFinishedEvent):
        attempts (list[Attempt]):
    """

    id: int
    status: DeliveryStatusEnum
    next_attempt_at: datetime.datetime | None
    created_at: datetime.datetime
    event: (
        GameCreatedEvent
        | GameFinishedEvent
        | GameVoidedEvent
        | PingEvent
        | RebuyTakenEvent
        | RebuyUndoneEvent
        | RoundCorrectedEvent
        | RoundRecordedEvent
        | RoundUndoneEvent
        | SessionSettledEvent
        | TournamentFinishedEvent
        | TournamentMatchFinishedEvent
    )
    attempts: list[Attempt]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.game_created_event import GameCreatedEvent  # noqa: PLC0415
        from ..models.game_finished_event import GameFinishedEvent  # noqa: PLC0415
        from ..models.game_voided_event import GameVoidedEvent  # noqa: PLC0415
        from ..models.rebuy_taken_event import RebuyTakenEvent  # noqa: PLC0415
        from ..models.rebuy_undone_event import RebuyUndoneEvent  # noqa: PLC0415
        from ..models.round_corrected_event import RoundCorrectedEvent  # noqa: PLC0415
        from ..models.round_recorded_event import RoundRecordedEvent  # noqa: PLC0415
        from ..models.round_undone_event import RoundUndoneEvent  # noqa: PLC0415
        from ..models.session_settled_event import SessionSettledEvent  # noqa: PLC0415
        from ..models.tournament_finished_event import TournamentFinishedEvent  # noqa: PLC0415
        from ..models.tournament_match_finished_event import TournamentMatchFinishedEvent  # noqa: PLC0415

        id = self.id

        status = self.status.value

        next_attempt_at: None | str
        if isinstance(self.next_attempt_at, datetime.datetime):
            next_attempt_at = self.next_attempt_at.isoformat()
        else:
            next_attempt_at = self.next_attempt_at

        created_at = self.created_at.isoformat()

        event: dict[str, Any]
        if isinstance(self.event, GameCreatedEvent):
            event = self.event.to_dict()
        elif isinstance(self.event, RoundRecordedEvent):
            event = self.event.to_dict()
        elif isinstance(self.event, RoundCorrectedEvent):
            event = self.event.to_dict()
        elif isinstance(self.event, RoundUndoneEvent):
            event = self.event.to_dict()
        elif isinstance(self.event, RebuyTakenEvent):
            event = self.event.to_dict()
        elif isinstance(self.event, RebuyUndoneEvent):
            event = self.event.to_dict()
        elif isinstance(self.event, GameFinishedEvent):
            event = self.event.to_dict()
        elif isinstance(self.event, GameVoidedEvent):
            event = self.event.to_dict()
        elif isinstance(self.event, SessionSettledEvent):
            event = self.event.to_dict()
        elif isinstance(self.event, TournamentMatchFinishedEvent):
            event = self.event.to_dict()
        elif isinstance(self.event, TournamentFinishedEvent):
            event = self.event.to_dict()
        else:
            event = self.event.to_dict()

        attempts = []
        for attempts_item_data in self.attempts:
            attempts_item = attempts_item_data.to_dict()
            attempts.append(attempts_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "status": status,
                "next_attempt_at": next_attempt_at,
                "created_at": created_at,
                "event": event,
                "attempts": attempts,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.attempt import Attempt  # noqa: PLC0415
        from ..models.game_created_event import GameCreatedEvent  # noqa: PLC0415
        from ..models.game_finished_event import GameFinishedEvent  # noqa: PLC0415
        from ..models.game_voided_event import GameVoidedEvent  # noqa: PLC0415
        from ..models.ping_event import PingEvent  # noqa: PLC0415
        from ..models.rebuy_taken_event import RebuyTakenEvent  # noqa: PLC0415
        from ..models.rebuy_undone_event import RebuyUndoneEvent  # noqa: PLC0415
        from ..models.round_corrected_event import RoundCorrectedEvent  # noqa: PLC0415
        from ..models.round_recorded_event import RoundRecordedEvent  # noqa: PLC0415
        from ..models.round_undone_event import RoundUndoneEvent  # noqa: PLC0415
        from ..models.session_settled_event import SessionSettledEvent  # noqa: PLC0415
        from ..models.tournament_finished_event import TournamentFinishedEvent  # noqa: PLC0415
        from ..models.tournament_match_finished_event import TournamentMatchFinishedEvent  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        status = DeliveryStatusEnum(d.pop("status"))

        def _parse_next_attempt_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                next_attempt_at_type_0 = datetime.datetime.fromisoformat(data)

                return next_attempt_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        next_attempt_at = _parse_next_attempt_at(d.pop("next_attempt_at"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_event(
            data: object,
        ) -> (
            GameCreatedEvent
            | GameFinishedEvent
            | GameVoidedEvent
            | PingEvent
            | RebuyTakenEvent
            | RebuyUndoneEvent
            | RoundCorrectedEvent
            | RoundRecordedEvent
            | RoundUndoneEvent
            | SessionSettledEvent
            | TournamentFinishedEvent
            | TournamentMatchFinishedEvent
        ):
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_0 = GameCreatedEvent.from_dict(data)

                return componentsschemas_event_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_1 = RoundRecordedEvent.from_dict(data)

                return componentsschemas_event_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_2 = RoundCorrectedEvent.from_dict(data)

                return componentsschemas_event_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_3 = RoundUndoneEvent.from_dict(data)

                return componentsschemas_event_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_4 = RebuyTakenEvent.from_dict(data)

                return componentsschemas_event_type_4
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_5 = RebuyUndoneEvent.from_dict(data)

                return componentsschemas_event_type_5
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_6 = GameFinishedEvent.from_dict(data)

                return componentsschemas_event_type_6
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_7 = GameVoidedEvent.from_dict(data)

                return componentsschemas_event_type_7
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_8 = SessionSettledEvent.from_dict(data)

                return componentsschemas_event_type_8
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_9 = TournamentMatchFinishedEvent.from_dict(data)

                return componentsschemas_event_type_9
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_10 = TournamentFinishedEvent.from_dict(data)

                return componentsschemas_event_type_10
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_event_type_11 = PingEvent.from_dict(data)

            return componentsschemas_event_type_11

        event = _parse_event(d.pop("event"))

        attempts = []
        _attempts = d.pop("attempts")
        for attempts_item_data in _attempts:
            attempts_item = Attempt.from_dict(attempts_item_data)

            attempts.append(attempts_item)

        delivery = cls(
            id=id,
            status=status,
            next_attempt_at=next_attempt_at,
            created_at=created_at,
            event=event,
            attempts=attempts,
        )

        delivery.additional_properties = d
        return delivery

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
