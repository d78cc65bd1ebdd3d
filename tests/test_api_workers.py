"""`tiermem serve --workers N`: several real processes on one port, each with its own store handle and mirrors.

Which worker answered a request is read from the kernel (the worker process holding the server side of the
request's TCP connection), so the tests know a write went through one process and a read through another.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from api_support import serve_process
from tiermem import Memory
from tiermem.interfaces.auth import create_token

pytestmark = pytest.mark.slow


def worker_pids(url: str) -> list[int]:
    """The worker processes of the server on ``url``: children of the process listening there."""
    port = url.rsplit(":", 1)[1].encode()
    parent = next(pid for pid in _pids() if b"--port\0" + port + b"\0" in _read(f"/proc/{pid}/cmdline"))
    return [pid for pid in _pids() if _ppid(pid) == parent and b"spawn_main" in _read(f"/proc/{pid}/cmdline")]


def served_by(response: httpx.Response, workers: list[int]) -> int:
    """The worker holding the server end of the connection ``response`` came over."""
    client_port = response.extensions["network_stream"].get_extra_info("socket").getsockname()[1]
    inodes = set()
    for line in _read("/proc/net/tcp").decode().splitlines()[1:]:
        fields = line.split()
        if int(fields[2].split(":")[1], 16) == client_port:  # remote end = the client's port: the server's side
            inodes.add(fields[9])
    owners = [pid for pid in workers if inodes & _socket_inodes(pid)]
    assert len(owners) == 1, (client_port, inodes, owners)
    return owners[0]


def _socket_inodes(pid: int) -> set[str]:
    found = set()
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            target = os.readlink(f"/proc/{pid}/fd/{fd}")
        except OSError:
            continue
        if target.startswith("socket:["):
            found.add(target[8:-1])
    return found


def _pids() -> list[int]:
    return [int(name) for name in os.listdir("/proc") if name.isdigit()]


def _ppid(pid: int) -> int:
    stat = _read(f"/proc/{pid}/stat")
    return int(stat.rsplit(b")", 1)[1].split()[1]) if stat else -1


def _read(path: str) -> bytes:
    try:
        return Path(path).read_bytes()
    except OSError:
        return b""


def test_every_worker_reads_what_another_one_wrote(tmp_path: Path) -> None:
    store = tmp_path / "store"
    with Memory.open(store) as mem:
        token, _ = create_token(mem, ["alice"], "write")
        other, _ = create_token(mem, ["bob"], "write")
    auth = {"Authorization": f"Bearer {token}"}
    with serve_process("--store", str(store), "--workers", "2") as url:
        workers = worker_pids(url)
        assert len(workers) == 2
        crossed = 0
        writers, readers = set(), set()
        for i in range(12):
            text = f"Project {i} deploys through pipeline number {1000 + i}"
            with httpx.Client(base_url=url, headers=auth, timeout=60) as fresh:  # a new connection each time
                made = fresh.post("/v1/agents/alice/memories", json={"text": text})
                assert made.status_code == 201
                writer = served_by(made, workers)
            with httpx.Client(base_url=url, headers=auth, timeout=60) as fresh:
                found = fresh.post("/v1/agents/alice/search", json={"query": f"pipeline number {1000 + i}"})
                reader = served_by(found, workers)
            assert found.json()["hits"][0]["memory"]["id"] == made.json()["id"]  # whoever stored it
            writers.add(writer)
            readers.add(reader)
            crossed += writer != reader
        assert writers == readers == set(workers)  # the kernel spread the connections over both
        assert crossed > 0
        # one agent's memories stay its own, whichever worker answers
        for _ in range(4):
            with httpx.Client(base_url=url, headers={"Authorization": f"Bearer {other}"}, timeout=60) as fresh:
                assert fresh.post("/v1/agents/bob/search", json={"query": "pipeline number"}).json()["hits"] == []
                assert fresh.post("/v1/agents/alice/search", json={"query": "pipeline"}).status_code == 403
    with Memory.open(store) as mem:  # each worker closed its store on the way out (and wrote its access counts)
        assert mem.stats(agent_id="alice")["memories"] == 12
        assert sum(r.access_count for r in mem.list(agent_id="alice", limit=100)) >= 12


def test_a_second_server_on_a_taken_port_refuses_to_start(tmp_path: Path) -> None:
    """The workers share their port with each other only: another server asking for it fails loudly instead
    of quietly taking half the connections."""
    store = tmp_path / "store"
    Memory.open(store).close()
    with serve_process("--store", str(store), "--workers", "2", "--insecure-local") as url:
        port = url.rsplit(":", 1)[1]
        tiermem = Path(sys.executable).with_name("tiermem")
        taken = subprocess.run(
            [str(tiermem), "serve", "--store", str(store), "--workers", "2", "--insecure-local", "--port", port],
            capture_output=True, text=True, timeout=120,
        )  # fmt: skip
        assert taken.returncode != 0
        assert f"cannot listen on 127.0.0.1:{port}: Address already in use" in taken.stderr
        assert httpx.get(f"{url}/health", timeout=10).status_code == 200
