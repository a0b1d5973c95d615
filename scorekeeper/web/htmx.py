"""Answering htmx or a plain browser: a fragment or the page, a swap or a redirect.

Every page works without JavaScript; with htmx the same view answers with less. An htmx
request names the element it replaces in HX-Target, and htmx follows the HX-* headers
of the answer (where to swap, which address to show).
"""

from django.http import HttpResponse
from django.shortcuts import redirect


def page_or_fragment(request, template: str, fragment: str) -> str:
    """The fragment when htmx asks to replace the element with that id, else the page."""
    if request.htmx and not request.htmx.boosted and request.htmx.target == fragment:
        return f"{template}#{fragment}"
    return template


def go(request, url: str):
    """Redirect; htmx follows with a page load so the address bar is right."""
    if request.htmx and not request.htmx.boosted:
        response = HttpResponse(status=204)
        response["HX-Location"] = url
        return response
    return redirect(url)


def swap_whole_page(request, response, url: str):
    """A page answering a form that htmx posted from another page: htmx puts it in place
    of the whole body, scrolled to the top, with its own address in the address bar."""
    if request.htmx:
        response["HX-Retarget"] = "body"
        response["HX-Reswap"] = "innerHTML show:top"
        response["HX-Push-Url"] = url
    return response
