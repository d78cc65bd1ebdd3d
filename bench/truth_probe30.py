"""A thirtieth set of wordings for bench/truth.py (``probe30``), written by an author who saw neither the code
nor the other sets: a coding agent's working notes on five repos/services of a small company, full of code spans.
"""

from truth_scenarios import Family, Polar

PROBE30_FAMILIES = (
    # --- tallyhook (Node webhook relay) ---
    Family(
        first="tallyhook: run the test suite with {v} before pushing.",
        update="Heads up, tallyhook tests now go through {v} — the old jest wrapper script is retired.",
        restatement="For tallyhook, the tests are run by {v}.",
        question="How do I run the tests in tallyhook?",
        values=("`npm test`", "`npx vitest run`", "`pnpm test:unit`", "`npm run test:ci`"),
    ),
    Family(
        first="- tallyhook node version: {v} (pinned in `.nvmrc`)",
        update="We bumped tallyhook to Node {v} this sprint; `.nvmrc` and the CI image are updated.",
        restatement="tallyhook expects Node {v}, which is what `.nvmrc` says.",
        question="Which Node version does tallyhook run on?",
        values=("18.19", "20.11", "22.3", "20.18"),
    ),
    Family(
        first="tallyhook listens on port {v} locally.",
        update="Moved the local tallyhook port to {v} because it clashed with the Grafana container.",
        restatement="Locally, tallyhook's HTTP server binds to {v}.",
        question="What port does tallyhook listen on when running locally?",
        values=("3000", "8081", "4100", "5055"),
    ),
    Family(
        first="Webhook retries in tallyhook are queued with {v}.",
        update="we dropped the old retry queue in tallyhook for {v}, failed deliveries retry from there now",
        restatement="tallyhook keeps its webhook retry queue in {v}.",
        question="What does tallyhook use to queue failed webhook deliveries for retry?",
        values=("`bullmq`", "`pg-boss`", "`bee-queue`", "SQS (`tallyhook-retry.fifo`)"),
    ),
    Family(
        first="The webhook signing secret for tallyhook comes from {v}.",
        update="tallyhook signing secret env var renamed → {v}",
        restatement="tallyhook reads the HMAC signing secret out of {v}.",
        question="Which env var holds tallyhook's webhook signing secret?",
        values=("`WEBHOOK_SECRET`", "`TALLYHOOK_SIGNING_KEY`", "`HMAC_SECRET`", "`TH_WEBHOOK_HMAC`"),
    ),
    # --- Kestrel (Django internal admin) ---
    Family(
        first="Kestrel runs on Python {v}.",
        update="Kestrel is on Python {v} now; the Dockerfile and `pyproject.toml` were both bumped.",
        restatement="The interpreter for Kestrel is Python {v}.",
        question="What Python version is Kestrel on?",
        values=("3.10", "3.11", "3.12", "3.13"),
    ),
    Family(
        first="Lint Kestrel with {v} before opening a PR.",
        update="kestrel lint → {v}",
        restatement="The Kestrel lint step is {v}.",
        question="What's the lint command for Kestrel?",
        values=("`flake8 kestrel/`", "`ruff check .`", "`make lint`", "`pre-commit run --all-files`"),
    ),
    Family(
        first="Kestrel's production settings live in {v}.",
        update="From this sprint on the prod settings for Kestrel are in {v}; the old module just re-exports them.",
        restatement="For Kestrel in prod, the settings module is {v}.",
        question="Where are Kestrel's production settings?",
        values=(
            "`kestrel/settings/prod.py`",
            "`config/settings/production.py`",
            "`kestrel/conf/prod.py`",
            "`settings/prod.py`",
        ),
    ),
    Family(
        first="Kestrel gets its database connection string from {v}.",
        update="Switched Kestrel's DB config to {v} so it matches the other services.",
        restatement="The Postgres URL for Kestrel is read from {v}.",
        question="Which env var does Kestrel use for the database URL?",
        values=("`DATABASE_URL`", "`KESTREL_DB_URL`", "`PG_DSN`", "`DJANGO_DATABASE_URL`"),
    ),
    Family(
        first="Kestrel's nightly export job is scheduled as {v} in celery beat.",
        update="Nightly export for Kestrel moved to {v} — it was colliding with the backup window.",
        restatement="The Kestrel export task fires on the cron {v}.",
        question="When does Kestrel's nightly export run?",
        values=("`0 2 * * *`", "`30 3 * * *`", "`15 1 * * *`", "`0 4 * * 1-5`"),
    ),
    # --- mossgate (Rust auth proxy) ---
    Family(
        first="Release builds of mossgate: {v}.",
        update="mossgate release builds now use {v}, since the CI runner image changed.",
        restatement="To cut a release build of mossgate, run {v}.",
        question="How do I build a release binary of mossgate?",
        values=(
            "`cargo build --release`",
            "`cargo build --release --target x86_64-unknown-linux-musl`",
            "`just release`",
            "`cargo zigbuild --release`",
        ),
    ),
    Family(
        first="mossgate reads its config from {v} at startup.",
        update="Heads up: mossgate's config file moved to {v}; the old path is no longer read.",
        restatement="On boot, mossgate loads {v} as its config.",
        question="Which config file does mossgate load at startup?",
        values=(
            "`/etc/mossgate/config.toml`",
            "`config/mossgate.toml`",
            "`/srv/mossgate/gate.toml`",
            "`/etc/mossgate.d/main.toml`",
        ),
    ),
    Family(
        first="- mossgate runtime image: {v}",
        update="mossgate's runtime stage is built on {v} now — smaller, and fewer CVEs to triage.",
        restatement="The final stage of the mossgate Dockerfile is FROM {v}.",
        question="What base image does the mossgate runtime container use?",
        values=("`debian:bookworm-slim`", "`gcr.io/distroless/cc-debian12`", "`alpine:3.19`", "`scratch`"),
    ),
    Family(
        first="mossgate writes its access log to {v}.",
        update="Access logs from mossgate go to {v} after the logrotate change.",
        restatement="You'll find mossgate's access log at {v}.",
        question="Where does mossgate write its access log?",
        values=(
            "`/var/log/mossgate/access.log`",
            "`/var/log/mossgate.log`",
            "`/data/logs/mossgate/access.jsonl`",
            "`/var/lib/mossgate/log/access.log`",
        ),
    ),
    Family(
        first="mossgate signs session tokens with {v}.",
        update="We moved mossgate token signing over to {v}; the keys were rotated along with it.",
        restatement="Tokens issued by mossgate are {v}-signed.",
        question="Which algorithm does mossgate use to sign tokens?",
        values=("`RS256`", "`ES256`", "`EdDSA`", "`PS256`"),
    ),
    # --- Pebblecast (Go notification service) ---
    Family(
        first="Pebblecast's default branch is {v}; PRs target it.",
        update="Pebblecast renamed its default branch to {v}, so retarget any open PRs.",
        restatement="PRs for Pebblecast go against {v}.",
        question="Which branch do Pebblecast PRs target?",
        values=("`master`", "`main`", "`develop`", "`trunk`"),
    ),
    Family(
        first="Deploy Pebblecast to staging with {v}.",
        update="the old staging deploy script for Pebblecast is retired — use {v}",
        restatement="Pebblecast staging deploys: {v}.",
        question="How do I deploy Pebblecast to staging?",
        values=(
            "`make deploy-staging`",
            "`./scripts/deploy.sh staging`",
            "`fly deploy -a pebblecast-staging`",
            "`kubectl apply -k deploy/overlays/staging`",
        ),
    ),
    Family(
        first="Prod is currently running Pebblecast image {v}.",
        update="Rolled Pebblecast prod forward to {v} this morning.",
        restatement="The Pebblecast image deployed in prod is {v}.",
        question="Which Pebblecast image tag is running in prod?",
        values=(
            "`ghcr.io/pebblecast/api:v2.3.1`",
            "`ghcr.io/pebblecast/api:v2.4.0`",
            "`ghcr.io/pebblecast/api:v2.4.2`",
            "`ghcr.io/pebblecast/api:v2.5.0-rc1`",
        ),
    ),
    Family(
        first="Pebblecast builds with Go {v}.",
        update="Pebblecast moved to Go {v}; the `go` directive in `go.mod` is bumped too.",
        restatement="The toolchain for Pebblecast is Go {v}.",
        question="What Go version does Pebblecast build with?",
        values=("1.21", "1.22", "1.23", "1.24"),
    ),
    Family(
        first="Pebblecast's SQS queues live in {v}.",
        update="We migrated the Pebblecast queues to {v} so they sit next to the database.",
        restatement="Pebblecast's AWS region for the queues is {v}.",
        question="Which AWS region are Pebblecast's queues in?",
        values=("eu-west-1", "eu-central-1", "us-east-1", "eu-north-1"),
    ),
    # --- ledgerline (Python billing service) ---
    Family(
        first="Run ledgerline DB migrations with {v}.",
        update="ledgerline migrations now run via {v} — we dropped the custom migrate script.",
        restatement="To migrate the ledgerline schema: {v}.",
        question="How do I run the database migrations for ledgerline?",
        values=(
            "`alembic upgrade head`",
            "`make migrate`",
            "`python -m ledgerline.migrate`",
            "`uv run alembic upgrade head`",
        ),
    ),
    Family(
        first="Install ledgerline deps with {v}.",
        update="ledgerline switched dependency tooling, install is {v} from now on.",
        restatement="Setting up ledgerline's dependencies: {v}.",
        question="What command installs ledgerline's dependencies?",
        values=("`pip install -r requirements.txt`", "`poetry install`", "`uv sync`", "`pip install -e .[dev]`"),
    ),
    Family(
        first="Stripe sends ledgerline's webhooks to {v}.",
        update="Updated the endpoint in the Stripe dashboard: ledgerline webhooks hit {v} now.",
        restatement="ledgerline's Stripe webhook endpoint is {v}.",
        question="What URL does Stripe post ledgerline webhooks to?",
        values=(
            "`https://billing.brindle.io/stripe/webhook`",
            "`https://api.brindle.io/ledgerline/hooks/stripe`",
            "`https://ledgerline.brindle.io/webhooks/stripe`",
            "`https://hooks.brindle.io/stripe`",
        ),
    ),
    Family(
        first="ledgerline generates monthly invoices on the cron {v}.",
        update="Finance asked for invoices at a different hour, so the ledgerline invoice cron is {v} from now on.",
        restatement="Monthly invoice generation in ledgerline is scheduled at {v}.",
        question="What's the cron schedule for ledgerline's invoice run?",
        values=("`0 6 1 * *`", "`0 0 1 * *`", "`30 5 1 * *`", "`0 3 1 * *`"),
    ),
    Family(
        first="In `config/prod.yml`, ledgerline's `db.max_connections` is {v}.",
        update="Set ledgerline's `db.max_connections` to {v} after the pool-exhaustion incident.",
        restatement="ledgerline prod allows {v} DB connections (`db.max_connections`).",
        question="What is ledgerline's `db.max_connections` set to in prod?",
        values=("20", "40", "15", "60"),
    ),
)

PROBE30_POLAR = (
    Polar(
        statement="Kestrel's `DEBUG` flag is off in staging.",
        opposite="Turned `DEBUG` on in Kestrel staging to chase the template error.",
        restatement="Staging Kestrel runs with `DEBUG=False`.",
        question="Is `DEBUG` enabled on Kestrel staging?",
    ),
    Polar(
        statement="Feature flag `batch_digest` is enabled for Pebblecast in prod.",
        opposite="Switched `batch_digest` off in Pebblecast prod; digests were double-sending.",
        restatement="Pebblecast prod has `batch_digest` turned on.",
        question="Is `batch_digest` on for Pebblecast in prod?",
    ),
    Polar(
        statement="CI runs the e2e suite on every push to tallyhook.",
        opposite="We stopped running tallyhook's e2e suite on every push; it's nightly only now.",
        restatement="Every push to tallyhook triggers the e2e tests in CI.",
        question="Does tallyhook CI run the e2e tests on each push?",
    ),
    Polar(
        statement="mossgate enforces mTLS between the proxy and its upstreams.",
        opposite="mTLS to upstreams is disabled in mossgate for now (`upstream.tls.client_auth = false`).",
        restatement="Upstream traffic from mossgate goes over mutual TLS.",
        question="Does mossgate use mTLS to talk to its upstreams?",
    ),
    Polar(
        statement="Branch protection on ledgerline `main` requires a passing CI run before merge.",
        opposite="Removed the required CI check on ledgerline `main`; merges no longer wait for CI.",
        restatement="You can't merge into ledgerline `main` without green CI.",
        question="Does merging to ledgerline `main` require CI to pass?",
    ),
    Polar(
        statement="Dependabot is enabled for Pebblecast.",
        opposite="Dependabot is turned off on Pebblecast — nobody was reviewing its PRs.",
        restatement="Pebblecast gets Dependabot PRs for dependency bumps.",
        question="Is Dependabot active on Pebblecast?",
    ),
    Polar(
        statement="Staging ledgerline talks to Stripe in test mode (`sk_test_` keys).",
        opposite="Heads up: staging ledgerline is on live Stripe keys now, be careful with test charges.",
        restatement="ledgerline on staging uses Stripe's test mode.",
        question="Is ledgerline staging using Stripe test mode?",
    ),
    Polar(
        statement="tallyhook verifies webhook signatures on incoming requests.",
        opposite="Signature verification is switched off in tallyhook (`VERIFY_SIGNATURES=false`) "
        "while the partner fixes their HMAC.",
        restatement="Incoming tallyhook requests get their signatures checked.",
        question="Does tallyhook check signatures on incoming webhooks?",
    ),
)

PROBE30_NEAR_MISSES = (
    ("tallyhook unit tests: `npm test`.", "tallyhook e2e tests: `npm run test:e2e`."),
    (
        "Kestrel prod settings are in `kestrel/settings/prod.py`.",
        "Kestrel staging settings are in `kestrel/settings/staging.py`.",
    ),
    ("mossgate listens on port 8443 for public traffic.", "mossgate exposes its admin API on port 9443."),
    ("Pebblecast's default branch is `main`.", "Pebblecast's release branch is `release/2.x`."),
    (
        "ledgerline reads the primary DB from `DATABASE_URL`.",
        "ledgerline reads the read replica from `DATABASE_REPLICA_URL`.",
    ),
    ("Kestrel's nightly export runs at `0 2 * * *`.", "Kestrel's nightly DB backup runs at `0 1 * * *`."),
    (
        "Pebblecast prod runs image `ghcr.io/pebblecast/api:v2.4.0`.",
        "Pebblecast staging runs image `ghcr.io/pebblecast/api:v2.5.0-rc1`.",
    ),
    ("mossgate access log: `/var/log/mossgate/access.log`.", "mossgate error log: `/var/log/mossgate/error.log`."),
    ("tallyhook runs on Node 20.11 in production.", "tallyhook's CI matrix also tests against Node 22."),
    ("ledgerline lints with `ruff check .`.", "ledgerline formats with `ruff format .`."),
    ("Pebblecast's SQS queues are in eu-west-1.", "Pebblecast's S3 attachments bucket is in eu-central-1."),
    (
        "The ledgerline worker image is built from `python:3.12-slim`.",
        "The ledgerline API image is built from `python:3.12-alpine`.",
    ),
)

PROBE30_LOOKALIKES = (
    (
        "Which command runs the tallyhook unit tests?",
        "tallyhook unit tests: `npx vitest run`.",
        "tallyhook type-check: `npx tsc --noEmit`.",
    ),
    (
        "Where is the mossgate config file?",
        "mossgate loads `/etc/mossgate/config.toml` on startup.",
        "mossgate's systemd unit lives at `/etc/systemd/system/mossgate.service`.",
    ),
    (
        "What env var has Kestrel's Sentry DSN?",
        "Kestrel reports errors to Sentry using the DSN in `SENTRY_DSN`.",
        "Kestrel's Sentry environment name comes from `SENTRY_ENVIRONMENT`.",
    ),
    (
        "How do I deploy Pebblecast to production?",
        "Prod deploys of Pebblecast: `make deploy-prod` (needs the `deployer` role).",
        "Pebblecast staging deploys: `make deploy-staging`.",
    ),
    (
        "Which Redis instance does tallyhook's retry queue use?",
        "tallyhook's bullmq queue connects via `REDIS_URL=redis://cache-2.internal:6379/3`.",
        "tallyhook caches partner configs in Redis db 1 on `cache-1.internal`.",
    ),
    (
        "What's the ledgerline migration command?",
        "Migrate ledgerline with `alembic upgrade head`.",
        "Create a new ledgerline migration with `alembic revision --autogenerate -m 'msg'`.",
    ),
    (
        "What port does the Kestrel dev server use?",
        "Kestrel's dev server: `python manage.py runserver 0.0.0.0:8010`.",
        "Kestrel's local Postgres container is published on port 5433.",
    ),
    (
        "Which Go version does Pebblecast need?",
        "Pebblecast's `go.mod` declares `go 1.22`.",
        "Pebblecast pins `golangci-lint` to v1.57.2.",
    ),
    (
        "When does ledgerline's invoice run fire?",
        "ledgerline invoice cron: `0 6 1 * *`.",
        "ledgerline dunning emails cron: `0 9 * * 1`.",
    ),
    (
        "What base image does the mossgate builder stage use?",
        "mossgate's builder stage is `FROM rust:1.77-bookworm`.",
        "mossgate's runtime stage is `FROM gcr.io/distroless/cc-debian12`.",
    ),
)
