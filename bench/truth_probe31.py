"""A thirty-first set of wordings for bench/truth.py (``probe31``), written by an author who saw neither the code
nor the other sets: a data/ML platform team's runbook notes and chat messages (serving, feature store, training
pipelines, monitoring dashboards, notebooks), dense with inline code spans.
"""

from truth_scenarios import Family, Polar

PROBE31_FAMILIES = (
    # --- lumen-serve (model serving) ---
    Family(
        first="lumen-serve pods in prod run the image `{v}`.",
        update="FYI: bumped the lumen-serve prod image to `{v}` after the tokenizer fix landed.",
        restatement="Prod lumen-serve is on `{v}`.",
        question="Which image tag is lumen-serve running in prod?",
        values=(
            "lumen-serve:2.4.1-cuda12",
            "lumen-serve:2.5.0-cuda12",
            "lumen-serve:2.5.2-cuda12.4",
            "lumen-serve:3.0.0-rc1",
        ),
    ),
    Family(
        first="The lumen-serve inference nodes are {v} instances.",
        update="We moved lumen-serve inference onto {v} boxes — cheaper per token at our batch sizes.",
        restatement="Inference for lumen-serve runs on {v} GPUs.",
        question="What GPU do the lumen-serve inference nodes use?",
        values=("A10G", "L4", "A100 40GB", "H100"),
    ),
    Family(
        first="lumen-serve loads the ranker weights from `{v}` at startup.",
        update="- ranker weights path: now `{v}`",
        restatement="The ranker checkpoint that lumen-serve pulls lives at `{v}`.",
        question="Where does lumen-serve load the ranker weights from?",
        values=(
            "s3://ml-artifacts/models/ranker/v14/",
            "s3://ml-artifacts/models/ranker/v15/",
            "s3://ml-registry/prod/ranker/latest/",
            "gs://ml-artifacts-eu/models/ranker/2024-11-04/",
        ),
    ),
    Family(
        first="Latency alerts for lumen-serve go to `{v}`.",
        update="lumen-serve p99 alerts no longer post in the old channel — they go to `{v}` instead.",
        restatement="`{v}` is where the lumen-serve latency pages show up.",
        question="Which Slack channel gets the lumen-serve latency alerts?",
        values=("#lumen-oncall", "#ml-serving-alerts", "#inference-pager", "#lumen-alerts"),
    ),
    Family(
        first="lumen-serve's `max_batch_size` is set to {v}.",
        update="As of today `max_batch_size` on lumen-serve is {v}; we re-ran the load test before changing it.",
        restatement="lumen-serve batches up to {v} requests together (`max_batch_size`).",
        question="What's lumen-serve's max_batch_size set to?",
        values=("16", "32", "48", "64"),
    ),
    # --- Quarry (feature store) ---
    Family(
        first="Quarry materializes the user features into `{v}`.",
        update="Switched the Quarry user feature table to `{v}`; the old one is frozen and will be dropped.",
        restatement="User-level features in Quarry come from `{v}`.",
        question="Which table holds Quarry's user features?",
        values=(
            "quarry.features.user_daily_v3",
            "quarry.features.user_daily_v4",
            "quarry.features.user_daily_2025",
            "analytics.user_features_daily",
        ),
    ),
    Family(
        first="Quarry materialization runs on the cron `{v}`.",
        update="Quarry materialization cron is now `{v}` so it finishes before the morning training jobs.",
        restatement="The Quarry materialize job is scheduled as `{v}`.",
        question="What cron schedule does Quarry materialization use?",
        values=("0 2 * * *", "30 3 * * *", "0 */6 * * *", "15 1 * * *"),
    ),
    Family(
        first="Quarry is owned by {v} on the data platform team.",
        update="Heads up: {v} has taken over ownership of Quarry starting this sprint.",
        restatement="{v} is the point of contact for anything Quarry.",
        question="Who owns Quarry?",
        values=("Priya Raman", "Tomás Ortega", "Mei Lin", "Femi Adeyemi"),
    ),
    Family(
        first="Services read Quarry online features from `{v}`.",
        update="The Quarry online store moved to `{v}` — update `QUARRY_ONLINE_URL` in your service config.",
        restatement="`QUARRY_ONLINE_URL` should point at `{v}`.",
        question="What's the endpoint for the Quarry online store?",
        values=(
            "quarry-online.prod.svc:6379",
            "quarry-online-v2.prod.svc:6379",
            "feast-redis.ml.svc:6380",
            "quarry-kv.prod.internal:6379",
        ),
    ),
    Family(
        first="Pipelines that read from Quarry pin `{v}` in requirements.txt.",
        update="We replaced the Quarry client pin with `{v}`; older versions choke on the new schema.",
        restatement="requirements.txt carries `{v}` for the Quarry client.",
        question="Which Quarry SDK version are the pipelines pinned to?",
        values=("quarry-sdk==0.9.3", "quarry-sdk==0.11.0", "quarry-sdk==1.0.2", "quarry-sdk>=1.1,<1.2"),
    ),
    # --- tidepool (training pipelines) ---
    Family(
        first="To kick off a tidepool training run, use `{v}`.",
        update="tidepool training is started with `{v}` now, not the old entry point.",
        restatement="Training in tidepool: `{v}`.",
        question="What command starts a tidepool training run?",
        values=(
            "dvc repro train",
            "python -m tidepool.train --config configs/base.yaml",
            "make train",
            "dvc exp run -S train.epochs=20",
        ),
    ),
    Family(
        first="tidepool's eval gate is `{v}` on the holdout set.",
        update="Eval gate for tidepool switched to `{v}` — product cares more about it than the old metric.",
        restatement="A tidepool model has to beat the baseline on `{v}` to ship.",
        question="Which metric does the tidepool eval gate use?",
        values=("ndcg@10", "recall@50", "auc_pr", "map@20"),
    ),
    Family(
        first="tidepool retrains the ranker every {v} night.",
        update="- retrain: {v} nights from now on",
        restatement="The weekly tidepool retrain of the ranker happens on {v}.",
        question="What day does tidepool retrain the ranker?",
        values=("Sunday", "Wednesday", "Monday", "Friday"),
    ),
    Family(
        first="tidepool training jobs are scheduled on `{v}` nodes.",
        update="Training moved to `{v}` since the old node pool is being decommissioned.",
        restatement="tidepool trains on `{v}` instances.",
        question="What instance type does tidepool train on?",
        values=("p4d.24xlarge", "p5.48xlarge", "g6e.12xlarge", "a2-ultragpu-8g"),
    ),
    Family(
        first="tidepool runs log to W&B with `WANDB_PROJECT` set to `{v}`.",
        update="Please set `WANDB_PROJECT` to `{v}` going forward — we're splitting sweeps from prod runs.",
        restatement="The W&B project for tidepool runs is `{v}`.",
        question="What W&B project do tidepool runs log to?",
        values=("ranker-exp", "tidepool-ranker", "ranker-2025q1", "ranker-prod"),
    ),
    # --- Beacon (monitoring dashboards) ---
    Family(
        first="Beacon's drift dashboard is at `{v}`.",
        update="The drift dashboard moved to `{v}`; the old link redirects for now.",
        restatement="Feature drift charts for Beacon: `{v}`.",
        question="Where is the Beacon drift dashboard?",
        values=(
            "https://grafana.internal/d/ml-drift",
            "https://grafana.internal/d/beacon-drift-v2",
            "https://beacon.internal/dash/feature-drift",
            "https://grafana.internal/d/model-health",
        ),
    ),
    Family(
        first="Beacon flags a feature as drifted when PSI goes above {v}.",
        update="We changed the Beacon PSI threshold to {v} after last week's missed incident.",
        restatement="The drift alert in Beacon fires at PSI {v}.",
        question="At what PSI value does Beacon flag drift?",
        values=("0.2", "0.25", "0.1", "0.15"),
    ),
    Family(
        first="Beacon posts drift alerts to `{v}`.",
        update="Drift alerts from Beacon land in `{v}` now.",
        restatement="Beacon drift notifications show up in `{v}`.",
        question="Which channel do Beacon drift alerts go to?",
        values=("#beacon-drift", "#ml-monitoring", "#data-quality-alerts", "#beacon-alerts"),
    ),
    Family(
        first="Beacon's `refresh_interval` is `{v}`.",
        update="Changed Beacon's `refresh_interval` to `{v}`; the warehouse queries were piling up.",
        restatement="Beacon panels re-query every `{v}`.",
        question="How often do the Beacon dashboards refresh?",
        values=("15m", "5m", "1h", "30m"),
    ),
    Family(
        first="Beacon computes its model metrics from `{v}`.",
        update="Beacon reads predictions from `{v}` as of this morning, instead of the old logs table.",
        restatement="The prediction log table that Beacon queries is `{v}`.",
        question="Which table does Beacon read predictions from?",
        values=(
            "prod_ml.prediction_logs",
            "prod_ml.prediction_logs_v2",
            "lakehouse.ml.predictions",
            "prod_ml.scored_events",
        ),
    ),
    # --- Kestrel (notebook hub) ---
    Family(
        first="Kestrel spins up notebooks from `{v}` by default.",
        update="Default Kestrel notebook image is `{v}` as of today.",
        restatement="New Kestrel notebook servers start on `{v}`.",
        question="What's the default Kestrel notebook image?",
        values=(
            "kestrel/notebook:py311-cu121",
            "kestrel/notebook:py311-cu124",
            "kestrel/notebook:py312-cu124",
            "kestrel/notebook:2025.01",
        ),
    ),
    Family(
        first="Kestrel culls idle notebook servers after {v}.",
        update="Idle timeout on Kestrel changed to {v} — people kept losing GPU sessions over lunch.",
        restatement="An idle Kestrel server gets shut down after {v}.",
        question="How long before Kestrel shuts down an idle notebook?",
        values=("60 minutes", "2 hours", "30 minutes", "4 hours"),
    ),
    Family(
        first="Shared datasets are mounted in Kestrel at `{v}`.",
        update="Kestrel's shared data mount is `{v}` now; fix any hardcoded paths in your notebooks.",
        restatement="In a Kestrel notebook, the team datasets are under `{v}`.",
        question="Where are shared datasets mounted in Kestrel notebooks?",
        values=("/mnt/shared/datasets", "/data/team", "/mnt/efs/ml-data", "/home/shared/data"),
    ),
    Family(
        first="Kestrel's default GPU profile gives you a {v}.",
        update="We switched the default Kestrel GPU profile to a {v}.",
        restatement="Requesting a GPU in Kestrel gets you a {v} unless you pick another profile.",
        question="Which GPU does Kestrel's default GPU profile give you?",
        values=("T4", "A10G", "L4", "RTX A6000"),
    ),
    Family(
        first="{v} administers the Kestrel hub.",
        update="Kestrel admin duties moved to {v} this week.",
        restatement="Ping {v} for Kestrel hub admin stuff.",
        question="Who's the Kestrel hub admin?",
        values=("Jonas Becker", "Aiko Tanaka", "Ravi Menon", "Sofia Alvarez"),
    ),
)

PROBE31_POLAR = (
    Polar(
        statement="lumen-serve has request logging to S3 enabled (`LOG_REQUESTS=true`).",
        opposite="Turned off request logging on lumen-serve — `LOG_REQUESTS=false` now.",
        restatement="lumen-serve writes every request to S3; `LOG_REQUESTS` is on.",
        question="Is request logging enabled on lumen-serve?",
    ),
    Polar(
        statement="lumen-serve deploys go through a 10% canary first.",
        opposite="The canary stage is skipped for lumen-serve deploys now; they go straight to 100%.",
        restatement="Every lumen-serve rollout gets a 10% canary before full traffic.",
        question="Do lumen-serve deploys use a canary?",
    ),
    Polar(
        statement="Quarry enforces point-in-time joins (`strict_pit: true`) when building training sets.",
        opposite="Point-in-time join enforcement is disabled in Quarry for now (`strict_pit: false`).",
        restatement="Training sets built from Quarry go through strict point-in-time joins.",
        question="Does Quarry enforce point-in-time joins for training sets?",
    ),
    Polar(
        statement="The Quarry nightly backfill is paused.",
        opposite="Resumed the Quarry nightly backfill.",
        restatement="Quarry's nightly backfill is on hold at the moment.",
        question="Is the Quarry nightly backfill running?",
    ),
    Polar(
        statement="tidepool auto-promotes a model to the registry when the eval gate passes.",
        opposite="tidepool no longer auto-promotes; someone has to approve each promotion by hand.",
        restatement="If the eval gate is green, tidepool pushes the model to the registry on its own.",
        question="Does tidepool promote models automatically after eval?",
    ),
    Polar(
        statement="tidepool training uses bf16 mixed precision (`precision: bf16-mixed`).",
        opposite="Mixed precision is off for tidepool training — back to full fp32 while we debug the loss spikes.",
        restatement="tidepool trains in `bf16-mixed`.",
        question="Is tidepool training using mixed precision?",
    ),
    Polar(
        statement="Beacon drift alerts page on-call through PagerDuty.",
        opposite="Beacon drift alerts don't page anyone anymore — PagerDuty integration switched off, Slack only.",
        restatement="A Beacon drift alert triggers a PagerDuty page to whoever is on call.",
        question="Do Beacon drift alerts page on-call?",
    ),
    Polar(
        statement="Kestrel notebooks can reach the internet through the egress proxy (`HTTPS_PROXY` is set).",
        opposite="Outbound internet is blocked from Kestrel notebooks now; use the internal PyPI mirror for installs.",
        restatement="From a Kestrel notebook you can hit external URLs via the proxy.",
        question="Can Kestrel notebooks reach the internet?",
    ),
)

PROBE31_NEAR_MISSES = (
    (
        "lumen-serve latency alerts go to `#lumen-oncall`.",
        "lumen-serve error-rate alerts go to `#ml-serving-alerts`.",
    ),
    (
        "tidepool trains the ranker on `p4d.24xlarge` nodes.",
        "tidepool trains the reranker on `g6e.12xlarge` nodes.",
    ),
    (
        "The staging lumen-serve image is `lumen-serve:2.6.0-rc2`.",
        "The prod lumen-serve image is `lumen-serve:2.5.2-cuda12.4`.",
    ),
    (
        "Quarry's user features live in `quarry.features.user_daily_v4`.",
        "Quarry's item features live in `quarry.features.item_daily_v4`.",
    ),
    (
        "tidepool's offline eval gate is `ndcg@10`.",
        "tidepool's online A/B success metric is click-through rate.",
    ),
    (
        "Quarry materialization runs at `0 2 * * *`.",
        "Quarry's backfill job runs at `0 5 * * 0`.",
    ),
    (
        "Kestrel shared datasets are mounted at `/mnt/shared/datasets`.",
        "Kestrel scratch space is mounted at `/mnt/scratch`.",
    ),
    (
        "Beacon's PSI threshold for drift is 0.2.",
        "Beacon's null-rate threshold for data quality checks is 5%.",
    ),
    (
        "Priya Raman owns Quarry.",
        "Priya Raman is on call for Beacon this week.",
    ),
    (
        "tidepool training runs log to the W&B project `ranker-exp`.",
        "tidepool hyperparameter sweeps log to the W&B project `rank-sweeps`.",
    ),
    (
        "Kestrel's default GPU profile gives you a T4.",
        "Kestrel's large GPU profile gives you an A100.",
    ),
    (
        "lumen-serve's `max_batch_size` is 32.",
        "lumen-serve's `max_queue_delay_ms` is 32.",
    ),
)

PROBE31_LOOKALIKES = (
    (
        "Which channel do lumen-serve latency alerts go to?",
        "lumen-serve latency alerts post to `#lumen-oncall`.",
        "lumen-serve deploy notifications post to `#lumen-deploys`.",
    ),
    (
        "What command starts a tidepool training run?",
        "Start a tidepool training run with `dvc repro train`.",
        "Run the tidepool offline eval with `dvc repro evaluate`.",
    ),
    (
        "Where does lumen-serve load the ranker weights from?",
        "lumen-serve pulls the ranker weights from `s3://ml-artifacts/models/ranker/v14/`.",
        "tidepool writes intermediate ranker checkpoints to `s3://ml-scratch/checkpoints/ranker/`.",
    ),
    (
        "What instance type does tidepool train on?",
        "tidepool training runs on `p4d.24xlarge` nodes.",
        "lumen-serve inference runs on `g5.2xlarge` nodes.",
    ),
    (
        "Who owns Quarry?",
        "Quarry is owned by Mei Lin.",
        "Tomás Ortega wrote most of the Quarry SDK docs.",
    ),
    (
        "What cron schedule does Quarry materialization use?",
        "Quarry materialization is scheduled `30 3 * * *`.",
        "Quarry's compaction job runs at `0 4 * * 6`.",
    ),
    (
        "How often do the Beacon dashboards refresh?",
        "Beacon dashboards refresh every `15m`.",
        "Beacon keeps 90 days of metric history.",
    ),
    (
        "What's the default Kestrel notebook image?",
        "Kestrel notebooks default to `kestrel/notebook:py311-cu124`.",
        "The Kestrel hub itself runs `jupyterhub/k8s-hub:3.3.7`.",
    ),
    (
        "What W&B project do tidepool runs log to?",
        "tidepool sets `WANDB_PROJECT` to `tidepool-ranker`.",
        "tidepool sets `WANDB_ENTITY` to `ml-platform`.",
    ),
    (
        "Which Quarry SDK version are the pipelines pinned to?",
        "Pipelines pin `quarry-sdk==1.0.2` in requirements.txt.",
        "The Quarry server is deployed at version `1.3.0`.",
    ),
)
