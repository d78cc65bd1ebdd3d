"""A twelfth set of wordings for bench/truth.py (``probe12``), written by an author who saw neither the code nor
the other sets: a parent's kids' schedules, a freelancer's clients and invoices, a data team's pipelines and
dashboards, a gardener, a traveller's loyalty programmes and a student.
"""

from truth_scenarios import Family, Polar

PROBE12_FAMILIES = (
    Family(
        first="Mia's swim lesson is at {v} on Saturdays.",
        update="The pool emailed to say Mia's Saturday swim lesson has been pushed to {v} because of a lane booking.",
        restatement="Every Saturday at {v}, Mia has her swimming lesson.",
        question="What time is Mia's swim lesson?",
        values=("9:00 am", "10:30 am", "11:15 am", "1:45 pm"),
    ),
    Family(
        first="Leo's soccer team is coached by {v}.",
        update="The league sent a note home saying {v} is taking over as coach of Leo's soccer team this season.",
        restatement="{v} coaches Leo's soccer team.",
        question="Who coaches Leo's soccer team?",
        values=("Mr. Okafor", "Ms. Brennan", "Mr. Tanaka", "Ms. Alvarez"),
    ),
    Family(
        first="My turn to drive the school carpool is {v}.",
        update="Jen asked to swap days with me, so I'll be driving the school carpool on {v}.",
        restatement="{v} is the day I do the school run for the carpool.",
        question="Which day do I drive the carpool?",
        values=("Monday", "Tuesday", "Wednesday", "Thursday"),
    ),
    Family(
        first="I bill Northwind Studio {v} an hour.",
        update="After we renegotiated the contract, Northwind Studio agreed to pay me {v} per hour.",
        restatement="My hourly rate with Northwind Studio is {v}.",
        question="What's my hourly rate for Northwind Studio?",
        values=("$85", "$95", "$110", "$120"),
    ),
    Family(
        first="Invoices to Harbor & Pine are due within {v}.",
        update="Harbor & Pine's finance department wants payment terms of {v} on all their invoices going forward.",
        restatement="Harbor & Pine has {v} to pay each invoice I send them.",
        question="What are the payment terms for Harbor & Pine?",
        values=("15 days", "30 days", "45 days", "60 days"),
    ),
    Family(
        first="My point of contact at Lumen Labs is {v}.",
        update="Since my old contact went on parental leave, {v} will be handling my projects at Lumen Labs.",
        restatement="At Lumen Labs, the person I deal with is {v}.",
        question="Who is my contact at Lumen Labs?",
        values=("Priya", "Marcus", "Helen", "Tomás"),
    ),
    Family(
        first="I send my invoices through {v}.",
        update="I got fed up with the fees and moved all my invoicing over to {v}.",
        restatement="{v} is what I use to invoice clients.",
        question="Which tool do I use for invoicing?",
        values=("FreshBooks", "Wave", "QuickBooks", "Xero"),
    ),
    Family(
        first="The nightly sales pipeline kicks off at {v}.",
        update="To stay clear of the backup window, the nightly sales pipeline will start at {v} instead.",
        restatement="At {v} every night, the sales pipeline starts running.",
        question="When does the nightly sales pipeline run?",
        values=("1:00 AM", "2:30 AM", "3:00 AM", "4:15 AM"),
    ),
    Family(
        first="The revenue dashboard is owned by {v}.",
        update="During the reorg, ownership of the revenue dashboard was handed over to {v}.",
        restatement="{v} owns the revenue dashboard.",
        question="Who owns the revenue dashboard?",
        values=("Rahul", "Sofia", "Ben", "Aisha"),
    ),
    Family(
        first="Our event data lands in {v}.",
        update="The migration finished over the weekend, and from here on event data gets loaded into {v}.",
        restatement="{v} is where our event data ends up.",
        question="Where does our event data get stored?",
        values=("Snowflake", "BigQuery", "Redshift", "Databricks"),
    ),
    Family(
        first="This year I'm growing {v} tomatoes.",
        update="The nursery had run out of my usual seedlings, so I planted {v} tomatoes in the beds this year.",
        restatement="The tomatoes in my garden this year are {v}.",
        question="What kind of tomatoes am I growing?",
        values=("Roma", "Cherokee Purple", "Brandywine", "Sungold"),
    ),
    Family(
        first="I water the raised beds for {v} each morning.",
        update="With the heat wave coming, I've decided the raised beds should get {v} of watering every morning.",
        restatement="Each morning the raised beds are watered for {v}.",
        question="How long do I water the raised beds?",
        values=("10 minutes", "15 minutes", "20 minutes", "25 minutes"),
    ),
    Family(
        first="My status with SkyMiles is {v}.",
        update="Delta sent me a letter saying my SkyMiles tier for next year will be {v}.",
        restatement="I hold {v} status in the SkyMiles programme.",
        question="What's my SkyMiles status?",
        values=("Silver", "Gold", "Platinum", "Diamond"),
    ),
    Family(
        first="I have {v} points in my Marriott Bonvoy account.",
        update="I checked the app after my last hotel stay, and the Bonvoy balance is sitting at {v} points.",
        restatement="My Marriott Bonvoy account holds {v} points.",
        question="How many Bonvoy points do I have?",
        values=("42,000", "58,500", "61,200", "75,000"),
    ),
    Family(
        first="My thesis supervisor is {v}.",
        update="The department reassigned me, and {v} will be supervising my thesis from this term.",
        restatement="{v} is the one supervising my thesis.",
        question="Who is supervising my thesis?",
        values=("Professor Lindqvist", "Dr. Osei", "Professor Chen", "Dr. Ramirez"),
    ),
    Family(
        first="The history essay is due on {v}.",
        update="Because of the library closure, our lecturer moved the history essay deadline to {v}.",
        restatement="I have to hand in the history essay by {v}.",
        question="When is the history essay due?",
        values=("April 4", "April 11", "April 18", "April 25"),
    ),
)

PROBE12_POLAR = (
    Polar(
        "Emma's school bus stops at our corner",
        "The school bus no longer stops at our corner for Emma",
        "Emma gets picked up by the school bus right at our corner",
        "Does Emma's school bus stop at our corner?",
    ),
    Polar(
        "Noah is enrolled in the after-school robotics club",
        "Noah dropped out of the after-school robotics club",
        "Noah is signed up for robotics club after school",
        "Is Noah in the after-school robotics club?",
    ),
    Polar(
        "Brightwave is on a monthly retainer with me",
        "Brightwave ended their monthly retainer with me",
        "I have a monthly retainer arrangement with Brightwave",
        "Is Brightwave on a monthly retainer?",
    ),
    Polar(
        "I charge VAT on my invoices",
        "I'm not charging VAT on my invoices anymore since my turnover fell below the threshold",
        "My invoices include VAT",
        "Do I charge VAT on my invoices?",
    ),
    Polar(
        "The marketing pipeline sends Slack alerts when it fails",
        "Slack alerts for marketing pipeline failures have been switched off",
        "Whenever the marketing pipeline fails, an alert goes out on Slack",
        "Does the marketing pipeline alert Slack when it fails?",
    ),
    Polar(
        "The churn dashboard is visible to the whole company",
        "The churn dashboard was locked down so only the leadership team can see it",
        "Everyone in the company can view the churn dashboard",
        "Can everyone in the company see the churn dashboard?",
    ),
    Polar(
        "The drip irrigation system is running",
        "I shut the drip irrigation system off for the winter",
        "The drip irrigation is up and running",
        "Is the drip irrigation on?",
    ),
    Polar(
        "I use chemical fertiliser in the vegetable garden",
        "I've gone fully organic and quit using chemical fertiliser in the vegetable garden",
        "The vegetable garden gets chemical fertiliser from me",
        "Do I use chemical fertiliser in the vegetable garden?",
    ),
    Polar(
        "My Amex card includes airport lounge access",
        "Amex took lounge access off my card this year",
        "I can get into airport lounges with my Amex card",
        "Does my Amex card give me lounge access?",
    ),
    Polar(
        "I live in student housing on campus",
        "I moved out of the campus student housing into a flat in town",
        "My accommodation is in the on-campus dorms",
        "Do I live on campus?",
    ),
)
