"""An eleventh set of wordings for bench/truth.py (``probe11``), written by an author who saw neither the code nor
the other sets: personal and family life, software engineering and operations, a small bakery, and a school.
"""

from truth_scenarios import Family, Polar

PROBE11_FAMILIES = (
    Family(
        first="Our team's standup starts at {v} every morning.",
        update="Starting next week the standup moves to {v} so the new hires in Berlin can join.",
        restatement="Every morning we do standup at {v}.",
        question="What time is our daily standup?",
        values=("9:15", "9:30", "10:00", "10:45"),
    ),
    Family(
        first="The production database runs PostgreSQL {v}.",
        update="Ops finished the upgrade last night, so production is on PostgreSQL {v} now.",
        restatement="We're running version {v} of PostgreSQL on the production database.",
        question="Which PostgreSQL version does the production database run?",
        values=("13.4", "14.9", "15.2", "16.1"),
    ),
    Family(
        first="A loaf of sourdough costs {v} at the bakery.",
        update="We've repriced the sourdough; starting Monday a loaf will be {v}.",
        restatement="We sell each sourdough loaf for {v}.",
        question="How much does a sourdough loaf cost at the bakery?",
        values=("$4.50", "$5.25", "$6.00", "$6.75"),
    ),
    Family(
        first="The fourth-grade class is taught by {v}.",
        update="The principal told parents that {v} will take over the fourth-grade class after the winter break.",
        restatement="{v} is the fourth-grade teacher.",
        question="Who teaches the fourth-grade class?",
        values=("Ms. Okafor", "Mr. Lindqvist", "Mrs. Patel", "Mr. Duarte"),
    ),
    Family(
        first="We painted the nursery {v}.",
        update="We changed our minds and repainted the nursery {v} over the weekend.",
        restatement="The walls of the nursery are {v}.",
        question="What colour is the nursery?",
        values=("sage green", "pale yellow", "light grey", "soft blue"),
    ),
    Family(
        first="Our on-call rotation uses {v} for paging.",
        update="After the contract renewal fell through, we switched paging over to {v}.",
        restatement="Pages for the on-call rotation go through {v}.",
        question="Which tool does the on-call rotation use for paging?",
        values=("PagerDuty", "Opsgenie", "Splunk On-Call", "incident.io"),
    ),
    Family(
        first="My mother's flight lands at {v} on Friday.",
        update="Mom texted that her flight is delayed and now gets in at {v} on Friday.",
        restatement="On Friday Mom's plane touches down at {v}.",
        question="What time does my mother's flight land on Friday?",
        values=("2:40 pm", "4:15 pm", "6:05 pm", "8:30 pm"),
    ),
    Family(
        first="The school's spring concert is on {v}.",
        update="Because the gym floor is being refinished, the spring concert has been pushed to {v}.",
        restatement="{v} is the date of the spring concert.",
        question="When is the school spring concert?",
        values=("May 2", "May 9", "May 16", "May 23"),
    ),
    Family(
        first="The API rate limit is {v} requests per minute per key.",
        update="After the load tests, we set each key's cap at {v} requests per minute.",
        restatement="Each API key can make up to {v} requests a minute.",
        question="What is the API rate limit per key?",
        values=("60", "120", "300", "600"),
    ),
    Family(
        first="The bakery's coffee beans come from {v}.",
        update="We dropped our old roaster after two late deliveries; from now on we order beans from {v}.",
        restatement="We buy the coffee beans for the bakery from {v}.",
        question="Who supplies the bakery's coffee beans?",
        values=("Blue Ridge Roasters", "Hilltop Coffee", "Ember & Oak", "North Pier Roastery"),
    ),
    Family(
        first="I take {v} of vitamin D each day.",
        update="My doctor reviewed my blood work and changed my vitamin D to {v} a day.",
        restatement="My daily vitamin D dose is {v}.",
        question="How much vitamin D do I take daily?",
        values=("1,000 IU", "2,000 IU", "4,000 IU", "5,000 IU"),
    ),
    Family(
        first="Nightly backups are kept for {v}.",
        update="Finance and the infra team agreed to set nightly backup retention to {v}.",
        restatement="We retain each nightly backup for {v}.",
        question="How long are nightly backups kept?",
        values=("7 days", "14 days", "30 days", "90 days"),
    ),
    Family(
        first="Trash pickup on our street is on {v}.",
        update="The city sent a notice that trash collection on our street is switching to {v}.",
        restatement="They collect the garbage on our street every {v}.",
        question="Which day is trash pickup on our street?",
        values=("Monday", "Tuesday", "Thursday", "Friday"),
    ),
    Family(
        first="This year's eighth-grade field trip is to {v}.",
        update="The original booking was cancelled, so the eighth-grade field trip will now go to {v}.",
        restatement="The eighth graders are taking their field trip to {v} this year.",
        question="Where is the eighth-grade field trip going this year?",
        values=("the science museum", "the state capitol", "Hawk Ridge Nature Center", "the aquarium"),
    ),
)

PROBE11_POLAR = (
    Polar(
        "The staging environment has debug logging enabled",
        "Debug logging on staging is now disabled",
        "Staging is running with debug logs turned on",
        "Is debug logging enabled on staging?",
    ),
    Polar(
        "The bakery accepts credit cards",
        "The bakery went cash-only this month",
        "You can pay by card at the bakery",
        "Does the bakery take credit cards?",
    ),
    Polar(
        "My son is allergic to peanuts",
        "The allergist says my son has outgrown his peanut allergy",
        "My son has a peanut allergy",
        "Is my son allergic to peanuts?",
    ),
    Polar(
        "The school library is open during lunch",
        "The school library no longer opens at lunchtime",
        "Students can use the school library over the lunch break",
        "Is the school library open during lunch?",
    ),
    Polar(
        "The main branch is protected",
        "We removed branch protection from main",
        "Direct pushes to main are blocked by branch protection",
        "Is the main branch protected?",
    ),
    Polar(
        "Our landlord allows pets",
        "The new lease says pets are not allowed anymore",
        "Pets are permitted by our landlord",
        "Does our landlord allow pets?",
    ),
    Polar(
        "The bakery's walk-in freezer is working",
        "The walk-in freezer at the bakery broke down this morning",
        "The bakery's walk-in freezer is running normally",
        "Is the bakery's walk-in freezer working?",
    ),
    Polar(
        "Automatic renewal is turned on for the company domain",
        "I switched off auto-renew for the company domain",
        "The company domain renews itself automatically",
        "Is automatic renewal on for the company domain?",
    ),
)

# (question, fact that answers it, a LATER different fact of the same kind about another thing)
PROBE11_LOOKALIKES = (
    (
        "What time is Emma's piano lesson?",
        "Emma's piano lesson is at 4:30 on Wednesdays",
        "Liam's guitar lesson is now at 5:00 on Wednesdays",
    ),
    (
        "Which Node version does the web frontend use?",
        "The web frontend is built with Node 18",
        "The admin dashboard was moved to Node 20",
    ),
    (
        "How much is the rent for our apartment?",
        "Our apartment rent is $1,850 a month",
        "The rent for the storage unit went up to $140 a month",
    ),
    (
        "Who is the homeroom teacher for 3B?",
        "Mrs. Alvarez is the homeroom teacher for 3B",
        "Mr. Kowalski is now the homeroom teacher for 3C",
    ),
    (
        "When is Dad's cardiology checkup?",
        "Dad's cardiology checkup is on October 8",
        "Mom's eye exam was changed to October 15",
    ),
    (
        "What port does the payments service listen on?",
        "The payments service listens on port 8443",
        "The notifications service now listens on port 9443",
    ),
    (
        "What does a dozen bagels cost at the bakery?",
        "A dozen bagels costs $14 at the bakery",
        "A dozen muffins now costs $18 at the bakery",
    ),
    (
        "When does the spring semester start?",
        "The spring semester starts on January 13",
        "The summer session starts on June 2",
    ),
    (
        "Which bank holds my savings account?",
        "My savings account is at Harbor Credit Union",
        "My brokerage account was moved to Fidelity",
    ),
    (
        "What dose of metformin does Grandpa take?",
        "Grandpa takes 500 mg of metformin twice a day",
        "Grandma now takes 10 mg of lisinopril once a day",
    ),
    (
        "Who is on call this week for the database team?",
        "Priya is on call this week for the database team",
        "Marco is on call this week for the networking team",
    ),
    (
        "What's the Wi-Fi password at home?",
        "The home Wi-Fi password is maple-river-42",
        "The Wi-Fi password at the office was changed to cedar-lake-17",
    ),
    (
        "When is the bakery's health inspection?",
        "The bakery's health inspection is on April 22",
        "The fire safety inspection is now set for April 29",
    ),
    (
        "How long before a session on the customer portal times out?",
        "Sessions on the customer portal time out after 30 minutes",
        "Sessions on the internal admin tool now time out after 15 minutes",
    ),
    (
        "Where is the parent-teacher conference held?",
        "The parent-teacher conference is held in the school cafeteria",
        "The science fair was moved to the school gym",
    ),
    (
        "Which company is our car insurance with?",
        "Our car insurance is with Geico",
        "Our home insurance was switched to State Farm",
    ),
)

# Pairs of two different facts that look alike (both true at once; neither replaces the other)
PROBE11_NEAR_MISSES = (
    ("The staging server runs Ubuntu 22.04", "The build server runs Ubuntu 20.04"),
    ("My brother lives in Denver", "My sister lives in Boulder"),
    ("The bakery opens at 7 am on weekdays", "The bakery opens at 8 am on weekends"),
    ("Room 12 is used for the art class", "Room 14 is used for the music class"),
    ("My checking account has overdraft protection", "My credit card has purchase protection"),
    ("The orders table has an index on customer_id", "The invoices table has an index on account_id"),
    ("Our daughter's bedtime is 8:00", "Our son's bedtime is 9:00"),
    ("The croissants are baked fresh every morning", "The baguettes are baked fresh every afternoon"),
    ("The math test is on Thursday", "The spelling quiz is on Friday"),
    ("I see my physiotherapist every Tuesday", "I see my therapist every Thursday"),
    ("The frontend repo deploys to Vercel", "The backend repo deploys to Fly.io"),
    ("The car's oil was changed in March", "The car's tires were rotated in May"),
)
