"""``tiermem hook EVENT``: the process Claude Code starts for every hook. Stdlib only until it must answer
in-process, so a call served by the resident helper costs little more than Python's start-up.

1. Read the event JSON from stdin and find the stores (:mod:`.locate`).
2. Ask the helper on its unix socket; it holds the open stores and answers in milliseconds.
3. No helper: start one (detached) for the next calls, and answer this call in-process.
Whatever fails, the hook prints a valid answer (``{}`` at worst) and exits 0: it never breaks the session.

The ``tiermem`` console script (:mod:`tiermem.console`) sends ``tiermem hook ...`` here before typer, rich
and the engine are imported, and everything else to the full command line.
"""

from __future__ import annotations

import _socket  # the C module behind `socket`: same calls, without importing selectors and enum wrappers
import json
import os
import sys

from .locate import PROTOCOL, Place, locate
from .payload import HookInput, PayloadError, canonical_event, parse_payload
from .spawn import start_helper

TYPE_CHECKING = False  # not typing.TYPE_CHECKING: importing typing would cost every hook call ~10 ms
if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence
    from typing import Any, BinaryIO

MAX_STDIN_BYTES = 8 * 1024 * 1024
CONNECT_TIMEOUT_S = 1.0
EMPTY = "{}"


def main(argv: Sequence[str], stdin: BinaryIO | None = None, env: Mapping[str, str] | None = None) -> int:
    """Answer one hook call on stdout; always exit status 0."""
    env = os.environ if env is None else env
    place: Place | None = None
    answer = EMPTY
    try:
        event = canonical_event(argv[0]) if argv else ""
        raw = (stdin or sys.stdin.buffer).read(MAX_STDIN_BYTES)
        hook = parse_payload(raw, event)
        place = locate(hook.cwd, env)
        answer = _answer(place, hook, raw, gate="--gate" in argv, env=env)
    except PayloadError as exc:
        sys.stderr.write(f"tiermem: hook ignored: {exc}\n")  # shown in Claude Code's debug log only
    except Exception as exc:  # the session must go on whatever happened
        _log(place, "hook client", exc)
    _write(answer)
    return 0


def _answer(place: Place, hook: HookInput, raw: bytes, *, gate: bool, env: Mapping[str, str]) -> str:
    socket = place.socket
    helper = env.get("TIERMEM_HOOK_HELPER", "1") != "0" and socket is not None  # None: no private place for it
    if helper and socket is not None:
        request = {"v": PROTOCOL, "event": hook.event, "payload": raw.decode("utf-8", "replace"), "gate": gate}
        reply = ask(socket, request, timeout=float(env.get("TIERMEM_HOOK_TIMEOUT", "8")))
        if reply is not None:
            return reply
        if hook.event != "SessionEnd":  # the session is over: no helper is needed any more
            start_helper(place)
    from .inline import answer_inline  # the engine's import cost is paid here only

    return answer_inline(place, hook, gate=gate, helper=helper)


def ask(path: str, request: dict[str, Any], timeout: float) -> str | None:
    """The helper's answer, or None when no helper listens (then the caller answers itself).

    A helper that accepted the request but did not answer in time yields ``{}``: answering again
    in-process would store the same learnings twice."""
    client = _socket.socket(_socket.AF_UNIX, _socket.SOCK_STREAM)
    try:
        client.settimeout(CONNECT_TIMEOUT_S)
        try:
            client.connect(path)
        except OSError:
            return None
        client.settimeout(timeout)
        try:
            client.sendall(json.dumps(request).encode("utf-8"))
            client.shutdown(_socket.SHUT_WR)
            reply = _read_all(client)
        except OSError:
            return EMPTY
    finally:
        client.close()
    return reply.decode("utf-8", "replace") if reply.strip() else EMPTY


def _read_all(conn: _socket.socket, limit: int = 64 * 1024 * 1024) -> bytes:
    chunks: list[bytes] = []
    size = 0
    while size <= limit:
        chunk = conn.recv(65536)
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)


def _write(answer: str) -> None:
    try:
        sys.stdout.write(answer if answer.endswith("\n") else answer + "\n")
        sys.stdout.flush()
    except (OSError, ValueError):
        pass  # Claude Code stopped reading (timeout, cancelled): nothing to do


def _log(place: Place | None, where: str, exc: BaseException) -> None:
    from .runtime import log_failure

    log_failure(place, where, exc)
