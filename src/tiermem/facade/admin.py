"""``mem.admin``: backup (export, import), the doctor, archive restores and the servers' access records."""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from .. import backup
from ..core import Core
from ..errors import ValidationError
from ..model import MemoryRecord, check_agent_id
from ..workspace.service import workspace_root

if TYPE_CHECKING:
    from ..doctor import Report as DoctorReport


class Admin:
    def __init__(self, core: Core) -> None:
        self._core = core

    # --- backup (tiermem.backup) -------------------------------------------------------------------------

    def export_lines(self, *, agent_id: str | None = None, embeddings: bool = False) -> Iterator[str]:
        """The store (or one agent) as JSON Lines, one line at a time: see :mod:`tiermem.backup`."""
        return self._export(agent_id, embeddings, dict.fromkeys(backup.KINDS, 0))

    def _export(self, agent_id: str | None, embeddings: bool, counts: dict[str, int]) -> Iterator[str]:
        core = self._core
        agents = [check_agent_id(agent_id)] if agent_id is not None else core.agents()
        core.settle()
        yield backup.header(agents, (core.embedder.name, core.embedder.dims), embeddings, backup.now())
        for agent in agents:
            yield from backup.agent_lines(core.backend, agent, embeddings, counts)
        yield backup.end(counts)

    def export(
        self, target: str | Path | IO[str], *, agent_id: str | None = None, embeddings: bool = False
    ) -> dict[str, int]:
        """Write :meth:`export_lines` to a file (atomically: a failed export leaves no partial file) or an
        open text stream; returns how many memories, links and history entries were written."""
        counts = dict.fromkeys(backup.KINDS, 0)
        lines = self._export(agent_id, embeddings, counts)
        if not isinstance(target, str | Path):
            target.writelines(lines)
            return counts
        path = Path(target).expanduser()
        partial = path.with_name(f".{path.name}.partial")
        try:
            with open(os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "w", encoding="utf-8") as out:
                out.writelines(lines)
                out.flush()
                os.fsync(out.fileno())
            os.replace(partial, path)
        except OSError as exc:
            partial.unlink(missing_ok=True)
            raise ValidationError(f"cannot write the export to {path}: {exc.strerror}") from None
        return counts

    def import_from(
        self,
        source: str | Path | IO[str] | IO[bytes] | Iterable[str | bytes],
        *,
        agent_id: str | None = None,
        on_conflict: str = "error",
        redact_secrets: bool | None = None,
        provenance: Mapping[str, Any] | None = None,
    ) -> backup.ImportReport:
        """Read an export (a path, an open file or lines) into the store, all or nothing, validating every
        line; ``agent_id`` imports that agent's memories only. ``provenance``: the ``source`` every memory gets
        instead of the file's (which is kept under ``claimed``), with no pins and no hot tier taken from the
        file: for files that arrive over a network. See :mod:`tiermem.backup` for the rules."""
        core = self._core
        importer = backup.Importer(
            core.backend,
            core.embedder.embed,
            core.registry,
            (core.embedder.name, core.embedder.dims),
            max_text_bytes=core.settings.max_text_bytes,
            redact=core.redacting(redact_secrets),
            only_agent=agent_id,
            on_conflict=on_conflict,
            provenance=provenance,
        )
        if not isinstance(source, str | Path):
            return importer.run(source)
        path = Path(source).expanduser()
        try:
            with path.open("rb") as lines:
                return importer.run(lines)
        except OSError as exc:
            raise ValidationError(f"cannot read {path}: {exc.strerror}") from None

    # --- health (tiermem.doctor) ---------------------------------------------------------------------------

    def doctor(self, *, repair: bool = False, workspace: str | Path | None = None) -> DoctorReport:
        """Check the store (integrity, migrations, embedder, full-text index, vectors) and its workspace
        (the files' index, index.md); ``repair`` fixes what can be fixed safely. See :mod:`tiermem.doctor`."""
        from .. import doctor  # lazy: only `tiermem doctor` needs it

        self._core.settle()
        return doctor.run(
            self._core, self._core.backend, repair=bool(repair), workspace=workspace_root(self._core, workspace)
        )

    def adopt(self, records: Sequence[MemoryRecord]) -> int:
        """Put archived memories back exactly as they were (see :meth:`tiermem.core.Core.adopt`)."""
        return self._core.adopt(records)

    # --- access tokens of the REST and MCP servers (interfaces/auth.py makes and checks them) ----------

    def put_token(self, token_id: str, record: str) -> None:
        """Store a token record (JSON, holding only a hash of the secret) under its id."""
        self._core.backend.meta_set(f"token:{token_id}", record)

    def token_record(self, token_id: str) -> str | None:
        return self._core.backend.meta_get(f"token:{token_id}")

    def token_records(self) -> dict[str, str]:
        """Every token record, by token id."""
        found = self._core.backend.meta_items("token:")
        return {key.removeprefix("token:"): value for key, value in found.items()}

    def put_session(self, key: str, record: str) -> None:
        """Store a browser session of the memory browser (JSON, naming its token) under a hash of its id."""
        self._core.backend.meta_set(f"session:{key}", record)

    def session_record(self, key: str) -> str | None:
        return self._core.backend.meta_get(f"session:{key}")
