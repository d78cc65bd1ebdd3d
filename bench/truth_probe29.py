"""A twenty-ninth set of wordings for bench/truth.py (``probe29``), written by an author who saw neither the code
nor the other sets: technical notes with code spans (commands, paths, config keys, env vars, images, crons, endpoints).
"""

from truth_scenarios import Family, Polar

PROBE29_FAMILIES = (
    # --- tern (a Go CLI) ---
    Family(
        first="tern: run the tests with {v}.",
        update="For tern we switched the test command to {v}; the old one skipped things we care about.",
        restatement="Reminder that the tern test suite is run via {v}.",
        question="What command runs the tern test suite?",
        values=("`go test ./...`", "`go test -race ./...`", "`make test`", "`gotestsum -- ./...`"),
    ),
    Family(
        first="tern lint: {v}",
        update="Linting on tern goes through {v} now, please stop using the previous linter command.",
        restatement="To lint the tern codebase, use {v}.",
        question="How do I lint tern?",
        values=("`golangci-lint run`", "`staticcheck ./...`", "`go vet ./...`", "`revive ./...`"),
    ),
    Family(
        first="tern reads its config from {v}.",
        update="Heads up: the tern config file moved, it lives at {v} from this release on.",
        restatement="The file tern loads settings from is {v}.",
        question="Where is the tern configuration file?",
        values=("`~/.tern.yaml`", "`~/.config/tern/config.toml`", "`$XDG_CONFIG_HOME/tern/tern.yaml`", "`./.ternrc`"),
    ),
    Family(
        first="tern releases are cut from {v}.",
        update="Going forward we tag tern releases off {v} instead of the branch we used before.",
        restatement="Release tags for tern come from {v}.",
        question="Which git branch do tern releases get tagged from?",
        values=("`main`", "`release`", "`stable`", "`release/v2`"),
    ),
    # --- Larkspur (a Rails app) ---
    Family(
        first="Larkspur dev server listens on port {v}.",
        update="Moved the Larkspur local server to port {v} because the old port clashed with another app.",
        restatement="When you boot Larkspur locally, open it on port {v}.",
        question="Which port does Larkspur use in local development?",
        values=("3000", "3001", "4000", "5100"),
    ),
    Family(
        first="Larkspur background jobs are processed by {v}.",
        update="We migrated Larkspur's job backend to {v}, so enqueue everything through that now.",
        restatement="The queue adapter behind Larkspur's async jobs is {v}.",
        question="What gem handles Larkspur's background jobs?",
        values=("`sidekiq`", "`good_job`", "`solid_queue`", "`delayed_job`"),
    ),
    Family(
        first="Migrations on Larkspur: {v}",
        update="Larkspur migrations should be run with {v} from now on, not the old command.",
        restatement="To apply pending schema changes in Larkspur, run {v}.",
        question="How are database migrations run for Larkspur?",
        values=("`bin/rails db:migrate`", "`bundle exec rake db:migrate`", "`bin/rails db:prepare`", "`make migrate`"),
    ),
    Family(
        first="deploy larkspur: {v}",
        update="Larkspur deploys now go out via {v}; the previous deploy path is retired.",
        restatement="Shipping Larkspur to production is done with {v}.",
        question="What's the command to deploy Larkspur?",
        values=("`kamal deploy`", "`cap production deploy`", "`./scripts/ship.sh prod`", "`fly deploy`"),
    ),
    # --- kestrel-etl (an Airflow data pipeline) ---
    Family(
        first="The `orders_daily` DAG in kestrel-etl runs on the cron {v}.",
        update="Rescheduled kestrel-etl's `orders_daily` to {v} so it finishes before the morning reports.",
        restatement="`orders_daily` (kestrel-etl) has schedule_interval {v}.",
        question="On what cron schedule does kestrel-etl's orders_daily DAG fire?",
        values=("`0 2 * * *`", "`30 3 * * *`", "`0 4 * * *`", "`15 1 * * *`"),
    ),
    Family(
        first="kestrel-etl's Airflow workers run the image {v}.",
        update="Bumped the kestrel-etl worker image to {v}.",
        restatement="The Docker image for kestrel-etl workers is {v}.",
        question="Which Docker image and tag do the kestrel-etl workers use?",
        values=(
            "`apache/airflow:2.7.3-python3.11`",
            "`apache/airflow:2.8.1-python3.11`",
            "`apache/airflow:2.9.2-python3.12`",
            "`apache/airflow:2.10.4-python3.12`",
        ),
    ),
    Family(
        first="kestrel-etl loads orders into the table {v}.",
        update="The orders load in kestrel-etl now targets {v}; the old table is no longer written to.",
        restatement="Order rows from kestrel-etl land in {v}.",
        question="Which warehouse table does kestrel-etl write orders to?",
        values=(
            "`analytics.fct_orders`",
            "`warehouse.orders_fact`",
            "`analytics.orders_v2`",
            "`mart.fact_order_lines`",
        ),
    ),
    Family(
        first="kestrel-etl picks up the warehouse connection string from the env var {v}.",
        update="Renamed the kestrel-etl warehouse DSN variable: set {v} instead.",
        restatement="Export {v} before running kestrel-etl so it can reach the warehouse.",
        question="What environment variable gives kestrel-etl its warehouse connection?",
        values=("`WAREHOUSE_URL`", "`KESTREL_DSN`", "`AIRFLOW_CONN_WAREHOUSE`", "`SNOWFLAKE_URI`"),
    ),
    # --- quill-gateway (a Rust service) ---
    Family(
        first="quill-gateway exposes its health check at {v}.",
        update="The quill-gateway liveness endpoint changed to {v}, update the load balancer probe.",
        restatement="Point health probes for quill-gateway at {v}.",
        question="What HTTP path is quill-gateway's health check served on?",
        values=("`/healthz`", "`/health`", "`/_status`", "`/v1/ping`"),
    ),
    Family(
        first="quill-gateway runs with {v} in staging.",
        update="Staging quill-gateway log level is now {v}, the old setting was too noisy or too quiet.",
        restatement="In the staging env, quill-gateway's logging is set by {v}.",
        question="What log level setting does quill-gateway use in staging?",
        values=("`RUST_LOG=info`", "`RUST_LOG=debug`", "`RUST_LOG=warn`", "`RUST_LOG=quill=trace`"),
    ),
    Family(
        first="build quill-gateway: {v}",
        update="Release builds of quill-gateway should use {v} from now on.",
        restatement="We produce the quill-gateway release binary with {v}.",
        question="How do I build quill-gateway for release?",
        values=(
            "`cargo build --release`",
            "`cargo build --release --features tls`",
            "`cargo build --profile dist`",
            "`just build`",
        ),
    ),
    Family(
        first="quill-gateway pins the Rust toolchain to {v} in `rust-toolchain.toml`.",
        update="Upgraded the quill-gateway toolchain pin; `rust-toolchain.toml` says {v} now.",
        restatement="quill-gateway is compiled with Rust {v}, as pinned in the toolchain file.",
        question="Which Rust version is quill-gateway pinned to?",
        values=("1.75.0", "1.78.0", "1.80.1", "1.82.0"),
    ),
    # --- Pocketdeck (a React Native app) ---
    Family(
        first="Pocketdeck's iOS bundle identifier is {v}.",
        update="We had to change the Pocketdeck iOS bundle id to {v} for the new App Store listing.",
        restatement="In Xcode, Pocketdeck's PRODUCT_BUNDLE_IDENTIFIER is {v}.",
        question="What bundle ID does the Pocketdeck iOS app have?",
        values=("`com.pocketdeck.app`", "`io.pocketdeck.mobile`", "`com.pocketdeck.ios`", "`app.pocketdeck.client`"),
    ),
    Family(
        first="Pocketdeck keeps global state in {v}.",
        update="Pocketdeck's store was rewritten on top of {v}; new slices go there.",
        restatement="App-wide state in Pocketdeck is managed with {v}.",
        question="Which state management library does Pocketdeck use?",
        values=("`zustand`", "`@reduxjs/toolkit`", "`jotai`", "`mobx`"),
    ),
    Family(
        first="Pocketdeck e2e: {v}",
        update="End-to-end tests for Pocketdeck are run with {v} now; the old runner was flaky.",
        restatement="To run the Pocketdeck e2e suite, use {v}.",
        question="What command runs Pocketdeck's end-to-end tests?",
        values=("`detox test -c ios.sim.release`", "`yarn e2e:ios`", "`maestro test flows/`", "`npx detox test`"),
    ),
    Family(
        first="Pocketdeck staging builds talk to {v}.",
        update="The staging API for Pocketdeck moved to {v}, rebuild your staging app.",
        restatement="Staging builds of Pocketdeck send requests to {v}.",
        question="What backend URL do Pocketdeck staging builds use?",
        values=(
            "`https://staging-api.pocketdeck.app`",
            "`https://api.staging.pocketdeck.io`",
            "`https://stg.pocketdeck.dev/api`",
            "`https://pocketdeck-staging.fly.dev`",
        ),
    ),
    # --- infra-core (a Terraform infra repo) ---
    Family(
        first="infra-core requires Terraform {v}.",
        update="We bumped `required_version` in infra-core; use Terraform {v} now.",
        restatement="Run infra-core with Terraform {v}, per its version constraint.",
        question="Which Terraform version does infra-core need?",
        values=("`1.5.7`", "`1.6.6`", "`1.7.5`", "`1.9.8`"),
    ),
    Family(
        first="infra-core keeps its remote state in the S3 bucket {v}.",
        update="infra-core state was migrated to the bucket {v}; the old bucket is read-only now.",
        restatement="The backend block in infra-core points at bucket {v}.",
        question="Which S3 bucket holds infra-core's Terraform state?",
        values=("`acme-tfstate-prod`", "`infra-core-tfstate`", "`acme-terraform-state`", "`tfstate-us-east-1`"),
    ),
    Family(
        first="To plan infra-core changes, run {v}.",
        update="infra-core plan is {v} these days, don't use the old invocation.",
        restatement="infra-core: {v} for a plan.",
        question="What do I run to see a plan for infra-core?",
        values=("`make plan`", "`make plan ENV=prod`", "`terraform plan -out=tfplan`", "`terragrunt run-all plan`"),
    ),
    Family(
        first="infra-core deploys to {v} by default.",
        update="The default AWS region for infra-core changed to {v}.",
        restatement="Unless told otherwise, infra-core provisions resources in {v}.",
        question="What is infra-core's default AWS region?",
        values=("us-east-1", "us-west-2", "eu-west-1", "eu-central-1"),
    ),
)

PROBE29_POLAR = (
    Polar(
        statement="`--frozen-lockfile` is enforced in Pocketdeck's CI.",
        opposite="Pocketdeck CI no longer passes `--frozen-lockfile`, so installs there may rewrite the lockfile.",
        restatement="Pocketdeck's CI installs with `--frozen-lockfile`; lockfile drift fails the build.",
        question="Does Pocketdeck's CI enforce a frozen lockfile?",
    ),
    Polar(
        statement="tern release builds are done with `CGO_ENABLED=0`.",
        opposite="tern release builds now compile with cgo turned on (`CGO_ENABLED=1`).",
        restatement="We build tern releases without cgo.",
        question="Is cgo disabled for tern release builds?",
    ),
    Polar(
        statement="`config.force_ssl` is on in Larkspur production.",
        opposite="We set `config.force_ssl = false` in Larkspur's production config.",
        restatement="Larkspur production forces HTTPS via `config.force_ssl = true`.",
        question="Does Larkspur force SSL in production?",
    ),
    Polar(
        statement="kestrel-etl DAGs run with `catchup=True`.",
        opposite="kestrel-etl DAGs now set `catchup=False`, so missed intervals are not backfilled.",
        restatement="Missed runs of kestrel-etl DAGs get backfilled automatically.",
        question="Do kestrel-etl's DAGs backfill missed runs?",
    ),
    Polar(
        statement="`cargo clippy -- -D warnings` blocks merges on quill-gateway.",
        opposite="Clippy warnings no longer fail quill-gateway PRs; we dropped `-D warnings`.",
        restatement="On quill-gateway any clippy warning fails CI.",
        question="Do clippy warnings fail the build for quill-gateway?",
    ),
    Polar(
        statement="infra-core's backend locks state through the DynamoDB table `tf-locks`.",
        opposite="infra-core runs without state locking now; `dynamodb_table` was removed from the backend block.",
        restatement="State locking is turned on for infra-core.",
        question="Is Terraform state locking enabled for infra-core?",
    ),
    Polar(
        statement="Pocketdeck's Android build has `hermesEnabled=true`.",
        opposite="Pocketdeck Android is back on JSC; `hermesEnabled` is false in `gradle.properties`.",
        restatement="The Pocketdeck Android app runs on the Hermes engine.",
        question="Does the Pocketdeck Android app use Hermes?",
    ),
    Polar(
        statement="Direct pushes to `main` are blocked on Larkspur; everything goes through a PR.",
        opposite="Larkspur's `main` is no longer protected, you can push to it directly.",
        restatement="On Larkspur, `main` is a protected branch.",
        question="Is Larkspur's main branch protected against direct pushes?",
    ),
)

PROBE29_NEAR_MISSES = (
    ("tern: run the tests with `go test -race ./...`.", "tern: run the linter with `golangci-lint run`."),
    ("Larkspur's dev server listens on port 3000.", "quill-gateway listens on port 8080 locally."),
    ("Deploy Larkspur with `kamal deploy`.", "Ship Pocketdeck to TestFlight with `fastlane ios beta`."),
    (
        "The `orders_daily` DAG in kestrel-etl runs at `0 2 * * *`.",
        "The `customers_daily` DAG in kestrel-etl runs at `0 3 * * *`.",
    ),
    ("quill-gateway pins the Rust toolchain to 1.78.0.", "infra-core requires Terraform `1.7.5`."),
    (
        "infra-core keeps prod remote state in the S3 bucket `acme-tfstate-prod`.",
        "infra-core keeps staging remote state in the S3 bucket `acme-tfstate-staging`.",
    ),
    (
        "Pocketdeck's iOS bundle identifier is `com.pocketdeck.app`.",
        "Pocketdeck's Android applicationId is `com.pocketdeck.android`.",
    ),
    (
        "kestrel-etl reads the warehouse connection string from `WAREHOUSE_URL`.",
        "kestrel-etl reads the Slack alert webhook from `SLACK_WEBHOOK_URL`.",
    ),
    (
        "quill-gateway's health check is served at `/healthz`.",
        "quill-gateway's Prometheus metrics are served at `/metrics`.",
    ),
    ("tern reads its config from `~/.config/tern/config.toml`.", "tern writes its cache to `~/.cache/tern/`."),
    ("Larkspur runs migrations with `bin/rails db:migrate`.", "Larkspur seeds the database with `bin/rails db:seed`."),
    ("infra-core: plan with `make plan ENV=prod`.", "infra-core: apply with `make apply ENV=prod`."),
)

PROBE29_LOOKALIKES = (
    ("What's the test command for tern?", "tern tests: `go test -race ./...`.", "Larkspur tests: `bin/rails test`."),
    (
        "Which port does the Larkspur dev server use?",
        "Larkspur's dev server listens on port 3000.",
        "quill-gateway listens on port 8080 in local dev.",
    ),
    (
        "Which Docker image do kestrel-etl's Airflow workers run?",
        "kestrel-etl's Airflow workers run `apache/airflow:2.9.2-python3.12`.",
        "quill-gateway's production container runs `gcr.io/distroless/cc-debian12:nonroot`.",
    ),
    (
        "Where does infra-core keep its Terraform state?",
        "infra-core stores Terraform state in the S3 bucket `acme-tfstate-prod`.",
        "kestrel-etl writes its raw exports to the S3 bucket `kestrel-raw-landing`.",
    ),
    (
        "How do I deploy Larkspur?",
        "Deploy Larkspur with `kamal deploy`.",
        "Deploy quill-gateway with `./scripts/ship.sh prod`.",
    ),
    (
        "What library does Pocketdeck use for global state?",
        "Pocketdeck keeps global state in `zustand`.",
        "Larkspur's admin frontend keeps its client state in `@reduxjs/toolkit`.",
    ),
    (
        "Which endpoint is quill-gateway's health check?",
        "quill-gateway's health check lives at `/healthz`.",
        "Larkspur's health check lives at `/up`.",
    ),
    (
        "What schedule does kestrel-etl's orders_daily DAG run on?",
        "`orders_daily` in kestrel-etl is scheduled `0 2 * * *`.",
        "Larkspur's `sessions:cleanup` task runs on the cron `0 4 * * *`.",
    ),
    (
        "Which env var holds kestrel-etl's warehouse connection string?",
        "kestrel-etl reads the warehouse DSN from `WAREHOUSE_URL`.",
        "Pocketdeck reads its API base URL from `API_BASE_URL`.",
    ),
    (
        "What branch are tern releases cut from?",
        "tern releases are cut from `release/v2`.",
        "infra-core applies to prod only from the `prod` branch.",
    ),
)
