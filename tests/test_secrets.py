"""Secrets are redacted before anything is stored; ordinary text (prose, hashes, ids) is left alone."""

from __future__ import annotations

import string
import uuid
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cli_support import Cli
from tiermem import Memory
from tiermem.write.secrets import _TRIGGER, KINDS, _redact_all, _triggered, redact

# One made-up credential of each kind, as it would appear in a chat or a log.
SAMPLES = {
    "openai_key": "sk-proj-Xq3vB8mN2kL5pR7tW9yZ1aC4dF6gH0jK",
    "aws_access_key": "AKIAIOSFODNN7EXAMPLE",
    "github_token": "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8",
    "slack_token": "xoxb-2048-4096-ZmFrZXRva2VuZm9ydGVzdHM",
    "google_api_key": "AIzaSyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q",
    "stripe_key": "sk_live_" + "4eC39HqLyjWDarjtT1zdp7dc",
    "tiermem_token": "tmk_0123456789ab_" + "Zx9-" * 10 + "abc",
    "huggingface_token": "hf_" + "AbCdEfGhIjKlMnOpQrStUvWxYz012345",
    "jwt": "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
}


@pytest.mark.parametrize("kind", sorted(SAMPLES))
def test_each_provider_key_is_redacted(kind: str) -> None:
    secret = SAMPLES[kind]
    found = redact(f"Here is the key: {secret} (do not share)")
    assert found.text == f"Here is the key: [REDACTED:{kind}] (do not share)"
    assert found.kinds == {kind: 1} and found.count == 1


@pytest.mark.parametrize(
    ("text", "expected", "kind"),
    [
        (
            "postgresql://app:hunter2hunter2@db.internal:5432/prod",
            "postgresql://app:[REDACTED:url_credentials]@db.internal:5432/prod",
            "url_credentials",
        ),
        (
            "curl -H 'Authorization: Bearer abcdef0123456789abcdef'",
            "curl -H 'Authorization: Bearer [REDACTED:bearer_token]'",
            "bearer_token",
        ),
        ("login with password=Tr0ub4dor&3 today", "login with password=[REDACTED:password] today", "password"),
        ("The office wifi password is sunflower42.", "The office wifi password is [REDACTED:password].", "password"),
        ("the passphrase was Tr0ub4dor&3 until May", "the passphrase was [REDACTED:password] until May", "password"),
        ('DB_PASSWORD: "correct horse"', "DB_PASSWORD: [REDACTED:password]", "password"),
        (
            "Server=db;Database=app;User Id=sa;Password=p4ssw0rd;",
            "Server=db;Database=app;User Id=sa;Password=[REDACTED:password];",
            "password",
        ),
        (
            "export OPENAI_API_KEY=abc123def456ghi789",
            "export OPENAI_API_KEY=[REDACTED:secret_assignment]",
            "secret_assignment",
        ),
        ("AccountKey=Zm9vYmFyMTIzNDU2Nzg5MA==;", "AccountKey=[REDACTED:secret_assignment];", "secret_assignment"),
        (
            "key:\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n"
            "-----END OPENSSH PRIVATE KEY-----\nthanks",
            "key:\n[REDACTED:private_key]\nthanks",
            "private_key",
        ),
        ("-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA (pasted, cut off", "[REDACTED:private_key]", "private_key"),
    ],
)
def test_passwords_urls_connection_strings_and_key_blocks(text: str, expected: str, kind: str) -> None:
    found = redact(text)
    assert (found.text, found.kinds) == (expected, {kind: 1})


@pytest.mark.parametrize(
    "text",
    [
        "The user prefers dark mode and short answers.",
        "Fixed in commit 3f786850e387550fdab836ed7e6dc881de23001b (see PR #42).",
        "Request 7c9e6679-7425-40de-944b-e07fc1f90ae7 failed; trace id 9d112cf9bbd94f6da348cf34be030284.",
        "Memory 01M8M1TDCFGA3B37NJ312R1ESF supersedes 01M8M1TDQDB49ZZ1Q2W3E4R5T6.",
        "sha256: e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
        "The secret: always run the tests before pushing.",
        "Reset your password in the settings page; the token count was 1,234.",
        "The office wifi password is stored in the blue 1Password vault.",
        "The password is 12 characters long; the old password was changed on 2024-05-01.",
        "Use PASSWORD_FILE=/run/secrets/db and token: see the vault.",
        "Ask the skeptic about sk-learn's API; the task-runner skips it.",
        "Visit https://example.com/docs?page=2 and ssh://git@github.com/org/repo.git.",
        "Bearer tokens are sent in the Authorization header.",
    ],
)
def test_ordinary_text_is_not_redacted(text: str) -> None:
    assert redact(text).text == text and redact(text).count == 0


_prose = st.text(alphabet=string.ascii_letters + string.digits + " .,;!?()'\n-", max_size=80)


@given(before=_prose, after=_prose, kind=st.sampled_from(sorted(SAMPLES)))
def test_a_secret_anywhere_in_prose_never_survives(before: str, after: str, kind: str) -> None:
    """Property: whatever surrounds it, the secret is gone, its kind is recorded, and redacting again changes
    nothing (the marker is never itself redacted)."""
    text = f"{before} {SAMPLES[kind]} {after}"
    found = redact(text)
    assert SAMPLES[kind] not in found.text
    assert found.kinds.get(kind, 0) >= 1 or found.count >= 1
    assert redact(found.text).text == found.text


@given(
    st.lists(
        st.sampled_from(["the", "user", "likes", "tea", "deploy", "at", "noon", "v1.2.3", "#42", "ok"]), max_size=30
    )
)
def test_plain_sentences_are_untouched(words: list[str]) -> None:
    text = " ".join(words)
    assert redact(text).text == text


@given(st.binary(min_size=20, max_size=20), st.uuids())
def test_hashes_and_uuids_are_untouched(digest: bytes, value: uuid.UUID) -> None:
    text = f"blob {digest.hex()} from {value} and {value.hex}"
    assert redact(text).text == text


_FRAGMENTS = [
    *SAMPLES.values(), "password: hunter22", "api_key=abc123def456", "Bearer abcdefghijklmnop1234",
    "postgres://app:s3cret@db:5432/x", "-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----",
    "the", "token", "KEY", "Pass", "sk-", "eyJ", "://", "deploy at noon", "=", ":", "\n", "AKIA",
    "pa\u017fsword: hunter22", "api_\u212aey=abc123def456", "caf\xe9", "\u0130",  # long s, Kelvin sign: (?i) folds them
]  # fmt: skip


@given(st.lists(st.sampled_from(_FRAGMENTS), max_size=12).map(" ".join))
def test_the_quick_pre_check_never_changes_the_answer(text: str) -> None:
    """Property: skipping texts without any detector's trigger is only a shortcut."""
    assert redact(text) == _redact_all(text)


@given(st.one_of(st.text(), st.lists(st.sampled_from(_FRAGMENTS), max_size=6).map("".join)))
def test_the_pre_check_is_the_case_insensitive_trigger(text: str) -> None:
    assert _triggered(text) == bool(_TRIGGER.search(text))


def test_kinds_are_all_exercised() -> None:
    tested = set(SAMPLES) | {"url_credentials", "bearer_token", "password", "secret_assignment", "private_key"}
    tested |= {"basic_auth"}  # tests/test_security_local.py
    assert tested == set(KINDS)


# --- on the write path -----------------------------------------------------------------------------------


def test_store_store_many_and_update_redact_and_record_it(mem: Memory) -> None:
    key = SAMPLES["openai_key"]
    made = mem.store(
        f"my key is {key}",
        metadata={"note": "password=hunter22", "n": 1},
        source={"type": "user", "url": "https://bob:s3cretpass@x.io"},
    )
    record = mem.get(made.id)
    assert all(s not in repr(record.to_dict()) for s in (key, "hunter22", "s3cretpass"))
    assert record.text == "my key is [REDACTED:openai_key]"
    assert record.metadata["redactions"] == {
        "count": 3,
        "kinds": {"openai_key": 1, "password": 1, "url_credentials": 1},
    }
    assert mem.search("my key")[0].memory.id == made.id
    [batch] = mem.store_many([{"text": f"aws {SAMPLES['aws_access_key']} in staging"}])
    assert batch.memory.text == "aws [REDACTED:aws_access_key] in staging"
    newer = mem.update(made.id, text="no secret any more")
    assert "redactions" not in newer.metadata  # they described the old text
    changed = mem.update(newer.id, metadata={"cfg": f"token={SAMPLES['github_token']}"})
    assert changed.metadata == {
        "cfg": "token=[REDACTED:github_token]",
        "redactions": {"count": 1, "kinds": {"github_token": 1}},
    }
    assert all(key not in h.detail.get("text", "") for h in mem.history(made.id))


def test_the_store_result_says_what_it_took_out(mem: Memory) -> None:
    first = mem.store("The office wifi password is sunflower42.")
    assert first.created and first.redacted == {"password": 1}
    # Another password, redacted, is the same text: a duplicate, and the answer says why it matched exactly.
    second = mem.store("The office wifi password is bluewhale7.")
    assert (second.created, second.duplicate_of, second.redacted) == (False, first.id, {"password": 1})
    assert second.to_dict()["redacted"] == {"password": 1}
    assert mem.store("The office wifi is called Lantern").redacted is None
    [batch] = mem.store_many([{"text": f"deploy key {SAMPLES['github_token']} and {SAMPLES['slack_token']}"}])
    assert batch.redacted == {"github_token": 1, "slack_token": 1}
    # The metadata key is the caller's to set too: what is not a count is not read as one.
    for odd in ("x", {"kinds": {"a": "b"}}, {"kinds": {"a": True, "b": 2.5, "c": -1}}):
        assert mem.store(f"plain note {odd!r}", metadata={"redactions": odd}).redacted is None


def test_opt_out_per_call_and_by_config(mem: Memory, open_memory: Callable[..., Memory], tmp_path: Path) -> None:
    key = SAMPLES["openai_key"]
    kept = mem.store(f"keep {key} verbatim", redact_secrets=False).memory
    assert kept.text == f"keep {key} verbatim" and "redactions" not in kept.metadata
    updated = mem.update(kept.id, text=f"still {key}", redact_secrets=False)
    assert updated.text == f"still {key}"
    raw = open_memory(tmp_path / "raw", config={"redact_secrets": False})
    assert raw.store(f"config says keep {key}").memory.text == f"config says keep {key}"
    assert raw.store(f"but this call redacts {key}", redact_secrets=True).memory.text.endswith("[REDACTED:openai_key]")


def test_cli_and_hooks_paths_redact(tmp_path: Path) -> None:
    cli = Cli(tmp_path / "home")
    made = cli.json("store", f"ci uses {SAMPLES['github_token']}")
    assert made["memory"]["text"] == "ci uses [REDACTED:github_token]"
    assert made["memory"]["metadata"]["redactions"]["kinds"] == {"github_token": 1}
    assert made["redacted"] == {"github_token": 1}
    kept = cli.json("store", f"ci still uses {SAMPLES['github_token']}", "--keep-secrets")
    assert kept["memory"]["text"] == f"ci still uses {SAMPLES['github_token']}" and kept["redacted"] is None
    said = cli.ok("store", "The office wifi password is sunflower42.")
    assert "secrets taken out before storing: password x1 (--keep-secrets keeps them)" in said
    again = cli.ok("store", "The office wifi password is bluewhale7.")
    assert again.startswith("duplicate of") and "secrets taken out before storing: password x1" in again
    assert "secrets taken out" not in cli.ok("store", "The office wifi is called Lantern")
