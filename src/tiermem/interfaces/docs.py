"""``/docs`` (Swagger UI) and ``/redoc`` (ReDoc) served from package assets, so they work offline.

FastAPI's own pages load their JavaScript from a CDN and are blank without a network. The assets come
from the ``fastapi-offline`` package (MIT; Swagger UI and ReDoc's standalone bundles), mounted under
``/docs-assets``; the pages are FastAPI's own HTML pointed at them.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.openapi.docs import get_redoc_html, get_swagger_ui_html, get_swagger_ui_oauth2_redirect_html
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

ASSETS_URL = "/docs-assets"


def assets_dir() -> Path:
    import fastapi_offline  # type: ignore[import-untyped]

    return Path(fastapi_offline.__file__).parent / "static"


def install(app: FastAPI) -> None:
    """Add /docs, /redoc and their assets to an app created with ``docs_url=None, redoc_url=None``."""
    app.mount(ASSETS_URL, StaticFiles(directory=assets_dir()), name="docs-assets")
    openapi_url = app.openapi_url or "/openapi.json"
    redirect_url = "/docs/oauth2-redirect"

    @app.get("/docs", include_in_schema=False)
    async def swagger(request: Request) -> HTMLResponse:
        at = _under(request)
        return get_swagger_ui_html(
            openapi_url=at(openapi_url),
            title=f"{app.title} - Swagger UI",
            oauth2_redirect_url=redirect_url,
            swagger_js_url=at(f"{ASSETS_URL}/swagger-ui-bundle.js"),
            swagger_css_url=at(f"{ASSETS_URL}/swagger-ui.css"),
            swagger_favicon_url=at(f"{ASSETS_URL}/favicon.png"),
        )

    @app.get(redirect_url, include_in_schema=False)
    async def swagger_redirect() -> HTMLResponse:
        return get_swagger_ui_oauth2_redirect_html()

    @app.get("/redoc", include_in_schema=False)
    async def redoc(request: Request) -> HTMLResponse:
        at = _under(request)
        return get_redoc_html(
            openapi_url=at(openapi_url),
            title=f"{app.title} - ReDoc",
            redoc_js_url=at(f"{ASSETS_URL}/redoc.standalone.js"),
            redoc_favicon_url=at(f"{ASSETS_URL}/favicon.png"),
            with_google_fonts=False,  # fonts from Google would be one more request off the machine
        )


def _under(request: Request) -> Callable[[str], str]:
    """URLs under the app's root path (behind a proxy that mounts it below /)."""
    root = str(request.scope.get("root_path", ""))
    return lambda url: f"{root}{url}"
