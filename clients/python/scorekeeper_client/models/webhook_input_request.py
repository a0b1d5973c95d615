from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.webhook_event_enum import WebhookEventEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="WebhookInputRequest")


@_attrs_define
class WebhookInputRequest:
    """An input object that takes the keys it declares and no other: each unknown key is
    an error of its own, reported with the body's other errors.

        Attributes:
            url (str): Where the events are POSTed: http:// or https:// with a host that resolves only to public addresses.
            events (list[WebhookEventEnum] | Unset): The events it is sent; all of them when left out or empty.
    """

    url: str
    events: list[WebhookEventEnum] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        events: list[str] | Unset = UNSET
        if not isinstance(self.events, Unset):
            events = []
            for events_item_data in self.events:
                events_item = events_item_data.value
                events.append(events_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "url": url,
            }
        )
        if events is not UNSET:
            field_dict["events"] = events

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        url = d.pop("url")

        _events = d.pop("events", UNSET)
        events: list[WebhookEventEnum] | Unset = UNSET
        if _events is not UNSET:
            events = []
            for events_item_data in _events:
                events_item = WebhookEventEnum(events_item_data)

                events.append(events_item)

        webhook_input_request = cls(
            url=url,
            events=events,
        )

        return webhook_input_request
