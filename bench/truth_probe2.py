"""A second development set of wordings for bench/truth.py (``probe2``), written after ``probe``'s changes and
before any change it led to: coding-agent notes, people and plans, updates told inside longer sentences.

Its misses are read; the ``heldout`` and ``final`` sets stay the ones only counted.
"""

from truth_scenarios import Family, Polar

PROBE2_FAMILIES = (
    Family(
        first="The repo's default branch is {v}.",
        update="Heads up, we renamed the default branch of the repo to {v} yesterday.",
        restatement="New work in the repo starts from the {v} branch, which is the default.",
        question="What is the repo's default branch?",
        values=("master", "main", "trunk", "develop"),
    ),
    Family(
        first="Integration tests run against PostgreSQL {v}.",
        update="I bumped the integration test database to PostgreSQL {v} this morning.",
        restatement="PostgreSQL {v} is the version our integration tests use.",
        question="Which PostgreSQL version do the integration tests use?",
        values=("14", "15", "16", "17"),
    ),
    Family(
        first="The worker pool has {v} processes.",
        update="To handle the backlog, ops scaled the worker pool to {v} processes.",
        restatement="There are {v} processes in the worker pool.",
        question="How many processes does the worker pool have?",
        values=("8", "12", "16", "6"),
    ),
    Family(
        first="Our design reviews happen on {v} afternoons.",
        update="Design review got moved, it's on {v} afternoons from this sprint on.",
        restatement="{v} afternoon is when we hold design reviews.",
        question="When are design reviews?",
        values=("Tuesday", "Thursday", "Wednesday", "Monday"),
    ),
    Family(
        first="The API gateway times out requests after {v} seconds.",
        update="Because of the slow report endpoint, the gateway timeout went up to {v} seconds.",
        restatement="Requests through the API gateway are cut off once {v} seconds pass.",
        question="What is the API gateway timeout?",
        values=("30", "60", "45", "90"),
    ),
    Family(
        first="My dentist is Dr. {v}.",
        update="I switched dentists and I see Dr. {v} now.",
        restatement="Dr. {v} is the dentist I go to.",
        question="Who is my dentist?",
        values=("Patel", "Nguyen", "Okafor", "Schmidt"),
    ),
    Family(
        first="We're saving {v} a month for the house deposit.",
        update="After my raise we put away {v} every month toward the deposit.",
        restatement="Each month {v} goes into the house deposit fund.",
        question="How much do we save each month for the house deposit?",
        values=("$800", "$1,000", "$1,200", "$950"),
    ),
    Family(
        first="The Terraform state is stored in the {v} bucket.",
        update="Platform migrated the Terraform state into the {v} bucket last week.",
        restatement="We keep Terraform's state in the {v} bucket.",
        question="Which bucket holds the Terraform state?",
        values=("tf-state-prod", "infra-state", "platform-tfstate", "ops-terraform"),
    ),
    Family(
        first="Maya's piano lesson is at {v} on Saturdays.",
        update="The piano teacher asked to shift Maya's Saturday lesson to {v}.",
        restatement="On Saturdays Maya has piano at {v}.",
        question="What time is Maya's piano lesson?",
        values=("10 am", "11 am", "9:30 am", "1 pm"),
    ),
    Family(
        first="The linter's maximum line length is {v}.",
        update="We loosened the linter so lines may be up to {v} characters.",
        restatement="Lines longer than {v} characters fail the linter.",
        question="What is the linter's maximum line length?",
        values=("88", "100", "120", "79"),
    ),
    Family(
        first="Our team lead is {v}.",
        update="{v} took over as team lead when the reorg landed.",
        restatement="{v} leads our team.",
        question="Who is our team lead?",
        values=("Priya Raman", "Marco Bianchi", "Yuki Tanaka", "Sara Lind"),
    ),
    Family(
        first="Staging deploys are triggered from the {v} pipeline.",
        update="Staging deploys now go out through the {v} pipeline since the CI cleanup.",
        restatement="The {v} pipeline is what deploys to staging.",
        question="Which pipeline deploys to staging?",
        values=("deploy-staging", "release-candidate", "stage-cd", "preprod"),
    ),
    Family(
        first="The vet said Pepper should weigh about {v}.",
        update="At the checkup the vet revised Pepper's target weight to {v}.",
        restatement="Pepper's healthy weight, per the vet, is around {v}.",
        question="What should Pepper weigh?",
        values=("12 kg", "11 kg", "13 kg", "10.5 kg"),
    ),
    Family(
        first="Error logs are kept for {v} days in Loki.",
        update="To save on storage we lowered Loki's retention for error logs to {v} days.",
        restatement="Loki holds on to error logs for {v} days.",
        question="How long are error logs kept in Loki?",
        values=("30", "14", "7", "21"),
    ),
    Family(
        first="Our wedding anniversary dinner is booked at {v}.",
        update="The restaurant had a kitchen fire, so we rebooked the anniversary dinner at {v}.",
        restatement="We'll celebrate our anniversary with dinner at {v}.",
        question="Where is our anniversary dinner booked?",
        values=("Osteria Bella", "The Grain House", "Saffron Table", "Blue Heron"),
    ),
    Family(
        first="The frontend bundle budget is {v}.",
        update="Performance budget review: the frontend bundle may now be at most {v}.",
        restatement="We allow the frontend bundle to weigh {v}.",
        question="What is the frontend bundle budget?",
        values=("250 KB", "300 KB", "200 KB", "350 KB"),
    ),
    Family(
        first="I take my vitamin D in the {v}.",
        update="My doctor told me to take vitamin D in the {v} instead.",
        restatement="Vitamin D is part of my {v} routine.",
        question="When do I take my vitamin D?",
        values=("morning", "evening", "afternoon", "night"),
    ),
    Family(
        first="Feature flags are managed in {v}.",
        update="We moved feature flag management over to {v} after the pricing change.",
        restatement="{v} is where we manage our feature flags.",
        question="Where are feature flags managed?",
        values=("LaunchDarkly", "Unleash", "Flagsmith", "GrowthBook"),
    ),
    Family(
        first="The office Wi-Fi network is called {v}.",
        update="IT renamed the office Wi-Fi, the network shows up as {v} now.",
        restatement="In the office, connect to the {v} network for Wi-Fi.",
        question="What is the office Wi-Fi network called?",
        values=("Acme-Corp", "AcmeNet", "Acme-5G", "AcmeGuest"),
    ),
    Family(
        first="The batch job processes {v} records per run.",
        update="After tuning, each batch job run handles {v} records.",
        restatement="Every run of the batch job goes through {v} records.",
        question="How many records does the batch job process per run?",
        values=("5,000", "10,000", "20,000", "15,000"),
    ),
    Family(
        first="Dad's flight lands at {v} on Friday.",
        update="Dad's flight was delayed, it lands at {v} on Friday.",
        restatement="On Friday, Dad's plane gets in at {v}.",
        question="When does Dad's flight land?",
        values=("6:40 pm", "8:15 pm", "9:05 pm", "7:30 pm"),
    ),
    Family(
        first="The cron for the cleanup script runs at {v}.",
        update="I changed the cleanup script's cron to fire at {v}.",
        restatement="Every day at {v} the cleanup script kicks off via cron.",
        question="When does the cleanup script run?",
        values=("02:00", "03:30", "01:15", "04:00"),
    ),
    Family(
        first="Our book club is reading {v} this month.",
        update="The book club dropped its pick and is reading {v} this month.",
        restatement="This month's book club book is {v}.",
        question="What is the book club reading this month?",
        values=("Dune", "Piranesi", "Circe", "Klara and the Sun"),
    ),
    Family(
        first="The service account token expires after {v} hours.",
        update="Security shortened the lifetime of service account tokens to {v} hours.",
        restatement="Service account tokens are valid for {v} hours.",
        question="When do service account tokens expire?",
        values=("24", "12", "8", "48"),
    ),
)

PROBE2_POLAR = (
    Polar(
        "Dependabot is enabled for the backend repo",
        "Dependabot is turned off for the backend repo",
        "The backend repo gets dependency updates from Dependabot",
        "Is Dependabot enabled for the backend repo?",
    ),
    Polar(
        "The user wants commit messages in English",
        "The user does not want commit messages in English",
        "Commit messages should be written in English for the user",
        "What language does the user want commit messages in?",
    ),
    Polar(
        "Our cat is allowed outside",
        "Our cat is kept indoors now",
        "We let our cat go outside",
        "Is our cat allowed outside?",
    ),
    Polar(
        "Pair programming is mandatory for new hires",
        "Pair programming is optional for new hires",
        "New hires are required to pair program",
        "Is pair programming mandatory for new hires?",
    ),
    Polar(
        "The nightly build is passing",
        "The nightly build is failing",
        "Last night's build went green",
        "Is the nightly build passing?",
    ),
    Polar(
        "My brother eats gluten",
        "My brother avoids gluten now",
        "Gluten is fine for my brother",
        "Does my brother eat gluten?",
    ),
    Polar(
        "The API accepts unauthenticated requests",
        "The API rejects unauthenticated requests",
        "Requests without authentication are accepted by the API",
        "Does the API accept unauthenticated requests?",
    ),
    Polar(
        "We use tabs for indentation",
        "We never use tabs for indentation",
        "Indentation in our code is done with tabs",
        "Do we use tabs for indentation?",
    ),
)
