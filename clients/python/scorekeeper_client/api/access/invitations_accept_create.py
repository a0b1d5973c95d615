from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.joined_club import JoinedClub
from ...types import UNSET, Response, Unset


def _get_kwargs(
    invite_id: int,
    *,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v2/invitations/{invite_id}/accept/".format(
            invite_id=quote(str(invite_id), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | JoinedClub | None:
    if response.status_code == 200:
        response_200 = JoinedClub.from_dict(response.json())

        return response_200

    if response.status_code == 201:
        response_201 = JoinedClub.from_dict(response.json())

        return response_201

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

    if response.status_code == 410:
        response_410 = Error.from_dict(response.json())

        return response_410

    if response.status_code == 413:
        response_413 = Error.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = Error.from_dict(response.json())

        return response_415

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | JoinedClub]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    invite_id: int,
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | JoinedClub]:
    """Join the club with the invitation's role (201; Location: the club). A member already keeps their
    role (200). 404 for anyone else's invitation; 410 once it is revoked, declined or expired.

    Args:
        invite_id (int):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | JoinedClub]
    """

    kwargs = _get_kwargs(
        invite_id=invite_id,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    invite_id: int,
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
) -> Error | JoinedClub | None:
    """Join the club with the invitation's role (201; Location: the club). A member already keeps their
    role (200). 404 for anyone else's invitation; 410 once it is revoked, declined or expired.

    Args:
        invite_id (int):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | JoinedClub
    """

    return sync_detailed(
        invite_id=invite_id,
        client=client,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    invite_id: int,
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | JoinedClub]:
    """Join the club with the invitation's role (201; Location: the club). A member already keeps their
    role (200). 404 for anyone else's invitation; 410 once it is revoked, declined or expired.

    Args:
        invite_id (int):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | JoinedClub]
    """

    kwargs = _get_kwargs(
        invite_id=invite_id,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    invite_id: int,
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
) -> Error | JoinedClub | None:
    """Join the club with the invitation's role (201; Location: the club). A member already keeps their
    role (200). 404 for anyone else's invitation; 410 once it is revoked, declined or expired.

    Args:
        invite_id (int):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | JoinedClub
    """

    return (
        await asyncio_detailed(
            invite_id=invite_id,
            client=client,
            idempotency_key=idempotency_key,
        )
    ).parsed
