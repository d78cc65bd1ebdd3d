"""A development set of wordings for bench/truth.py, written after the others, before any change it led to.

Its misses are read (it is a development set, like ``tune``, ``judge`` and ``fresh``); the ``heldout`` and
``final`` sets stay the ones only counted.
"""

from truth_scenarios import Family, Polar

PROBE_FAMILIES = (
    Family(
        first="Our car insurance premium is {v} a year.",
        update="The renewal letter came: the car insurance will cost {v} per year from now on.",
        restatement="Each year we pay {v} to insure the car.",
        question="How much is our car insurance?",
        values=("$980", "$1,120", "$1,045", "$1,310"),
    ),
    Family(
        first="Grandma's birthday party is on {v}.",
        update="Mom texted that grandma's party got pushed to {v}.",
        restatement="We're celebrating grandma's birthday on {v}.",
        question="When is grandma's birthday party?",
        values=("June 8", "June 15", "July 2", "June 22"),
    ),
    Family(
        first="The build cache lives in {v}.",
        update="We relocated the build cache to {v}.",
        restatement="{v} is where the build cache is kept.",
        question="Where is the build cache?",
        values=("/var/cache/build", "/mnt/fast/build-cache", "/srv/cache", "/opt/buildcache"),
    ),
    Family(
        first="I swim {v} laps every morning.",
        update="These days I'm up to {v} laps in my morning swim.",
        restatement="My morning swim is {v} laps.",
        question="How many laps do I swim in the morning?",
        values=("20", "30", "40", "25"),
    ),
    Family(
        first="The on-call handoff happens at {v}.",
        update="Starting next week, on-call hands off at {v}.",
        restatement="At {v} the on-call shift passes to the next engineer.",
        question="What time is the on-call handoff?",
        values=("9 am", "10 am", "4 pm", "noon"),
    ),
    Family(
        first="The checkout service is written in {v}.",
        update="The team rewrote the checkout service in {v}.",
        restatement="{v} is the language of the checkout service.",
        question="What language is the checkout service written in?",
        values=("Java", "Go", "Rust", "Kotlin"),
    ),
    Family(
        first="My sister Lena lives in {v}.",
        update="Lena has moved again, she's settled in {v} now.",
        restatement="Lena, my sister, makes her home in {v}.",
        question="Where does my sister Lena live?",
        values=("Hamburg", "Vienna", "Zurich", "Munich"),
    ),
    Family(
        first="The nightly export job keeps {v} days of files.",
        update="We cut the nightly export retention down to {v} days.",
        restatement="Files from the nightly export are kept for {v} days.",
        question="How many days of files does the nightly export keep?",
        values=("14", "7", "30", "10"),
    ),
    Family(
        first="Our kitchen walls are painted {v}.",
        update="We repainted the kitchen {v} over the weekend.",
        restatement="The kitchen has {v} walls.",
        question="What colour are the kitchen walls?",
        values=("yellow", "sage green", "white", "light blue"),
    ),
    Family(
        first="The mobile app's minimum iOS version is {v}.",
        update="With this release we dropped older devices; the app now needs iOS {v} or later.",
        restatement="The app supports iOS {v} and newer.",
        question="What is the minimum iOS version for the mobile app?",
        values=("15", "16", "17", "16.4"),
    ),
    Family(
        first="Tomas is our point of contact at {v}.",
        update="Tomas left for a job at {v}, where he's still our contact.",
        restatement="Our contact person at {v} is Tomas.",
        question="Where does Tomas work?",
        values=("Stripe", "Adyen", "Mollie", "Klarna"),
    ),
    Family(
        first="The coffee machine in the office takes {v} capsules.",
        update="Facilities swapped the office coffee machine, it uses {v} capsules now.",
        restatement="Only {v} capsules fit the office coffee machine.",
        question="What capsules does the office coffee machine take?",
        values=("Nespresso", "Dolce Gusto", "Tassimo", "Lavazza"),
    ),
    Family(
        first="Our sprint is {v} long.",
        update="After the planning review the sprint length became {v}.",
        restatement="Each sprint lasts {v}.",
        question="How long is our sprint?",
        values=("two weeks", "three weeks", "one week", "four weeks"),
    ),
    Family(
        first="The load balancer health check hits {v}.",
        update="Health checks on the load balancer were switched to {v}.",
        restatement="{v} is the endpoint the load balancer probes for health.",
        question="Which endpoint does the load balancer health check use?",
        values=("/healthz", "/status", "/ping", "/ready"),
    ),
    Family(
        first="My running shoes are a size {v}.",
        update="My feet changed after the marathon, so I buy running shoes in size {v} now.",
        restatement="I wear size {v} in running shoes.",
        question="What size are my running shoes?",
        values=("42", "43", "42.5", "44"),
    ),
    Family(
        first="The quarterly board meeting is held in {v}.",
        update="The board voted to hold its quarterly meeting in {v} instead.",
        restatement="{v} hosts the quarterly board meeting.",
        question="Where is the quarterly board meeting held?",
        values=("Boston", "Chicago", "Denver", "Austin"),
    ),
    Family(
        first="The search index is rebuilt every {v} hours.",
        update="The search index rebuild now runs every {v} hours.",
        restatement="Every {v} hours a fresh search index is built.",
        question="How often is the search index rebuilt?",
        values=("6", "12", "4", "24"),
    ),
    Family(
        first="We feed the fish {v} times a day.",
        update="The pet store said to cut back, so the fish get fed {v} times a day.",
        restatement="The fish are fed {v} times daily.",
        question="How many times a day do we feed the fish?",
        values=("3", "2", "1", "4"),
    ),
    Family(
        first="The maximum upload size is {v}.",
        update="Uploads are capped at {v} since the storage change.",
        restatement="Files larger than {v} can't be uploaded.",
        question="What is the maximum upload size?",
        values=("25 MB", "50 MB", "100 MB", "10 MB"),
    ),
    Family(
        first="I pick the kids up from school at {v}.",
        update="The school changed its timetable, so pickup is at {v} for me now.",
        restatement="School pickup for the kids is at {v}.",
        question="When do I pick the kids up from school?",
        values=("3:15 pm", "3:30 pm", "2:45 pm", "3:00 pm"),
    ),
    Family(
        first="Our Slack workspace keeps messages for {v}.",
        update="Legal asked us to change Slack message retention to {v}.",
        restatement="Slack messages are deleted after {v}.",
        question="How long does Slack keep our messages?",
        values=("90 days", "1 year", "180 days", "2 years"),
    ),
    Family(
        first="The primary region for the API is {v}.",
        update="After the migration the API's primary region is {v}.",
        restatement="The API runs primarily out of {v}.",
        question="What is the API's primary region?",
        values=("us-east-1", "eu-west-1", "us-west-2", "eu-central-1"),
    ),
    Family(
        first="My gym locker number is {v}.",
        update="They reassigned lockers at the gym and mine is {v} now.",
        restatement="At the gym I use locker {v}.",
        question="What is my gym locker number?",
        values=("117", "204", "89", "312"),
    ),
    Family(
        first="Code freeze for the release starts on {v}.",
        update="Release management moved the code freeze to {v}.",
        restatement="No merges after {v}: that's when the release code freeze begins.",
        question="When does the code freeze start?",
        values=("November 20", "November 27", "December 4", "November 13"),
    ),
)

PROBE_POLAR = (
    Polar(
        "The garage door is locked at night",
        "The garage door is left unlocked at night",
        "At night we lock the garage door",
        "Is the garage door locked at night?",
    ),
    Polar(
        "Auto-merge is enabled on the main repository",
        "Auto-merge is disabled on the main repository",
        "The main repository merges pull requests automatically once checks pass",
        "Is auto-merge enabled on the main repository?",
    ),
    Polar(
        "My son is vegetarian",
        "My son is not vegetarian anymore",
        "My son doesn't eat meat",
        "Is my son vegetarian?",
    ),
    Polar(
        "We always squash commits before merging",
        "We never squash commits before merging",
        "Commits get squashed every time before a merge",
        "Do we squash commits before merging?",
    ),
    Polar(
        "The conference room projector works",
        "The conference room projector is broken",
        "The projector in the conference room is working fine",
        "Does the conference room projector work?",
    ),
    Polar(
        "Guests can use the pool after 8 pm",
        "Guests cannot use the pool after 8 pm",
        "The pool stays open to guests past 8 pm",
        "Can guests use the pool after 8 pm?",
    ),
    Polar(
        "Telemetry is collected from beta users",
        "Telemetry is not collected from beta users",
        "We gather telemetry from people on the beta",
        "Is telemetry collected from beta users?",
    ),
    Polar(
        "My partner likes horror movies",
        "My partner hates horror movies",
        "Horror films are a favourite of my partner",
        "Does my partner like horror movies?",
    ),
)
