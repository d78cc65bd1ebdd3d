"""A throwaway PostgreSQL cluster with pgvector on a free loopback port, for tests and benchmarks.

One cluster per process (each xdist worker starts its own, ~1 s). Every test gets a fresh, empty store: its
own schema in the process's database, selected by the URL (``options=-csearch_path=...``, plain libpq), which
costs a few milliseconds where a new database costs a quarter of a second.
Where no server can be started the PostgreSQL tests are skipped, except under ``CI=true``, where they
fail: CI installs PostgreSQL and pgvector (``.ci/run``), so a missing server there is a broken build.

Durability is switched off (fsync, synchronous_commit): the cluster lives for one test run.
"""

from __future__ import annotations

import atexit
import contextlib
import itertools
import os
import shutil
import socket
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn

import pytest

_BIN_DIRS = ("/usr/lib/postgresql/17/bin", "/usr/lib/postgresql/16/bin", "/usr/lib/postgresql/15/bin")
_counter = itertools.count()


def _bin_dir() -> Path | None:
    found = shutil.which("pg_config")
    candidates = list(_BIN_DIRS)
    if found:
        out = subprocess.run([found, "--bindir"], capture_output=True, text=True, check=False).stdout.strip()
        candidates.insert(0, out)
    for candidate in candidates:
        path = Path(candidate)
        if (path / "initdb").is_file() and (path / "pg_ctl").is_file() and _has_pgvector(path):
            return path
    return None


def _has_pgvector(bin_dir: Path) -> bool:
    config = bin_dir / "pg_config"
    if not config.is_file():
        return False
    share = subprocess.run([str(config), "--sharedir"], capture_output=True, text=True, check=False).stdout.strip()
    return (Path(share) / "extension" / "vector.control").is_file()


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class PostgresCluster:
    bin_dir: Path
    directory: Path
    port: int
    settings: str = "-c shared_buffers=128MB"  # more for benchmarks (bench/server.py)

    @property
    def admin_url(self) -> str:
        return self.url("postgres")

    def url(self, database: str) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def _run(self, *args: str) -> None:
        command = [str(self.bin_dir / args[0]), *args[1:]]
        if os.geteuid() == 0:  # initdb and postgres refuse to run as root
            command = ["runuser", "-u", "postgres", "--", *command]
        subprocess.run(command, check=True, capture_output=True, timeout=60)

    def start(self) -> None:
        data, sockets = self.directory / "data", self.directory / "sock"
        self._run("initdb", "-D", str(data), "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8")
        sockets.mkdir()
        if os.geteuid() == 0:
            shutil.chown(sockets, "postgres", "postgres")
        options = (
            f"-c listen_addresses=127.0.0.1 -p {self.port} -k {sockets} -c fsync=off -c synchronous_commit=off "
            f"-c full_page_writes=off -c max_connections=200 {self.settings}"
        )
        self._run("pg_ctl", "-D", str(data), "-l", str(self.directory / "log"), "-o", options, "-w", "start")

    def stop(self) -> None:
        with contextlib.suppress(Exception):
            self._run("pg_ctl", "-D", str(self.directory / "data"), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.directory, ignore_errors=True)

    def create_database(self, prefix: str = "t") -> str:
        """A new empty database with pgvector installed; returns its URL."""
        import psycopg

        name = f"{prefix}_{os.getpid()}_{next(_counter)}"
        with psycopg.connect(self.admin_url, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        with psycopg.connect(self.url(name), autocommit=True) as conn:
            conn.execute("CREATE EXTENSION vector")
        return self.url(name)

    def create_schema(self) -> str:
        """A new empty schema in this process's shared test database; returns a URL that selects it."""
        import psycopg

        global _shared_database
        if _shared_database is None:
            _shared_database = self.create_database("shared")
        name = f"s_{next(_counter)}"
        with psycopg.connect(_shared_database, autocommit=True) as conn:
            conn.execute(f'CREATE SCHEMA "{name}"')
        return f"{_shared_database}?options=-csearch_path%3D{name},public"


_cluster: PostgresCluster | None = None
_shared_database: str | None = None


def cluster(settings: str | None = None) -> PostgresCluster:
    """This process's cluster, started on first use; skips (or fails under CI=true) when none can start."""
    global _cluster
    if _cluster is not None:
        return _cluster
    bin_dir = _bin_dir()
    if bin_dir is None:
        _unavailable("no PostgreSQL with pgvector found (run .ci/run as root to install it)")
    directory = Path(tempfile.mkdtemp(prefix="tiermem-pg-"))
    if os.geteuid() == 0:
        shutil.chown(directory, "postgres", "postgres")
    started = PostgresCluster(bin_dir, directory, _free_port())
    if settings:
        started.settings = settings
    try:
        started.start()
    except (OSError, subprocess.SubprocessError) as exc:
        log = directory / "log"
        detail = log.read_text(errors="replace")[-500:] if log.is_file() else getattr(exc, "stderr", b"")
        started.stop()
        _unavailable(f"PostgreSQL did not start: {exc}: {detail!r}")
    atexit.register(started.stop)
    _cluster = started
    return started


def _unavailable(reason: str) -> NoReturn:
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"PostgreSQL is required under CI=true: {reason}", pytrace=False)
    pytest.skip(reason)


def database_url() -> str:
    """A fresh, empty store on this process's cluster."""
    return cluster().create_schema()
