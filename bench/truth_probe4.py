"""A fourth development set of wordings for bench/truth.py (``probe4``): restatements and opposites above all,
across home, health, travel and engineering notes. Written after ``probe3``'s changes, before any change it led
to. Its misses are read; the ``heldout`` and ``final`` sets stay the ones only counted.
"""

from truth_scenarios import Family, Polar

PROBE4_FAMILIES = (
    Family(
        first="The recycling bin goes out on {v} nights.",
        update="The council changed the route, so the recycling bin now goes out on {v} nights.",
        restatement="On {v} nights we put the recycling bin out.",
        question="Which night does the recycling bin go out?",
        values=("Sunday", "Tuesday", "Thursday", "Monday"),
    ),
    Family(
        first="The hotel in Porto costs {v} per night.",
        update="The hotel in Porto dropped its rate to {v} per night after I complained.",
        restatement="A night at the Porto hotel is {v}.",
        question="How much is the hotel in Porto per night?",
        values=("€120", "€95", "€110", "€85"),
    ),
    Family(
        first="The staging cluster runs Kubernetes {v}.",
        update="We upgraded the staging cluster to Kubernetes {v} on Tuesday.",
        restatement="Kubernetes {v} is the version on the staging cluster.",
        question="Which Kubernetes version does the staging cluster run?",
        values=("1.28", "1.29", "1.30", "1.31"),
    ),
    Family(
        first="My blood pressure medication is {v}.",
        update="My GP switched my blood pressure medication to {v}.",
        restatement="For my blood pressure I take {v}.",
        question="What is my blood pressure medication?",
        values=("lisinopril", "amlodipine", "losartan", "ramipril"),
    ),
    Family(
        first="The password manager we use is {v}.",
        update="The company moved everyone to {v} as the password manager.",
        restatement="We keep our passwords in {v}.",
        question="Which password manager do we use?",
        values=("1Password", "Bitwarden", "LastPass", "Dashlane"),
    ),
    Family(
        first="The kids' bedtime is {v}.",
        update="Now that school started, the kids go to bed at {v}.",
        restatement="The kids have to be in bed by {v}.",
        question="What is the kids' bedtime?",
        values=("8 pm", "7:30 pm", "8:30 pm", "7:45 pm"),
    ),
    Family(
        first="The on-call rotation is {v} long.",
        update="We shortened on-call shifts, each rotation now lasts {v}.",
        restatement="Each on-call rotation lasts {v}.",
        question="How long is the on-call rotation?",
        values=("one week", "two weeks", "four days", "ten days"),
    ),
    Family(
        first="Our wedding venue is {v}.",
        update="The first venue fell through, so we're getting married at {v}.",
        restatement="We're having the wedding at {v}.",
        question="Where is our wedding venue?",
        values=("Rosewood Hall", "the Old Mill", "Lakeside Barn", "St. Mary's"),
    ),
    Family(
        first="The mobile app polls the server every {v} seconds.",
        update="To save battery, the app's polling interval was raised to {v} seconds.",
        restatement="Every {v} seconds the mobile app checks the server.",
        question="How often does the mobile app poll the server?",
        values=("30", "60", "120", "45"),
    ),
    Family(
        first="My sister's phone number is {v}.",
        update="My sister got a new phone number: {v}.",
        restatement="You can reach my sister at {v}.",
        question="What is my sister's phone number?",
        values=("555-0134", "555-0198", "555-0172", "555-0111"),
    ),
    Family(
        first="The sales team's quarterly target is {v}.",
        update="Leadership revised the sales team's quarterly target to {v}.",
        restatement="Sales has to bring in {v} this quarter.",
        question="What is the sales team's quarterly target?",
        values=("$2M", "$2.5M", "$1.8M", "$3M"),
    ),
    Family(
        first="I keep the spare key under the {v}.",
        update="I moved the spare key, it's under the {v} now.",
        restatement="The spare key is hidden under the {v}.",
        question="Where is the spare key?",
        values=("doormat", "flower pot", "garden gnome", "loose brick"),
    ),
    Family(
        first="Our CI minutes budget is {v} per month.",
        update="Finance approved more CI minutes: {v} a month starting next cycle.",
        restatement="Each month we can spend {v} of CI time.",
        question="What is our CI minutes budget?",
        values=("3,000 minutes", "5,000 minutes", "4,000 minutes", "6,000 minutes"),
    ),
    Family(
        first="The dog eats {v} cups of food a day.",
        update="The vet put the dog on a diet: {v} cups of food a day from now on.",
        restatement="Every day the dog gets {v} cups of food.",
        question="How much food does the dog eat a day?",
        values=("3", "2.5", "2", "1.5"),
    ),
    Family(
        first="The database backups are encrypted with {v}.",
        update="Security rotated the backup encryption over to {v}.",
        restatement="{v} is used to encrypt the database backups.",
        question="How are the database backups encrypted?",
        values=("AES-256", "ChaCha20", "AES-128", "age"),
    ),
    Family(
        first="My yoga class is at {v} on Wednesdays.",
        update="The studio moved my Wednesday yoga class to {v}.",
        restatement="On Wednesdays I do yoga at {v}.",
        question="What time is my yoga class?",
        values=("6 pm", "7 pm", "5:30 pm", "6:30 pm"),
    ),
)

PROBE4_POLAR = (
    Polar(
        "The office is open on Saturdays",
        "The office is closed on Saturdays",
        "You can come into the office on a Saturday",
        "Is the office open on Saturdays?",
    ),
    Polar(
        "Code review is required before merging",
        "Code review is optional before merging",
        "Every merge needs a code review first",
        "Is code review required before merging?",
    ),
    Polar(
        "My mother drinks alcohol",
        "My mother doesn't drink alcohol",
        "Alcohol is something my mother drinks",
        "Does my mother drink alcohol?",
    ),
    Polar(
        "The cache is warmed on startup",
        "The cache is not warmed on startup",
        "On startup the cache gets warmed",
        "Is the cache warmed on startup?",
    ),
    Polar(
        "The user likes dark mode",
        "The user dislikes dark mode",
        "Dark mode is what the user prefers",
        "Does the user like dark mode?",
    ),
    Polar(
        "Weekend deploys are allowed",
        "Weekend deploys are forbidden",
        "We are allowed to deploy on weekends",
        "Are weekend deploys allowed?",
    ),
    Polar(
        "The contractor has access to production",
        "The contractor has no access to production",
        "Production is accessible to the contractor",
        "Does the contractor have access to production?",
    ),
    Polar(
        "I always take the train to work",
        "I never take the train to work",
        "The train is how I get to work every day",
        "Do I take the train to work?",
    ),
    Polar(
        "The garden hose is connected",
        "The garden hose is disconnected",
        "The hose in the garden is hooked up",
        "Is the garden hose connected?",
    ),
    Polar(
        "Search results include archived posts",
        "Search results exclude archived posts",
        "Archived posts show up in search results",
        "Do search results include archived posts?",
    ),
)
