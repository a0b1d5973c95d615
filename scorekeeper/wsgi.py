import gc
import os
from importlib import import_module

from django.conf import settings
from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
application = get_wsgi_application()

# What a worker loads to serve (Django, the apps, and through the URLconf every view,
# serializer and form, otherwise imported by the first request) lives as long as the
# process. Frozen, it is left out of the collector's full passes, which otherwise walked it
# all: under the bench's load each took 130-200 ms of a worker, and a request that met one
# waited (docs/performance.md, "A worker's full collections"). A frozen object is still
# freed once nothing refers to it.
import_module(settings.ROOT_URLCONF)
gc.collect()
gc.freeze()
