from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.evaluate import Evaluate
from ...models.evaluate_input_request import EvaluateInputRequest
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: EvaluateInputRequest,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v2/hands/evaluate/",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | Evaluate | None:
    if response.status_code == 200:
        response_200 = Evaluate.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 415:
        response_415 = Error.from_dict(response.json())

        return response_415

    if response.status_code == 422:
        response_422 = Error.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = Error.from_dict(response.json())

        return response_429

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | Evaluate]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: EvaluateInputRequest,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | Evaluate]:
    """
    Args:
        idempotency_key (str | Unset):
        body (EvaluateInputRequest): An input object that takes the keys it declares and no other:
            each unknown key is
            an error of its own, reported with the body's other errors.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Evaluate]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: EvaluateInputRequest,
    idempotency_key: str | Unset = UNSET,
) -> Error | Evaluate | None:
    """
    Args:
        idempotency_key (str | Unset):
        body (EvaluateInputRequest): An input object that takes the keys it declares and no other:
            each unknown key is
            an error of its own, reported with the body's other errors.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Evaluate
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: EvaluateInputRequest,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | Evaluate]:
    """
    Args:
        idempotency_key (str | Unset):
        body (EvaluateInputRequest): An input object that takes the keys it declares and no other:
            each unknown key is
            an error of its own, reported with the body's other errors.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Evaluate]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: EvaluateInputRequest,
    idempotency_key: str | Unset = UNSET,
) -> Error | Evaluate | None:
    """
    Args:
        idempotency_key (str | Unset):
        body (EvaluateInputRequest): An input object that takes the keys it declares and no other:
            each unknown key is
            an error of its own, reported with the body's other errors.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Evaluate
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
