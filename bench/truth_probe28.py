"""A twenty-eighth set of wordings for bench/truth.py (``probe28``), written by an author who saw neither the code
nor the other sets: markdown-style technical notes with backticked commands, paths, env vars, flags, config keys,
package names and URLs across six repositories (ledgerline, harbor-web, tidepool, corvid-cli, mosaic-ml, beacon-infra).
"""

from truth_scenarios import Family, Polar

PROBE28_FAMILIES = (
    # --- ledgerline (Python billing API) ---
    Family(
        first="Lint `ledgerline` with {v} before committing.",
        update="ledgerline switched linters, so the lint step there is {v} from now on; the old invocation is gone.",
        restatement="Reminder for ledgerline: linting the code means running {v}.",
        question="What command should I run to lint the ledgerline code?",
        values=("`ruff check .`", "`flake8 src tests`", "`pylint ledgerline`", "`make lint`"),
    ),
    Family(
        first="The ledgerline DB URL comes from {v} in `.env.local`.",
        update="ledgerline now reads its Postgres connection string from the {v} env var instead of the old one.",
        restatement="- ledgerline: database connection is configured via {v}",
        question="Which environment variable holds ledgerline's database connection string?",
        values=("`DATABASE_URL`", "`LEDGER_DB_DSN`", "`PG_CONNECTION_STRING`", "`LEDGERLINE_DATABASE_URI`"),
    ),
    Family(
        first="Feature flag {v} gates the Stripe v2 flow in ledgerline.",
        update="The Stripe v2 checkout in ledgerline sits behind a renamed flag now: {v}.",
        restatement="ledgerline, Stripe v2 checkout: toggled by the {v} flag.",
        question="Which feature flag do I flip to turn on the Stripe v2 checkout in ledgerline?",
        values=("`new_billing`", "`stripe_v2_checkout`", "`billing_revamp`", "`payments_next`"),
    ),
    Family(
        first="ledgerline's Alembic migrations live in {v}.",
        update="We moved ledgerline's migration scripts; new revisions go under {v} from now on.",
        restatement="New Alembic revisions for ledgerline belong in {v}.",
        question="Where do I put a new database migration in ledgerline?",
        values=(
            "`migrations/versions/`",
            "`db/alembic/versions/`",
            "`src/ledgerline/migrations/`",
            "`alembic/versions/`",
        ),
    ),
    # --- harbor-web (Next.js frontend) ---
    Family(
        first="harbor-web tests: {v}",
        update="Heads up: harbor-web changed test runners, so run the suite with {v} now.",
        restatement="To run the harbor-web test suite, use {v}.",
        question="How do I run the tests in harbor-web?",
        values=("`pnpm test --run`", "`npx vitest run`", "`pnpm jest --ci`", "`npm run test:unit`"),
    ),
    Family(
        first="Install harbor-web dependencies with {v}.",
        update="The old install command for harbor-web is retired; CI and local setup both use {v} instead.",
        restatement="For a fresh harbor-web checkout, get the node modules with {v}.",
        question="How do I install the packages for harbor-web after cloning it?",
        values=("`npm ci`", "`pnpm install --frozen-lockfile`", "`yarn install --immutable`", "`bun install`"),
    ),
    Family(
        first="harbor-web's dev server listens on port {v}.",
        update="We bumped harbor-web's local dev port to {v} so it stops clashing with the API.",
        restatement="Open harbor-web locally on port {v}.",
        question="Which localhost port do I open to see the harbor-web dev build?",
        values=("`3000`", "`5173`", "`8080`", "`4321`"),
    ),
    Family(
        first="harbor-web picks up the backend base URL from {v}.",
        update="The API origin for harbor-web is no longer read from the old variable; set {v} instead.",
        restatement="In harbor-web, point the frontend at the backend by setting {v}.",
        question="What env var do I set to tell harbor-web where the API is?",
        values=("`NEXT_PUBLIC_API_URL`", "`VITE_API_BASE`", "`PUBLIC_BACKEND_URL`", "`HARBOR_API_ORIGIN`"),
    ),
    # --- tidepool (Go ingestion service) ---
    Family(
        first="Build tidepool with {v}.",
        update="tidepool's build changed: produce the binary with {v} now rather than the previous command.",
        restatement="tidepool build: {v}",
        question="How do I compile the tidepool service?",
        values=("`go build ./cmd/tidepool`", "`make build`", "`goreleaser build --snapshot`", "`task build`"),
    ),
    Family(
        first="tidepool loads its config from {v} at startup.",
        update="tidepool's config file moved; the service now reads {v} when it boots.",
        restatement="At boot, tidepool reads settings from {v}.",
        question="Which file does tidepool read its configuration from?",
        values=(
            "`/etc/tidepool/config.yaml`",
            "`./configs/tidepool.toml`",
            "`$HOME/.config/tidepool/settings.yaml`",
            "`/opt/tidepool/conf/app.yaml`",
        ),
    ),
    Family(
        first="tidepool consumes incoming events from the Kafka topic {v}.",
        update="We cut tidepool over to a new input topic, {v}; the old topic is being drained and deleted.",
        restatement="- tidepool input topic: {v}",
        question="What Kafka topic does tidepool read from?",
        values=("`events.raw.v1`", "`ingest-firehose`", "`tidepool.inbound`", "`raw_events_v2`"),
    ),
    Family(
        first="tidepool's ingest batch size (`ingest.batch_size`) is {v}.",
        update="After the load test we changed `ingest.batch_size` in tidepool to {v}.",
        restatement="tidepool flushes ingest batches of {v} records (`ingest.batch_size`).",
        question="How many records does tidepool put in one ingest batch?",
        values=("500", "1000", "250", "2000"),
    ),
    # --- corvid-cli (Rust CLI) ---
    Family(
        first="corvid-cli's minimum supported Rust version is {v}.",
        update="We raised the MSRV of corvid-cli to {v} (bumped `rust-version` in `Cargo.toml`).",
        restatement="corvid-cli needs at least Rust {v} to compile.",
        question="What's the oldest Rust toolchain that can build corvid-cli?",
        values=("1.70", "1.74", "1.78", "1.81"),
    ),
    Family(
        first="Cut a corvid-cli release with {v}.",
        update="corvid-cli releases are no longer done the old way; run {v} to publish a new version.",
        restatement="corvid-cli release process: {v}",
        question="How do I publish a new version of corvid-cli?",
        values=("`cargo release patch`", "`cargo dist build`", "`just release`", "`./scripts/release.sh`"),
    ),
    Family(
        first="corvid-cli parses its command-line arguments with the {v} crate.",
        update="We swapped corvid-cli's argument parser for {v} to cut compile times.",
        restatement="Argument parsing in corvid-cli is done by {v}.",
        question="Which crate handles CLI flags and subcommands in corvid-cli?",
        values=("`clap`", "`argh`", "`pico-args`", "`bpaf`"),
    ),
    # --- mosaic-ml (training pipeline) ---
    Family(
        first="Kick off a mosaic-ml training run with {v}.",
        update="mosaic-ml training is launched differently now: use {v}.",
        restatement="- mosaic-ml train: {v}",
        question="How do I start training in mosaic-ml?",
        values=(
            "`python -m mosaic.train`",
            "`accelerate launch train.py`",
            "`torchrun --nproc_per_node=8 train.py`",
            "`make train`",
        ),
    ),
    Family(
        first="mosaic-ml writes its checkpoints to {v}.",
        update="Checkpoints from mosaic-ml runs now land in {v}; the previous location is read-only.",
        restatement="Model checkpoints for mosaic-ml are saved under {v}.",
        question="Where can I find the saved model checkpoints from mosaic-ml?",
        values=(
            "`s3://mosaic-ckpts/prod/`",
            "`gs://mosaic-ml-checkpoints/`",
            "`s3://ml-artifacts/mosaic/ckpt/`",
            "`/mnt/shared/mosaic/checkpoints/`",
        ),
    ),
    Family(
        first="mosaic-ml targets Python {v}.",
        update="mosaic-ml moved to Python {v}; `requires-python` in `pyproject.toml` was updated to match.",
        restatement="The mosaic-ml environment runs on Python {v}.",
        question="Which Python version should my mosaic-ml virtualenv use?",
        values=("3.10", "3.11", "3.12", "3.9"),
    ),
    Family(
        first="mosaic-ml logs its experiments to {v}.",
        update="We migrated mosaic-ml experiment tracking over to {v}.",
        restatement="Run metrics for mosaic-ml show up in {v}.",
        question="Where do I look at the metrics of a mosaic-ml run?",
        values=("Weights & Biases", "MLflow", "Neptune", "TensorBoard"),
    ),
    # --- beacon-infra (Terraform / Kubernetes) ---
    Family(
        first="beacon-infra's Terraform state is stored in the {v} bucket.",
        update="The Terraform backend for beacon-infra was migrated to the {v} bucket.",
        restatement="beacon-infra keeps its tfstate in the {v} bucket.",
        question="Which bucket holds the Terraform state for beacon-infra?",
        values=("`beacon-tf-state`", "`acme-terraform-state-prod`", "`beacon-infra-tfstate`", "`platform-tfstate-eu`"),
    ),
    Family(
        first="beacon-infra deploys the services into the {v} namespace.",
        update="beacon-infra workloads were moved to the {v} namespace in the cluster.",
        restatement="`kubectl -n` for beacon-infra services: the namespace is {v}.",
        question="Which Kubernetes namespace are the beacon-infra services running in?",
        values=("`platform`", "`beacon-prod`", "`apps`", "`core-services`"),
    ),
    Family(
        first="The Helm chart for beacon-infra lives at {v}.",
        update="beacon-infra's Helm chart was relocated to {v}.",
        restatement="beacon-infra Helm chart path: {v}",
        question="Where is the beacon-infra Helm chart in the repo?",
        values=("`charts/beacon/`", "`deploy/helm/beacon/`", "`k8s/charts/beacon-stack/`", "`infra/helm/`"),
    ),
    Family(
        first="ledgerline's API docs are published at {v}.",
        update="The ledgerline API reference moved; it's hosted at {v} now.",
        restatement="You can read the ledgerline API documentation at {v}.",
        question="What's the URL of the ledgerline API docs?",
        values=(
            "https://docs.ledgerline.dev",
            "https://ledgerline.readthedocs.io",
            "https://api-docs.ledgerline.io",
            "https://internal.example.com/ledgerline/docs",
        ),
    ),
    Family(
        first="Alerts from beacon-infra go to {v} in Slack.",
        update="beacon-infra alerting now posts to {v} in Slack.",
        restatement="beacon-infra pages land in the {v} Slack channel.",
        question="Which Slack channel should I watch for beacon-infra alerts?",
        values=("#beacon-alerts", "#platform-oncall", "#infra-pages", "#sre-alerts"),
    ),
)

PROBE28_POLAR = (
    Polar(
        statement="`strict` mode is on in harbor-web's `tsconfig.json`.",
        opposite="harbor-web turned off `strict` in `tsconfig.json`; the compiler no longer runs in strict mode.",
        restatement='harbor-web compiles TypeScript with `"strict": true` set in `tsconfig.json`.',
        question="Is TypeScript strict mode enabled in harbor-web?",
    ),
    Polar(
        statement="`mypy` runs as a pre-commit hook in ledgerline.",
        opposite="We dropped the `mypy` hook from ledgerline's pre-commit config; commits are no longer type-checked.",
        restatement="ledgerline's `.pre-commit-config.yaml` includes a `mypy` hook that type-checks every commit.",
        question="Does ledgerline type-check with mypy on commit?",
    ),
    Polar(
        statement="tidepool is built with cgo disabled (`CGO_ENABLED=0`).",
        opposite="tidepool builds with cgo turned on now (`CGO_ENABLED=1`), because the Kafka client needs librdkafka.",
        restatement="tidepool binaries are compiled with `CGO_ENABLED=0`, so no cgo.",
        question="Is cgo disabled when building tidepool?",
    ),
    Polar(
        statement="The `telemetry` cargo feature is enabled by default in corvid-cli.",
        opposite="`telemetry` is no longer a default feature of corvid-cli; opt in with `--features telemetry`.",
        restatement="corvid-cli's `Cargo.toml` lists `telemetry` under `default` features.",
        question="Is telemetry a default feature in corvid-cli?",
    ),
    Polar(
        statement="mosaic-ml trains with `bf16` mixed precision.",
        opposite="mosaic-ml runs train in full fp32 now; `bf16` mixed precision was switched off.",
        restatement="Mixed precision (`bf16`) is turned on for mosaic-ml training runs.",
        question="Does mosaic-ml use bf16 mixed precision for training?",
    ),
    Polar(
        statement="Direct pushes to `main` are blocked in beacon-infra; every change goes through a PR.",
        opposite="Branch protection on beacon-infra's `main` was lifted, so you can push to it directly.",
        restatement="beacon-infra's `main` branch is protected: nobody can push to it without a pull request.",
        question="Are direct pushes to main blocked in beacon-infra?",
    ),
    Polar(
        statement="Renovate auto-merges patch updates in harbor-web.",
        opposite="Renovate no longer auto-merges anything in harbor-web; every dependency PR needs a manual review.",
        restatement="In harbor-web, `automerge` is set for patch bumps in `renovate.json`, so they merge on their own.",
        question="Does Renovate merge patch bumps in harbor-web automatically?",
    ),
    Polar(
        statement="ledgerline's test suite needs a running Docker daemon (it uses `testcontainers`).",
        opposite="ledgerline tests don't need Docker anymore; `testcontainers` gave way to in-memory SQLite fixtures.",
        restatement="Have Docker up before running ledgerline's tests, since `testcontainers` starts Postgres.",
        question="Do I need Docker running to run ledgerline's tests?",
    ),
)

PROBE28_NEAR_MISSES = (
    ("Run harbor-web's tests with `pnpm test --run`.", "Lint harbor-web with `pnpm lint`."),
    ("harbor-web's dev server runs on port `3000`.", "ledgerline's API dev server runs on port `8000`."),
    ("ledgerline reads the database URL from `DATABASE_URL`.", "ledgerline reads the Redis URL from `REDIS_URL`."),
    (
        "tidepool consumes from the Kafka topic `events.raw.v1`.",
        "tidepool publishes enriched events to the Kafka topic `events.enriched.v1`.",
    ),
    (
        "beacon-infra's production Terraform state lives in the `beacon-tf-state` bucket.",
        "beacon-infra's staging Terraform state lives in the `beacon-tf-state-staging` bucket.",
    ),
    (
        "mosaic-ml writes checkpoints to `s3://mosaic-ckpts/prod/`.",
        "mosaic-ml reads its training data from `s3://mosaic-datasets/v3/`.",
    ),
    ("corvid-cli's minimum supported Rust version is 1.74.", "corvid-cli's CI builds releases with Rust 1.81 stable."),
    (
        "Feature flag `new_billing` gates ledgerline's Stripe v2 checkout.",
        "Feature flag `new_invoices` gates ledgerline's PDF invoice redesign.",
    ),
    ("Build the tidepool binary with `make build`.", "Build the tidepool Docker image with `make docker`."),
    ("harbor-web pins Node `20.11.1` in `.nvmrc`.", "tidepool is built with Go `1.22` per `go.mod`."),
    (
        "beacon-infra deploys its services into the `beacon-prod` namespace.",
        "beacon-infra runs the monitoring stack in the `observability` namespace.",
    ),
    (
        "In ledgerline, unit tests run with `pytest -m 'not integration'`.",
        "In ledgerline, integration tests run with `pytest -m integration`.",
    ),
)

PROBE28_LOOKALIKES = (
    (
        "How do I run the tests in tidepool?",
        "tidepool's tests run with `go test ./...`.",
        "corvid-cli's tests run with `cargo nextest run`.",
    ),
    (
        "What port does the ledgerline API listen on locally?",
        "ledgerline's API listens on port `8000` locally.",
        "tidepool's metrics endpoint listens on port `9090` locally.",
    ),
    (
        "Where does corvid-cli keep its config file?",
        "corvid-cli stores its config at `~/.config/corvid/config.toml`.",
        "mosaic-ml stores its default run config at `configs/train/base.yaml`.",
    ),
    (
        "Which env var holds the Stripe secret key for ledgerline?",
        "ledgerline reads the Stripe secret key from `STRIPE_SECRET_KEY`.",
        "harbor-web reads the Sentry DSN from `NEXT_PUBLIC_SENTRY_DSN`.",
    ),
    (
        "Which namespace is the tidepool deployment in?",
        "tidepool is deployed to the `ingest` namespace.",
        "harbor-web is deployed to the `frontend` namespace.",
    ),
    (
        "What's the lint command for corvid-cli?",
        "corvid-cli is linted with `cargo clippy --all-targets -- -D warnings`.",
        "mosaic-ml is linted with `ruff check src/`.",
    ),
    (
        "Which bucket does mosaic-ml pull its datasets from?",
        "mosaic-ml pulls its datasets from `s3://mosaic-datasets/v3/`.",
        "beacon-infra ships load balancer access logs to `s3://beacon-access-logs/`.",
    ),
    (
        "Which ORM does ledgerline use?",
        "ledgerline talks to Postgres through `SQLAlchemy` as its ORM.",
        "tidepool talks to Postgres through `sqlc`-generated queries.",
    ),
    (
        "Which branch does beacon-infra deploy to production from?",
        "beacon-infra deploys to production from the `release` branch.",
        "harbor-web deploys to production from the `main` branch.",
    ),
    (
        "Where's the OpenAPI spec for ledgerline?",
        "ledgerline's OpenAPI spec lives at `docs/openapi.yaml`.",
        "tidepool's protobuf definitions live at `proto/tidepool/v1/`.",
    ),
)
