"""A fifth development set of wordings for bench/truth.py (``probe5``): updates told in two sentences or without
a change word, questions in other words than the facts, facts about other people. Written after ``probe4``'s
changes, before any change it led to. Its misses are read; ``heldout`` and ``final`` stay only counted.
"""

from truth_scenarios import Family, Polar

PROBE5_FAMILIES = (
    Family(
        first="Aunt Rosa's house is on {v}.",
        update="Aunt Rosa sold the old place. Her new house is on {v}.",
        restatement="{v} is where Aunt Rosa's house is.",
        question="What street does Aunt Rosa live on?",
        values=("Maple Avenue", "Birch Lane", "Cedar Road", "Elm Court"),
    ),
    Family(
        first="The release train leaves every {v} weeks.",
        update="Release cadence update: we ship a release train every {v} weeks.",
        restatement="A release train goes out once every {v} weeks.",
        question="How often do we ship a release?",
        values=("2", "3", "4", "6"),
    ),
    Family(
        first="Leo's swimming lessons cost {v} per term.",
        update="The pool raised its fees. Leo's swimming lessons are {v} per term now.",
        restatement="Each term of swimming lessons for Leo is {v}.",
        question="How much are Leo's swimming lessons?",
        values=("$180", "$210", "$195", "$240"),
    ),
    Family(
        first="The analytics events are sent to {v}.",
        update="We stopped using the old tool; analytics events go to {v}.",
        restatement="{v} receives our analytics events.",
        question="Where do the analytics events go?",
        values=("Mixpanel", "Amplitude", "PostHog", "Segment"),
    ),
    Family(
        first="The team standup is {v} minutes long.",
        update="Standups were dragging, so we capped them at {v} minutes.",
        restatement="Our standup lasts {v} minutes.",
        question="How long is the standup?",
        values=("15", "10", "20", "12"),
    ),
    Family(
        first="Granddad takes his heart pills at {v}.",
        update="The cardiologist said granddad should take his heart pills at {v}.",
        restatement="At {v} granddad has his heart pills.",
        question="When does granddad take his heart pills?",
        values=("8 am", "9 am", "7 pm", "noon"),
    ),
    Family(
        first="The image service resizes uploads to {v} pixels wide.",
        update="New design spec: uploads get resized to {v} pixels wide by the image service.",
        restatement="Uploads come out {v} pixels wide after the image service resizes them.",
        question="What width does the image service resize uploads to?",
        values=("1200", "1600", "1024", "2048"),
    ),
    Family(
        first="My sister-in-law Ana teaches at {v}.",
        update="Ana changed schools this year and teaches at {v}.",
        restatement="{v} is the school where Ana teaches.",
        question="Where does Ana teach?",
        values=("Lincoln High", "Westside Middle School", "Oak Grove Elementary", "Riverside Academy"),
    ),
    Family(
        first="The warehouse ships orders until {v}.",
        update="Orders placed after {v} ship the next day; that is the new warehouse cutoff.",
        restatement="{v} is the warehouse's shipping cutoff.",
        question="What is the warehouse shipping cutoff?",
        values=("2 pm", "3 pm", "1 pm", "4 pm"),
    ),
    Family(
        first="Our lease ends on {v}.",
        update="We signed an extension. The lease now runs until {v}.",
        restatement="The lease is up on {v}.",
        question="When does our lease end?",
        values=("August 31", "January 31", "June 30", "March 31"),
    ),
    Family(
        first="The payment service retries failed charges {v} times.",
        update="Payments will retry a failed charge {v} times from the next deploy on.",
        restatement="A failed charge gets retried {v} times by the payment service.",
        question="How many times does the payment service retry a failed charge?",
        values=("3", "5", "4", "2"),
    ),
    Family(
        first="Priyanka is the product manager for {v}.",
        update="After the reshuffle Priyanka manages product for {v}.",
        restatement="{v}'s product manager is Priyanka.",
        question="Which product does Priyanka manage?",
        values=("Checkout", "Search", "Onboarding", "Payments"),
    ),
    Family(
        first="The monthly newsletter goes out on the {v}.",
        update="Marketing decided the newsletter will go out on the {v} of each month.",
        restatement="On the {v} of every month we send the newsletter.",
        question="When does the newsletter go out?",
        values=("1st", "15th", "10th", "5th"),
    ),
    Family(
        first="My running goal this year is {v} km.",
        update="I've revised my goal: {v} km of running this year.",
        restatement="This year I want to run {v} km.",
        question="What is my running goal this year?",
        values=("1,000", "1,200", "800", "1,500"),
    ),
    Family(
        first="The support SLA for enterprise customers is {v} hours.",
        update="Enterprise contracts now promise a first response within {v} hours.",
        restatement="Enterprise customers get an answer from support within {v} hours.",
        question="What is the enterprise support SLA?",
        values=("4", "2", "8", "1"),
    ),
    Family(
        first="The cat's vet is at {v}.",
        update="We found a closer vet for the cat, at {v}.",
        restatement="{v} is where we take the cat to the vet.",
        question="Where is the cat's vet?",
        values=("Greenfield Clinic", "Paws & Claws", "Harbor Animal Hospital", "Northside Vets"),
    ),
)

PROBE5_POLAR = (
    Polar(
        "The production database is replicated",
        "The production database is not replicated anymore",
        "There is a replica of the production database",
        "Is the production database replicated?",
    ),
    Polar(
        "My uncle is retired",
        "My uncle went back to work and isn't retired now",
        "My uncle doesn't work anymore, he's retired",
        "Is my uncle retired?",
    ),
    Polar(
        "Logging in requires a VPN",
        "Logging in no longer requires a VPN",
        "You need the VPN to log in",
        "Does logging in require a VPN?",
    ),
    Polar(
        "The kids are allowed screens on school nights",
        "The kids aren't allowed screens on school nights",
        "On school nights the kids may use screens",
        "Are the kids allowed screens on school nights?",
    ),
    Polar(
        "Autoscaling is on for the web tier",
        "Autoscaling is off for the web tier",
        "The web tier scales automatically",
        "Is autoscaling on for the web tier?",
    ),
    Polar(
        "Our neighbour feeds the cat when we travel",
        "Our neighbour no longer feeds the cat when we travel",
        "When we travel, the cat is fed by our neighbour",
        "Does our neighbour feed the cat when we travel?",
    ),
)
