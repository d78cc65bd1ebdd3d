"""Where the hooks keep things: the project store, the user (global) store, the helper's socket, the
session state. Stdlib only, and light: the hook client uses it before anything heavy is imported (paths stay
strings until someone asks for a ``Path``).

The project store is ``$TIERMEM_HOME``, else ``<project>/.tiermem`` where the project is
``$CLAUDE_PROJECT_DIR``, else the payload's ``cwd``. The user store is ``$TIERMEM_USER_HOME``, else
``~/.tiermem``; ``TIERMEM_USER_HOME=off`` disables it.
"""

from __future__ import annotations

import os
import zlib
from stat import S_ISDIR

TYPE_CHECKING = False  # not typing.TYPE_CHECKING: see tiermem.hooks.payload
if TYPE_CHECKING:
    from collections.abc import Mapping
    from pathlib import Path

STORE_DIR = ".tiermem"
PROTOCOL = "1"
MAX_SOCKET_PATH = 100  # AF_UNIX paths are limited to 108 bytes on Linux, 104 on macOS


class Place:
    """The stores one hook call uses, and the agent namespace inside them."""

    __slots__ = ("_project", "_user", "agent_id")

    def __init__(
        self, project: str | os.PathLike[str], user: str | os.PathLike[str] | None = None, agent_id: str = "default"
    ) -> None:
        self._project = os.fspath(project)
        self._user = None if user is None else os.fspath(user)
        self.agent_id = agent_id

    @property
    def project(self) -> Path:
        from pathlib import Path

        return Path(self._project)

    @property
    def user(self) -> Path | None:
        from pathlib import Path

        return None if self._user is None else Path(self._user)

    @property
    def state_dir(self) -> Path:
        """Session state, markers and logs: inside the project store."""
        return self.project / "hooks"

    @property
    def socket(self) -> str | None:
        """The helper's socket: beside the store when the path is short enough for AF_UNIX, else in a
        private folder of the temporary directory; None when that folder is not private (no helper then:
        each call is answered in-process)."""
        key = "|".join([self._project, str(self._user), self.agent_id, PROTOCOL, _version()])
        digest = f"{zlib.crc32(key.encode()):08x}"
        near = os.path.join(self._project, "hooks", f"helper-{digest}.sock")
        if len(near) <= MAX_SOCKET_PATH:
            return near
        import tempfile  # rarely needed: only for long store paths

        folder = os.path.join(tempfile.gettempdir(), f"tiermem-{os.getuid()}")
        return os.path.join(folder, f"{digest}.sock") if private_dir(folder) else None

    def stores(self) -> list[tuple[str, Path]]:
        """(name, path) of each store, the project first."""
        user = self.user
        return [("project", self.project)] + ([("user", user)] if user is not None else [])


def private_dir(path: str) -> bool:
    """Create ``path`` 0700, or check that the one there is a real folder of this user that nobody else can
    enter. The temporary directory is shared: another user who created ``tiermem-<uid>`` first would
    otherwise receive every hook payload (the prompts) on a socket of their own and answer with theirs."""
    try:
        os.mkdir(path, 0o700)
    except FileExistsError:
        pass
    except OSError:
        return False
    try:
        info = os.lstat(path)
    except OSError:
        return False
    return S_ISDIR(info.st_mode) and info.st_uid == os.getuid() and info.st_mode & 0o077 == 0


def _version() -> str:
    from .. import __version__

    return __version__


def locate(cwd: str = "", env: Mapping[str, str] | None = None) -> Place:
    env = os.environ if env is None else env
    home = env.get("TIERMEM_HOME")
    if home:
        project = os.path.abspath(os.path.expanduser(home))
    else:
        base = env.get("CLAUDE_PROJECT_DIR") or cwd or os.getcwd()
        project = os.path.abspath(os.path.join(os.path.expanduser(base), STORE_DIR))
    user = user_store(env)
    if user is not None and os.path.realpath(user) == os.path.realpath(project):
        user = None
    return Place(project, user, env.get("TIERMEM_AGENT_ID") or "default")


def user_store(env: Mapping[str, str] | None = None) -> str | None:
    env = os.environ if env is None else env
    chosen = env.get("TIERMEM_USER_HOME")
    if chosen is not None and chosen.strip().lower() in ("", "off", "none", "0"):
        return None
    return os.path.abspath(os.path.expanduser(chosen or os.path.join("~", STORE_DIR)))
