"""A ninth development set of wordings for bench/truth.py (``probe9``): written after the session's change to
restatements told in a few other words and before any change of its own, so its first run is the unseen
figure of that change: a research lab, fitness and health, home upkeep, a volunteer group; updates told as
decisions, as news from someone else, or with a reason; restatements with the words of the fact swapped for
near synonyms, or turned around.
"""

from truth_scenarios import Family, Polar

PROBE9_FAMILIES = (
    Family(
        first="The lab meeting is on {v} mornings.",
        update="Starting next month the lab meeting moves to {v} mornings.",
        restatement="We hold the lab meeting on {v} mornings.",
        question="When is the lab meeting?",
        values=("Monday", "Wednesday", "Thursday", "Friday"),
    ),
    Family(
        first="The centrifuge in room 204 is booked through {v}.",
        update="Priya extended her centrifuge booking in room 204 to {v}.",
        restatement="Until {v} the room 204 centrifuge is reserved.",
        question="Until when is the centrifuge booked?",
        values=("May 3", "May 10", "May 17", "May 24"),
    ),
    Family(
        first="I run {v} kilometres every Saturday.",
        update="My coach bumped my Saturday run up to {v} kilometres.",
        restatement="Every Saturday I go for a {v} kilometre run.",
        question="How far do I run on Saturdays?",
        values=("5", "8", "10", "12"),
    ),
    Family(
        first="My resting heart rate is about {v} bpm.",
        update="After months of training my resting heart rate dropped to {v} bpm.",
        restatement="At rest my heart beats roughly {v} times a minute, {v} bpm.",
        question="What is my resting heart rate?",
        values=("72", "66", "61", "58"),
    ),
    Family(
        first="The furnace filter gets replaced every {v} months.",
        update="The technician said to swap the furnace filter every {v} months instead.",
        restatement="Every {v} months we put a new filter in the furnace.",
        question="How often is the furnace filter replaced?",
        values=("3", "2", "6", "4"),
    ),
    Family(
        first="Our plumber is {v}.",
        update="We stopped using the old plumber; {v} handles our plumbing now.",
        restatement="{v} does our plumbing.",
        question="Who is our plumber?",
        values=("Dave Kowalski", "Ana Ruiz", "Mike Chen", "Sam Okafor"),
    ),
    Family(
        first="The food bank shift starts at {v} on Sundays.",
        update="The coordinator moved the Sunday food bank shift to {v}.",
        restatement="On Sundays our food bank shift begins at {v}.",
        question="When does the Sunday food bank shift start?",
        values=("9 am", "10 am", "8 am", "11 am"),
    ),
    Family(
        first="The volunteer group has {v} members.",
        update="After the spring drive the volunteer group grew to {v} members.",
        restatement="{v} people belong to the volunteer group.",
        question="How many members does the volunteer group have?",
        values=("24", "31", "40", "52"),
    ),
    Family(
        first="The sequencing data is archived in the {v} bucket.",
        update="IT migrated the sequencing archive to the {v} bucket.",
        restatement="You can find archived sequencing data in the {v} bucket.",
        question="Where is the sequencing data archived?",
        values=("lab-seq-archive", "seq-cold", "genomics-archive", "lab-data-2"),
    ),
    Family(
        first="I take {v} mg of iron each day.",
        update="My doctor lowered my iron dose to {v} mg a day.",
        restatement="Each day my iron supplement is {v} mg.",
        question="How much iron do I take?",
        values=("65", "45", "30", "20"),
    ),
)

PROBE9_POLAR = (
    Polar(
        "The lab freezer alarm is switched on",
        "The lab freezer alarm is switched off for maintenance now",
        "The alarm on the lab freezer is active",
        "Is the lab freezer alarm on?",
    ),
    Polar(
        "Visitors may enter the lab without an escort",
        "Visitors can no longer enter the lab without an escort",
        "Unescorted visitors are allowed into the lab",
        "Can visitors enter the lab without an escort?",
    ),
    Polar(
        "My knee hurts when I run",
        "My knee no longer hurts when I run",
        "Running makes my knee sore",
        "Does my knee hurt when I run?",
    ),
    Polar(
        "I eat dairy",
        "I cut dairy out of my diet",
        "Dairy is something I eat",
        "Do I eat dairy?",
    ),
    Polar(
        "The gutters need cleaning",
        "The gutters were cleaned and don't need cleaning anymore",
        "The gutters are due for a clean",
        "Do the gutters need cleaning?",
    ),
    Polar(
        "The basement stays dry when it rains",
        "The basement floods when it rains now",
        "Rain doesn't get into the basement",
        "Does the basement flood?",
    ),
    Polar(
        "New volunteers need a background check",
        "New volunteers no longer need a background check",
        "A background check is required for new volunteers",
        "Do new volunteers need a background check?",
    ),
    Polar(
        "The group accepts cash donations",
        "The group stopped accepting cash donations",
        "Cash donations are welcome in the group",
        "Does the group accept cash donations?",
    ),
)
