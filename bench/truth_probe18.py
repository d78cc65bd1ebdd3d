"""An eighteenth set of wordings for bench/truth.py (``probe18``), written by an author who saw neither the code nor
the other sets: beekeeping at an allotment apiary, a child's swim club, a kitchen renovation, a community theatre
musical, care for an elderly father, a sailing boat kept at a marina, a book club, and a sourdough stall at a
farmers' market.
"""

from truth_scenarios import Family, Polar

PROBE18_FAMILIES = (
    # beekeeping at an allotment apiary
    Family(
        "My apiary has {v} hives at the moment",
        "After this weekend's shuffle with the colonies, the apiary is running {v} hives",
        "There are {v} beehives in my apiary right now",
        "How many hives do I have?",
        ("3", "5", "4", "6"),
    ),
    Family(
        "I sell a jar of my honey for {v}",
        "The farm shop and I agreed a new price, so from Monday a jar of my honey goes for {v}",
        "Each jar of my honey retails at {v}",
        "What do I charge for a jar of honey?",
        ("£6.50", "£7.00", "£8.25", "£5.75"),
    ),
    Family(
        "The regional bee inspector who covers my area is {v}",
        "Got a letter from the National Bee Unit: {v} has taken over as inspector for our district",
        "{v} is the seasonal bee inspector assigned to my patch",
        "Who is my bee inspector?",
        ("Gwen Pritchard", "Tomasz Nowak", "Alan Brierley", "Fatima Qureshi"),
    ),
    # a child's swim club
    Family(
        "Maya's swim practice starts at {v}",
        "Coach emailed that the pool lanes got reshuffled, so Maya needs to be in the water at {v} from next week",
        "Maya has to be at the pool for a {v} practice start",
        "What time does Maya's swim practice start?",
        ("5:45 am", "6:15 am", "4:30 pm", "5:00 pm"),
    ),
    Family(
        "Maya's personal best in the 100m freestyle is {v}",
        "She swam {v} in the 100 free at Saturday's gala, and that's her new PB",
        "In the 100 metre freestyle, {v} is the fastest Maya has ever gone",
        "What's Maya's best 100m freestyle time?",
        ("1:12.40", "1:09.85", "1:08.31", "1:10.02"),
    ),
    Family(
        "The swim club's annual membership fee is {v}",
        "At the AGM the committee set the yearly membership at {v}, payable by the end of September",
        "We pay {v} a year for Maya to be a member of the swim club",
        "How much is the swim club membership per year?",
        ("$420", "$465", "$390", "$510"),
    ),
    # a kitchen renovation
    Family(
        "Our kitchen remodel is being done by {v}",
        "We parted ways with the first crew over the delays; {v} are taking over the kitchen job starting Thursday",
        "The firm handling our kitchen renovation is {v}",
        "Which company is doing our kitchen remodel?",
        ("Hartley & Sons Builders", "Oakline Renovations", "Brightwork Construction", "Delgado Home Services"),
    ),
    Family(
        "We picked {v} for the kitchen cabinets",
        "Saw the sample door in daylight and hated it, so the cabinets are going to be painted {v} instead",
        "The kitchen cabinets will be finished in {v}",
        "What colour are the kitchen cabinets going to be?",
        ("sage green", "navy blue", "warm grey", "cream"),
    ),
    Family(
        "The island countertop is {v} long",
        "The fabricator re-measured on site and the island top is actually coming out at {v}",
        "From end to end, the kitchen island's worktop measures {v}",
        "How long is the island countertop?",
        ("2.4 m", "2.7 m", "2.1 m", "3.0 m"),
    ),
    # a community theatre musical
    Family(
        "Opening night for our production of Guys and Dolls is {v}",
        "The hall double-booked us, so the director has moved the premiere to {v}",
        "We open Guys and Dolls on {v}",
        "When is opening night?",
        ("Friday 14 March", "Thursday 20 March", "Saturday 29 March", "Friday 4 April"),
    ),
    Family(
        "With the interval, the show runs {v}",
        "After the cuts the director made in Act Two, the full run time comes to {v} including the interval",
        "From curtain up to curtain down, the show lasts {v}",
        "How long is the show?",
        ("2 hours 15 minutes", "2 hours 40 minutes", "2 hours 5 minutes", "2 hours 25 minutes"),
    ),
    Family(
        "{v} is playing Sky Masterson",
        "Poor guy broke his ankle at rehearsal, so his understudy {v} steps into the role of Sky Masterson",
        "The part of Sky Masterson went to {v}",
        "Who plays Sky Masterson?",
        ("Declan Murphy", "Ravi Shah", "Owen Bellamy", "Luis Ortega"),
    ),
    # care for an elderly father
    Family(
        "Dad takes {v} of metoprolol each morning",
        "The cardiologist adjusted his beta blocker at Tuesday's appointment, it's {v} of metoprolol a morning now",
        "Every morning, Dad's metoprolol dose is {v}",
        "How much metoprolol does Dad take?",
        ("25 mg", "50 mg", "37.5 mg", "12.5 mg"),
    ),
    Family(
        "The home carer visits Dad on {v}",
        "The agency rang to say their rota changed and she'll be coming round on {v} going forward",
        "Dad's carer comes round once a week, always on {v}",
        "Which day does Dad's carer come?",
        ("Tuesdays", "Wednesdays", "Fridays", "Mondays"),
    ),
    Family(
        "Dad's GP practice is {v}",
        "Since moving into the sheltered flat Dad had to register somewhere closer, so he's with {v} now",
        "Dad is registered as a patient at {v}",
        "Which GP practice is Dad with?",
        ("Riverside Medical Centre", "Elm Tree Surgery", "Castle Hill Practice", "Marsh Lane Health Centre"),
    ),
    # a sailing boat kept at a marina
    Family(
        "Our boat is moored in berth {v}",
        "The harbour office reassigned everyone over the winter, so look for her at berth {v}",
        "You'll find the boat tied up at berth {v}",
        "Which berth is our boat in?",
        ("C14", "F27", "A03", "D19"),
    ),
    Family(
        "The marina charges us {v} a year for the mooring",
        "Renewal invoice arrived this morning: the mooring is {v} for the coming season",
        "Keeping the boat at the marina costs {v} annually",
        "How much is the yearly mooring fee?",
        ("€3,200", "€3,450", "€2,980", "€3,750"),
    ),
    Family(
        "The outboard needs servicing every {v} engine hours",
        "The new mechanic at the boatyard recommends servicing the outboard at {v}-hour intervals",
        "Once the outboard clocks {v} hours since its last service, it's due another one",
        "How often does the outboard need a service?",
        ("100", "150", "200", "50"),
    ),
    # a book club
    Family(
        "Book club meets at {v}",
        "The café closes early on Thursdays now, so we're gathering at {v} from this month",
        "Our book club get-togethers happen at {v}",
        "Where does the book club meet?",
        ("The Crooked Spoon café", "Marlow Library", "Hannah's house", "The Red Lion"),
    ),
    Family(
        "This month's book club pick is {v}",
        "Half the group couldn't get hold of a copy, so Priya swapped the selection to {v}",
        "We're all reading {v} for the next meeting",
        "What book are we reading for book club?",
        ("Tomorrow, and Tomorrow, and Tomorrow", "The Remains of the Day", "Demon Copperhead", "Piranesi"),
    ),
    # a sourdough stall at a farmers' market
    Family(
        "The market pitch costs me {v} per Saturday",
        "The council's market manager announced revised stall fees; mine will be {v} a Saturday from April",
        "Each Saturday I pay {v} for my pitch at the market",
        "How much is my market pitch fee?",
        ("£35", "£42", "£38", "£50"),
    ),
    Family(
        "My country loaf dough is at {v} hydration",
        "The new flour drinks water differently, so I've taken the country loaf to {v} hydration",
        "The water-to-flour ratio in my country loaf is {v}",
        "What hydration is my country loaf?",
        ("75%", "78%", "72%", "80%"),
    ),
)

PROBE18_POLAR = (
    Polar(
        "The back gate to the apiary is kept padlocked",
        "We took the padlock off the apiary gate, so it's left open now",
        "There's a padlock on the apiary's back gate at all times",
        "Is the apiary gate padlocked?",
    ),
    Polar(
        "Maya is signed up for the county championships",
        "We withdrew Maya from the county championships",
        "Maya's entry for the county championships is in",
        "Is Maya entered in the county championships?",
    ),
    Polar(
        "The underfloor heating in the kitchen is switched on",
        "I've turned the kitchen underfloor heating off until the tile adhesive cures",
        "The kitchen's underfloor heating is running",
        "Is the kitchen underfloor heating on?",
    ),
    Polar(
        "Dad still drives himself to the shops",
        "Dad handed in his licence and has stopped driving altogether",
        "Dad gets behind the wheel to do his own shopping",
        "Does Dad still drive?",
    ),
    Polar(
        "The boat is insured",
        "Our boat insurance lapsed last month and we haven't renewed it",
        "We have a valid insurance policy on the boat",
        "Is the boat insured?",
    ),
    Polar(
        "The book club is open to new members",
        "We've closed the book club to newcomers because it's full",
        "Anyone new is welcome to join the book club",
        "Is the book club accepting new members?",
    ),
    Polar(
        "My stall takes card payments",
        "The card reader broke and I'm cash only now",
        "Customers can pay by card at my stall",
        "Can people pay by card at my stall?",
    ),
    Polar(
        "The theatre bar will be open during the interval",
        "The alcohol licence didn't come through, so there's no bar at the interval",
        "Drinks will be served at the bar in the interval",
        "Is the bar open at the interval?",
    ),
)

PROBE18_LOOKALIKES = (
    (
        "What is Maya's best 50m backstroke time?",
        "Maya's personal best in the 50m backstroke is 38.62",
        "Her teammate Zoe's personal best in the 50m backstroke is 36.90",
    ),
    (
        "How many frames of brood are in Hive 2?",
        "Hive 2 has seven frames of brood",
        "Hive 4 has five frames of brood",
    ),
    (
        "What time is Dad's physiotherapy appointment?",
        "Dad's physio appointment is at 10:30 on Thursday",
        "Mum's physio appointment is at 14:15 on Thursday",
    ),
    (
        "What is the draft of our boat?",
        "Our boat, Sea Lark, draws 1.6 metres",
        "Blue Heron, the neighbours' boat in the next berth, draws 2.1 metres",
    ),
    (
        "When is the deposit for the kitchen worktop due?",
        "The deposit for the kitchen worktop is due on 3 May",
        "The deposit for the bathroom tiles is due on 17 May",
    ),
    (
        "Who is playing Adelaide?",
        "Sinead is playing Adelaide",
        "Orla is playing Sarah Brown",
    ),
    (
        "How much does my seeded rye sell for?",
        "My seeded rye sells for £5.20 a loaf",
        "My white bloomer sells for £4.10 a loaf",
    ),
    (
        "When is the book club discussing Piranesi?",
        "We're discussing Piranesi on 12 June",
        "We're discussing Demon Copperhead on 10 July",
    ),
    (
        "What's the code for the marina shower block?",
        "The shower block door code at the marina is 4471",
        "The code for the marina's fuel dock gate is 9032",
    ),
    (
        "How much does Dad's carer charge per hour?",
        "Dad's day carer charges £24 an hour",
        "Dad's overnight carer charges £31 an hour",
    ),
)
