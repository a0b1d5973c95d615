from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.game import Game
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: int,
    player: int,
    *,
    if_match: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_match, Unset):
        headers["If-Match"] = if_match

    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/api/v2/games/{game_id}/rebuys/{player}/".format(
            game_id=quote(str(game_id), safe=""),
            player=quote(str(player), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | Game | None:
    if response.status_code == 200:
        response_200 = Game.from_dict(response.json())

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

    if response.status_code == 409:
        response_409 = Error.from_dict(response.json())

        return response_409

    if response.status_code == 412:
        response_412 = Error.from_dict(response.json())

        return response_412

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | Game]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    game_id: int,
    player: int,
    *,
    client: AuthenticatedClient,
    if_match: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | Game]:
    """Undo the player's re-buy until the next round is saved: the re-buy is kept, marked undone; the
    ledger reverses its entry and the pot goes back (docs/api.md, "Undoing"). 409 rebuy_not_undoable
    when the player has no re-buy that holds or a round was saved after it.

    Args:
        game_id (int):
        player (int):
        if_match (str | Unset):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Game]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        player=player,
        if_match=if_match,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: int,
    player: int,
    *,
    client: AuthenticatedClient,
    if_match: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Error | Game | None:
    """Undo the player's re-buy until the next round is saved: the re-buy is kept, marked undone; the
    ledger reverses its entry and the pot goes back (docs/api.md, "Undoing"). 409 rebuy_not_undoable
    when the player has no re-buy that holds or a round was saved after it.

    Args:
        game_id (int):
        player (int):
        if_match (str | Unset):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Game
    """

    return sync_detailed(
        game_id=game_id,
        player=player,
        client=client,
        if_match=if_match,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    game_id: int,
    player: int,
    *,
    client: AuthenticatedClient,
    if_match: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | Game]:
    """Undo the player's re-buy until the next round is saved: the re-buy is kept, marked undone; the
    ledger reverses its entry and the pot goes back (docs/api.md, "Undoing"). 409 rebuy_not_undoable
    when the player has no re-buy that holds or a round was saved after it.

    Args:
        game_id (int):
        player (int):
        if_match (str | Unset):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Game]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        player=player,
        if_match=if_match,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: int,
    player: int,
    *,
    client: AuthenticatedClient,
    if_match: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Error | Game | None:
    """Undo the player's re-buy until the next round is saved: the re-buy is kept, marked undone; the
    ledger reverses its entry and the pot goes back (docs/api.md, "Undoing"). 409 rebuy_not_undoable
    when the player has no re-buy that holds or a round was saved after it.

    Args:
        game_id (int):
        player (int):
        if_match (str | Unset):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Game
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            player=player,
            client=client,
            if_match=if_match,
            idempotency_key=idempotency_key,
        )
    ).parsed
