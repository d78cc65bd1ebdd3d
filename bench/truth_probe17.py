"""A seventeenth set of wordings for bench/truth.py (``probe17``), written by an author who saw neither the code nor
the other sets: a veterinary clinic, a sailing club, a PhD student, a small bakery business, a home renovation,
a chess club, learning a language, a mobile game studio.
"""

from truth_scenarios import Family, Polar

PROBE17_FAMILIES = (
    # a veterinary clinic
    Family(
        first="Biscuit's thyroid pill dose is {v} twice a day.",
        update=(
            "The vet rechecked Biscuit's bloodwork on Friday and adjusted his thyroid tablets, so he gets "
            "{v} each morning and evening from now on."
        ),
        restatement="Twice daily, Biscuit takes {v} of his thyroid medicine.",
        question="How much thyroid medication is Biscuit supposed to get?",
        values=("0.1 mg", "0.2 mg", "0.15 mg", "0.25 mg"),
    ),
    Family(
        first="Our regular vet at Willowbank Animal Clinic is {v}.",
        update="Since the clinic reshuffled its rota, whenever we book at Willowbank the pets get seen by {v}.",
        restatement="{v} is the one who normally examines our animals at Willowbank Animal Clinic.",
        question="Which vet usually sees our pets at Willowbank?",
        values=("Dr. Amara Okafor", "Dr. Felix Brandt", "Dr. Sunita Rao", "Dr. Owen Gallagher"),
    ),
    Family(
        first="The pet insurance for Juniper costs {v} a month.",
        update=(
            "Juniper's insurer sent the renewal letter - the premium went up with her age, and we're paying "
            "{v} monthly now."
        ),
        restatement="Every month {v} comes out of my account for Juniper's insurance policy.",
        question="What's the monthly premium on Juniper's pet insurance?",
        values=("$38.50", "$46.20", "$52.00", "$61.75"),
    ),
    # a sailing club
    Family(
        first="Our dinghy is kept at berth {v} in the club marina.",
        update=(
            "The harbourmaster moved a bunch of boats around over the winter, so our little dinghy lives at "
            "{v} these days."
        ),
        restatement="You'll find our dinghy tied up at berth {v} down at the marina.",
        question="Where is our dinghy moored at the club?",
        values=("C14", "D3", "A22", "B9"),
    ),
    Family(
        first="Sailing club membership is {v} per year.",
        update=(
            "At the AGM the committee voted to raise dues to pay for the new pontoon, so a year's "
            "membership costs {v} starting next season."
        ),
        restatement="A full year at the sailing club sets me back {v}.",
        question="How much are the yearly sailing club dues?",
        values=("\u00a3420", "\u00a3465", "\u00a3510", "\u00a3540"),
    ),
    Family(
        first="The Wednesday evening races start at {v}.",
        update=(
            "The race officer sent round an email saying that, what with the light changing, the start gun "
            "on Wednesdays will go at {v} for the rest of the series."
        ),
        restatement="The first gun for Wednesday night racing goes at {v}.",
        question="What time does Wednesday racing begin?",
        values=("6:30 pm", "6:00 pm", "5:45 pm", "6:15 pm"),
    ),
    # a PhD student
    Family(
        first="My thesis submission deadline is {v}.",
        update=(
            "My supervisor got the graduate school to grant me an extension after the lab flood, so the "
            "thesis isn't due until {v}."
        ),
        restatement="The graduate school expects my finished thesis by {v}.",
        question="When do I have to hand in my dissertation?",
        values=("March 31, 2025", "June 30, 2025", "September 15, 2025", "January 12, 2026"),
    ),
    Family(
        first="I meet with my advisor Professor Lindqvist {v}.",
        update="Now that I'm deep in the writing phase, Lindqvist suggested we check in {v} instead.",
        restatement="My supervision meetings with Professor Lindqvist happen {v}.",
        question="How often do I see my PhD supervisor?",
        values=("every two weeks", "once a week", "every three weeks", "once a month"),
    ),
    # a small bakery business
    Family(
        first="We buy our bread flour from {v}.",
        update=(
            "The old mill kept delivering late, so after a couple of trial sacks we ended up signing a "
            "contract with {v} for all the bread flour."
        ),
        restatement="All the bread flour in the bakery comes from {v}.",
        question="Who supplies the bakery's flour?",
        values=("Heritage Mills", "Northfield Grain Co.", "Stoneground Supply", "Bellweather Milling"),
    ),
    Family(
        first="A large sourdough loaf sells for {v} at the shop.",
        update=(
            "With butter and energy costs climbing, Marta redid the chalkboard this morning and the big "
            "sourdough is {v}."
        ),
        restatement="Customers pay {v} for one of our large sourdough loaves.",
        question="How much do we charge for the big sourdough?",
        values=("$7.50", "$8.25", "$8.75", "$9.00"),
    ),
    # a home renovation
    Family(
        first="We're painting the kitchen walls {v}.",
        update=(
            "After looking at the sample patches in the morning light, my partner talked me round and the "
            "kitchen is going to be {v} instead."
        ),
        restatement="The kitchen walls will be done in {v}.",
        question="What colour is the kitchen getting?",
        values=("sage green", "warm white", "pale terracotta", "dusty blue"),
    ),
    Family(
        first="The bathroom remodel budget is {v}.",
        update=(
            "Once the plumber found rotten joists under the tub we had no choice but to stretch the money "
            "for the bathroom to {v}."
        ),
        restatement="We've set aside {v} in total for redoing the bathroom.",
        question="How much are we spending on the bathroom renovation?",
        values=("$18,000", "$23,500", "$27,000", "$31,000"),
    ),
    # a chess club
    Family(
        first="My club rating is {v}.",
        update=(
            "The secretary processed the autumn league results and posted the new list last night - I came out at {v}."
        ),
        restatement="The club currently has me rated at {v}.",
        question="What's my chess rating at the club?",
        values=("1480", "1525", "1502", "1563"),
    ),
    Family(
        first="Chess club meets on {v} evenings.",
        update="The library needed the community room back, so club nights have moved to {v} going forward.",
        restatement="{v} evenings are chess club nights.",
        question="Which night is chess club?",
        values=("Tuesday", "Thursday", "Monday", "Wednesday"),
    ),
    # learning a language
    Family(
        first="I study Japanese for {v} every day.",
        update="I reworked my routine around the new job, and my daily Japanese practice block is {v} from now on.",
        restatement="Each day I put {v} into Japanese.",
        question="How long do I practise Japanese each day?",
        values=("45 minutes", "30 minutes", "20 minutes", "1 hour"),
    ),
    Family(
        first="My Portuguese tutor is {v}.",
        update="Since my previous teacher started working full time in Lisbon, the language school paired me with {v}.",
        restatement="I have my Portuguese lessons with {v}.",
        question="Who teaches me Portuguese?",
        values=("Beatriz Mendes", "Rafael Souza", "Ines Carvalho", "Tiago Almeida"),
    ),
    # a mobile game studio
    Family(
        first="The live build of Pocket Orchard on the app stores is version {v}.",
        update="QA signed off yesterday and we shipped the patch, so players are on Pocket Orchard {v}.",
        restatement="Anyone downloading Pocket Orchard today gets version {v}.",
        question="Which version of Pocket Orchard is live?",
        values=("2.3.1", "2.3.2", "2.4.0", "2.4.1"),
    ),
    Family(
        first="Day-one retention for Pocket Orchard is {v}.",
        update=(
            "After the reworked tutorial went out, the analytics dashboard shows {v} of new players coming "
            "back the next day."
        ),
        restatement="{v} of the people who install Pocket Orchard return on their second day.",
        question="What's our day 1 retention on Pocket Orchard?",
        values=("38%", "42%", "45%", "41%"),
    ),
)

PROBE17_POLAR = (
    Polar(
        "Biscuit is allowed to have his regular dog treats",
        "The vet banned Biscuit's usual treats until his weight comes down",
        "Biscuit can eat his normal treats",
        "Is Biscuit allowed ordinary treats?",
    ),
    Polar(
        "The club's safety launch is in service this season",
        "The safety launch was taken out of service after its outboard died",
        "This season the sailing club has its safety launch running",
        "Is the club safety launch operational?",
    ),
    Polar(
        "My PhD is funded by a university scholarship",
        "My scholarship ran out, so the university no longer funds my PhD",
        "The university scholarship covers my doctoral studies",
        "Do I have university funding for my PhD?",
    ),
    Polar(
        "The bakery is open on Sundays",
        "We decided to close the bakery on Sundays so the staff get a proper weekend",
        "Sunday is a trading day for the bakery",
        "Does the bakery open on Sunday?",
    ),
    Polar(
        "The water to the upstairs bathroom is turned on",
        "The plumber shut off the supply to the upstairs bathroom",
        "The upstairs bathroom has running water",
        "Is there water in the upstairs bathroom right now?",
    ),
    Polar(
        "I'm registered for the county rapid tournament",
        "I withdrew my entry from the county rapid tournament",
        "My place in the county rapid tournament is confirmed",
        "Am I entered in the county rapid event?",
    ),
    Polar(
        "I'm enrolled in the Tuesday evening Italian class",
        "I stopped going to the Tuesday Italian class and cancelled my enrolment",
        "I have a spot in the Italian course on Tuesday evenings",
        "Am I taking the Tuesday night Italian course?",
    ),
    Polar(
        "In-app purchases are enabled in the Pocket Orchard beta",
        "We switched off in-app purchases for the Pocket Orchard beta build",
        "Testers in the Pocket Orchard beta can buy items with real money",
        "Can beta testers make purchases in Pocket Orchard?",
    ),
)

PROBE17_LOOKALIKES = (
    (
        "How much does Biscuit weigh?",
        "At his last checkup Biscuit weighed 14.2 kg.",
        "At her last checkup Juniper weighed 4.8 kg.",
    ),
    (
        "What sail number is on our Laser?",
        "The sail number on our Laser is 201874.",
        "The sail number on our Topper is 48215.",
    ),
    (
        "Who is the race officer at the sailing club?",
        "The race officer at the sailing club is Harriet Cole.",
        "The cruising officer at the sailing club is Graham Pike.",
    ),
    (
        "How long is chapter two of my thesis?",
        "Chapter two of my thesis is currently 14,000 words.",
        "Chapter three of my thesis is currently 9,500 words.",
    ),
    (
        "What time does the Elm Street bakery open?",
        "Our Elm Street shop opens at 7:00 am.",
        "Our Harbour Road shop opens at 8:30 am.",
    ),
    (
        "What size tiles are going in the en-suite?",
        "The en-suite floor is getting 60 x 60 cm porcelain tiles.",
        "The hallway floor is getting 30 x 60 cm porcelain tiles.",
    ),
    (
        "Who captains our A team?",
        "Priya Nair captains the club's A team in the league.",
        "Tom Whitaker captains the club's B team in the league.",
    ),
    (
        "What level did I reach in Spanish?",
        "I passed my Spanish exam at B2 level.",
        "I passed my French exam at A2 level.",
    ),
    (
        "How many daily active users does Pocket Orchard have?",
        "Pocket Orchard is averaging about 52,000 daily active users.",
        "Tiny Tides is averaging about 18,000 daily active users.",
    ),
    (
        "Who's the lead artist on Tiny Tides?",
        "The lead artist on Tiny Tides is Mei Tanaka.",
        "The lead artist on Pocket Orchard is Jonas Weber.",
    ),
)
