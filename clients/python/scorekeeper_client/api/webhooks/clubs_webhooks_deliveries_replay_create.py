from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.delivery import Delivery
from ...models.error import Error
from ...types import UNSET, Response, Unset


def _get_kwargs(
    club_id: int,
    webhook_id: int,
    delivery_id: int,
    *,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v2/clubs/{club_id}/webhooks/{webhook_id}/deliveries/{delivery_id}/replay/".format(
            club_id=quote(str(club_id), safe=""),
            webhook_id=quote(str(webhook_id), safe=""),
            delivery_id=quote(str(delivery_id), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Delivery | Error | None:
    if response.status_code == 202:
        response_202 = Delivery.from_dict(response.json())

        return response_202

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Error.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())

        return response_404

    if response.status_code == 422:
        response_422 = Error.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = Error.from_dict(response.json())

        return response_429

    if response.status_code == 503:
        response_503 = Error.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Delivery | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    club_id: int,
    webhook_id: int,
    delivery_id: int,
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
) -> Response[Delivery | Error]:
    """Send the delivery again, whatever its status: the task worker makes one more
    attempt, marked as a replay, and lists it with the delivery's attempts.

    Args:
        club_id (int):
        webhook_id (int):
        delivery_id (int):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Delivery | Error]
    """

    kwargs = _get_kwargs(
        club_id=club_id,
        webhook_id=webhook_id,
        delivery_id=delivery_id,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    club_id: int,
    webhook_id: int,
    delivery_id: int,
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
) -> Delivery | Error | None:
    """Send the delivery again, whatever its status: the task worker makes one more
    attempt, marked as a replay, and lists it with the delivery's attempts.

    Args:
        club_id (int):
        webhook_id (int):
        delivery_id (int):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Delivery | Error
    """

    return sync_detailed(
        club_id=club_id,
        webhook_id=webhook_id,
        delivery_id=delivery_id,
        client=client,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    club_id: int,
    webhook_id: int,
    delivery_id: int,
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
) -> Response[Delivery | Error]:
    """Send the delivery again, whatever its status: the task worker makes one more
    attempt, marked as a replay, and lists it with the delivery's attempts.

    Args:
        club_id (int):
        webhook_id (int):
        delivery_id (int):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Delivery | Error]
    """

    kwargs = _get_kwargs(
        club_id=club_id,
        webhook_id=webhook_id,
        delivery_id=delivery_id,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    club_id: int,
    webhook_id: int,
    delivery_id: int,
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
) -> Delivery | Error | None:
    """Send the delivery again, whatever its status: the task worker makes one more
    attempt, marked as a replay, and lists it with the delivery's attempts.

    Args:
        club_id (int):
        webhook_id (int):
        delivery_id (int):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Delivery | Error
    """

    return (
        await asyncio_detailed(
            club_id=club_id,
            webhook_id=webhook_id,
            delivery_id=delivery_id,
            client=client,
            idempotency_key=idempotency_key,
        )
    ).parsed
