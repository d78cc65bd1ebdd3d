"""A twenty-sixth set of wordings for bench/truth.py (``probe26``), written by an author who saw neither the code
nor the other sets: a coding agent's repo knowledge across eight teams (runtimes, ports, commands, package managers,
env vars, paths, regions, instance sizes, CI, owners and reviewers, schedules, freezes, quotas, budgets, flags) and
the developer's own editor, shell and answer-style preferences.
"""

from truth_scenarios import Family, Polar

PROBE26_FAMILIES = (
    Family(
        first="Harbor's API is pinned to Node {v} in .nvmrc, please don't bump it casually, the payment SDK is picky.",
        update="ok we finally got harbor onto node {v} last night, .nvmrc is updated so run nvm use before anything",
        restatement="Harbor expects Node {v}; that's what .nvmrc says.",
        question="Which Node version should I be using in the Harbor repo?",
        values=("20.11", "18.19", "22.3", "21.6"),
    ),
    Family(
        first="When you start Harbor locally the API listens on port {v}.",
        update="fyi harbor's dev server binds {v} now, something else on my laptop kept grabbing the old one",
        restatement="Local Harbor API -> localhost:{v}.",
        question="What port do I hit for the Harbor API when running it locally?",
        values=("8080", "3001", "5173", "9000"),
    ),
    Family(
        first="Any PR that touches Harbor's payment flows needs a review from {v} before it can merge.",
        update=(
            "Starting this sprint, send Harbor payment PRs to {v} for review. The person who used to do it moved "
            "over to the platform team, so don't wait on them anymore."
        ),
        restatement="{v} is the one who signs off on payment-related changes in Harbor.",
        question="Who has to approve Harbor PRs that touch payments?",
        values=("Priya", "Tomasz", "Elena", "Kwame"),
    ),
    Family(
        first="To build the Quill docs site, run {v} from the repo root.",
        update="heads up: Quill docs are built with {v} now, the old target got deleted in yesterday's cleanup.",
        restatement="Quill documentation build = {v}, run at the top of the repo.",
        question="How do I build the Quill documentation locally?",
        values=("`make docs`", "`npm run build:docs`", "`mkdocs build --strict`", "`just docs`"),
    ),
    Family(
        first="Quill uses {v} for dependencies, so don't commit any other lockfile or CI will yell at you.",
        update=(
            "We moved Quill over to {v} this morning. The lockfile was regenerated, so nuke node_modules and "
            "reinstall before you open a PR."
        ),
        restatement="Install packages in the Quill repo with {v}.",
        question="Which package manager does Quill use?",
        values=("pnpm", "yarn", "npm", "bun"),
    ),
    Family(
        first="The Atlas nightly ingest kicks off at {v} every day.",
        update=(
            "I pushed the Atlas ingest cron to {v} so it stops colliding with the database backup window; "
            "the schedule in the DAG file is already updated."
        ),
        restatement="Atlas runs its nightly ingest at {v}.",
        question="When does the Atlas nightly ingest start?",
        values=("02:00 UTC", "03:30 UTC", "01:15 UTC", "04:45 UTC"),
    ),
    Family(
        first="Atlas reads the warehouse connection string from the {v} environment variable.",
        update="renamed the env var for the atlas warehouse conn, it's {v} now. fix your .env or nothing connects",
        restatement="For Atlas, put the warehouse DSN in {v}.",
        question="What env var does Atlas use for the warehouse connection string?",
        values=("ATLAS_DB_URL", "WAREHOUSE_DSN", "ATLAS_PG_URI", "DATABASE_URL"),
    ),
    Family(
        first="All of Atlas's infrastructure lives in {v}.",
        update=(
            "Atlas finished the region migration over the weekend. Everything, buckets included, is running in {v} "
            "now, so point your AWS profile there."
        ),
        restatement="Atlas is deployed in the {v} region.",
        question="Which AWS region should I look in for Atlas resources?",
        values=("eu-west-1", "us-east-2", "eu-central-1", "ap-southeast-2"),
    ),
    Family(
        first="Ferret's iOS app supports {v} and up.",
        update=(
            "Product agreed on the device cutoff, so from the next release Ferret's minimum deployment target "
            "is {v}. Don't bother with availability checks below that."
        ),
        restatement="The lowest OS the Ferret iPhone build runs on is {v}.",
        question="What's the minimum iOS version for Ferret?",
        values=("iOS 15", "iOS 16", "iOS 17", "iOS 14"),
    ),
    Family(
        first="We submit Ferret builds to the App Store every {v}.",
        update="Ferret store submissions happen on {v} going forward, QA needed a different day for regression.",
        restatement="{v} is Ferret's App Store submission day.",
        question="What day do Ferret builds get submitted to the App Store?",
        values=("Tuesday", "Thursday", "Monday", "Wednesday"),
    ),
    Family(
        first="CI fails Ferret PRs if line coverage drops below {v}.",
        update="Changed the coverage gate in Ferret's codecov.yml; the threshold is {v} as of today.",
        restatement="Ferret needs at least {v} line coverage for CI to go green.",
        question="What coverage threshold does Ferret's CI enforce?",
        values=("80%", "70%", "85%", "75%"),
    ),
    Family(
        first="Beacon's notification worker retries a failed message {v} times before dead-lettering it.",
        update=(
            "After looking at the DLQ volume with Aiko we set Beacon's max retries to {v}; past that the message "
            "goes straight to the dead-letter queue."
        ),
        restatement="A failed Beacon message gets {v} retry attempts and then lands in the DLQ.",
        question="How many retries does Beacon do before a message is dead-lettered?",
        values=("3", "5", "8", "10"),
    ),
    Family(
        first="{v} owns the Beacon service, so ping them for anything about push notifications.",
        update="Beacon has a new owner: {v}. Route notification questions there from now on.",
        restatement="If something's up with Beacon, talk to {v}, it's their service.",
        question="Who owns Beacon?",
        values=("Marcus", "Aiko", "Diego", "Fatima"),
    ),
    Family(
        first="Our email provider caps Beacon at {v} sends per day.",
        update="Beacon's email plan changed at renewal; the daily send limit is {v} now.",
        restatement="Under the provider's quota, Beacon can send up to {v} emails a day.",
        question="What's Beacon's daily email sending limit?",
        values=("50,000", "100,000", "250,000", "20,000"),
    ),
    Family(
        first="Orchard's deploy freeze before each quarter close lasts {v}.",
        update="New rule from finance: the pre-quarter-close freeze on Orchard is {v} long, starting this quarter.",
        restatement="For {v} before every quarter close, nothing gets deployed to Orchard.",
        question="How long is the Orchard freeze before quarter end?",
        values=("48 hours", "3 days", "one week", "5 days"),
    ),
    Family(
        first="Orchard staging is at {v} (you need the VPN).",
        update="staging for orchard moved to {v}, the old hostname will start 404ing after friday",
        restatement="You can reach the Orchard staging environment at {v}.",
        question="What's the Orchard staging URL?",
        values=(
            "https://staging.orchard.internal",
            "https://orchard-stg.acme.dev",
            "https://stage.orchard.acme.io",
            "https://orchard.staging.corp.net",
        ),
    ),
    Family(
        first="Orchard's Postgres connection pool size is set to {v}.",
        update=(
            "After the connection-exhaustion incident on Tuesday I retuned POOL_SIZE for Orchard; it's {v}. "
            "Please leave it alone unless you've talked to me."
        ),
        restatement="Orchard keeps {v} connections in its database pool.",
        question="How big is Orchard's DB connection pool?",
        values=("20", "50", "10", "35"),
    ),
    Family(
        first="Tundra's search nodes run on {v} instances.",
        update="Resized the Tundra search cluster, nodes are {v} now. Memory was the bottleneck.",
        restatement="The Tundra search cluster is made up of {v} nodes.",
        question="What instance type are the Tundra search nodes?",
        values=("m5.xlarge", "c6i.2xlarge", "r6g.large", "m7g.4xlarge"),
    ),
    Family(
        first="Tundra writes its on-disk index to {v}.",
        update="Since we attached the new volume, Tundra's index data lives under {v}.",
        restatement="If you ever need to wipe Tundra's index, it's in {v}.",
        question="Where does Tundra keep its index on disk?",
        values=("/var/lib/tundra/index", "/data/tundra/idx", "/mnt/ssd/tundra", "/srv/tundra/indexes"),
    ),
    Family(
        first="Tundra's CI runs on {v}.",
        update="We migrated Tundra's pipelines to {v} last week; the old config files are gone from the repo.",
        restatement="Tundra's builds and tests happen in {v}.",
        question="What CI system does Tundra use?",
        values=("GitHub Actions", "CircleCI", "Buildkite", "GitLab CI"),
    ),
    Family(
        first="Marlin has a GPU budget of {v} a month, and finance watches it closely.",
        update="The new budget got approved: Marlin's monthly GPU spend cap is {v}.",
        restatement="We can spend up to {v} per month on GPUs for Marlin.",
        question="What's Marlin's monthly GPU budget?",
        values=("$12,000", "$8,500", "$20,000", "$15,000"),
    ),
    Family(
        first="Run Marlin's test suite with {v}.",
        update="I reworked Marlin's test setup, so {v} is the command to use from here on.",
        restatement="Marlin tests: {v}.",
        question="How do I run the Marlin tests?",
        values=("`pytest -n auto`", "`tox -e py311`", "`make test`", "`uv run pytest`"),
    ),
    Family(
        first="I mostly code in {v}, so any editor-specific tips should assume that.",
        update=(
            "Small personal thing: I've moved my day-to-day editing to {v}, so when you suggest shortcuts "
            "or plugins, tailor them to that."
        ),
        restatement="My editor of choice is {v}.",
        question="What editor do I use?",
        values=("Neovim", "VS Code", "Helix", "Emacs"),
    ),
    Family(
        first="My terminal shell is {v}, so give me commands that work there.",
        update="set my login shell to {v} over the weekend, adjust any shell snippets accordingly",
        restatement="I'm on {v} in the terminal.",
        question="Which shell am I using?",
        values=("zsh", "fish", "bash", "nushell"),
    ),
)

PROBE26_POLAR = (
    Polar(
        statement="The new checkout flow in Ferret is behind the new_checkout flag, and it's enabled in production.",
        opposite="We turned new_checkout off in Ferret prod, too many crash reports from the new flow.",
        restatement="Ferret production has the new_checkout flag switched on.",
        question="Is the new_checkout flag on in Ferret production?",
    ),
    Polar(
        statement="There's a deploy freeze on Harbor right now, nothing ships until further notice.",
        opposite="Harbor's freeze is lifted, deploys can go out again.",
        restatement="Harbor deploys are frozen at the moment.",
        question="Is Harbor under a deploy freeze right now?",
    ),
    Polar(
        statement="Quill's repo only allows squash merges.",
        opposite="Merge commits and rebase merges are allowed on Quill now; we dropped the squash-only setting.",
        restatement="PRs in Quill have to be squash-merged.",
        question="Does Quill require squash merges?",
    ),
    Polar(
        statement="I'm on call for Beacon this week, so interrupt me if alerts fire.",
        opposite="My Beacon on-call shift ended this morning, someone else has the pager.",
        restatement="I'm holding the Beacon pager this week.",
        question="Am I currently on call for Beacon?",
    ),
    Polar(
        statement="Atlas runs mypy in strict mode as part of CI.",
        opposite="We pulled the strict mypy check out of Atlas CI, it was blocking too many unrelated PRs.",
        restatement="Strict type checking with mypy is enforced in Atlas's CI pipeline.",
        question="Does Atlas CI run mypy in strict mode?",
    ),
    Polar(
        statement="I like short answers: just the code, skip the explanations.",
        opposite="Actually, please explain your reasoning along with the code, I want the why, not only the snippet.",
        restatement="Keep responses terse and give me the code without a walkthrough.",
        question="Does the user want code-only answers without explanation?",
    ),
    Polar(
        statement="Merging to main auto-deploys Orchard to production.",
        opposite="Orchard doesn't deploy on merge anymore; prod releases are a manual button press now.",
        restatement="Orchard ships to prod automatically whenever something lands on main.",
        question="Does merging to main deploy Orchard automatically?",
    ),
    Polar(
        statement="Autoscaling is enabled on Marlin's GPU node pool.",
        opposite="I disabled autoscaling on Marlin's GPU pool, it's pinned at a fixed node count.",
        restatement="Marlin's GPU pool scales itself up and down with load.",
        question="Is autoscaling on for Marlin's GPU pool?",
    ),
)

PROBE26_NEAR_MISSES = (
    ("Harbor's staging Redis is on port 6380.", "Harbor's production Redis is on port 6379."),
    ("Nadia reviews frontend PRs for Orchard.", "Oleg reviews backend PRs for Orchard."),
    ("The Quill docs site deploys from the main branch.", "The Quill marketing site deploys from the publish branch."),
    ("Ferret's Android app targets API level 34.", "Ferret's Android app has a minimum API level of 26."),
    (
        "Beacon's SMS worker consumes from the sms-outbound queue.",
        "Beacon's email worker consumes from the email-outbound queue.",
    ),
    (
        "Tundra's API allows internal clients 600 requests per minute.",
        "Tundra's API allows external partners 60 requests per minute.",
    ),
    (
        "Marlin's training jobs write checkpoints to s3://marlin-ckpt/train.",
        "Marlin's evaluation jobs write results to s3://marlin-ckpt/eval.",
    ),
    (
        "The Atlas on-call rotation hands over on Monday mornings.",
        "The Beacon on-call rotation hands over on Wednesday mornings.",
    ),
    ("The Harbor customer web app is built with Vite.", "The Harbor admin panel is built with webpack."),
    (
        "Orchard's unit tests run with `pytest tests/unit`.",
        "Orchard's integration tests run with `pytest tests/integration`.",
    ),
    (
        "Quill's max line length is 100 characters for Python files.",
        "Quill's max line length is 80 characters for Markdown files.",
    ),
    (
        "Tundra's primary Elasticsearch cluster is es-main-01.",
        "Tundra's analytics Elasticsearch cluster is es-logs-02.",
    ),
)

PROBE26_LOOKALIKES = (
    (
        "Which port does Marlin's metrics exporter use?",
        "Marlin's metrics exporter serves on port 9102.",
        "Beacon's metrics exporter serves on port 9108.",
    ),
    (
        "Who's the release manager for Ferret?",
        "Ines is the release manager for Ferret.",
        "Rafael is the release manager for Quill.",
    ),
    (
        "What Go version is the Tundra indexer built with?",
        "The Tundra indexer is built with Go 1.22.",
        "The Beacon webhook relay is built with Go 1.21.",
    ),
    (
        "Where's the Orchard runbook?",
        "The Orchard runbook lives at https://wiki.acme.dev/orchard/runbook.",
        "The Atlas runbook lives at https://wiki.acme.dev/atlas/runbook.",
    ),
    (
        "Which queue do Harbor refunds get processed from?",
        "Harbor refunds are processed from the refunds-v2 queue.",
        "Harbor chargebacks are processed from the disputes queue.",
    ),
    (
        "When is the Quill standup?",
        "Quill's standup is at 9:30 every weekday.",
        "Marlin's standup is at 10:15 every weekday.",
    ),
    ("How long does Beacon keep its logs?", "Beacon keeps logs for 14 days.", "Tundra keeps logs for 30 days."),
    (
        "Which Slack channel gets Atlas alerts?",
        "Atlas alerts post to #atlas-alerts.",
        "Orchard alerts post to #orchard-oncall.",
    ),
    (
        "How much memory does the Ferret API container get?",
        "The Ferret API container is limited to 1 GiB of memory.",
        "The Ferret image-resizer container is limited to 4 GiB of memory.",
    ),
    (
        "What commit message style do I use?",
        "I write my commit messages in Conventional Commits style, with prefixes like feat: and fix:.",
        "My teammate Oleg writes his commit messages in gitmoji style.",
    ),
)
