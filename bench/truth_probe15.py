"""A fifteenth set of wordings for bench/truth.py (``probe15``), written by an author who saw neither the code nor
the other sets: indie game development, nursing shifts, family finances, climbing gym, town council, aquariums,
freelance translation, flight training.
"""

from truth_scenarios import Family, Polar

PROBE15_FAMILIES = (
    # indie game developer
    Family(
        first="Our game Lantern Drift is built on Godot {v}.",
        update="We finally migrated Lantern Drift over to Godot {v} last week once the tilemap bug got fixed.",
        restatement="The engine underneath Lantern Drift is version {v} of Godot.",
        question="Which Godot version does Lantern Drift run on?",
        values=("4.1", "4.2", "4.3", "4.4"),
    ),
    Family(
        first="Lantern Drift launches on Steam on {v}.",
        update="The publisher wants another round of polish, so the Steam launch of Lantern Drift is now {v}.",
        restatement="{v} is the day Lantern Drift goes live on Steam.",
        question="When does Lantern Drift come out on Steam?",
        values=("March 14", "April 2", "May 21", "June 9"),
    ),
    Family(
        first="Lantern Drift is being published by {v}.",
        update="After the first deal fell through, we signed with {v} to bring Lantern Drift to market.",
        restatement="{v} is the publisher handling Lantern Drift.",
        question="Who is publishing Lantern Drift?",
        values=("Fernwood Games", "Pixel Harbor", "Tinmoth Interactive", "Grayline Studios"),
    ),
    # nurse's shifts and certifications
    Family(
        first="Priya's night shifts on the cardiac ward start at {v}.",
        update="Staffing moved the handover, so from the next rota Priya's cardiac nights begin at {v}.",
        restatement="Priya clocks in for nights on the cardiac ward at {v}.",
        question="When does Priya have to be on the cardiac ward for a night shift?",
        values=("7:00 pm", "7:30 pm", "6:45 pm", "8:00 pm"),
    ),
    Family(
        first="Priya's ACLS certification expires in {v}.",
        update="Priya sat the ACLS renewal course on Tuesday, so her card is good until {v}.",
        restatement="Priya will need to renew her ACLS card by {v}.",
        question="When does Priya's advanced life support certificate run out?",
        values=("October 2025", "January 2027", "March 2027", "August 2027"),
    ),
    Family(
        first="Priya's ward uniform is {v} scrubs.",
        update="The hospital rebranded over the summer and Priya's ward has switched to {v} scrubs.",
        restatement="Priya wears {v} scrubs when she is working on her ward.",
        question="What colour scrubs does Priya wear at work?",
        values=("navy", "teal", "burgundy", "grey"),
    ),
    # family finances
    Family(
        first="Our mortgage is fixed at {v} interest.",
        update="We remortgaged with the building society and locked in {v} for the next five years.",
        restatement="The interest rate on our home loan is a fixed {v}.",
        question="What interest rate are we paying on the house?",
        values=("4.15%", "3.89%", "4.6%", "5.05%"),
    ),
    Family(
        first="We move {v} into the joint savings account on payday.",
        update="With daycare costs dropping, {v} goes into the joint savings every payday from now on.",
        restatement="Every payday, {v} is transferred from checking into our shared savings.",
        question="How much do we put into the joint savings each payday?",
        values=("$400", "$550", "$300", "$725"),
    ),
    # climbing gym regular
    Family(
        first="Leo's hardest send at the bouldering gym is a {v}.",
        update="Leo topped his first {v} last night on the purple cave problem!",
        restatement="The toughest boulder Leo has completed at the gym is graded {v}.",
        question="What's the highest grade Leo has climbed at the gym?",
        values=("V4", "V5", "V6", "V7"),
    ),
    Family(
        first="Leo's regular belay partner on Thursdays is {v}.",
        update="His old partner switched to the early shift, so Leo has been roping up with {v} on Thursdays instead.",
        restatement="On Thursdays, {v} is the one who belays Leo.",
        question="Who holds Leo's rope on Thursday evenings?",
        values=("Marta", "Jonah", "Kezia", "Ravi"),
    ),
    # small-town council member
    Family(
        first="The town council's planning committee meets on the first {v} of each month.",
        update="Because the library room is booked, the planning committee will gather on the first {v} going forward.",
        restatement="On the first {v} of every month, the planning committee holds its session.",
        question="On which weekday does the planning committee hold its monthly meeting?",
        values=("Tuesday", "Wednesday", "Monday", "Thursday"),
    ),
    Family(
        first="Councillor Okafor's parks committee has a yearly budget of {v}.",
        update="At last night's vote the council approved {v} for the parks committee this year.",
        restatement="Each year, {v} is allocated to the parks committee that Councillor Okafor sits on.",
        question="How much money does the parks committee get per year?",
        values=("$180,000", "$215,000", "$160,000", "$240,000"),
    ),
    # aquarium hobbyist
    Family(
        first="The discus tank is kept at {v}.",
        update="The discus looked stressed this morning, so I nudged their heater up to {v}.",
        restatement="The heater in the discus aquarium holds the water at {v}.",
        question="What temperature is the discus tank set to?",
        values=("84 F", "86 F", "82 F", "85 F"),
    ),
    Family(
        first="The 75-gallon tank is stocked with a school of {v}.",
        update="An ich outbreak wiped out the old school, so I restocked the 75-gallon with {v}.",
        restatement="A school of {v} is what swims around in the 75-gallon tank.",
        question="What kind of fish are schooling in the 75-gallon?",
        values=("cardinal tetras", "harlequin rasboras", "ember tetras", "cherry barbs"),
    ),
    # freelance translator
    Family(
        first="Ines charges {v} per word for German to English translation.",
        update="Ines's German to English rate is {v} a word as of January.",
        restatement="For each word she translates from German into English, Ines bills {v}.",
        question="What is Ines's per-word rate for German to English work?",
        values=("$0.12", "$0.14", "$0.15", "$0.17"),
    ),
    Family(
        first="Ines's standard turnaround for a 5,000-word job is {v}.",
        update="Ines is swamped this season, so she now quotes {v} for a 5,000-word job.",
        restatement="Normally Ines needs {v} to deliver a 5,000-word job.",
        question="How long does Ines usually take to finish a 5,000-word job?",
        values=("three days", "four days", "two days", "five days"),
    ),
    # learning to fly
    Family(
        first="Sam's flying lessons take off from {v} airfield.",
        update=("The club's planes were moved after the runway closure, so Sam's lessons now start from {v} airfield."),
        restatement="Sam goes to {v} airfield for every flying lesson.",
        question="Which airfield does Sam fly from for lessons?",
        values=("Redhill", "Fairoaks", "Shoreham", "Blackbushe"),
    ),
    Family(
        first="Sam has logged {v} hours of flight time so far.",
        update="After this weekend's cross-country trip, Sam's logbook shows {v} hours in total.",
        restatement="So far, Sam's logbook adds up to {v} hours in the air.",
        question="How many flight hours does Sam have?",
        values=("23", "27", "31", "38"),
    ),
)

PROBE15_POLAR = (
    Polar(
        "The Lantern Drift demo is live on Steam",
        "We pulled the Lantern Drift demo off Steam",
        "Anyone can download the Lantern Drift demo from Steam right now",
        "Is the Lantern Drift demo available on Steam?",
    ),
    Polar(
        "Priya is on the on-call rota this month",
        "Priya has been taken off the on-call rota this month",
        "This month Priya's name is on the list of nurses covering on-call",
        "Is Priya doing on-call this month?",
    ),
    Polar(
        "We pay the mortgage by automatic direct debit",
        "We cancelled the direct debit and now pay the mortgage by hand",
        "The mortgage payment comes out of our account automatically each month",
        "Is the mortgage paid by direct debit?",
    ),
    Polar(
        "Leo has a membership at Summit Bouldering",
        "Leo quit Summit Bouldering and let his membership lapse",
        "Leo is a paying member of Summit Bouldering",
        "Is Leo a member at Summit Bouldering?",
    ),
    Polar(
        "Dogs are allowed in Millbrook Park",
        "The council has banned dogs from Millbrook Park",
        "People can bring their dogs into Millbrook Park",
        "Can I take my dog to Millbrook Park?",
    ),
    Polar(
        "The CO2 system on the planted tank is switched on",
        "I turned off the CO2 on the planted tank",
        "The planted tank is getting injected CO2",
        "Is CO2 running on the planted tank?",
    ),
    Polar(
        "Ines accepts rush jobs from the Halden agency",
        "Ines has stopped taking rush jobs from the Halden agency",
        "When the Halden agency needs something fast, Ines will take it on",
        "Does Ines do rush work for the Halden agency?",
    ),
    Polar(
        "Sam is cleared to fly solo",
        "Sam isn't cleared to fly solo anymore",
        "Sam's instructor has signed Sam off for solo flights",
        "Is Sam allowed to fly without an instructor?",
    ),
)

PROBE15_LOOKALIKES = (
    (
        "When does the Switch port of Lantern Drift ship?",
        "The Switch port of Lantern Drift ships on November 5",
        "The Lantern Drift soundtrack album ships on November 19",
    ),
    (
        "What's the latest beta build of Lantern Drift?",
        "The latest Lantern Drift beta build is 0.9.4",
        "The latest build of our prototype Moss Kingdom is 0.3.1",
    ),
    (
        "When is Priya's BLS recertification due?",
        "Priya's BLS recertification is due in June",
        "Priya's wound care training module is due in September",
    ),
    (
        "How much is our monthly grocery budget?",
        "Our grocery budget is $650 a month",
        "Our budget for eating out is $200 a month",
    ),
    (
        "What size are Leo's climbing shoes?",
        "Leo's climbing shoes are a size 42",
        "Leo's approach shoes are a size 44",
    ),
    (
        "When is the next budget committee meeting?",
        "The budget committee meets next on March 3",
        "The transport committee meets next on March 10",
    ),
    (
        "What's the pH in the discus tank?",
        "The discus tank's pH is 6.4",
        "The shrimp tank's pH is 7.2",
    ),
    (
        "Which language does Ines translate the Vexa manuals into?",
        "Ines translates the Vexa manuals into Portuguese",
        "Ines translates the Nordlys marketing copy into Spanish",
    ),
    (
        "How much does Ines charge for proofreading?",
        "Ines charges $40 an hour for proofreading",
        "Ines charges $55 an hour for subtitling",
    ),
    (
        "When is Sam's air law exam?",
        "Sam's PPL air law exam is on May 12",
        "Sam's radio telephony exam is on May 26",
    ),
)
