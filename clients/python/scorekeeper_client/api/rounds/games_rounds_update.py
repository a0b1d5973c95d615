from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.basic_correction_input_request import BasicCorrectionInputRequest
from ...models.correction_with_game import CorrectionWithGame
from ...models.error import Error
from ...models.gin_correction_input_request import GinCorrectionInputRequest
from ...models.knock_correction_input_request import KnockCorrectionInputRequest
from ...models.rami_correction_input_request import RamiCorrectionInputRequest
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: int,
    number: int,
    *,
    body: BasicCorrectionInputRequest
    | GinCorrectionInputRequest
    | KnockCorrectionInputRequest
    | RamiCorrectionInputRequest,
    if_match: str,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["If-Match"] = if_match

    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/api/v2/games/{game_id}/rounds/{number}/".format(
            game_id=quote(str(game_id), safe=""),
            number=quote(str(number), safe=""),
        ),
    }

    if isinstance(body, KnockCorrectionInputRequest):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, GinCorrectionInputRequest):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, BasicCorrectionInputRequest):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CorrectionWithGame | Error | None:
    if response.status_code == 200:
        response_200 = CorrectionWithGame.from_dict(response.json())

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

    if response.status_code == 413:
        response_413 = Error.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = Error.from_dict(response.json())

        return response_415

    if response.status_code == 422:
        response_422 = Error.from_dict(response.json())

        return response_422

    if response.status_code == 428:
        response_428 = Error.from_dict(response.json())

        return response_428

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
) -> Response[CorrectionWithGame | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    game_id: int,
    number: int,
    *,
    client: AuthenticatedClient,
    body: BasicCorrectionInputRequest
    | GinCorrectionInputRequest
    | KnockCorrectionInputRequest
    | RamiCorrectionInputRequest,
    if_match: str,
    idempotency_key: str | Unset = UNSET,
) -> Response[CorrectionWithGame | Error]:
    """
    Args:
        game_id (int):
        number (int):
        if_match (str):
        idempotency_key (str | Unset):
        body (BasicCorrectionInputRequest | GinCorrectionInputRequest |
            KnockCorrectionInputRequest | RamiCorrectionInputRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CorrectionWithGame | Error]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        number=number,
        body=body,
        if_match=if_match,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: int,
    number: int,
    *,
    client: AuthenticatedClient,
    body: BasicCorrectionInputRequest
    | GinCorrectionInputRequest
    | KnockCorrectionInputRequest
    | RamiCorrectionInputRequest,
    if_match: str,
    idempotency_key: str | Unset = UNSET,
) -> CorrectionWithGame | Error | None:
    """
    Args:
        game_id (int):
        number (int):
        if_match (str):
        idempotency_key (str | Unset):
        body (BasicCorrectionInputRequest | GinCorrectionInputRequest |
            KnockCorrectionInputRequest | RamiCorrectionInputRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CorrectionWithGame | Error
    """

    return sync_detailed(
        game_id=game_id,
        number=number,
        client=client,
        body=body,
        if_match=if_match,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    game_id: int,
    number: int,
    *,
    client: AuthenticatedClient,
    body: BasicCorrectionInputRequest
    | GinCorrectionInputRequest
    | KnockCorrectionInputRequest
    | RamiCorrectionInputRequest,
    if_match: str,
    idempotency_key: str | Unset = UNSET,
) -> Response[CorrectionWithGame | Error]:
    """
    Args:
        game_id (int):
        number (int):
        if_match (str):
        idempotency_key (str | Unset):
        body (BasicCorrectionInputRequest | GinCorrectionInputRequest |
            KnockCorrectionInputRequest | RamiCorrectionInputRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CorrectionWithGame | Error]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        number=number,
        body=body,
        if_match=if_match,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: int,
    number: int,
    *,
    client: AuthenticatedClient,
    body: BasicCorrectionInputRequest
    | GinCorrectionInputRequest
    | KnockCorrectionInputRequest
    | RamiCorrectionInputRequest,
    if_match: str,
    idempotency_key: str | Unset = UNSET,
) -> CorrectionWithGame | Error | None:
    """
    Args:
        game_id (int):
        number (int):
        if_match (str):
        idempotency_key (str | Unset):
        body (BasicCorrectionInputRequest | GinCorrectionInputRequest |
            KnockCorrectionInputRequest | RamiCorrectionInputRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CorrectionWithGame | Error
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            number=number,
            client=client,
            body=body,
            if_match=if_match,
            idempotency_key=idempotency_key,
        )
    ).parsed
