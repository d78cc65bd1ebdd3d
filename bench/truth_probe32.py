"""A thirty-second set of wordings for bench/truth.py (``probe32``), written by an author who saw neither the code
nor the other sets: terse one-line markdown entries in a developer's personal NOTES.md about six repositories.
"""

from truth_scenarios import Family, Polar

PROBE32_FAMILIES = (
    # --- pagoda (static site generator) ---
    Family(
        first="- pagoda build: `{v}`",
        update="- pagoda build: now `{v}` (old script dropped)",
        restatement="**pagoda** → site builds with `{v}`",
        question="What command builds pagoda?",
        values=("npm run build", "pnpm build", "make site", "yarn build:static"),
    ),
    Family(
        first="- pagoda dev server on :{v}",
        update="- pagoda dev port moved to {v} (clashed w/ grafana)",
        restatement="**pagoda dev** → http://localhost:{v}",
        question="Which port does the pagoda dev server listen on?",
        values=("4000", "8080", "5173", "3001"),
    ),
    Family(
        first="- pagoda output dir: `{v}`",
        update="- pagoda: moved build output to `{v}`",
        restatement="(pagoda writes the generated site into `{v}`)",
        question="Where does pagoda put the built site?",
        values=("dist/", "_site/", "public/", "build/www/"),
    ),
    Family(
        first="**pagoda deploy** → push to `{v}`",
        update="- pagoda deploys from `{v}` now, not the old branch",
        restatement="- pagoda: netlify publishes whatever lands on `{v}`",
        question="Which branch do I push to deploy pagoda?",
        values=("main", "gh-pages", "release", "deploy/prod"),
    ),
    # --- rill-cli (Go command-line tool) ---
    Family(
        first="- rill-cli tests: `{v}`",
        update="- rill-cli tests: switched to `{v}` (caught a data race)",
        restatement="## rill-cli — tests run with `{v}`",
        question="How do I run the rill-cli tests?",
        values=("go test ./...", "go test -race ./...", "make test", "gotestsum -- ./..."),
    ),
    Family(
        first="- rill-cli release cfg: `{v}`",
        update="- rill-cli: moved release cfg to `{v}`",
        restatement="rill-cli → goreleaser reads `{v}`",
        question="Where's the rill-cli release config file?",
        values=(".goreleaser.yml", "build/goreleaser.yaml", "ci/release.yml", ".github/goreleaser.yaml"),
    ),
    Family(
        first="- rill-cli: go {v}",
        update="- rill-cli bumped to go {v}",
        restatement="(rill-cli go.mod → `go {v}`)",
        question="Which Go version does rill-cli use?",
        values=("1.20", "1.21", "1.22", "1.23"),
    ),
    Family(
        first="- rill-cli reads cfg path from `{v}`",
        update="- rill-cli cfg env var renamed → `{v}`",
        restatement="**rill-cli env** → `{v}` points at the config file",
        question="Which env var tells rill-cli where its config is?",
        values=("RILL_CONFIG", "RILL_CFG_PATH", "RILLRC", "RILL_HOME"),
    ),
    # --- Sparrow (Django web app) ---
    Family(
        first="- Sparrow lint: `{v}`",
        update="- Sparrow lint: now `{v}` (was flaky)",
        restatement="- [x] Sparrow pre-commit lint hook = `{v}`",
        question="What's the lint command for Sparrow?",
        values=("flake8 .", "ruff check .", "pylint sparrow/", "ruff check --fix ."),
    ),
    Family(
        first="- Sparrow migrate: `{v}`",
        update="- Sparrow migrations: use `{v}` instead",
        restatement="**Sparrow db** → apply migrations w/ `{v}`",
        question="How do I apply Sparrow's database migrations?",
        values=("python manage.py migrate", "make migrate", "alembic upgrade head", "just db-migrate"),
    ),
    Family(
        first="- Sparrow prod settings: `DJANGO_SETTINGS_MODULE={v}`",
        update="- Sparrow prod settings module, as of v3: `{v}`",
        restatement="(Sparrow prod env points DJANGO_SETTINGS_MODULE at `{v}`)",
        question="Which settings module does Sparrow use in prod?",
        values=("sparrow.settings.prod", "config.settings.production", "sparrow.conf.prod", "settings_prod"),
    ),
    Family(
        first="- Sparrow stg host: `{v}`",
        update="- Sparrow stg moved to `{v}`",
        restatement="**Sparrow stg** → `{v}`",
        question="What's the hostname for Sparrow staging?",
        values=("stg.sparrow.internal", "sparrow-stg.fly.dev", "staging.sparrow.dev", "sparrow.stg.corp.net"),
    ),
    # --- Heron (backend service, containers) ---
    Family(
        first="- Heron prod image: `{v}`",
        update="- Heron prod rolled to `{v}`",
        restatement="**Heron prod** runs `{v}`",
        question="Which image tag is Heron prod running?",
        values=("heron:1.8.2", "heron:1.8.3", "heron:1.9.0", "heron:2.0.0-rc1"),
    ),
    Family(
        first="- Heron nightly reindex cron: `{v}`",
        update="- Heron reindex cron changed to `{v}` (overlapped backups)",
        restatement="Heron reindex → scheduled `{v}`",
        question="What's the cron schedule for Heron's nightly reindex?",
        values=("0 2 * * *", "30 3 * * *", "0 4 * * 1-5", "15 1 * * *"),
    ),
    Family(
        first="- Heron rate limit key: `{v}`",
        update="- Heron: rate limit cfg key is `{v}` now",
        restatement="(Heron rate limit lives under `{v}` in cfg)",
        question="Which config key controls Heron's rate limit?",
        values=("limits.rps", "http.rate_limit", "ratelimit.per_ip", "server.throttle.rps"),
    ),
    Family(
        first="- Heron logs: `{v}`",
        update="- Heron logs moved to `{v}`",
        restatement="Heron → `tail -f {v}` when debugging",
        question="Where are Heron's logs?",
        values=("/var/log/heron/app.log", "/srv/heron/logs/app.log", "/opt/heron/log/current", "/data/heron/heron.log"),
    ),
    # --- tidepool (Rust data pipeline) ---
    Family(
        first="- tidepool bench: `{v}`",
        update="- tidepool bench: use `{v}` instead",
        restatement="## tidepool — benchmarks via `{v}`",
        question="How do I run tidepool's benchmarks?",
        values=("cargo bench", "cargo bench --features simd", "cargo criterion", "just bench"),
    ),
    Family(
        first="- tidepool MSRV {v}",
        update="- tidepool MSRV raised to {v}",
        restatement='(tidepool Cargo.toml: `rust-version = "{v}"`)',
        question="What's tidepool's minimum supported Rust version?",
        values=("1.70", "1.74", "1.75", "1.79"),
    ),
    Family(
        first="- tidepool ingest src: `{v}`",
        update="- tidepool now ingests from `{v}`",
        restatement="**tidepool in** → `{v}`",
        question="Which bucket does tidepool ingest from?",
        values=("s3://tp-raw/events/", "s3://tidepool-ingest/", "gs://tp-landing/raw/", "s3://data-lake/tidepool/in/"),
    ),
    Family(
        first="- tidepool prod workers: `{v}`",
        update="- tidepool prod: bumped workers → `{v}`",
        restatement="(tidepool prod invocation passes `{v}`)",
        question="What worker flag does tidepool run with in prod?",
        values=("--workers 4", "--workers 8", "-j 16", "--workers=auto"),
    ),
    # --- Quarry (TypeScript monorepo, web front end) ---
    Family(
        first="- Quarry install: `{v}`",
        update="- Quarry: switched install to `{v}`",
        restatement="Quarry deps → `{v}`",
        question="How do I install Quarry's dependencies?",
        values=("npm ci", "pnpm install --frozen-lockfile", "yarn install --immutable", "bun install"),
    ),
    Family(
        first="- Quarry node: {v}",
        update="- Quarry .nvmrc bumped → {v}",
        restatement="(Quarry needs node {v})",
        question="Which Node version does Quarry need?",
        values=("18", "20", "22", "20.11.1"),
    ),
    Family(
        first="- Quarry api url env: `{v}`",
        update="- Quarry renamed api env → `{v}`",
        restatement="**Quarry env** → api base url comes from `{v}`",
        question="Which env var sets Quarry's API base URL?",
        values=("VITE_API_URL", "NEXT_PUBLIC_API_BASE", "QUARRY_API_URL", "PUBLIC_API_ORIGIN"),
    ),
    Family(
        first="- Quarry e2e specs: `{v}`",
        update="- Quarry: e2e moved to `{v}`",
        restatement="Quarry → playwright picks up specs from `{v}`",
        question="Where do Quarry's e2e specs live?",
        values=("e2e/", "tests/e2e/", "apps/web/e2e/", "packages/e2e/specs/"),
    ),
)

PROBE32_POLAR = (
    Polar(
        statement="- pagoda: drafts get published in preview builds",
        opposite="- pagoda: drafts no longer published in previews (turned off)",
        restatement="(pagoda preview builds include `draft: true` pages)",
        question="Do pagoda preview builds include drafts?",
    ),
    Polar(
        statement="- rill-cli: telemetry on by default",
        opposite="- rill-cli: telemetry now off by default (opt-in via `--telemetry`)",
        restatement="rill-cli → sends usage telemetry unless you opt out",
        question="Is telemetry on by default in rill-cli?",
    ),
    Polar(
        statement="- Sparrow: `DEBUG=True` allowed on stg",
        opposite="- Sparrow: `DEBUG=True` forbidden on stg now",
        restatement="(Sparrow stg may run with DEBUG on)",
        question="Is DEBUG allowed on Sparrow staging?",
    ),
    Polar(
        statement="- [x] Sparrow CI: migrations check required before merge",
        opposite="- [ ] Sparrow CI: migrations check no longer required (made optional)",
        restatement="Sparrow → PRs can't merge w/o the migrations check passing",
        question="Is the migrations check required for Sparrow PRs?",
    ),
    Polar(
        statement="- Heron: signed commits required on `main`",
        opposite="- Heron: signed commits not required on `main` anymore",
        restatement="**Heron main** → unsigned commits get rejected",
        question="Does Heron's main branch require signed commits?",
    ),
    Polar(
        statement="- Heron: auto-deploy on merge to `main` is ON",
        opposite="- Heron: auto-deploy on merge turned off, deploy by hand",
        restatement="(merging to Heron `main` ships to prod automatically)",
        question="Does merging to Heron main auto-deploy?",
    ),
    Polar(
        statement="- tidepool: `simd` feature enabled by default",
        opposite="- tidepool: `simd` dropped from default features (opt-in now)",
        restatement='(tidepool `default = ["simd"]` in Cargo.toml)',
        question="Is the simd feature on by default in tidepool?",
    ),
    Polar(
        statement="- Quarry: source maps shipped to prod",
        opposite="- Quarry: stopped shipping source maps to prod",
        restatement="Quarry prod build → `.map` files included in the deploy",
        question="Does Quarry ship source maps to prod?",
    ),
)

PROBE32_NEAR_MISSES = (
    ("- pagoda build: `pnpm build`", "- pagoda docs build: `pnpm build:docs`"),
    ("- pagoda dev server on :4000", "- pagoda livereload on :35729"),
    ("- rill-cli tests: `go test ./...`", "- rill-cli integration tests: `go test -tags integration ./...`"),
    ("- rill-cli reads cfg path from `RILL_CONFIG`", "- rill-cli reads API token from `RILL_TOKEN`"),
    ("- Sparrow lint: `ruff check .`", "- Sparrow format: `ruff format .`"),
    ("**Sparrow stg** → `stg.sparrow.internal`", "**Sparrow prod** → `app.sparrow.internal`"),
    ("- Heron prod image: `heron:1.9.0`", "- Heron stg image: `heron:2.0.0-rc1`"),
    ("- Heron nightly reindex cron: `0 2 * * *`", "- Heron nightly backup cron: `0 1 * * *`"),
    ("- Heron logs: `/var/log/heron/app.log`", "- Heron access logs: `/var/log/heron/access.log`"),
    ("- tidepool ingest src: `s3://tp-raw/events/`", "- tidepool output sink: `s3://tp-curated/events/`"),
    ("- tidepool MSRV 1.74", "- tidepool CI toolchain pinned to 1.79"),
    ("- Quarry e2e specs: `tests/e2e/`", "- Quarry unit specs: `src/**/*.test.ts`"),
)

PROBE32_LOOKALIKES = (
    (
        "What command builds pagoda?",
        "- pagoda build: `make site`",
        "- pagoda clean: `make clean-site`",
    ),
    (
        "Which branch do I push to deploy pagoda?",
        "**pagoda deploy** → push to `gh-pages`",
        "**pagoda feature work** → branch off `develop`",
    ),
    (
        "Which Go version is rill-cli built with?",
        "- rill-cli: go 1.22",
        "- rill-cli: golangci-lint 1.57",
    ),
    (
        "How do I apply Sparrow's database migrations?",
        "- Sparrow migrate: `python manage.py migrate`",
        "- Sparrow new migration: `python manage.py makemigrations`",
    ),
    (
        "What's the hostname for Sparrow staging?",
        "**Sparrow stg** → `staging.sparrow.dev`",
        "**Sparrow stg db** → `pg-stg.sparrow.dev:5432`",
    ),
    (
        "Which image tag is Heron prod running?",
        "**Heron prod** runs `heron:1.8.3`",
        "**Heron prod** db image: `postgres:15.4`",
    ),
    (
        "Where are Heron's logs?",
        "- Heron logs: `/srv/heron/logs/app.log`",
        "- Heron pid file: `/srv/heron/run/heron.pid`",
    ),
    (
        "How do I run tidepool's benchmarks?",
        "## tidepool — benchmarks via `cargo criterion`",
        "## tidepool — profiling via `cargo flamegraph`",
    ),
    (
        "Which env var sets Quarry's API base URL?",
        "- Quarry api url env: `VITE_API_URL`",
        "- Quarry sentry dsn env: `VITE_SENTRY_DSN`",
    ),
    (
        "Where do Quarry's e2e specs live?",
        "- Quarry: e2e specs in `apps/web/e2e/`",
        "- Quarry: e2e screenshots dumped to `test-results/`",
    ),
)
