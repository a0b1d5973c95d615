from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.club_with_role import ClubWithRole
from ...models.error import Error
from ...types import Response


def _get_kwargs(
    club_id: int,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v2/clubs/{club_id}/".format(
            club_id=quote(str(club_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ClubWithRole | Error | None:
    if response.status_code == 200:
        response_200 = ClubWithRole.from_dict(response.json())

        return response_200

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


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ClubWithRole | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    club_id: int,
    *,
    client: AuthenticatedClient,
) -> Response[ClubWithRole | Error]:
    """
    Args:
        club_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ClubWithRole | Error]
    """

    kwargs = _get_kwargs(
        club_id=club_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    club_id: int,
    *,
    client: AuthenticatedClient,
) -> ClubWithRole | Error | None:
    """
    Args:
        club_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ClubWithRole | Error
    """

    return sync_detailed(
        club_id=club_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    club_id: int,
    *,
    client: AuthenticatedClient,
) -> Response[ClubWithRole | Error]:
    """
    Args:
        club_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ClubWithRole | Error]
    """

    kwargs = _get_kwargs(
        club_id=club_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    club_id: int,
    *,
    client: AuthenticatedClient,
) -> ClubWithRole | Error | None:
    """
    Args:
        club_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ClubWithRole | Error
    """

    return (
        await asyncio_detailed(
            club_id=club_id,
            client=client,
        )
    ).parsed
