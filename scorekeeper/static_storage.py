"""How collectstatic compresses: whitenoise's storage, with Brotli's effort matched to the file.

Brotli at its best quality (11, whitenoise's choice) spent 79 of collectstatic's 80 CPU
seconds on this project, nearly all of it on the few large files no phone at the table loads:
the API docs' bundles (Swagger UI, Redoc), the admin's vendored scripts and the browsable
API's fonts. Quality 9 packs those within 8 % of quality 11 at a tenth of the time. The files
the pages load (app.css, htmx.min.js, our scripts) are all well under the limit and keep
quality 11, so what a phone downloads is as small as before (docs/deploy.md, "Static files").
"""

import brotli
from whitenoise.compress import Compressor
from whitenoise.storage import CompressedManifestStaticFilesStorage

# The largest file a page at the table loads is htmx.min.js, 51 KB.
BEST_QUALITY_UP_TO = 64 * 1024
LARGE_FILE_QUALITY = 9


class SizedBrotliCompressor(Compressor):
    @staticmethod
    def compress_brotli(data: bytes) -> bytes:
        quality = 11 if len(data) < BEST_QUALITY_UP_TO else LARGE_FILE_QUALITY
        return brotli.compress(data, quality=quality)


class HashedCompressedStorage(CompressedManifestStaticFilesStorage):
    """Content-hashed names, compressed: what collectstatic writes for the servers."""

    def create_compressor(self, **kwargs):
        return SizedBrotliCompressor(**kwargs)
