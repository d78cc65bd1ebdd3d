"""A twenty-third set of wordings for bench/truth.py (``probe23``), written by an author who saw neither the code
nor the other sets: a mobile app's release process and tooling, an SRE on-call rotation, a data team's pipelines,
a small SaaS's billing, a home renovation, the kids' school, a car lease and a Portuguese language course.
"""

from truth_scenarios import Family, Polar

PROBE23_FAMILIES = (
    # mobile release
    Family(
        first="We ship a new Pocketly release every {v}.",
        update="We reworked the release train at the retro: Pocketly ships every {v} going forward.",
        restatement="A fresh version of Pocketly goes out to the stores every {v}.",
        question="How often do we ship a Pocketly release?",
        values=("two weeks", "week", "three weeks", "month"),
    ),
    Family(
        first="The Pocketly app supports iOS {v} and up.",
        update="We dropped a bunch of older iPhones in the last release, so the minimum for Pocketly is now iOS {v}.",
        restatement="Anything older than iOS {v} can't install Pocketly.",
        question="What's the minimum iOS version Pocketly supports?",
        values=("15", "16", "17", "14"),
    ),
    Family(
        first="Our staged rollout for new Pocketly releases starts at {v} of users.",
        update=(
            "After the crash spike in 4.2 we rethought the rollout; day one of a "
            "Pocketly release reaches {v} of users these days."
        ),
        restatement="On the first day, a new Pocketly build is only offered to {v} of our users.",
        question="What share of users gets a new Pocketly release on the first day of the staged rollout?",
        values=("5%", "10%", "1%", "20%"),
    ),
    # on-call rotation
    Family(
        first="The primary on-call this week is {v}.",
        update="Quick swap: {v} took over the primary pager for the rest of the week because of a family thing.",
        restatement="{v} is holding the primary pager this week.",
        question="Who's the primary on-call this week?",
        values=("Priya", "Tomasz", "Jules", "Kwame"),
    ),
    Family(
        first="If the primary doesn't acknowledge a page within {v}, PagerDuty escalates to the secondary.",
        update=(
            "We tightened up the escalation policy after Saturday's outage. "
            "Unacked pages go to the secondary after {v} now."
        ),
        restatement="The secondary gets paged whenever the primary hasn't acked within {v}.",
        question="How long before an unacknowledged page escalates to the secondary?",
        values=("5 minutes", "10 minutes", "15 minutes", "3 minutes"),
    ),
    Family(
        first="The on-call handoff is at {v} on Mondays.",
        update="Since half the team is on Lisbon time now, the Monday handoff moved to {v}.",
        restatement="Every Monday at {v}, the outgoing on-call passes the pager to the next person.",
        question="What time is the Monday on-call handoff?",
        values=("10:00", "09:30", "14:00", "16:30"),
    ),
    # data pipelines
    Family(
        first="The nightly orders ETL kicks off at {v} UTC.",
        update=(
            "The warehouse kept getting hammered by the backup job, so I rescheduled the "
            "orders DAG in Airflow. It starts at {v} UTC from now on."
        ),
        restatement="Airflow triggers the orders load every night at {v} UTC.",
        question="When does the nightly orders ETL start?",
        values=("02:00", "03:30", "01:15", "04:45"),
    ),
    Family(
        first="Our analytics repo is pinned to dbt {v}.",
        update="Finally got the upgrade PR merged, we're on dbt {v}.",
        restatement="The analytics project runs on dbt version {v}.",
        question="Which dbt version is the analytics repo on?",
        values=("1.5", "1.6", "1.7", "1.8"),
    ),
    Family(
        first="The marketing dashboards read from {v}.",
        update="We wrapped up the migration over the weekend, and the marketing dashboards pull from {v} these days.",
        restatement="{v} is the source behind all the marketing dashboards.",
        question="Which warehouse do the marketing dashboards read from?",
        values=("Snowflake", "BigQuery", "Redshift", "Databricks"),
    ),
    # SaaS billing
    Family(
        first="Tallybook's Pro plan costs {v} a month.",
        update="We repriced on the first of the month: Pro is {v} monthly for new signups and renewals alike.",
        restatement="A Pro subscription to Tallybook runs {v} per month.",
        question="How much is Tallybook's Pro plan per month?",
        values=("$29", "$39", "$49", "$24"),
    ),
    Family(
        first="Tallybook's subscriptions are billed through {v}.",
        update=(
            "Moving to {v} was mostly about the EU VAT headache, and as of this "
            "week every Tallybook subscription runs through it."
        ),
        restatement="{v} handles the recurring billing for Tallybook.",
        question="What do we use to bill Tallybook subscriptions?",
        values=("Stripe", "Paddle", "Chargebee", "Lemon Squeezy"),
    ),
    Family(
        first="New Tallybook accounts get {v} of free trial.",
        update="Conversion looked better when people had less room to procrastinate, so I set the free trial to {v}.",
        restatement="Signups can use Tallybook for {v} before we ask for a card.",
        question="How long is the Tallybook free trial?",
        values=("14 days", "7 days", "30 days", "21 days"),
    ),
    # home renovation
    Family(
        first="{v} is doing the tiling in our bathroom.",
        update="Our tiler bailed after the whole deposit drama, so {v} is finishing the bathroom instead.",
        restatement="The bathroom tiling is {v}'s job.",
        question="Who's tiling our bathroom?",
        values=("Nico", "Baz", "Ilse", "Declan"),
    ),
    Family(
        first="We're painting the living room {v}.",
        update="Saw the swatch in evening light and hated it. Living room's going {v} after all.",
        restatement="The living room walls will be {v}.",
        question="What colour are we painting the living room?",
        values=("sage green", "warm grey", "off-white", "navy blue"),
    ),
    Family(
        first="The kitchen budget is capped at {v}.",
        update=(
            "Once the electrician opened up the walls we had to rethink the numbers, and the kitchen budget is {v} now."
        ),
        restatement="We can't spend more than {v} on the kitchen.",
        question="What's our budget for the kitchen?",
        values=("£18,000", "£22,000", "£15,500", "£25,000"),
    ),
    # kids' school
    Family(
        first="Maya's class teacher is {v}.",
        update="There was a bit of a staff shuffle after half term and Maya's class has {v} now.",
        restatement="{v} teaches Maya's class.",
        question="Who is Maya's class teacher?",
        values=("Mr Hartley", "Ms Osei", "Mrs Lindqvist", "Mr Farouk"),
    ),
    Family(
        first="School pickup for Leo is at {v}.",
        update="Leo finishes at {v} this term.",
        restatement="I have to be at the gate for Leo by {v}.",
        question="What time is Leo's school pickup?",
        values=("3:15", "3:30", "2:45", "3:05"),
    ),
    Family(
        first="On Wednesdays Maya goes to {v} after school.",
        update="Maya got bored and begged to switch, so her Wednesday afternoons are {v} from next week.",
        restatement="Maya's Wednesday after-school activity is {v}.",
        question="What does Maya do after school on Wednesdays?",
        values=("chess club", "coding club", "choir", "football"),
    ),
    # car lease
    Family(
        first="The lease on the Skoda is {v} a month.",
        update="I renegotiated at the twelve-month review, and the Skoda costs me {v} monthly now.",
        restatement="Every month {v} goes out for the Skoda lease.",
        question="How much is the monthly Skoda lease payment?",
        values=("£289", "£315", "£262", "£340"),
    ),
    Family(
        first="My lease allows {v} miles a year.",
        update="With the new commute I rang the leasing company and they changed my allowance to {v} miles per year.",
        restatement="I can drive {v} miles annually on the lease before excess charges kick in.",
        question="What's my annual mileage allowance on the lease?",
        values=("8,000", "10,000", "12,000", "15,000"),
    ),
    Family(
        first="The car lease ends in {v}.",
        update="Signed the new paperwork with the leasing company yesterday; the car goes back in {v}.",
        restatement="I have to hand the car back in {v}.",
        question="When does the car lease end?",
        values=("March 2026", "September 2025", "January 2027", "June 2026"),
    ),
    # Portuguese course
    Family(
        first="My Portuguese class is on {v} evenings.",
        update="From next week the Portuguese group meets on {v} nights instead, the teacher had a clash.",
        restatement="{v} evening is Portuguese class for me.",
        question="Which evening is my Portuguese class?",
        values=("Tuesday", "Wednesday", "Thursday", "Monday"),
    ),
    Family(
        first="My Portuguese tutor is {v}.",
        update="I wasn't clicking with my old tutor, so I booked {v} on italki and we've already had three lessons.",
        restatement="I do my Portuguese lessons with {v}.",
        question="Who is my Portuguese tutor?",
        values=("Beatriz", "João", "Carolina", "Rui"),
    ),
    Family(
        first="I'm in the {v} Portuguese course.",
        update="Passed the placement test last week and they put me in {v}.",
        restatement="My Portuguese course is at level {v}.",
        question="Which level of Portuguese course am I in?",
        values=("A2", "B1", "B2", "A1"),
    ),
)

PROBE23_POLAR = (
    # mobile release
    Polar(
        statement="Dark mode is enabled for all Pocketly users.",
        opposite="We rolled dark mode back in Pocketly; it's behind the flag again and off for everyone.",
        restatement="Every Pocketly user has dark mode switched on.",
        question="Is dark mode turned on for all Pocketly users?",
    ),
    # on-call rotation
    Polar(
        statement="Staging alerts page the on-call on weekends too.",
        opposite="We silenced staging alerts for weekends, so Saturdays and Sundays are quiet for staging now.",
        restatement="Even on a Saturday or Sunday, a staging alert will wake up whoever is on call.",
        question="Do staging alerts page the on-call on weekends?",
    ),
    # data pipelines
    Polar(
        statement="The churn model retrains automatically every week.",
        opposite="We paused the weekly auto-retrain of the churn model; it's manual until the label bug is fixed.",
        restatement="Each week the churn model gets retrained on its own, nobody has to kick it off.",
        question="Does the churn model retrain automatically each week?",
    ),
    # SaaS billing
    Polar(
        statement="Annual Tallybook plans come with a 20% discount.",
        opposite="The annual discount is gone; a yearly Tallybook plan costs the same as twelve months.",
        restatement="Paying for Tallybook yearly saves you 20%.",
        question="Is there a discount for paying for Tallybook annually?",
    ),
    # home renovation
    Polar(
        statement="We're keeping the original fireplace in the lounge.",
        opposite="The lounge fireplace is coming out; we decided to brick it up and reclaim the space.",
        restatement="The old fireplace in the lounge stays where it is.",
        question="Are we keeping the lounge fireplace?",
    ),
    # kids' school
    Polar(
        statement="Leo takes a packed lunch to school every day.",
        opposite="Leo's on school dinners now, so no more packed lunches to make.",
        restatement="I make Leo's lunch for him to take in each morning.",
        question="Does Leo take a packed lunch to school?",
    ),
    # car lease
    Polar(
        statement="Servicing is included in my car lease.",
        opposite="I dropped the servicing add-on from the lease, so maintenance is on me from here.",
        restatement="The lease covers the car's servicing.",
        question="Is servicing included in the car lease?",
    ),
    # Portuguese course
    Polar(
        statement="I'm sitting the CAPLE exam in June.",
        opposite="I've withdrawn from the June CAPLE exam; I'm just not ready.",
        restatement="I'm registered to take CAPLE this June.",
        question="Am I taking the CAPLE exam in June?",
    ),
)

PROBE23_NEAR_MISSES = (
    # mobile release
    ("Pocketly's Android version is 4.3.1.", "Pocketly's iOS version is 4.2.7."),
    # on-call rotation
    (
        "The secondary on-call for the payments service is Hannah.",
        "The secondary on-call for the search service is Oleg.",
    ),
    ("Our p99 latency alert for checkout fires above 800 ms.", "Our p99 latency alert for search fires above 1200 ms."),
    # data pipelines
    ("The orders table keeps 400 days of history.", "The clickstream table keeps 90 days of history."),
    ("The orders ETL writes to analytics.fct_orders.", "The refunds ETL writes to analytics.fct_refunds."),
    # SaaS billing
    (
        "Acme Logistics is on Tallybook's Team plan with 12 seats.",
        "Brightwater Dental is on Tallybook's Team plan with 8 seats.",
    ),
    ("Tallybook's Starter plan is limited to 3 users.", "Tallybook's Team plan is limited to 25 users."),
    # home renovation
    (
        "The upstairs bathroom floor is getting grey hexagon tiles.",
        "The downstairs toilet floor is getting black-and-white checkered tiles.",
    ),
    ("The electrician is booked for the week of 3 June.", "The plasterer is booked for the week of 17 June."),
    # kids' school
    ("Maya's parents' evening is on 12 November.", "Leo's parents' evening is on 19 November."),
    # car lease
    ("The Skoda's MOT is due in April.", "The Vespa's MOT is due in August."),
    # Portuguese course
    ("My Portuguese textbook is Português XXI 2.", "My Portuguese grammar book is Gramática Ativa 1."),
)

PROBE23_LOOKALIKES = (
    # mobile release
    (
        "Who signs off Pocketly releases for the App Store?",
        "Marta signs off Pocketly releases before they go to the App Store.",
        "Dev signs off Pocketly releases before they go to Google Play.",
    ),
    (
        "Which Node version does the Pocketly backend run on?",
        "The Pocketly backend runs on Node 20.",
        "The Pocketly admin panel runs on Node 18.",
    ),
    # on-call rotation
    (
        "Where is the runbook for the Postgres failover?",
        "The Postgres failover runbook lives in Confluence under SRE/Runbooks/Postgres.",
        "The Redis eviction runbook lives in Confluence under SRE/Runbooks/Cache.",
    ),
    (
        "Which AWS region is the production database in?",
        "The production database is in eu-west-1.",
        "The staging database is in us-east-2.",
    ),
    # data pipelines
    (
        "Who owns the revenue dashboard?",
        "Ines owns the revenue dashboard in Looker.",
        "Ravi owns the retention dashboard in Looker.",
    ),
    # SaaS billing
    (
        "When does Acme Logistics renew?",
        "Acme Logistics' Tallybook subscription renews on March 3.",
        "Brightwater Dental's Tallybook subscription renews on June 18.",
    ),
    # home renovation
    (
        "When is the kitchen worktop being fitted?",
        "The kitchen worktop is being fitted on 14 May.",
        "The utility room shelves are being fitted on 21 May.",
    ),
    # kids' school
    (
        "When is Leo's school trip?",
        "Leo's class is going to the science museum on 7 March.",
        "Maya's class is going to Warwick Castle on 15 March.",
    ),
    # car lease
    (
        "What's the registration of the leased Skoda?",
        "The leased Skoda's registration is KM23 XRT.",
        "The courtesy car's registration is LP71 GHA.",
    ),
    # Portuguese course
    (
        "What's the Zoom password for Portuguese class?",
        "The Zoom password for Portuguese class is saudade42.",
        "The Zoom password for book club is novela19.",
    ),
)
