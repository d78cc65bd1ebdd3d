"""A forty-fifth set of wordings for bench/truth.py (``probe45``), written by an author who saw neither the code
nor the other sets: a small restaurant's kitchen and front of house, a community garden, a teenager's school,
exams and football, a holiday cottage let to guests, and an open-source library's maintainer notes. A held-out set.
"""

from truth_scenarios import Family, Polar

PROBE45_FAMILIES = (
    # --- restaurant: three facts about the same fish supplier, then menu and rota ---
    Family(
        first="- fish supplier (Harbour Catch) delivers {v}",
        update="Harbour Catch have moved our drop to {v} because their van does the coast run first now",
        restatement="Our fish turns up from Harbour Catch on {v}.",
        question="Which days does Harbour Catch deliver the fish?",
        values=("Tue/Fri", "Mon/Thu", "Wed/Sat", "Tue/Sat"),
    ),
    Family(
        first="Harbour Catch won't deliver for orders under {v}",
        update="heads up, the Harbour Catch minimum order is {v} since their fuel surcharge came in",
        restatement="The smallest order Harbour Catch will bother bringing out is {v}.",
        question="What's the minimum order for Harbour Catch?",
        values=("£150", "£180", "£200", "£120"),
    ),
    Family(
        first="Our rep at Harbour Catch is {v}",
        update="Harbour Catch reshuffled their accounts, so from next week we deal with {v} there",
        restatement="If the fish order's wrong, the person to ring at Harbour Catch is {v}.",
        question="Who's our contact at Harbour Catch?",
        values=("Dougie Mercer", "Fiona Lyle", "Callum Reid", "Priya Nandra"),
    ),
    Family(
        first="The Sunday roast is {v} on the menu",
        update="We've had to put the roast to {v} - beef prices went mad after Christmas",
        restatement="A plate of Sunday lunch from the carvery side costs diners {v}.",
        question="How much do we charge for the Sunday roast?",
        values=("£16.50", "£17.95", "£18.50", "£15.00"),
    ),
    Family(
        first="rota: {v} opens up on Saturdays",
        update="Swapped the weekend rota, {v} is doing the Saturday open from now on since we hired a second chef",
        restatement="Whoever unlocks and sets up the restaurant on a Saturday morning - that's {v}.",
        question="Who opens the restaurant on Saturdays?",
        values=("Jess", "Tomasz", "Aoife", "Ben"),
    ),
    # --- community garden: plot admin facts share a subject ---
    Family(
        first="Plot rent at the community garden is {v} a year",
        update="The committee voted the plot fee to {v} at the AGM to pay for the new water meter",
        restatement="Holding an allotment at the garden sets you back {v} annually.",
        question="How much is the yearly plot rent at the community garden?",
        values=("£35", "£42", "£48", "£30"),
    ),
    Family(
        first="Tool shed padlock at the garden: {v}",
        update="someone left the shed open overnight so Pat reset the combination to {v}",
        restatement="To get the spades out you dial {v} on the lock of the garden's shed.",
        question="What's the code for the tool shed padlock at the garden?",
        values=("3817", "5092", "2264", "7405"),
    ),
    Family(
        first="Community garden work parties are on the first {v} of the month",
        update="We've shifted the monthly work party to the first {v}, too many people had kids' sport then",
        restatement="Once a month, on its opening {v}, the garden gets a group volunteering session.",
        question="Which day is the monthly work party at the community garden?",
        values=("Saturday", "Sunday", "Wednesday", "Friday"),
    ),
    Family(
        first="Garden coordinator is {v} - ask them about the plot waiting list",
        update="{v} has taken over as coordinator at the garden now that the old one moved away",
        restatement="Anything about plots or the garden's running goes through {v}, who coordinates it.",
        question="Who's the coordinator at the community garden?",
        values=("Yusuf Adeyemi", "Grace Tolley", "Owen Birch", "Hannah Crewe"),
    ),
    Family(
        first="There are {v} people on the waiting list for a garden plot",
        update="Yusuf says the plot waiting list stands at {v} after the spring clear-out of abandoned plots",
        restatement="{v} households are currently queuing for an allotment at the community garden.",
        question="How many people are on the plot waiting list?",
        values=("14", "22", "9", "31"),
    ),
    # --- teenager: school, exams and football (two facts about the same team) ---
    Family(
        first="Ellie's maths mock (paper 1) is on {v}",
        update="they've rescheduled Ellie's first maths mock to {v}, the sports hall was double-booked",
        restatement="For Ellie, the opening paper of the maths mocks falls on {v}.",
        question="When is Ellie's first maths mock paper?",
        values=("14 January", "21 January", "9 January", "28 January"),
    ),
    Family(
        first="U16s training is {v} on Thursdays",
        update="coach says Thursday training starts at {v} from next week, that's when the floodlights are booked",
        restatement="Thursday sessions for Ellie's under-16 side kick off at {v}.",
        question="What time does U16s football training start on Thursdays?",
        values=("6pm", "6:30pm", "5:45pm", "7pm"),
    ),
    Family(
        first="Football subs for Ellie's team are {v} a month",
        update="The club has set the monthly subs at {v} because the pitch hire went up",
        restatement="Every month we pay the U16s club {v} so Ellie can play.",
        question="How much are Ellie's football subs each month?",
        values=("£25", "£30", "£22", "£28"),
    ),
    Family(
        first="Ellie's form tutor is {v}",
        update="New term, new tutor: Ellie's got {v} for registration now after the form groups got reshuffled",
        restatement="The teacher in charge of Ellie's tutor group is {v}.",
        question="Who is Ellie's form tutor?",
        values=("Mr Haddon", "Ms Kirby", "Mr Patel", "Miss Duarte"),
    ),
    Family(
        first="Ellie catches the {v} to school",
        update="Ellie's switched to the {v} since the bus timetable changed in September",
        restatement="Mornings, Ellie rides into school on the {v} bus.",
        question="Which bus does Ellie take to school?",
        values=("route 14", "X7", "route 31", "X22"),
    ),
    # --- holiday cottage: several facts about Wren Cottage ---
    Family(
        first="Wren Cottage changeover day is {v}",
        update="heads up, guests at the cottage swap over on {v} now, the cleaner can't do the old day any more",
        restatement="Stays at Wren Cottage begin and end on a {v}.",
        question="What's the changeover day at Wren Cottage?",
        values=("Saturday", "Friday", "Monday", "Sunday"),
    ),
    Family(
        first="Check-in at Wren Cottage from {v}",
        update="We're letting guests arrive from {v} now that two cleaners turn the place round",
        restatement="On arrival day people can get into Wren Cottage any time after {v}.",
        question="What time is check-in at Wren Cottage?",
        values=("4pm", "3pm", "3:30pm", "5pm"),
    ),
    Family(
        first="key safe by the back door at Wren Cottage: {v}",
        update="Changed the cottage key safe combination to {v} after last week's guests posted it in a review",
        restatement="Guests open the lockbox holding the Wren Cottage keys with {v}.",
        question="What's the key safe code at Wren Cottage?",
        values=("1962", "4830", "7715", "2508"),
    ),
    Family(
        first="Wren Cottage is {v} a night in high season",
        update="Moved the summer nightly rate to {v} - the letting agency reckoned we were out of line for the area",
        restatement="July and August stays at the cottage cost {v} per night.",
        question="How much is a night at Wren Cottage in high season?",
        values=("£145", "£160", "£175", "£130"),
    ),
    Family(
        first="Minimum stay at Wren Cottage is {v}",
        update="We've changed the shortest booking we take at the cottage to {v}, to fill the gaps between long lets",
        restatement="Nobody can book Wren Cottage for less than {v}.",
        question="What's the minimum stay at Wren Cottage?",
        values=("3 nights", "7 nights", "2 nights", "4 nights"),
    ),
    # --- open-source library maintainer notes: several facts about tidewater ---
    Family(
        first="- min supported Python for `tidewater`: {v}",
        update="Per the new support policy, `requires-python` for tidewater is now >={v} in `pyproject.toml`",
        restatement="The oldest interpreter tidewater still runs on is Python {v}.",
        question="What's the minimum Python version tidewater supports?",
        values=("3.9", "3.10", "3.11", "3.8"),
    ),
    Family(
        first="To cut a tidewater release, run {v} from a clean main",
        update="release steps got consolidated, so tidewater releases are now done with {v}",
        restatement="The command that builds, tags and publishes tidewater is {v}.",
        question="What command do I run to release tidewater?",
        values=("`make release`", "`nox -s release`", "`./scripts/release.sh`", "`hatch run release`"),
    ),
    Family(
        first="CI fails tidewater builds if coverage drops below {v}",
        update="Changed the `--cov-fail-under` gate in CI to {v} after the parser refactor landed",
        restatement="Any tidewater PR with under {v} test coverage gets a red build.",
        question="What coverage threshold does tidewater's CI enforce?",
        values=("85%", "90%", "80%", "92%"),
    ),
    Family(
        first="Current stable tidewater release is {v}",
        update="Tagged and pushed {v} to PyPI last night, so that's the latest tidewater",
        restatement="Anyone doing `pip install tidewater` today ends up with {v}.",
        question="What's the latest released version of tidewater?",
        values=("v2.3.1", "v2.4.0", "v2.4.2", "v3.0.0"),
    ),
)

PROBE45_POLAR = (
    Polar(
        statement="We open for lunch on Mondays.",
        opposite="We're not doing Monday lunch any more - it was dead most weeks, so Mondays are dinner only.",
        restatement="The restaurant serves a lunchtime service on a Monday.",
        question="Are we open for lunch on Mondays?",
    ),
    Polar(
        statement="Tips are pooled between the kitchen and front of house.",
        opposite="From this month tips aren't shared with the kitchen any more; front of house keeps their own.",
        restatement="Chefs and floor staff split the tip jar between them.",
        question="Do the kitchen staff get a share of the tips?",
    ),
    Polar(
        statement="Hosepipes are allowed at the community garden.",
        opposite="hosepipe ban at the garden from today - watering cans only till the reservoir's back up",
        restatement="Plot holders may water their beds with a hose at the garden.",
        question="Can we use hosepipes at the community garden?",
    ),
    Polar(
        statement="Dogs are welcome at the community garden.",
        opposite="Committee's banned dogs from the garden after one dug up the seedbed.",
        restatement="People can bring their dogs along when they visit the garden.",
        question="Are dogs allowed in the community garden?",
    ),
    Polar(
        statement="Ellie is doing triple science for GCSE.",
        opposite="Ellie's dropped down to combined science, school said triple was too much with her options.",
        restatement="Ellie is taking biology, chemistry and physics as three separate GCSEs.",
        question="Is Ellie taking triple science?",
    ),
    Polar(
        statement="Pets are allowed at Wren Cottage.",
        opposite="No more pets at the cottage - the new carpets went in and the insurer won't cover it.",
        restatement="Guests are welcome to bring their dog to Wren Cottage.",
        question="Can guests bring pets to Wren Cottage?",
    ),
    Polar(
        statement="The hot tub at Wren Cottage is available to guests.",
        opposite="hot tub's out of action at the cottage until the heater's replaced, taking it off the listing",
        restatement="People staying at Wren Cottage can use the hot tub.",
        question="Is the hot tub at Wren Cottage usable?",
    ),
    Polar(
        statement="Windows is in tidewater's CI matrix.",
        opposite="Dropped the Windows jobs from tidewater's CI - they were flaky and nobody on the team uses Windows.",
        restatement="tidewater's test workflow runs on `windows-latest` as well as Linux.",
        question="Does tidewater's CI test on Windows?",
    ),
)

PROBE45_NEAR_MISSES = (
    ("Harbour Catch delivers fish on Tuesdays.", "Harbour Catch delivers shellfish on Tuesdays."),
    ("The beef Sunday roast is £17.95.", "The Sunday nut roast is £17.95."),
    ("- veg supplier: Greenway Produce, Mon/Thu", "- dairy supplier: Greenway Produce, Mon/Thu"),
    ("Tomasz opens on Saturdays.", "Tomasz closes on Saturdays."),
    ("Rent for plot 12 is due on 1 April.", "Rent for plot 21 is due on 1 April."),
    ("The garden tool shed code is 5092.", "The garden polytunnel door code is 5092."),
    ("Ellie's maths mock is on 21 January.", "Ellie's English mock is on 21 January."),
    ("U16s training is at 6pm on Thursdays.", "U14s training is at 6pm on Thursdays."),
    ("Ellie's team plays away at Kingsmead on Saturday.", "Ellie's team plays Kingsmead at home on Saturday."),
    ("Check-in at Wren Cottage is 4pm.", "Check-in at Ivy Cottage is 4pm."),
    ("The Wren Cottage key safe code is 4830.", "The Wren Cottage garage code is 4830."),
    ("heads up, the cottage changeover is saturday", "heads up, the cottage bin collection is saturday"),
    ("tidewater 2.x supports Python 3.9+.", "tidewater 3.x supports Python 3.9+."),
    ("Run `nox -s lint` before opening a tidewater PR.", "Run `nox -s tests` before tagging a tidewater release."),
)

PROBE45_LOOKALIKES = (
    (
        "Which days does Harbour Catch deliver?",
        "Harbour Catch deliver on Tuesdays and Fridays.",
        "Harbour Catch invoice us on the last Friday of the month.",
    ),
    (
        "How much is the Sunday roast?",
        "The Sunday roast is £17.95 a plate.",
        "Extra Yorkshire puddings with the Sunday roast are £1.50.",
    ),
    (
        "Who opens up on Saturdays?",
        "Aoife opens the restaurant on Saturdays.",
        "Aoife does the stock take on Saturdays.",
    ),
    (
        "What's the code for the garden tool shed?",
        "The garden tool shed padlock is 3817.",
        "The garden gate padlock is 2290.",
    ),
    (
        "How much is plot rent at the community garden?",
        "Plot rent at the community garden is £42 a year.",
        "The key deposit at the community garden is £10.",
    ),
    (
        "When is Ellie's maths mock?",
        "Ellie's maths mock is on 14 January.",
        "Ellie's maths mock results come out on 4 February.",
    ),
    (
        "What time does U16s training start on Thursday?",
        "U16s Thursday training starts at 6:30pm.",
        "U16s Thursday training finishes at 8pm.",
    ),
    (
        "Who's Ellie's form tutor?",
        "Ellie's form tutor is Ms Kirby.",
        "Ellie's head of year is Mr Haddon.",
    ),
    (
        "What's the key safe code at Wren Cottage?",
        "The Wren Cottage key safe code is 7715.",
        "The Wren Cottage alarm code is 0394.",
    ),
    (
        "What time is check-in at Wren Cottage?",
        "Check-in at Wren Cottage is from 4pm.",
        "Check-out at Wren Cottage is by 10am.",
    ),
    (
        "What's the minimum Python for tidewater?",
        "tidewater needs Python 3.10 or newer.",
        "tidewater is tested up to Python 3.13.",
    ),
    (
        "What's the latest tidewater release?",
        "The latest tidewater release is v2.4.0.",
        "The next tidewater release is planned as v2.5.0.",
    ),
)
