from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.member import Member
from ...models.member_input_request import MemberInputRequest
from ...models.member_invited import MemberInvited
from ...types import UNSET, Response, Unset


def _get_kwargs(
    club_id: int,
    *,
    body: MemberInputRequest,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v2/clubs/{club_id}/members/".format(
            club_id=quote(str(club_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | Member | MemberInvited | None:
    if response.status_code == 201:
        response_201 = Member.from_dict(response.json())

        return response_201

    if response.status_code == 202:
        response_202 = MemberInvited.from_dict(response.json())

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
) -> Response[Error | Member | MemberInvited]:
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
    body: MemberInputRequest,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | Member | MemberInvited]:
    """A member's role changes at once (201). Anyone else is asked: an invitation they accept or decline
    (GET /invitations/), and the answer is 202 whether or not the user name exists.

    Args:
        club_id (int):
        idempotency_key (str | Unset):
        body (MemberInputRequest): An input object that takes the keys it declares and no other:
            each unknown key is
            an error of its own, reported with the body's other errors.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Member | MemberInvited]
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
    body: MemberInputRequest,
    idempotency_key: str | Unset = UNSET,
) -> Error | Member | MemberInvited | None:
    """A member's role changes at once (201). Anyone else is asked: an invitation they accept or decline
    (GET /invitations/), and the answer is 202 whether or not the user name exists.

    Args:
        club_id (int):
        idempotency_key (str | Unset):
        body (MemberInputRequest): An input object that takes the keys it declares and no other:
            each unknown key is
            an error of its own, reported with the body's other errors.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Member | MemberInvited
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
    body: MemberInputRequest,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | Member | MemberInvited]:
    """A member's role changes at once (201). Anyone else is asked: an invitation they accept or decline
    (GET /invitations/), and the answer is 202 whether or not the user name exists.

    Args:
        club_id (int):
        idempotency_key (str | Unset):
        body (MemberInputRequest): An input object that takes the keys it declares and no other:
            each unknown key is
            an error of its own, reported with the body's other errors.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Member | MemberInvited]
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
    body: MemberInputRequest,
    idempotency_key: str | Unset = UNSET,
) -> Error | Member | MemberInvited | None:
    """A member's role changes at once (201). Anyone else is asked: an invitation they accept or decline
    (GET /invitations/), and the answer is 202 whether or not the user name exists.

    Args:
        club_id (int):
        idempotency_key (str | Unset):
        body (MemberInputRequest): An input object that takes the keys it declares and no other:
            each unknown key is
            an error of its own, reported with the body's other errors.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Member | MemberInvited
    """

    return (
        await asyncio_detailed(
            club_id=club_id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
