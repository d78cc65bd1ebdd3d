"""Fact-change scenarios for bench/truth.py: two disjoint sets of wordings, ``tune`` and ``judge``.

A family is one fact with a slot: its first statement, an update told another way, a restatement (same value,
other words), the question that asks for it, and values for the slot. A polar family is a statement and its
opposite (negation, always/never, enabled/disabled...) with a restatement and a question. The judge set was
written separately from the tune set, with other subjects, other verbs and other sentence shapes, and is only
ever measured: nothing in the write path was fitted to it.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Family:
    first: str  # "{v}" is the slot
    update: str  # the same fact with a new value, told another way
    restatement: str  # the same fact with the same value, told another way
    question: str
    values: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Polar:
    statement: str
    opposite: str
    restatement: str
    question: str


TUNE_FAMILIES = (
    Family(
        "The API key rotation happens every {v} days",
        "API keys now rotate every {v} days",
        "Every {v} days the API keys get rotated",
        "How often are the API keys rotated?",
        ("30", "60", "90", "45"),
    ),
    Family(
        "Meeting with Rachel on {v} at 10am",
        "The meeting with Rachel moved to {v} at 10am",
        "Rachel and I meet on {v} at 10am",
        "When is the meeting with Rachel?",
        ("Monday", "Tuesday", "Wednesday", "Thursday"),
    ),
    Family(
        "The API rate limit is {v} requests per minute",
        "The rate limit of the API was raised to {v} requests per minute",
        "Clients may send {v} requests per minute to the API",
        "What is the API rate limit?",
        ("100", "1000", "500", "250"),
    ),
    Family(
        "The staging database listens on port {v}",
        "Staging's database port changed to {v}",
        "Port {v} is where the staging database listens",
        "Which port does the staging database use?",
        ("5432", "5433", "6432", "15432"),
    ),
    Family(
        "The user's favourite editor is {v}",
        "These days the user prefers {v} as an editor",
        "The editor the user likes best is {v}",
        "Which editor does the user like?",
        ("vim", "emacs", "VS Code", "Helix"),
    ),
    Family(
        "The team standup is at {v} every morning",
        "Standup was moved to {v}",
        "Every morning at {v} the team has its standup",
        "What time is the standup?",
        ("9am", "9:30am", "10am", "8:45am"),
    ),
    Family(
        "Our production cluster runs Kubernetes {v}",
        "We upgraded the production cluster to Kubernetes {v}",
        "Kubernetes {v} is what the production cluster runs",
        "Which Kubernetes version runs in production?",
        ("1.27", "1.28", "1.29", "1.30"),
    ),
    Family(
        "The monthly cloud budget is ${v}",
        "The cloud budget is now ${v} a month",
        "Each month we may spend ${v} on cloud",
        "What is the monthly cloud budget?",
        ("4000", "5500", "7200", "3000"),
    ),
    Family(
        "Alice lives in {v}",
        "Alice moved to {v}",
        "Alice's home is in {v}",
        "Where does Alice live?",
        ("Berlin", "Lisbon", "Toronto", "Osaka"),
    ),
    Family(
        "The office wifi password hint is the colour {v}",
        "The wifi hint colour is now {v}",
        "The colour {v} is the hint for the office wifi password",
        "What colour is the wifi password hint?",
        ("blue", "green", "orange", "purple"),
    ),
    Family(
        "The release freeze starts on March {v}",
        "The release freeze was pushed to March {v}",
        "On March {v} the release freeze begins",
        "When does the release freeze start?",
        ("3", "10", "17", "24"),
    ),
    Family(
        "The on-call rotation has {v} engineers",
        "The on-call rotation grew to {v} engineers",
        "{v} engineers share the on-call rotation",
        "How many engineers are on call?",
        ("4", "5", "6", "8"),
    ),
    Family(
        "The nightly backup keeps {v} days of snapshots",
        "Nightly backups now retain {v} days of snapshots",
        "Snapshots from the nightly backup are kept for {v} days",
        "How long are backup snapshots kept?",
        ("7", "14", "30", "90"),
    ),
    Family(
        "Bob's manager is {v}",
        "Bob now reports to {v}",
        "{v} manages Bob",
        "Who is Bob's manager?",
        ("Carol", "Dmitri", "Elena", "Farid"),
    ),
    Family(
        "The support email is {v}",
        "Support moved to the address {v}",
        "Write to {v} for support",
        "What is the support email address?",
        ("help@acme.io", "support@acme.io", "care@acme.io", "desk@acme.io"),
    ),
)

TUNE_POLAR = (
    Polar(
        "The user is allergic to peanuts",
        "The user is not allergic to peanuts",
        "Peanuts give the user an allergic reaction",
        "Is the user allergic to peanuts?",
    ),
    Polar(
        "Always run the database migrations on staging first",
        "Never run the database migrations on staging",
        "Database migrations should always go to staging first",
        "Should migrations run on staging?",
    ),
    Polar(
        "Dark mode is enabled in the terminal",
        "Dark mode is disabled in the terminal",
        "The terminal has dark mode turned on",
        "Is dark mode on in the terminal?",
    ),
    Polar(
        "The user drinks coffee every morning",
        "The user no longer drinks coffee",
        "Every morning the user has a coffee",
        "Does the user drink coffee?",
    ),
    Polar(
        "Two-factor login is required for admins",
        "Two-factor login is optional for admins",
        "Admins must use two-factor login",
        "Do admins need two-factor login?",
    ),
    Polar(
        "The feature flag for search is on",
        "The feature flag for search is off",
        "Search's feature flag is switched on",
        "Is the search feature flag on?",
    ),
)

JUDGE_FAMILIES = (
    Family(
        "Invoices are due {v} days after issue",
        "Payment terms changed: invoices are now due after {v} days",
        "An invoice must be paid within {v} days of being issued",
        "When are invoices due?",
        ("15", "30", "45", "60"),
    ),
    Family(
        "The dentist appointment is on {v}",
        "I rescheduled the dentist to {v}",
        "On {v} I see the dentist",
        "When is my dentist appointment?",
        ("Friday", "Saturday", "Monday", "Thursday"),
    ),
    Family(
        "My sister Nora works as a {v}",
        "Nora switched careers and is now a {v}",
        "Nora's job: {v}",
        "What does Nora do for a living?",
        ("nurse", "lawyer", "pilot", "teacher"),
    ),
    Family(
        "The Redis cache has a TTL of {v} seconds",
        "We lowered the Redis cache TTL to {v} seconds",
        "Entries live {v} seconds in the Redis cache",
        "What is the Redis cache TTL?",
        ("60", "300", "900", "3600"),
    ),
    Family(
        "The mobile app targets iOS {v}",
        "The mobile app's minimum iOS version was bumped to {v}",
        "iOS {v} is the target of the mobile app",
        "Which iOS version does the app target?",
        ("15", "16", "17", "18"),
    ),
    Family(
        "Our flight to {v} leaves from gate B12",
        "The flight now goes to {v}, still gate B12",
        "Gate B12 is where our flight to {v} departs",
        "Where is our flight going?",
        ("Madrid", "Vienna", "Athens", "Dublin"),
    ),
    Family(
        "The gym membership costs €{v} a month",
        "The gym raised the membership to €{v} monthly",
        "Each month I pay €{v} for the gym",
        "How much is the gym membership?",
        ("29", "35", "42", "50"),
    ),
    Family(
        "The kitchen walls are painted {v}",
        "We repainted the kitchen walls {v}",
        "{v} paint covers the kitchen walls",
        "What colour are the kitchen walls?",
        ("yellow", "white", "grey", "teal"),
    ),
    Family(
        "The CI pipeline uses Python {v}",
        "CI was moved to Python {v}",
        "Python {v} is the interpreter in the CI pipeline",
        "Which Python does CI use?",
        ("3.10", "3.11", "3.12", "3.13"),
    ),
    Family(
        "The quarterly review is held in room {v}",
        "The quarterly review moved to room {v}",
        "Room {v} hosts the quarterly review",
        "Where is the quarterly review?",
        ("204", "310", "415", "118"),
    ),
    Family(
        "Grandma's birthday is on {v} 12",
        "Correction: Grandma's birthday is {v} 12",
        "{v} 12 is Grandma's birthday",
        "When is Grandma's birthday?",
        ("June", "July", "August", "October"),
    ),
    Family(
        "The dog eats {v} cups of food a day",
        "The vet said the dog should now get {v} cups of food daily",
        "Every day the dog gets {v} cups of food",
        "How much food does the dog get?",
        ("2", "3", "4", "5"),
    ),
    Family(
        "The project's lead designer is {v}",
        "{v} took over as lead designer of the project",
        "{v} leads design on the project",
        "Who is the lead designer?",
        ("Hiro", "Ingrid", "Jamal", "Keiko"),
    ),
    Family(
        "The load balancer health check runs every {v} seconds",
        "We changed the load balancer health check interval to {v} seconds",
        "Every {v} seconds the load balancer checks health",
        "How often does the health check run?",
        ("5", "10", "15", "30"),
    ),
    Family(
        "The shared drive quota is {v} GB per person",
        "Each person's shared drive quota went up to {v} GB",
        "Everyone gets {v} GB on the shared drive",
        "How big is the shared drive quota?",
        ("50", "100", "200", "500"),
    ),
)

JUDGE_POLAR = (
    Polar(
        "The user eats meat",
        "The user does not eat meat anymore",
        "Meat is part of the user's diet",
        "Does the user eat meat?",
    ),
    Polar(
        "Deploys are allowed on Fridays",
        "Deploys are forbidden on Fridays",
        "We may deploy on a Friday",
        "Can we deploy on Fridays?",
    ),
    Polar(
        "The public API is available to free accounts",
        "The public API is unavailable to free accounts",
        "Free accounts can use the public API",
        "Can free accounts use the public API?",
    ),
    Polar(
        "The user likes cilantro",
        "The user hates cilantro",
        "Cilantro is something the user enjoys",
        "How does the user feel about cilantro?",
    ),
    Polar(
        "Automatic updates are turned on for the laptop",
        "Automatic updates are turned off for the laptop",
        "The laptop installs updates automatically",
        "Does the laptop update automatically?",
    ),
    Polar(
        "The bakery on Elm Street is open on Sundays",
        "The bakery on Elm Street is closed on Sundays",
        "On Sundays you can buy bread at the Elm Street bakery",
        "Is the Elm Street bakery open on Sunday?",
    ),
)

# Memories that have nothing to do with the facts above, written as an agent would.
FILLER = (
    "Lunch with the design team went well",
    "The user asked for shorter answers in code reviews",
    "Fixed a flaky test in the payments module by pinning the clock",
    "The quarterly planning doc lives in the shared drive",
    "Remember to water the plants on the balcony",
    "The user is learning Portuguese on weekends",
    "A memory leak in the image worker was traced to an unclosed file handle",
    "The hiking trip photos are in the family album",
    "Customer feedback mentioned slow page loads on mobile",
    "The user enjoys science fiction novels",
    "Our logo files are in the brand folder",
    "The printer on the third floor jams often",
)

# Look-alikes: a question, the fact that answers it, and a *different* fact of the same kind stored after it
# (a value of the same kind, many of the question's words). The best hit must stay the fact: the read path may
# put a newer version of a fact first, never a newer fact about something else. Two sets, written before the
# read path's version rule was: ``tune`` may be read while building it, ``judge`` only measured.
TUNE_LOOKALIKES = (
    (
        "When is the product launch?",
        "The product launch is scheduled for March 14",
        "The product review meeting is on March 20",
    ),
    (
        "How long does the nightly backup take?",
        "The nightly backup takes about 40 minutes",
        "The weekly backup takes roughly 3 hours",
    ),
    (
        "What port does the staging database listen on?",
        "The staging database listens on port 5433",
        "The staging cache now listens on port 6380",
    ),
    ("How much is my rent?", "My rent is $1,450 a month", "My parking spot costs $120 a month"),
    ("When is Anna's birthday?", "Anna's birthday is on June 3", "Anna's wedding anniversary is on June 21"),
    ("What colour is the kitchen?", "The kitchen is painted sage green", "We painted the hallway dark grey"),
    ("Who does Bob report to?", "Bob reports to Carol", "Bob's intern now reports to Dmitri"),
    (
        "How many replicas does the auth service run?",
        "The auth service runs 3 replicas",
        "The search service was scaled to 5 replicas",
    ),
    ("What time is the team standup?", "The team standup is at 9:30 am", "The team retro is at 4:00 pm on Fridays"),
    ("Which Python version does CI use?", "CI runs on Python 3.11", "The docs build now uses Python 3.12"),
    ("How often are the API keys rotated?", "API keys are rotated every 90 days", "Passwords now expire every 30 days"),
    ("Where does my sister live?", "My sister lives in Lyon", "My brother moved to Porto"),
    (
        "How much does my gym membership cost?",
        "My gym membership costs $45 a month",
        "My phone plan now costs $60 a month",
    ),
    (
        "What is the maximum upload size?",
        "The maximum upload size is 25 MB",
        "The maximum attachment size for email was raised to 10 MB",
    ),
    ("When does the library close?", "The library closes at 8 pm", "The cafe inside the library now closes at 6 pm"),
    ("What is Maria's favourite food?", "Maria's favourite food is sushi", "Maria's husband now loves tacos"),
    ("Which region is the database in?", "The database runs in us-east-1", "The CDN edge cache moved to eu-west-1"),
    ("How many days of vacation do I get?", "I get 25 days of vacation a year", "I get 10 days of sick leave a year"),
    (
        "Who is the on-call engineer this week?",
        "Priya is the on-call engineer this week",
        "Priya's backup for the release this week is Omar",
    ),
    (
        "What is the deadline for the report?",
        "The report is due on Friday",
        "The slides for the report are now due on Wednesday",
    ),
    (
        "What does the CI cache keep?",
        "The CI cache keeps 7 days of build artifacts",
        "The log archive keeps 30 days of build logs",
    ),
    ("What is my car's licence plate?", "My car's licence plate is KX-4471", "My wife's car has the plate LM-2290"),
    (
        "How long is the warranty on the laptop?",
        "The laptop has a 2-year warranty",
        "The monitor now comes with a 3-year warranty",
    ),
    (
        "What temperature is the thermostat set to?",
        "The thermostat is set to 21 degrees",
        "The water heater was turned down to 50 degrees",
    ),
)
JUDGE_LOOKALIKES = (
    (
        "What is the speed limit on our street?",
        "The speed limit on our street is 25 mph",
        "The highway near us has a limit of 65 mph",
    ),
    ("When does the gym open?", "The gym opens at 6 am on weekdays", "The pool next to the gym opens at 8 am"),
    (
        "How much does the cloud bill come to each month?",
        "Our cloud bill is about $4,200 a month",
        "The monitoring subscription now costs $300 a month",
    ),
    (
        "What is the Wi-Fi password at the office?",
        "The office Wi-Fi password is maple-77",
        "The guest network password at the office was changed to birch-12",
    ),
    ("How tall is Tom?", "Tom is 182 cm tall", "Tom's son is already 140 cm tall"),
    ("Which day is trash collected?", "Trash is collected on Thursdays", "Recycling is now picked up on Mondays"),
    (
        "What is the timeout for API requests?",
        "API requests time out after 30 seconds",
        "Database queries time out after 5 seconds",
    ),
    (
        "Where is the company offsite this year?",
        "The company offsite is in Lisbon this year",
        "The sales kickoff will be in Madrid",
    ),
    ("How many people are on the mobile team?", "The mobile team has 6 engineers", "The web team grew to 9 engineers"),
    ("What is my dentist's phone number?", "My dentist's number is 555-0142", "My doctor's office number is 555-0199"),
    ("When is the quarterly review?", "The quarterly review is on October 12", "The annual review moved to December 3"),
    (
        "What version of Node does the frontend use?",
        "The frontend is built with Node 18",
        "The backend workers now run on Node 20",
    ),
)
