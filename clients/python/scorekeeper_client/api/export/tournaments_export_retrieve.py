from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.tournament_document import TournamentDocument
from ...types import Response


def _get_kwargs(
    tournament_id: int,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v2/tournaments/{tournament_id}/export/".format(
            tournament_id=quote(str(tournament_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | TournamentDocument | None:
    if response.status_code == 200:
        response_200 = TournamentDocument.from_dict(response.json())

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
) -> Response[Error | TournamentDocument]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    tournament_id: int,
    *,
    client: AuthenticatedClient,
) -> Response[Error | TournamentDocument]:
    """
    Args:
        tournament_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | TournamentDocument]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    tournament_id: int,
    *,
    client: AuthenticatedClient,
) -> Error | TournamentDocument | None:
    """
    Args:
        tournament_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | TournamentDocument
    """

    return sync_detailed(
        tournament_id=tournament_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    tournament_id: int,
    *,
    client: AuthenticatedClient,
) -> Response[Error | TournamentDocument]:
    """
    Args:
        tournament_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | TournamentDocument]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    tournament_id: int,
    *,
    client: AuthenticatedClient,
) -> Error | TournamentDocument | None:
    """
    Args:
        tournament_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | TournamentDocument
    """

    return (
        await asyncio_detailed(
            tournament_id=tournament_id,
            client=client,
        )
    ).parsed
