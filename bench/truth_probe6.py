"""A sixth development set of wordings for bench/truth.py (``probe6``): corrections ("actually", "correction:"),
facts stated as notes or in passing, updates that name the old value, restatements in the passive voice or as
a question's answer. Written before any change it led to; its first run is the unseen figure.
"""

from truth_scenarios import Family, Polar

PROBE6_FAMILIES = (
    Family(
        first="The office wifi password is {v}.",
        update="Correction: the office wifi password is {v}, not what I said before.",
        restatement="To join the office wifi, use the password {v}.",
        question="What is the office wifi password?",
        values=("sunflower42", "bluewhale7", "orchard19", "tangerine3"),
    ),
    Family(
        first="Payroll runs on the {v} of every month.",
        update="Finance moved payroll: it runs on the {v} of each month from now on.",
        restatement="Every month, payroll is run on the {v}.",
        question="When does payroll run?",
        values=("25th", "28th", "15th", "1st"),
    ),
    Family(
        first="Noah's shoe size is {v}.",
        update="Noah grew again, he wears size {v} shoes now.",
        restatement="Shoes for Noah should be size {v}.",
        question="What shoe size does Noah wear?",
        values=("32", "33", "34", "35"),
    ),
    Family(
        first="The frontend is built with {v}.",
        update="We rewrote the frontend in {v} over the summer.",
        restatement="{v} is what the frontend is built on.",
        question="What is the frontend built with?",
        values=("React", "Svelte", "Vue", "Angular"),
    ),
    Family(
        first="The storage bucket keeps backups for {v} days.",
        update="Actually the bucket's retention for backups is {v} days; I misremembered.",
        restatement="Backups stay in the storage bucket for {v} days.",
        question="How long are backups kept in the bucket?",
        values=("30", "14", "60", "7"),
    ),
    Family(
        first="Our pediatrician is Dr. {v}.",
        update="We switched pediatricians; the kids now see Dr. {v}.",
        restatement="The kids' doctor is Dr. {v}.",
        question="Who is our pediatrician?",
        values=("Hartley", "Osei", "Lindgren", "Moreno"),
    ),
    Family(
        first="The monthly cloud budget is {v}.",
        update="Budget review done: the cloud budget per month is {v} going forward.",
        restatement="We may spend {v} a month on cloud.",
        question="What is the monthly cloud budget?",
        values=("$4,000", "$5,500", "$3,200", "$6,000"),
    ),
    Family(
        first="The book club meets at {v}'s place.",
        update="The book club will meet at {v}'s place from next month on.",
        restatement="We hold book club at {v}'s.",
        question="Where does the book club meet?",
        values=("Hannah", "Marcus", "Priya", "Tobias"),
    ),
    Family(
        first="Node {v} is the version our services run on.",
        update="All services were upgraded to Node {v} this sprint.",
        restatement="Our services run Node {v}.",
        question="Which Node version do the services run?",
        values=("18", "20", "22", "16"),
    ),
    Family(
        first="The garage door code is {v}.",
        update="I reset the garage door code to {v}.",
        restatement="You open the garage door with code {v}.",
        question="What is the garage door code?",
        values=("4821", "9930", "1357", "6604"),
    ),
    Family(
        first="The nightly export writes to the {v} schema.",
        update="Since the migration the nightly export writes to the {v} schema instead.",
        restatement="The {v} schema is where the nightly export lands.",
        question="Which schema does the nightly export write to?",
        values=("reporting", "analytics", "warehouse", "exports"),
    ),
    Family(
        first="My commute takes {v} minutes each way.",
        update="After the move my commute is {v} minutes each way.",
        restatement="Each way, I spend {v} minutes commuting.",
        question="How long is my commute?",
        values=("40", "25", "55", "15"),
    ),
)

PROBE6_POLAR = (
    Polar(
        "The staging environment is public",
        "The staging environment is private now",
        "Anyone can reach the staging environment",
        "Is the staging environment public?",
    ),
    Polar(
        "Grandma can climb stairs",
        "Grandma can't climb stairs since the fall",
        "Stairs are no problem for grandma",
        "Can grandma climb stairs?",
    ),
    Polar(
        "Pull requests need two approvals",
        "Pull requests don't need two approvals anymore",
        "Two approvals are required on every pull request",
        "Do pull requests need two approvals?",
    ),
    Polar(
        "The dog is allowed on the couch",
        "The dog is not allowed on the couch",
        "We let the dog sit on the couch",
        "Is the dog allowed on the couch?",
    ),
    Polar(
        "Caching is enabled on the search endpoint",
        "Caching is disabled on the search endpoint",
        "The search endpoint caches its responses",
        "Is caching enabled on the search endpoint?",
    ),
    Polar(
        "I drink coffee in the morning",
        "I stopped drinking coffee in the morning",
        "Mornings start with a coffee for me",
        "Do I drink coffee in the morning?",
    ),
)
