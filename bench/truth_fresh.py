"""A third, held-out set of wordings for bench/truth.py, written apart from the code and from the tune/judge sets.

These families and polar families were written without looking at the write path or at the ``tune`` and
``judge`` sets, with their own subjects, verbs and sentence shapes. They are only ever measured: nothing is
fitted to them.
"""

from truth_scenarios import Family, Polar

FRESH_FAMILIES = (
    Family(
        "My monthly rent is {v}",
        "Starting with the new lease the rent comes to {v} per month",
        "I pay {v} every month for the apartment",
        "How much is my monthly rent?",
        ("$1,450", "$1,600", "$1,725", "$1,380"),
    ),
    Family(
        "I put {v} of each paycheck into my 401(k)",
        "Actually my 401(k) contribution is {v}, I misremembered earlier",
        "My 401(k) gets {v} of every paycheck",
        "What percentage of my paycheck goes to the 401(k)?",
        ("6%", "8%", "10%", "12%"),
    ),
    Family(
        "Our flight to Lisbon leaves on {v}",
        "The airline rebooked us, so we now fly to Lisbon on {v}",
        "We head out to Lisbon on {v}",
        "When does our flight to Lisbon leave?",
        ("March 14", "March 21", "April 2", "April 9"),
    ),
    Family(
        "Recycling on our street gets collected on {v} mornings",
        "From now on the city picks up recycling on {v}",
        "The recycling truck comes down our street on {v} morning",
        "Which day is recycling collected on our street?",
        ("Tuesday", "Friday", "Wednesday", "Monday"),
    ),
    Family(
        "I take my blood pressure pill at {v}",
        "My doctor had me switch the blood pressure pill to {v}",
        "My blood pressure medication is due every day at {v}",
        "What time do I take my blood pressure pill?",
        ("8:00 am", "9:30 pm", "7:15 am", "10:00 pm"),
    ),
    Family(
        "The nightly backup job takes about {v} to finish",
        "Since the storage upgrade, the nightly backup wraps up in roughly {v}",
        "Roughly {v} is how long the nightly backup runs",
        "How long does the nightly backup take?",
        ("40 minutes", "2 hours", "90 minutes", "25 minutes"),
    ),
    Family(
        "{v} is the on-call lead for the payments service this quarter",
        "On-call lead duties for payments were handed over to {v}",
        "The person leading on-call for the payments service this quarter is {v}",
        "Who is the on-call lead for the payments service?",
        ("Priya Natarajan", "Tomás Ortega", "Lena Fischer", "Kwame Mensah"),
    ),
    Family(
        "My sister lives in {v}",
        "My sister just moved to {v}",
        "My sister's home is in {v}",
        "Where does my sister live?",
        ("Denver", "Portland", "Austin", "Minneapolis"),
    ),
    Family(
        "The frontend is built with Node {v}",
        "We switched the frontend build over to Node {v}",
        "Node {v} is what the frontend build runs on",
        "Which Node version does the frontend build use?",
        ("18.19.0", "20.11.1", "22.3.0", "21.6.2"),
    ),
    Family(
        "The metrics exporter exposes its endpoint on port {v}",
        "The metrics exporter's port was changed to {v}",
        "Prometheus scrapes the exporter's metrics through port {v}",
        "Which port does the metrics exporter listen on?",
        ("9100", "9256", "9400", "8081"),
    ),
    Family(
        "Primary buttons in the design system are {v}",
        "After the review, design went with {v} for the primary buttons",
        "The design system paints its primary buttons {v}",
        "What colour are the primary buttons in the design system?",
        ("teal", "navy blue", "coral", "forest green"),
    ),
    Family(
        "Our book club has {v} members",
        "The book club is at {v} members after this month's sign-ups",
        "There are {v} of us in the book club",
        "How many members does the book club have?",
        ("7", "9", "12", "15"),
    ),
    Family(
        "The internal docs are hosted at {v}",
        "{v} is the new home of the internal docs",
        "You can find the internal documentation at {v}",
        "Where are the internal docs hosted?",
        ("docs.internal.acme.io", "wiki.acme.dev", "handbook.acme.net", "kb.corp.acme.com"),
    ),
    Family(
        "The team files its bugs in {v}",
        "We're tracking bugs in {v} these days",
        "{v} is the tool where our bugs get logged",
        "Which tool does the team use for bug tracking?",
        ("Jira", "Linear", "YouTrack", "GitHub Issues"),
    ),
    Family(
        "Max, our labrador, weighs {v}",
        "At the vet today Max weighed in at {v}",
        "Our labrador Max tips the scale at {v}",
        "How much does Max weigh?",
        ("32 kg", "29 kg", "35 kg", "27 kg"),
    ),
    Family(
        "Each CI runner is provisioned with {v} of memory",
        "Every CI runner got bumped to {v} of RAM",
        "{v} of RAM is what every CI runner gets",
        "How much memory does each CI runner have?",
        ("8 GB", "16 GB", "32 GB", "64 GB"),
    ),
)

FRESH_POLAR = (
    Polar(
        "Dogs are allowed in the office on Fridays",
        "Dogs are not allowed in the office on Fridays",
        "On Fridays you can bring your dog to the office",
        "Are dogs allowed in the office on Fridays?",
    ),
    Polar(
        "Two-factor authentication is required for the admin console",
        "Two-factor authentication is optional for the admin console",
        "Logging into the admin console needs a second factor",
        "Is two-factor authentication required for the admin console?",
    ),
    Polar(
        "My daughter likes mushrooms",
        "My daughter dislikes mushrooms",
        "My daughter enjoys eating mushrooms",
        "Does my daughter like mushrooms?",
    ),
    Polar(
        "The analytics dashboard is public",
        "The analytics dashboard is private",
        "Anyone with the link can view the analytics dashboard",
        "Is the analytics dashboard public?",
    ),
    Polar(
        "Debug logging is enabled in production",
        "Debug logging is disabled in production",
        "Production runs with debug logs turned on",
        "Is debug logging enabled in production?",
    ),
    Polar(
        "The pharmacy on Elm Street is open on Sundays",
        "The pharmacy on Elm Street is closed on Sundays",
        "You can pick up prescriptions at the Elm Street pharmacy on a Sunday",
        "Is the Elm Street pharmacy open on Sundays?",
    ),
    Polar(
        "Our hotel rate includes breakfast",
        "Our hotel rate excludes breakfast",
        "Breakfast comes with the room rate at our hotel",
        "Does our hotel rate include breakfast?",
    ),
    Polar(
        "The release pipeline always runs the end-to-end tests",
        "The release pipeline never runs the end-to-end tests",
        "Every run of the release pipeline includes the end-to-end tests",
        "Does the release pipeline run the end-to-end tests?",
    ),
)
