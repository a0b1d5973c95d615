from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.game import Game
from ...models.game_document import GameDocument
from ...models.session import Session
from ...models.session_document import SessionDocument
from ...models.tournament import Tournament
from ...models.tournament_document import TournamentDocument
from ...types import UNSET, Response, Unset


def _get_kwargs(
    club_id: int,
    *,
    body: GameDocument | SessionDocument | TournamentDocument,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v2/clubs/{club_id}/import/".format(
            club_id=quote(str(club_id), safe=""),
        ),
    }

    if isinstance(body, GameDocument):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, SessionDocument):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | Game | Session | Tournament | None:
    if response.status_code == 200:

        def _parse_response_200(data: object) -> Game | Session | Tournament:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_imported_type_0 = Game.from_dict(data)

                return componentsschemas_imported_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_imported_type_1 = Session.from_dict(data)

                return componentsschemas_imported_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_imported_type_2 = Tournament.from_dict(data)

            return componentsschemas_imported_type_2

        response_200 = _parse_response_200(response.json())

        return response_200

    if response.status_code == 201:

        def _parse_response_201(data: object) -> Game | Session | Tournament:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_imported_type_0 = Game.from_dict(data)

                return componentsschemas_imported_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_imported_type_1 = Session.from_dict(data)

                return componentsschemas_imported_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_imported_type_2 = Tournament.from_dict(data)

            return componentsschemas_imported_type_2

        response_201 = _parse_response_201(response.json())

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

    if response.status_code == 409:
        response_409 = Error.from_dict(response.json())

        return response_409

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


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | Game | Session | Tournament]:
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
    body: GameDocument | SessionDocument | TournamentDocument,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | Game | Session | Tournament]:
    """
    Args:
        club_id (int):
        idempotency_key (str | Unset):
        body (GameDocument | SessionDocument | TournamentDocument):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Game | Session | Tournament]
    """

    kwargs = _get_kwargs(
        club_id=club_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    club_id: int,
    *,
    client: AuthenticatedClient,
    body: GameDocument | SessionDocument | TournamentDocument,
    idempotency_key: str | Unset = UNSET,
) -> Error | Game | Session | Tournament | None:
    """
    Args:
        club_id (int):
        idempotency_key (str | Unset):
        body (GameDocument | SessionDocument | TournamentDocument):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Game | Session | Tournament
    """

    return sync_detailed(
        club_id=club_id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    club_id: int,
    *,
    client: AuthenticatedClient,
    body: GameDocument | SessionDocument | TournamentDocument,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | Game | Session | Tournament]:
    """
    Args:
        club_id (int):
        idempotency_key (str | Unset):
        body (GameDocument | SessionDocument | TournamentDocument):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Game | Session | Tournament]
    """

    kwargs = _get_kwargs(
        club_id=club_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    club_id: int,
    *,
    client: AuthenticatedClient,
    body: GameDocument | SessionDocument | TournamentDocument,
    idempotency_key: str | Unset = UNSET,
) -> Error | Game | Session | Tournament | None:
    """
    Args:
        club_id (int):
        idempotency_key (str | Unset):
        body (GameDocument | SessionDocument | TournamentDocument):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Game | Session | Tournament
    """

    return (
        await asyncio_detailed(
            club_id=club_id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
