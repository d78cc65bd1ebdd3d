"""A third development set of wordings for bench/truth.py (``probe3``): what a user tells an assistant in chat,
first person, updates with their reason around them. Written after ``probe2``'s changes, before any change it
led to. Its misses are read; the ``heldout`` and ``final`` sets stay the ones only counted.
"""

from truth_scenarios import Family, Polar

PROBE3_FAMILIES = (
    Family(
        first="I work from home on {v}s.",
        update="My manager wants me in the office more, so my home-office day is {v} now.",
        restatement="{v} is my work-from-home day.",
        question="Which day do I work from home?",
        values=("Friday", "Monday", "Wednesday", "Thursday"),
    ),
    Family(
        first="My phone bill is {v} a month.",
        update="I changed carriers last month and the phone bill came down to {v}.",
        restatement="I pay {v} every month for my phone.",
        question="How much is my phone bill?",
        values=("$65", "$40", "$55", "$30"),
    ),
    Family(
        first="My best friend Jonas lives in {v}.",
        update="Jonas took a job abroad and lives in {v} these days.",
        restatement="Jonas, my best friend, is based in {v}.",
        question="Where does Jonas live?",
        values=("Leeds", "Dublin", "Oslo", "Lyon"),
    ),
    Family(
        first="I usually wake up at {v}.",
        update="Since the baby arrived I'm up at {v} most days.",
        restatement="My alarm goes off at {v} on a normal day.",
        question="What time do I wake up?",
        values=("7 am", "5:30 am", "6 am", "6:30 am"),
    ),
    Family(
        first="I'm training for a {v} race.",
        update="I signed up for the {v} race instead, training starts Monday.",
        restatement="The race I'm preparing for is a {v}.",
        question="What race am I training for?",
        values=("10K", "half marathon", "marathon", "5K"),
    ),
    Family(
        first="My car is a {v}.",
        update="I traded in the old car, I drive a {v} now.",
        restatement="I drive a {v}.",
        question="What car do I drive?",
        values=("Honda Civic", "Toyota Corolla", "Mazda 3", "Ford Focus"),
    ),
    Family(
        first="My daughter's school starts at {v}.",
        update="The new principal changed the schedule, school now starts at {v}.",
        restatement="At {v} my daughter has to be at school.",
        question="When does my daughter's school start?",
        values=("8:15 am", "8:30 am", "8:00 am", "8:45 am"),
    ),
    Family(
        first="My favourite band is {v}.",
        update="After the concert last week, {v} became my favourite band.",
        restatement="{v} is the band I like most.",
        question="What is my favourite band?",
        values=("Radiohead", "Arcade Fire", "The National", "Beach House"),
    ),
    Family(
        first="I'm allergic to {v}.",
        update="The allergist retested me: it turns out I'm allergic to {v}, not what we thought.",
        restatement="{v} gives me an allergic reaction.",
        question="What am I allergic to?",
        values=("penicillin", "amoxicillin", "sulfa drugs", "aspirin"),
    ),
    Family(
        first="My monthly budget for groceries is {v}.",
        update="With prices going up I raised the grocery budget to {v} a month.",
        restatement="I spend about {v} on groceries each month.",
        question="What is my grocery budget?",
        values=("$400", "$500", "$450", "$600"),
    ),
    Family(
        first="My go-to coffee order is a {v}.",
        update="I've cut back on milk, so my usual coffee is a {v} these days.",
        restatement="When I get coffee I order a {v}.",
        question="What is my usual coffee order?",
        values=("flat white", "cortado", "americano", "oat latte"),
    ),
    Family(
        first="My username on the forum is {v}.",
        update="I had to make a new forum account, my username is {v} now.",
        restatement="On the forum I post as {v}.",
        question="What is my forum username?",
        values=("quietfox", "northern_owl", "bytewalker", "lumen42"),
    ),
    Family(
        first="My target bedtime is {v}.",
        update="My sleep coach suggested I go to bed at {v} instead.",
        restatement="I try to be asleep by {v}.",
        question="What is my target bedtime?",
        values=("11 pm", "10:30 pm", "10 pm", "11:30 pm"),
    ),
    Family(
        first="I'm learning {v} on Duolingo.",
        update="I gave up on the old course and I'm learning {v} on Duolingo now.",
        restatement="The language I practise on Duolingo is {v}.",
        question="What language am I learning on Duolingo?",
        values=("Spanish", "Italian", "Japanese", "German"),
    ),
    Family(
        first="My commute takes about {v} minutes.",
        update="Since the new bus line opened, my commute is down to {v} minutes.",
        restatement="It takes me roughly {v} minutes to get to work.",
        question="How long is my commute?",
        values=("45", "30", "25", "35"),
    ),
    Family(
        first="My landlord is {v}.",
        update="The building was sold, so {v} is my landlord now.",
        restatement="I rent my apartment from {v}.",
        question="Who is my landlord?",
        values=("Mr. Alvarez", "Greystone Properties", "Ms. Chen", "Harbor Rentals"),
    ),
)

PROBE3_POLAR = (
    Polar(
        "I drink coffee",
        "I quit coffee",
        "Coffee is part of my day",
        "Do I drink coffee?",
    ),
    Polar(
        "I have a gym membership",
        "I cancelled my gym membership",
        "I'm a member of a gym",
        "Do I have a gym membership?",
    ),
    Polar(
        "I'm a morning person",
        "I'm not a morning person",
        "Mornings are when I'm at my best",
        "Am I a morning person?",
    ),
    Polar(
        "My apartment allows pets",
        "My apartment doesn't allow pets",
        "Pets are allowed in my apartment",
        "Are pets allowed in my apartment?",
    ),
    Polar(
        "I like spicy food",
        "I can't stand spicy food",
        "Spicy food is something I enjoy",
        "Do I like spicy food?",
    ),
    Polar(
        "I own a car",
        "I sold my car and don't own one anymore",
        "I have a car of my own",
        "Do I own a car?",
    ),
)
