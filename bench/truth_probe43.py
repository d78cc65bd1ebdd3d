"""A forty-third set of wordings for bench/truth.py (``probe43``), written by an author who saw neither the code
nor the other sets: a freelance translator's clients, a sailing club, a small SaaS team's ops, a family's school run
and clubs, a home renovation, and a book club with its local library. A held-out set.
"""

from truth_scenarios import Family, Polar

PROBE43_FAMILIES = (
    # --- freelance translator: clients and rates ---
    Family(
        first="- Halvorsen Legal, per-word rate: {v}",
        update="Halvorsen Legal agreed to {v} a word once I pointed out how tight their turnarounds are.",
        restatement="For every word I translate for Halvorsen Legal I bill {v}.",
        question="What's my per-word rate for Halvorsen Legal?",
        values=("€0.11", "€0.12", "€0.14", "€0.13"),
    ),
    Family(
        first="Brightwater Pharma pays my invoices within {v}.",
        update=(
            "brightwater's finance dept switched all their freelancers to payment within {v}, so "
            "cash flow's going to be tighter"
        ),
        restatement="Once I send Brightwater Pharma an invoice, the money lands in my account {v} later.",
        question="How long does Brightwater Pharma take to pay my invoices?",
        values=("30 days", "45 days", "60 days", "21 days"),
    ),
    Family(
        first="My project manager at Lingofy is {v}.",
        update="{v} took over my account at Lingofy when the previous PM went on parental leave.",
        restatement="Jobs from Lingofy come to me through {v}, who manages my projects there.",
        question="Who is my project manager at Lingofy?",
        values=("Dana Whitcombe", "Rafael Ortiz", "Ines Kowalczyk", "Tom Ashby"),
    ),
    Family(
        first="polyglot partners take {v} off every job they pass me",
        update="Polyglot Partners increased their commission to {v} in the new framework agreement I signed last week.",
        restatement="Out of each job Polyglot Partners send my way, {v} goes to them as their cut.",
        question="What commission do Polyglot Partners take on my jobs?",
        values=("12%", "15%", "18%", "20%"),
    ),
    # --- sailing club: boats, moorings, race nights ---
    Family(
        first="swinging mooring for Kestrel, per year: {v}",
        update="At the AGM the committee put Kestrel's mooring charge up to {v} a year to pay for the new club launch.",
        restatement="Keeping Kestrel out on her mooring costs us {v} annually.",
        question="How much is Kestrel's annual mooring fee?",
        values=("£410", "£445", "£480", "£520"),
    ),
    Family(
        first="Dinghy racing at the club is on {v} evenings.",
        update="dinghy racing's on {v} nights from now so it doesn't clash with youth training",
        restatement="Every week the dinghy fleet goes out racing on a {v} evening.",
        question="Which evening is dinghy racing at the club?",
        values=("Wednesday", "Thursday", "Tuesday", "Friday"),
    ),
    Family(
        first="Kestrel is on mooring {v} in the outer harbour.",
        update="The harbourmaster shifted Kestrel to buoy {v} while the chain on her old one gets replaced.",
        restatement="If you row out to Kestrel, she's the boat tied to buoy {v}.",
        question="Which mooring is Kestrel on?",
        values=("C14", "B7", "D22", "A3"),
    ),
    Family(
        first="- race nights: first warning signal {v}",
        update="With the lighter evenings the race officer sounds the first warning at {v} on race nights.",
        restatement="On race nights the horn for the first warning goes at {v}.",
        question="What time is the first warning signal on race nights?",
        values=("18:45", "19:00", "19:15", "18:30"),
    ),
    # --- small SaaS team: on-call, deploys, cloud resources ---
    Family(
        first="On-call primary this week: {v}",
        update="{v} has the pager this week; they traded shifts because of a wedding.",
        restatement="If prod falls over this week, {v} is the first one to get paged.",
        question="Who is the primary on-call this week?",
        values=("Marcus", "Junho", "Elodie", "Samir"),
    ),
    Family(
        first="- prod postgres: {v}",
        update="We resized the production Postgres box to {v} once the reporting queries started timing out.",
        restatement="Our production database runs on a {v} instance in RDS.",
        question="What instance type is the production Postgres database on?",
        values=("db.r6g.large", "db.r6g.xlarge", "db.r6g.2xlarge", "db.m6g.4xlarge"),
    ),
    Family(
        first="The staging API listens on port {v}.",
        update="staging api is on {v} since the metrics exporter grabbed the old port",
        restatement="To reach the staging API, point your client at `staging-api.internal:{v}`.",
        question="Which port does the staging API listen on?",
        values=("8080", "8443", "9090", "8081"),
    ),
    Family(
        first="To roll back a bad release, run `{v}`.",
        update="After the pipeline rework, rollbacks go through `{v}` instead.",
        restatement="`{v}` is the command that puts prod back on the previous release.",
        question="What command do we use to roll back a release?",
        values=("make rollback", "helm rollback api", "./scripts/revert.sh prod", "kubectl rollout undo deploy/api"),
    ),
    Family(
        first="the API runs on node {v} in prod",
        update="We bumped the production API to Node {v} to pick up the latest security fix.",
        restatement="Production API containers are built from the Node {v} base image.",
        question="Which Node version does the API run in production?",
        values=("18.19", "20.11", "20.15", "22.3"),
    ),
    # --- family: school run and after-school clubs ---
    Family(
        first="Ava's school pickup is at {v}.",
        update="With the new timetable Ava's class gets let out at {v}, so that's when I need to be at the gate.",
        restatement="I collect Ava from the school gate at {v}.",
        question="What time is Ava's school pickup?",
        values=("3:15pm", "3:05pm", "3:25pm", "2:55pm"),
    ),
    Family(
        first="- Thursday school run: {v}",
        update="{v} is doing the Thursday run from now on, since Karen's started early shifts at the hospital.",
        restatement="On Thursdays the kids get driven in to school by {v}.",
        question="Who does the Thursday school run?",
        values=("Gemma's dad", "Nadia", "Grandad Pete", "Lucy Brennan"),
    ),
    Family(
        first="gymnastics for ava is {v} a term",
        update="Email from the gym club: it'll be {v} per term from September, they're blaming the hall hire.",
        restatement="Each term we pay the gymnastics club {v} for Ava.",
        question="How much does Ava's gymnastics club cost per term?",
        values=("£96", "£108", "£114", "£120"),
    ),
    Family(
        first="Ollie's football training is at {v}.",
        update="football's at {v} until spring because the usual pitches are waterlogged",
        restatement="We drive Ollie over to {v} for his football practice.",
        question="Where is Ollie's football training?",
        values=("Hartfield Rec", "St Anne's school field", "the Leisure Centre 3G pitch", "Brook Lane Park"),
    ),
    # --- home renovation: builders, quotes, paint, deliveries ---
    Family(
        first="Kitchen extension quote from Calder Build: {v}",
        update="Calder Build came back with {v} for the extension once the steel beam went into the spec.",
        restatement="Calder Build want {v} to build the kitchen extension.",
        question="How much has Calder Build quoted for the kitchen extension?",
        values=("£38,500", "£41,200", "£43,900", "£39,750"),
    ),
    Family(
        first="We're painting the hallway in {v}.",
        update="hallway is going to be {v} after all, the test patch looked too cold in the evening light",
        restatement="The paint we've chosen for the hall walls is {v}.",
        question="What colour are we painting the hallway?",
        values=("Skimming Stone", "Elephant's Breath", "French Grey", "Egyptian Cotton"),
    ),
    Family(
        first="- bifold doors delivery: {v}",
        update="The factory has a backlog, so the bifold doors won't be delivered until {v}.",
        restatement="{v} is the day the bifolds are due to be dropped off.",
        question="When are the bifold doors being delivered?",
        values=("14 March", "28 March", "4 April", "11 April"),
    ),
    Family(
        first="The electrician doing the rewire is {v}.",
        update="We went with {v} for the rewire in the end, the first lot couldn't start until summer.",
        restatement="{v} are handling all the electrics on the renovation.",
        question="Who is doing the rewire?",
        values=("Sparks & Co", "Hollis Electrical", "Brightline Electric", "JT Wiring Services"),
    ),
    # --- book club and the local library ---
    Family(
        first="Book club meets at {v}.",
        update="book club's at {v} this season because the old place got too noisy to talk",
        restatement="We all gather at {v} for book club.",
        question="Where does the book club meet?",
        values=("the Crown & Anchor", "Fern's house", "the library's back room", "the Wheatsheaf"),
    ),
    Family(
        first="This month's book club pick is {v}.",
        update="We gave up on the long one, so we're reading {v} for the next meeting instead.",
        restatement="Everyone's meant to have finished {v} before the next book club.",
        question="Which book are we reading for book club?",
        values=("Klara and the Sun", "The Bee Sting", "Demon Copperhead", "Small Things Like These"),
    ),
    Family(
        first="Westbrook Library lets you have up to {v} items on loan at once.",
        update="new rules at westbrook library: the borrowing limit is {v} items per card",
        restatement="With a Westbrook Library card I can borrow {v} things at the same time.",
        question="How many items can I borrow at once from Westbrook Library?",
        values=("12", "15", "20", "25"),
    ),
)

PROBE43_POLAR = (
    Polar(
        statement="I charge VAT on my invoices to Halvorsen Legal.",
        opposite=(
            "Since Halvorsen Legal moved their registered office to Oslo, I've stopped adding VAT to their invoices."
        ),
        restatement="My invoices to Halvorsen Legal include VAT.",
        question="Do I add VAT to Halvorsen Legal's invoices?",
    ),
    Polar(
        statement="Non-members can launch from the club slipway.",
        opposite="After the insurance scare the committee closed the slipway to anyone who isn't a member.",
        restatement="You don't have to be a club member to use the slipway.",
        question="Can non-members use the club slipway?",
    ),
    Polar(
        statement="Deploys to production need a second engineer's approval.",
        opposite="we dropped the two-person rule for prod deploys, one engineer can ship on their own",
        restatement="Nobody can push to prod without someone else signing off.",
        question="Do production deploys need a second engineer's approval?",
    ),
    Polar(
        statement="The staging cluster is backed up automatically every night.",
        opposite="Turned off the nightly backups on staging to cut the storage bill.",
        restatement="Staging gets an automatic backup each night.",
        question="Is the staging cluster backed up automatically?",
    ),
    Polar(
        statement="Ollie has school dinners.",
        opposite="Ollie's taking a packed lunch from this term, he couldn't stand the school meals.",
        restatement="Ollie eats the hot lunch the school provides.",
        question="Does Ollie have school dinners?",
    ),
    Polar(
        statement="The builders have a key to the house.",
        opposite="I've taken the spare key back off the builders, they'll have to knock from now on.",
        restatement="Calder Build's crew can let themselves into the house.",
        question="Do the builders have a key to the house?",
    ),
    Polar(
        statement="The book club is open to new members.",
        opposite="We're full, so book club isn't taking anyone new for the time being.",
        restatement="Anyone who wants to join book club is welcome to come along.",
        question="Is the book club accepting new members?",
    ),
    Polar(
        statement="My library card is blocked because of overdue fines.",
        opposite="Paid off the fines at the desk today, so my library card works again.",
        restatement="I can't borrow anything from the library until I clear what I owe.",
        question="Is my library card blocked?",
    ),
)

PROBE43_NEAR_MISSES = (
    ("My per-word rate for Halvorsen Legal is €0.12.", "My per-word rate for Brightwater Pharma is €0.12."),
    ("Dana Whitcombe is my project manager at Lingofy.", "Dana Whitcombe handles my invoices at Lingofy."),
    ("Kestrel is on mooring C14.", "Kestrel's road trailer is parked in bay C14 of the boat park."),
    ("Dinghy racing is on Wednesday evenings.", "Keelboat racing is on Wednesday evenings."),
    ("Kestrel's mooring costs £445 a year.", "Full club membership costs £445 a year."),
    ("Marcus is primary on-call this week.", "Marcus is secondary on-call next week."),
    ("The staging API listens on port 8443.", "The production API listens on port 443."),
    ("Prod Postgres runs on a db.r6g.xlarge instance.", "Staging Postgres runs on a db.t4g.medium instance."),
    ("Ava's school pickup is at 3:15pm.", "Ava's school drop-off is at 8:40am."),
    ("Ava's gymnastics costs £108 a term.", "Ollie's swimming lessons cost £108 a term."),
    (
        "The hallway walls are being painted Elephant's Breath.",
        "The hallway skirting boards are being painted Strong White.",
    ),
    ("The bifold doors are being delivered on 28 March.", "The kitchen worktops are being delivered on 28 March."),
    (
        "Book club meets on the first Tuesday of the month.",
        "The library's poetry group meets on the first Tuesday of the month.",
    ),
    (
        "Westbrook Library lets you borrow up to 15 items at once.",
        "Westbrook Library lets you reserve up to 15 items at once.",
    ),
)

PROBE43_LOOKALIKES = (
    (
        "What's my per-word rate for Halvorsen Legal?",
        "Halvorsen Legal pays me €0.12 a word for translation.",
        "Halvorsen Legal pays me €45 an hour for proofreading.",
    ),
    (
        "Who is my project manager at Lingofy?",
        "My project manager at Lingofy is Rafael Ortiz.",
        "The person in Lingofy's accounts team who pays my invoices is Bea Laurent.",
    ),
    (
        "Which mooring is Kestrel on?",
        "Kestrel is on mooring B7.",
        "Kestrel's tender is kept on rack 12 in the dinghy park.",
    ),
    (
        "How much is Kestrel's annual mooring fee?",
        "Kestrel's swinging mooring costs £445 a year.",
        "Winter storage ashore for Kestrel costs £310 a season.",
    ),
    (
        "Who is the primary on-call this week?",
        "Elodie is primary on-call this week.",
        "Junho is secondary on-call this week.",
    ),
    (
        "Which port does the staging API listen on?",
        "The staging API listens on port 8443.",
        "The staging API's Prometheus metrics are exposed on port 9100.",
    ),
    (
        "Which Node version does the API run in production?",
        "The production API runs on Node 20.11.",
        "Our CI runners build everything with Node 21.7.",
    ),
    (
        "What time is Ava's school pickup?",
        "Ava's school pickup is at 3:15pm.",
        "Ava's pickup from gymnastics on Tuesdays is at 5:30pm.",
    ),
    (
        "What colour are we painting the hallway?",
        "The hallway walls are going to be French Grey.",
        "The front door is being painted Hague Blue on the outside.",
    ),
    (
        "When are the bifold doors being delivered?",
        "The bifold doors are due to be delivered on 4 April.",
        "The fitters are booked to install the bifold doors on 9 April.",
    ),
    (
        "Where does the book club meet?",
        "Book club meets in the library's back room.",
        "Book club's Christmas dinner is booked at the Crown & Anchor.",
    ),
    (
        "How many items can I borrow at once from Westbrook Library?",
        "Westbrook Library lets you borrow 20 items at a time.",
        "Westbrook Library lets you renew each item 3 times online.",
    ),
)
