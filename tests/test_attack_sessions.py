"""Tokens that expire, a browser cookie that is a session (not the bearer token), and a sign-in form whose CSRF
token is bound to each visitor: attacks on a real server on 127.0.0.1."""

from __future__ import annotations

import re
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx
import pytest

from api_support import serve_asgi
from cli_support import Cli
from tiermem import Memory
from tiermem.errors import ValidationError
from tiermem.interfaces.api import create_app
from tiermem.interfaces.auth import create_token, revoke_token

pytestmark = pytest.mark.attack
CSRF = re.compile(r'name="csrf" value="([0-9a-f]{64})"')


def _csrf(client: httpx.Client) -> str:
    found = CSRF.search(client.get("/ui/login").text)
    assert found is not None
    return found.group(1)


def _sign_in(client: httpx.Client, token: str) -> httpx.Response:
    return client.post("/ui/login", data={"token": token, "csrf": _csrf(client)})


def test_an_expired_token_is_refused(mem: Memory) -> None:
    token, record = create_token(mem, ["default"], "read", expires_at=datetime.now(UTC) + timedelta(seconds=1))
    with serve_asgi(create_app(mem)) as url:
        headers = {"Authorization": f"Bearer {token}"}
        assert httpx.get(f"{url}/v1/agents/default/memories", headers=headers).status_code == 200
        time.sleep(1.1)
        refused = httpx.get(f"{url}/v1/agents/default/memories", headers=headers)
    assert refused.status_code == 401 and f"token {record.id} expired" in refused.text
    with pytest.raises(ValidationError, match="has passed"):
        create_token(mem, ["default"], "read", expires_at=datetime.now(UTC) - timedelta(days=1))


def test_the_cli_makes_tokens_that_expire(tmp_path: Path) -> None:
    cli = Cli(tmp_path / "store").init()
    made = cli.json("tokens", "create", "--agent-id", "a", "--expires", "30d")
    until = datetime.fromisoformat(made["expires_at"])
    assert timedelta(days=29) < until - datetime.now(UTC) <= timedelta(days=30)
    assert "--expires takes 30d" in cli.fails("tokens", "create", "--agent-id", "a", "--expires", "soon")


def test_the_browser_cookie_is_a_session_not_the_bearer_token(mem: Memory) -> None:
    token, record = create_token(mem, ["default"], "write")
    with serve_asgi(create_app(mem)) as url, httpx.Client(base_url=url) as browser:
        assert _sign_in(browser, token).status_code == 303
        cookie = browser.cookies["tiermem_ui"]
        assert cookie != token and record.id not in cookie and token.split("_", 2)[2] not in cookie
        as_bearer = httpx.get(f"{url}/v1/agents/default/memories", headers={"Authorization": f"Bearer {cookie}"})
        assert as_bearer.status_code == 401  # a stolen cookie is no API token
        assert browser.get("/ui/a/default/").status_code == 200
        revoke_token(mem, record.id)  # revoking the token ends its sessions at once
        assert browser.get("/ui/a/default/").headers["location"].startswith("/ui/login")


def test_signing_out_ends_the_session_in_the_store(mem: Memory) -> None:
    token, _ = create_token(mem, ["default"], "read")
    with serve_asgi(create_app(mem)) as url, httpx.Client(base_url=url) as browser:
        _sign_in(browser, token)
        stolen = browser.cookies["tiermem_ui"]
        page = browser.get("/ui/a/default/")
        csrf = CSRF.search(page.text)
        assert csrf is not None
        assert browser.post("/ui/logout", data={"csrf": csrf.group(1)}).status_code == 303
        with httpx.Client(base_url=url, cookies={"tiermem_ui": stolen}) as replay:
            assert replay.get("/ui/a/default/").headers["location"].startswith("/ui/login")


def test_the_sign_in_form_is_bound_to_each_visitor(mem: Memory) -> None:
    token, _ = create_token(mem, ["default"], "read")
    with serve_asgi(create_app(mem)) as url, httpx.Client(base_url=url) as one, httpx.Client(base_url=url) as two:
        first, second = _csrf(one), _csrf(two)
        assert first != second  # not one value per server an attacker could read once and reuse
        crossed = two.post("/ui/login", data={"token": token, "csrf": first})
        assert crossed.status_code == 403 and "tiermem_ui" not in crossed.cookies
        with httpx.Client(base_url=url) as bare:  # no visitor cookie at all, as a forged cross-site form has
            forged = bare.post("/ui/login", data={"token": token, "csrf": first})
        assert forged.status_code == 403
        assert two.post("/ui/login", data={"token": token, "csrf": second}).status_code == 303
