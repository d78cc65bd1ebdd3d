"""The memory browser over HTTP (a real uvicorn server on 127.0.0.1, a real store): sign-in, scoping, CSRF,
the confirmation steps of forget / pin / edit, error pages, and the tier history the overview draws."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest

from api_support import serve_asgi, serve_process
from cli_support import Cli
from tiermem import Memory
from tiermem.interfaces.api import create_app
from tiermem.interfaces.auth import create_token, revoke_token
from ui_support import Seeded, seed

CSRF = re.compile(r'name="csrf" value="([0-9a-f]{64})"')


@pytest.fixture
def site(mem: Memory, tmp_path: Path) -> Iterator[tuple[str, Seeded]]:
    seeded = seed(mem, tmp_path)
    with serve_asgi(create_app(mem, workspace=str(tmp_path))) as url:
        yield url, seeded


def _signed_in(url: str, mem: Memory, role: str = "write", agents: tuple[str, ...] = ("default",)) -> httpx.Client:
    token, _ = create_token(mem, agents, role)
    client = httpx.Client(base_url=url)
    answer = client.post(
        "/ui/login", data={"token": token, "next": "/ui/a/default/tree", "csrf": _csrf(client, "/ui/login")}
    )
    assert answer.status_code == 303 and answer.headers["location"] == "/ui/a/default/tree"
    return client


def _csrf(client: httpx.Client, path: str) -> str:
    page = client.get(path)
    assert page.status_code == 200, page.text
    found = CSRF.search(page.text)
    assert found is not None
    return found.group(1)


def test_pages_need_a_token_and_the_cookie_is_locked_down(mem: Memory, site: tuple[str, Seeded]) -> None:
    url, _ = site
    with httpx.Client(base_url=url) as anonymous:
        answer = anonymous.get("/ui/a/default/search?q=theme&limit=5")
        assert answer.status_code == 303
        assert answer.headers["location"] == "/ui/login?next=/ui/a/default/search%3Fq%3Dtheme%26limit%3D5"
        forged = anonymous.post("/ui/login", data={"token": create_token(mem, ["default"], "read")[0]})
        assert forged.status_code == 403 and "set-cookie" not in forged.headers  # no CSRF token: login CSRF
        refused = anonymous.post("/ui/login", data={"token": "tmk_nope", "csrf": _csrf(anonymous, "/ui/login")})
        assert refused.status_code == 401 and "malformed token" in refused.text
        assert anonymous.get("/v1/agents/default/memories").status_code == 401  # the JSON API is unchanged
    token, _ = create_token(mem, ["default"], "read")
    with httpx.Client(base_url=url) as client:
        signed = client.post(
            "/ui/login", data={"token": token, "next": "https://evil.example/", "csrf": _csrf(client, "/ui/login")}
        )
        assert signed.headers["location"] == "/ui/"  # never redirected off the site
        cookie = signed.headers["set-cookie"]
        assert "HttpOnly" in cookie and "SameSite=strict" in cookie and "Path=/ui" in cookie
        page = client.get("/ui/", follow_redirects=True)
        assert page.url.path == "/ui/a/default/" and "What <em>default</em> remembers" in page.text
        assert "default-src 'none'" in page.headers["content-security-policy"]
        assert page.headers["x-content-type-options"] == "nosniff"
        revoke_token(mem, token.split("_")[1])
        assert client.get("/ui/a/default/").status_code == 303  # revoked: signed out at once


def test_every_view_renders(mem: Memory, site: tuple[str, Seeded]) -> None:
    url, seeded = site
    client = _signed_in(url, mem)
    overview = client.get("/ui/a/default/").text
    assert "Tier distribution" in overview and overview.count("<polygon") == 4
    assert "Latest tier changes" in overview and "→" in overview and "/ui/a/default/m/" in overview
    found = client.get("/ui/a/default/search", params={"q": "what theme do I use in my editor"}).text
    assert "Gruvbox" in found and "why: " in found and "owner/preferences" in found
    assert "recall tier</span>" in found and "lifecycle tier</span>" in found  # two tiers, each named
    hit = mem.search("what theme do I use in my editor", limit=1, reinforce=False)[0]
    assert hit.recall_tier == hit.tier and hit.memory.tier in ("hot", "warm", "cold", "frozen")
    why = re.search(r'<p class="why">why: (.*?)</p>', found)
    assert why is not None and "fused" not in why.group(1) and "bm25" not in why.group(1)
    assert "of your search&#39;s words are in it" in found or "close in meaning" in found  # plain words
    assert "<summary>the numbers</summary>" in found and "fused " in found  # the numbers, kept apart
    assert mem.get(seeded.ids["I use the"]).access_count == 1  # browsing is not recall: no reinforcement
    tree = client.get("/ui/a/default/tree").text
    assert "harbor" in tree and "warm " in tree and "cold " in tree
    timeline = client.get("/ui/a/default/timeline").text
    assert "Harbor 1.0 shipped" in timeline and 'class="tag">tier' in timeline
    hot = client.get("/ui/a/default/hot").text
    assert "Always run the migration on staging first" in hot and "Memory Tree Index" in hot and "Atlas" in hot
    page = client.get(f"/ui/a/default/m/{seeded.rewritten}").text
    assert "superseded" in page and "1200 requests" in page  # the newer version is in its chain
    assert client.get("/ui/static/ui.css").headers["content-type"].startswith("text/css")


def test_forget_needs_confirmation_and_a_csrf_token(mem: Memory, site: tuple[str, Seeded]) -> None:
    url, seeded = site
    target = seeded.ids["Weekly planning is"]
    client = _signed_in(url, mem)
    confirm = client.get(f"/ui/a/default/m/{target}/forget")
    assert "Forget this memory?" in confirm.text and mem.get(target).status == "active"
    forged = client.post(f"/ui/a/default/m/{target}/forget", data={"csrf": "0" * 64})
    assert forged.status_code == 403 and "this form expired" in forged.text
    assert mem.get(target).status == "active"
    token = _csrf(client, f"/ui/a/default/m/{target}/forget")
    done = client.post(f"/ui/a/default/m/{target}/forget", data={"csrf": token, "reason": "moved to Tuesdays"})
    assert done.status_code == 303 and done.headers["location"].endswith("?done=forgotten")
    assert mem.get(target).status == "forgotten"
    assert "Forgotten:" in client.get(done.headers["location"]).text


def test_pin_and_edit(mem: Memory, site: tuple[str, Seeded]) -> None:
    url, seeded = site
    client = _signed_in(url, mem)
    target = seeded.ids["Fixed the flaky"]
    token = _csrf(client, f"/ui/a/default/m/{target}/pin")
    assert client.post(f"/ui/a/default/m/{target}/pin", data={"csrf": token}).status_code == 303
    assert mem.get(target).tier == "hot"
    page = client.get(f"/ui/a/default/m/{target}?done=pinned").text
    assert "Pinned to the hot tier" in page and "<strong>pinned</strong>" in page and "/unpin" in page
    mem.consolidate("quick")
    assert mem.get(target).tier == "hot"  # a pin holds against consolidation
    assert "Unpin this memory?" in client.get(f"/ui/a/default/m/{target}/unpin").text
    assert client.post(f"/ui/a/default/m/{target}/unpin", data={"csrf": token}).status_code == 303
    assert mem.lifecycle().pins() == {}
    form = {"csrf": token, "text": mem.get(target).text, "category": "technical/tests", "importance": "0.9",
            "tags": "tests, flaky"}  # fmt: skip
    review = client.post(f"/ui/a/default/m/{target}/edit", data=form)
    assert "Save these changes?" in review.text and "0.9" in review.text and "tests, flaky" in review.text
    assert mem.get(target).importance == 0.4  # reviewing changes nothing
    saved = client.post(f"/ui/a/default/m/{target}/edit", data={**form, "step": "confirm"})
    assert saved.status_code == 303
    assert (mem.get(target).importance, mem.get(target).tags) == (0.9, ("tests", "flaky"))
    history = re.findall(r"<ul class=\"plain history\">(.*?)</ul>", client.get(f"/ui/a/default/m/{target}").text, re.S)
    rows = re.findall(r"<li>(.*?)</li>", history[0], re.S)
    assert any(
        '<strong>updated</strong> — <span class="dim">previous: importance 0.4, tags none</span>' in r for r in rows
    )
    created = next(r for r in rows if "<strong>created</strong>" in r)
    assert re.search(r"— <span class=\"dim\">source: type \w+", created)  # label: words, not a dict
    rewrite = {**form, "text": "Fixed the flaky login test by awaiting the cookie", "step": "confirm"}
    moved = client.post(f"/ui/a/default/m/{target}/edit", data=rewrite)
    new_id = moved.headers["location"].split("/m/")[1].split("?")[0]
    assert new_id != target and mem.get(target).superseded_by == new_id
    nothing = client.post(f"/ui/a/default/m/{new_id}/edit", data={**rewrite, "step": "confirm"})
    assert nothing.status_code == 200 and "Nothing changed" in nothing.text
    bad = client.post(f"/ui/a/default/m/{new_id}/edit", data={**rewrite, "importance": "lots"})
    assert bad.status_code == 400 and "importance must be a number" in bad.text


def test_roles_and_agents_are_enforced(mem: Memory, site: tuple[str, Seeded]) -> None:
    url, seeded = site
    mem.store("Agent b keeps its own notes", agent_id="b")
    reader = _signed_in(url, mem, role="read")
    target = seeded.ids["Priya owns the"]
    assert reader.get(f"/ui/a/default/m/{target}").status_code == 200
    page = reader.get(f"/ui/a/default/m/{target}").text
    assert "Read-only token" in page  # no Edit / Pin / Forget to click and be refused after
    assert f"/m/{target}/edit" not in page and f"/m/{target}/pin" not in page and f"/m/{target}/forget" not in page
    writer_page = _signed_in(url, mem).get(f"/ui/a/default/m/{target}").text
    assert f"/m/{target}/edit" in writer_page and "Read-only token" not in writer_page
    refused = reader.get(f"/ui/a/default/m/{target}/forget")
    assert refused.status_code == 403 and "has role &#39;read&#39;; this needs &#39;write&#39;" in refused.text
    assert reader.get("/ui/a/b/").status_code == 403  # a token for agent default cannot open agent b
    assert reader.get("/ui/", params={"agent": "b"}).status_code == 403
    both = _signed_in(url, mem, agents=("default", "b"))
    picker = both.get("/ui/a/default/").text
    assert '<option value="b">b</option>' in picker  # several agents: a picker
    assert both.get("/ui/", params={"agent": "b"}).headers["location"] == "/ui/a/b/"
    too_many = reader.get("/ui/a/default/search", params={"q": "x", "limit": 5000})
    assert too_many.status_code == 422 and "limit: Input should be less than or equal to 100" in too_many.text
    missing = reader.get("/ui/a/default/m/01ARZ3NDEKTSV4RRFFQ69G5FAV")
    assert missing.status_code == 404 and "no memory" in missing.text and "<html" in missing.text


def test_stored_text_is_escaped(mem: Memory, site: tuple[str, Seeded]) -> None:
    url, _ = site
    evil = mem.store("<script>alert(1)</script> likes <b>bold</b> moves").id
    page = _signed_in(url, mem).get(f"/ui/a/default/m/{evil}").text
    assert "<script>alert" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page


def test_insecure_local_needs_no_sign_in(open_memory: Callable[..., Any], tmp_path: Path) -> None:
    memory = open_memory(tmp_path / "empty")
    with serve_asgi(create_app(memory, insecure_local=True, workspace=str(tmp_path))) as url:
        page = httpx.get(url + "/ui/", follow_redirects=True)
        assert page.status_code == 200 and "Nothing stored yet" in page.text and "Sign out" not in page.text
        for view in ("tree", "timeline", "hot", "search?q=anything"):
            assert httpx.get(f"{url}/ui/a/default/{view}").status_code == 200


def test_timeline_pages(open_memory: Callable[..., Any], tmp_path: Path) -> None:
    memory = open_memory(tmp_path / "many")
    start = datetime(2026, 1, 1, 9, tzinfo=UTC)
    items = [{"text": f"note {n} about topic {n}", "created_at": (start + timedelta(hours=n)).isoformat()}
             for n in range(55)]  # fmt: skip
    memory.store_many(items, dedup=False)
    with serve_asgi(create_app(memory, insecure_local=True, workspace=str(tmp_path))) as url:
        first = httpx.get(f"{url}/ui/a/default/timeline").text
        assert "note 54 about" in first and "note 4 about" not in first and "?page=1" in first
        second = httpx.get(f"{url}/ui/a/default/timeline", params={"page": 1}).text
        assert "note 4 about" in second and "note 5 about" not in second and "?page=0" in second
        assert ">2026-01-01<" in second and "Older" not in second


def test_tier_history_follows_the_transitions(mem: Memory, tmp_path: Path) -> None:
    start = datetime.now(UTC) - timedelta(days=60)
    first = mem.store("an old note nobody reads", importance=0.2, created_at=start, now=start)
    mem.store("a fresh and important decision", importance=0.9)
    lifecycle = mem.lifecycle(tmp_path)
    lifecycle.consolidate("quick", now=start + timedelta(days=45))
    moved = lifecycle.transitions(limit=10)
    assert [(m["memory_id"], m["from"]) for m in moved] == [(first.id, first.memory.tier)]
    history = lifecycle.tier_history(points=5)  # day 0, 15, 30, 45 and 60
    assert history["memories"] == [1, 1, 1, 1, 2]
    assert history["tiers"][first.memory.tier][:4] == [1, 1, 1, 0]  # until consolidation, 45 days in
    assert history["tiers"][moved[0]["to"]][3] == 1
    assert sum(history["tiers"][t][-1] for t in ("hot", "warm", "cold", "frozen")) == 2


def test_tiermem_ui_serves_the_pages(tmp_path: Path) -> None:
    cli = Cli(tmp_path / "store")
    assert "only on a loopback address, not 0.0.0.0" in cli.fails("ui", "--insecure-local", "--host", "0.0.0.0")
    cli.store("Served by tiermem ui", "--category", "projects/ui")
    token = cli.json("tokens", "create", "--agent-id", "default")["token"]
    with serve_process("--home", str(cli.home), command="ui") as url, httpx.Client(base_url=url) as client:
        assert client.get("/ui/").headers["location"].startswith("/ui/login")
        client.post("/ui/login", data={"token": token, "csrf": _csrf(client, "/ui/login")})
        assert "Served by tiermem ui" in client.get("/ui/a/default/search", params={"q": "served"}).text
        auth = {"Authorization": f"Bearer {token}"}
        assert client.get("/v1/agents/default/memories", headers=auth).status_code == 200  # the REST API too
