"""`manage.py lanurl [--port 8000]`: the address other phones on this network reach.

`make run HOST=0.0.0.0` serves the local network and takes this as PUBLIC_URL, so
that the share link and its QR code point at this machine rather than at 127.0.0.1
(README, "Playing at the table with several phones").
"""

import ipaddress
import socket

from django.core.management.base import BaseCommand, CommandError

# Connecting a UDP socket sends nothing: the kernel only picks the interface that
# would carry traffic out, and that interface's address is the one the Wi-Fi sees.
# 192.0.2.1 is a documentation address (RFC 5737), never contacted.
PROBE = ("192.0.2.1", 9)


def usable(address: str) -> bool:
    ip = ipaddress.ip_address(address)
    return not (ip.is_loopback or ip.is_link_local or ip.is_unspecified)


def lan_address() -> str | None:
    """This machine's IPv4 address on the local network, or None without a network."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(PROBE)
            address = probe.getsockname()[0]
        if usable(address):
            return address
    except OSError:
        pass  # no route out (a table without internet): ask the host name instead
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return None
    return next((info[4][0] for info in infos if usable(info[4][0])), None)


class Command(BaseCommand):
    help = "Print http://<this machine's LAN address>:<port>, the address other phones reach."

    def add_arguments(self, parser):
        parser.add_argument("--port", type=int, default=8000)

    def handle(self, *args, port, **options):
        address = lan_address()
        if address is None:
            raise CommandError(
                "No local network address found: join the table's Wi-Fi (or the phone's "
                "hotspot), or give the address yourself, e.g. "
                "make run HOST=0.0.0.0 PUBLIC_URL=http://192.168.1.23:8000")
        self.stdout.write(f"http://{address}:{port}")
