"""Lists and their pages (docs/api.md, "Pagination" and "Versions").

/v2 answers every list as a page: `count`, `next`, `previous`, `results`, with `page` and
`page_size` checked and a `Link` header. /v1 keeps the shapes its first clients were
written against: the games, the club report and a webhook's deliveries are pages there
too, the other lists (clubs, members, rounds, the ledger, ...) bare arrays. The two
versions serve the same views; `listed` is where they part.
"""

from django.core.paginator import Page
from drf_spectacular.openapi import AutoSchema
from rest_framework.pagination import PageNumberPagination
from rest_framework.response import Response
from rest_framework.utils.urls import remove_query_param, replace_query_param

from . import serializers as s
from .errors import PAGE_LINKS

# The instance namespace of /api/v2/'s routes (scorekeeper/urls.py); /v1's is "api".
V2_NAMESPACE = "api-v2"
V2_PREFIX = "/api/v2/"


def every_list_pages(request) -> bool:
    """Whether the request came to /v2, where every list is a page."""
    match = getattr(request, "resolver_match", None)
    return match is not None and match.namespace == V2_NAMESPACE


class ListPages(PageNumberPagination):
    """The pages of every list that pages (docs/api.md, "Pagination"): `page` from 1,
    `page_size` 1..200 (50 unless given), both checked (400 otherwise). A page past the
    end is empty, not a 404: its `next` is null and its `previous` the last page. Each
    page also links its neighbours, the first and the last page in a `Link` header."""

    page_size = 50
    max_page_size = 200
    page_size_query_param = "page_size"

    def paginate_queryset(self, queryset, request, view=None):
        query = s.validated(s.PageQuerySerializer, {
            name: request.query_params[name] for name in ("page", "page_size")
            if name in request.query_params})
        self.request = request
        paginator = self.django_paginator_class(queryset, query.get("page_size", self.page_size))
        number = query.get("page", 1)
        if number <= paginator.num_pages:
            self.page = paginator.page(number)
        else:
            self.page = Page([], number, paginator)
        return list(self.page)

    def get_previous_link(self):
        last = self.page.paginator.num_pages
        if self.page.number <= last:
            return super().get_previous_link()
        return self.page_link(last)

    def page_link(self, number: int) -> str:
        """This list's address at page `number` (the first without `page`, as `previous`)."""
        url = self.request.build_absolute_uri()
        if number == 1:
            return remove_query_param(url, self.page_query_param)
        return replace_query_param(url, self.page_query_param, number)

    def link_header(self) -> str:
        """RFC 8288 links: first, prev and next when there are, last."""
        last = self.page.paginator.num_pages
        links = {"first": self.page_link(1), "prev": self.get_previous_link(),
                 "next": self.get_next_link(), "last": self.page_link(last)}
        return ", ".join(f'<{url}>; rel="{rel}"' for rel, url in links.items() if url)

    def get_paginated_response(self, data):
        response = super().get_paginated_response(data)
        response["Link"] = self.link_header()
        return response

    # How the schema describes a /v2 list (ListSchema below): the shape of the games'
    # pages, which /v1 declares with serializers.GamePageSerializer.
    def get_paginated_response_schema(self, schema):
        link = {"type": "string", "format": "uri", "nullable": True}
        return {
            "type": "object",
            "properties": {
                "count": {"type": "integer", "description": "Items on all pages."},
                "next": {**link, "description": "The next page, or null."},
                "previous": {**link, "description": "The previous page, or null."},
                "results": schema,
            },
            "required": ["count", "next", "previous", "results"],
        }

    def get_schema_operation_parameters(self, view):
        fields = s.PageQuerySerializer().fields
        return [{"in": "query", "name": name, "required": False,
                 "description": str(fields[name].help_text),
                 "schema": {"type": "integer", "minimum": fields[name].min_value,
                            "maximum": fields[name].max_value}}
                for name in ("page", "page_size")]


def listed(request, items, data_of_page, *, headers=None) -> Response:
    """A list's answer: `data_of_page(items)` as a bare array in /v1; in /v2 the page the
    query asks for, `data_of_page` given only that page's items (a queryset is counted
    and sliced, not read whole)."""
    if not every_list_pages(request):
        return Response(data_of_page(items), headers=headers)
    pages = ListPages()
    response = pages.get_paginated_response(data_of_page(pages.paginate_queryset(items, request)))
    for name, value in (headers or {}).items():
        response[name] = value
    return response


class ListSchema(AutoSchema):
    """drf-spectacular's schema of an operation, with /v2's lists as pages: a list under
    /api/v2/ is described as ListPages answers it (a `Paginated...List` component, `page`
    and `page_size`); the same list under /api/v1/ stays an array."""

    def _get_paginator(self):
        if self._pages_every_list():
            return ListPages()
        return super()._get_paginator()

    def get_override_parameters(self):
        parameters = super().get_override_parameters()
        if self._pages_every_list() and self._is_list_view():
            return [*parameters, PAGE_LINKS]
        return parameters

    def _pages_every_list(self) -> bool:
        return self.path.startswith(V2_PREFIX) and self.method == "GET"
