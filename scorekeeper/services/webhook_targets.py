"""Where a webhook may point (docs/api.md, "Webhooks"; docs/security.md, "Webhook targets"):
a club's organiser must not reach into the server's own network. A target's host is
resolved once, the way the system does, and every address it resolves to must be public;
an attempt then connects to exactly those addresses (services/webhook_sending.py)."""

import ipaddress
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.conf import settings

from .errors import ServiceError

# Why an address is no webhook target, as the messages name it (and the page in German).
LOOPBACK, UNSPECIFIED, LINK_LOCAL, MULTICAST = "loopback", "unspecified", "link-local", "multicast"
SHARED, PRIVATE, RESERVED, NOT_PUBLIC = "shared", "private", "reserved", "not public"
KINDS = {
    LOOPBACK: "a loopback address", UNSPECIFIED: "an unspecified address",
    LINK_LOCAL: "a link-local address", MULTICAST: "a multicast address",
    SHARED: "a shared (carrier-grade NAT) address", PRIVATE: "a private address",
    RESERVED: "a reserved address", NOT_PUBLIC: "an address that is not public",
}
SHARED_NETWORK = ipaddress.ip_network("100.64.0.0/10")  # carrier-grade NAT: not is_private
NAT64 = ipaddress.ip_network("64:ff9b::/96")  # a NAT64 gateway reaches the IPv4 address inside


class TargetRefused(ServiceError):
    """A webhook target that is not a public address, or whose host does not resolve."""

    def __init__(self, message: str, *, code: str, host: str, address: str = "",
                 kind: str = "", literal: bool = False):
        # literal: the host is the address itself, not a name (or a number) resolving to it
        super().__init__(message, {"host": host, "address": address, "kind": kind,
                                   "literal": literal}, field="url", code=code)


@dataclass(frozen=True)
class Target:
    """A webhook's URL with the addresses its host resolved to, each checked: an attempt
    connects to these and to nothing else."""

    scheme: str
    host: str
    port: int
    path: str  # with the query
    addresses: tuple  # (family, sockaddr) as socket.getaddrinfo answered


def private_targets_allowed() -> bool:
    """Development only (a receiver on the laptop or the club's own network); DEBUG does not
    imply it. docs/api.md, "Webhooks"."""
    return bool(getattr(settings, "WEBHOOK_ALLOW_PRIVATE_TARGETS", False))


def address_kind(address: str) -> str | None:
    """Why the address is no webhook target (a key of KINDS), or None when it is public. An
    IPv6 address that carries an IPv4 one (mapped, 6to4, NAT64) is judged by that one too."""
    ip = ipaddress.ip_address(address.split("%")[0])  # fe80::1%eth0: the zone is no part
    if ip.version == 6:
        inner = ip.ipv4_mapped or (
            ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF) if ip in NAT64 else None)
        if inner is not None:
            return address_kind(str(inner))  # what is reached is the IPv4 address
        if ip.sixtofour is not None and address_kind(str(ip.sixtofour)):
            return address_kind(str(ip.sixtofour))
    checks = ((ip.is_loopback, LOOPBACK), (ip.is_unspecified, UNSPECIFIED),
              (ip.is_link_local, LINK_LOCAL), (ip.is_multicast, MULTICAST),
              (ip in SHARED_NETWORK, SHARED), (ip.is_reserved, RESERVED),
              (ip.is_private or getattr(ip, "is_site_local", False), PRIVATE),
              (not ip.is_global, NOT_PUBLIC))
    return next((kind for refused, kind in checks if refused), None)


def resolved_target(url: str) -> Target:
    """The URL's host resolved once, the way the system does (socket.getaddrinfo: also
    2130706433 and 0x7f000001), and every address checked. Raises TargetRefused when the
    host does not resolve or any address is not public (unless private ones are allowed)."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    port = parts.port or (443 if parts.scheme == "https" else 80)
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError, ValueError):
        # Refused at registration too: a typo is caught at once, and an attempt could not
        # be sent anyway. A name that is not set up yet can be registered once it is.
        raise TargetRefused(f"{host} does not resolve to an address: check the name (webhook "
                            "targets must be public)", code="unresolvable", host=host) from None
    addresses = tuple(dict.fromkeys((family, sockaddr[:2] if family == socket.AF_INET
                                     else sockaddr) for family, _, _, _, sockaddr in found))
    if not private_targets_allowed():
        for _family, sockaddr in addresses:
            kind = address_kind(sockaddr[0])
            if kind:
                literal = _same_address(host, sockaddr[0])
                said = (f"{host} is {KINDS[kind]}" if literal else
                        f"{host} resolves to {sockaddr[0]}, {KINDS[kind]}")
                raise TargetRefused(f"{said}: webhook targets must be public",
                                    code="private_address", host=host, address=sockaddr[0],
                                    kind=kind, literal=literal)
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    return Target(parts.scheme, host, port, path, addresses)


def _same_address(host: str, address: str) -> bool:
    """Whether the host is that address written out (not 2130706433 for 127.0.0.1)."""
    try:
        return ipaddress.ip_address(host) == ipaddress.ip_address(address.split("%")[0])
    except ValueError:
        return False
