"""Agent isolation as a property across every interface (issue 9): memories stored by one agent never show
in any read of another, through the Python API, the CLI, REST or MCP: search, list, get, retrieve, context,
export, forget. test_api_isolation.py goes deeper into REST (every route, PostgreSQL too); this file proves
the same promise for all four faces of one store at once. The runner is shared with bench/reliability.py."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from api_support import serve_asgi
from reliability import ACTIONS, INTERFACES, Interfaces, IsolationReport, isolation_steps
from tiermem import Memory
from tiermem.interfaces.api import create_app
from tiermem.interfaces.mcp import http_app
from tiermem.providers.embedders import WordLlamaEmbedder

AGENTS = ["alice", "bob", "carol"]


@pytest.fixture
def faces(tmp_path: Path, embedder: WordLlamaEmbedder) -> Iterator[Interfaces]:
    store = tmp_path / "store"
    with (
        Memory.open(store, embedder=embedder) as mem,
        serve_asgi(create_app(mem)) as rest_url,
        serve_asgi(http_app(mem)) as mcp_url,
    ):
        interfaces = Interfaces(mem, store, rest_url, mcp_url, AGENTS)
        yield interfaces
        interfaces.close()


def test_a_mixed_run_over_all_interfaces_leaks_nothing(faces: Interfaces) -> None:
    report = faces.run(isolation_steps(40, seed=3), IsolationReport())
    assert report.leaks == []
    assert set(report.reads) == set(INTERFACES)  # every interface was read from
    assert all(len(ids) == 8 for ids in faces.stored.values())  # 4 interfaces x 2 stores per agent
    for agent in AGENTS:  # and the store agrees: every row sits under the agent that wrote it
        texts = [r.text for r in faces.mem.list(agent_id=agent, include_forgotten=True, include_superseded=True)]
        assert texts and all(t.startswith(f"owner-{agent} ") for t in texts)


steps = st.lists(
    st.tuples(
        st.sampled_from(INTERFACES), st.integers(0, 2), st.sampled_from(ACTIONS), st.sampled_from(["violin", "harbor"])
    ),
    min_size=1,
    max_size=12,
)


@settings(max_examples=10, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(steps)
def test_random_steps_on_random_interfaces_never_leak(faces: Interfaces, run: list[tuple[str, int, str, str]]) -> None:
    report = faces.run(run, IsolationReport())
    assert report.leaks == []


def test_the_leak_check_sees_a_leak(faces: Interfaces) -> None:
    """The property above can fail: another agent's text or id in an answer is reported."""
    faces.run([("python", 1, "store", "violin")], IsolationReport())
    bobs = faces._python("bob", "list", "violin")
    assert faces._leaks("alice", bobs) == ["the text of bob", "an id of bob"]
    assert faces._leaks("bob", bobs) == []


def test_a_new_store_is_private_to_its_owner(tmp_path: Path, embedder: WordLlamaEmbedder) -> None:
    """Another user of the machine cannot read a store tiermem created (its memories, its token hashes)."""
    with Memory.open(tmp_path / "fresh" / "store", embedder=embedder):
        pass
    assert (tmp_path / "fresh" / "store").stat().st_mode & 0o777 == 0o700
