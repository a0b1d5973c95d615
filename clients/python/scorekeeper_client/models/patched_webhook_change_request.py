from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.webhook_event_enum import WebhookEventEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="PatchedWebhookChangeRequest")


@_attrs_define
class PatchedWebhookChangeRequest:
    """What a PATCH may change; what it leaves out stays as it is.

    Attributes:
        url (str | Unset): Where the events are POSTed: http:// or https:// with a host that resolves only to public
            addresses.
        events (list[WebhookEventEnum] | Unset): The events it is sent; all of them when empty.
        active (bool | Unset): false pauses it: no new events, pending deliveries wait; true resumes it.
    """

    url: str | Unset = UNSET
    events: list[WebhookEventEnum] | Unset = UNSET
    active: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        events: list[str] | Unset = UNSET
        if not isinstance(self.events, Unset):
            events = []
            for events_item_data in self.events:
                events_item = events_item_data.value
                events.append(events_item)

        active = self.active

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if url is not UNSET:
            field_dict["url"] = url
        if events is not UNSET:
            field_dict["events"] = events
        if active is not UNSET:
            field_dict["active"] = active

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        url = d.pop("url", UNSET)

        _events = d.pop("events", UNSET)
        events: list[WebhookEventEnum] | Unset = UNSET
        if _events is not UNSET:
            events = []
            for events_item_data in _events:
                events_item = WebhookEventEnum(events_item_data)

                events.append(events_item)

        active = d.pop("active", UNSET)

        patched_webhook_change_request = cls(
            url=url,
            events=events,
            active=active,
        )

        return patched_webhook_change_request
