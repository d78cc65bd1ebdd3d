"""A forty-first set of wordings for bench/truth.py (``probe41``), written by an author who saw neither the code
nor the other sets: several facts about one thing (the flat on Alder Street, the Corsa, Maisie, Pickle the cat,
Kingsmead Chess Club, the Atlas server, Hollyhock Flowers' suppliers). A development set.
"""

from truth_scenarios import Family, Polar

PROBE41_FAMILIES = (
    # --- the flat on Alder Street ---
    Family(
        first="Rent for the Alder Street flat is {v} a month.",
        update="The landlord's putting the Alder Street rent up to {v} a month from next quarter.",
        restatement="We pay {v} every month to rent the flat on Alder Street.",
        question="How much is the monthly rent on the Alder Street flat?",
        values=("£950", "£995", "£1,040", "£1,100"),
    ),
    Family(
        first="The tenant in the Alder Street flat is {v}.",
        update="Alder Street flat has a new tenant now, {v} moved in last week.",
        restatement="{v} is the person renting the flat on Alder Street.",
        question="Who is the tenant in the Alder Street flat?",
        values=("Priya Nair", "Tom Hewitt", "Agnieszka Wolska", "Declan Moore"),
    ),
    Family(
        first="The boiler in the Alder Street flat is a {v}.",
        update="Had the Alder Street boiler swapped for a {v} after the old one packed in.",
        restatement="The Alder Street flat's boiler was made by {v}.",
        question="What make is the boiler in the Alder Street flat?",
        values=("Worcester Bosch", "Vaillant", "Baxi", "Glow-worm"),
    ),
    Family(
        first="- Alder St flat letting agent: {v}",
        update="Alder St flat now managed by {v}, switched agents over the fees",
        restatement="The agency that lets out the flat on Alder Street for us is {v}.",
        question="Which letting agent handles the Alder Street flat?",
        values=("Foxtons", "Hunters", "Belvoir", "Martin & Co"),
    ),
    # --- the Corsa ---
    Family(
        first="The Corsa's MOT is due on {v}.",
        update="Corsa MOT moved to {v}.",
        restatement="{v} is when the Corsa has to go in for its MOT test.",
        question="When is the Corsa's MOT due?",
        values=("4 June", "18 June", "2 July", "9 July"),
    ),
    Family(
        first="The Corsa is insured with {v}.",
        update="Switched the Corsa's insurance over to {v}, they were forty quid cheaper.",
        restatement="{v} is the company that provides cover for the Corsa.",
        question="Who insures the Corsa?",
        values=("Admiral", "Direct Line", "LV", "Aviva"),
    ),
    Family(
        first="- Corsa front tyres: {v} psi",
        update="Garage says run the Corsa's front tyres at {v} psi instead.",
        restatement="The front tyres on the Corsa should be pumped up to {v} psi.",
        question="What pressure should the Corsa's front tyres be at?",
        values=("32", "33", "35", "36"),
    ),
    Family(
        first="The Corsa has {v} miles on the clock.",
        update="corsa's on {v} miles now",
        restatement="The odometer in the Corsa reads {v} miles.",
        question="How many miles has the Corsa done?",
        values=("48,200", "51,900", "55,300", "60,150"),
    ),
    # --- Maisie ---
    Family(
        first="Maisie's shoe size is {v}.",
        update="Maisie's feet have grown again, she's a {v} now.",
        restatement="Maisie takes a size {v} in shoes.",
        question="What shoe size is Maisie?",
        values=("10", "11", "12", "13"),
    ),
    Family(
        first="Maisie's teacher this year is {v}.",
        update="Maisie's got a new teacher, {v}, since the old one went on maternity leave.",
        restatement="{v} is the one teaching Maisie's class this year.",
        question="Who is Maisie's teacher?",
        values=("Mrs Okafor", "Mr Bennett", "Miss Tran", "Mrs Lindqvist"),
    ),
    Family(
        first="Maisie's bedtime is {v}.",
        update="We've pushed Maisie's bedtime back to {v} now she's a bit older.",
        restatement="Maisie has to be in bed by {v}.",
        question="What time is Maisie's bedtime?",
        values=("7pm", "7:30pm", "8pm", "8:15pm"),
    ),
    Family(
        first="Mum says Maisie's best friend is {v}.",
        update="Maisie and {v} are inseparable these days, Mum reckons they're best friends now.",
        restatement="According to Mum, Maisie's closest friend is {v}.",
        question="Who is Maisie's best friend?",
        values=("Ruby", "Olu", "Freya", "Hamza"),
    ),
    # --- Pickle the cat ---
    Family(
        first="Pickle's vet is {v}.",
        update="We've moved Pickle to {v}, the old vets got too expensive.",
        restatement="Pickle is registered with {v} for her check-ups and jabs.",
        question="Which vet is Pickle registered with?",
        values=("Riverside Vets", "Abbeygate Veterinary Clinic", "Companion Care", "Vets4Pets"),
    ),
    Family(
        first="Pickle weighs {v}.",
        update="Pickle was {v} at her last weigh-in.",
        restatement="Pickle comes in at {v} on the scales.",
        question="How much does Pickle weigh?",
        values=("4.2 kg", "4.6 kg", "4.9 kg", "5.3 kg"),
    ),
    Family(
        first="Pickle's on {v} dry food.",
        update="switched pickle to {v} biscuits, she went off the old stuff",
        restatement="The dry food we give Pickle is {v}.",
        question="What dry food does Pickle eat?",
        values=("Royal Canin", "Purina One", "Hill's Science Plan", "Lily's Kitchen"),
    ),
    # --- Kingsmead Chess Club ---
    Family(
        first="Kingsmead Chess Club meets on {v} evenings.",
        update="Kingsmead chess has moved to {v} nights because the hall's been booked out.",
        restatement="Club night at Kingsmead Chess Club is {v}.",
        question="Which night does Kingsmead Chess Club meet?",
        values=("Tuesday", "Wednesday", "Thursday", "Monday"),
    ),
    Family(
        first="Kingsmead Chess Club plays at {v}.",
        update="From next month Kingsmead chess will be at {v} instead.",
        restatement="The venue for Kingsmead Chess Club is {v}.",
        question="Where does Kingsmead Chess Club play?",
        values=("St Luke's church hall", "the Red Lion", "Kingsmead Library", "the community centre on Park Road"),
    ),
    Family(
        first="- Kingsmead Chess Club sub: {v} a year",
        update="Kingsmead chess subs going up to {v} a year, the treasurer announced it at the AGM.",
        restatement="Annual membership of Kingsmead Chess Club costs {v}.",
        question="How much is the yearly subscription for Kingsmead Chess Club?",
        values=("£40", "£45", "£50", "£60"),
    ),
    # --- the Atlas server ---
    Family(
        first="The Atlas server is running {v}.",
        update="Upgraded Atlas to {v} over the weekend.",
        restatement="{v} is the operating system installed on the Atlas server.",
        question="Which OS version is the Atlas server on?",
        values=("Ubuntu 20.04", "Ubuntu 22.04", "Ubuntu 24.04", "Debian 12"),
    ),
    Family(
        first="- atlas IP: {v}",
        update="atlas got a new address after the router swap, it's {v} now",
        restatement="On the office network, the Atlas server can be reached at {v}.",
        question="What is the Atlas server's IP address?",
        values=("192.168.1.20", "192.168.1.45", "10.0.0.12", "10.0.0.30"),
    ),
    Family(
        first="Atlas keeps its backups for {v}.",
        update="Cut Atlas backup retention to {v} to free up some disk.",
        restatement="Backups on the Atlas server are held for {v} before they get deleted.",
        question="How long does the Atlas server keep its backups?",
        values=("30 days", "14 days", "60 days", "90 days"),
    ),
    # --- Hollyhock Flowers (the shop's suppliers) ---
    Family(
        first="Hollyhock Flowers gets its roses from {v}.",
        update="We've started buying Hollyhock's roses from {v}, better stems for the same price.",
        restatement="{v} supplies the roses for Hollyhock Flowers.",
        question="Who supplies roses to Hollyhock Flowers?",
        values=("Van Vliet", "Dutch Flower Group", "Bloomfield Wholesale", "Zest Flowers"),
    ),
    Family(
        first="Hollyhock Flowers gets a {v} trade discount from the sundries supplier.",
        update="Sundries supplier has cut Hollyhock's trade discount to {v}.",
        restatement="The sundries supplier knocks {v} off Hollyhock Flowers' orders as trade.",
        question="What trade discount does Hollyhock Flowers get from the sundries supplier?",
        values=("15%", "12%", "10%", "8%"),
    ),
    Family(
        first="Hollyhock's house ribbon colour is {v}.",
        update="Hollyhock's ribbon is {v} since the rebrand.",
        restatement="Every Hollyhock Flowers bouquet gets tied with {v} ribbon.",
        question="What colour is the ribbon Hollyhock Flowers uses?",
        values=("sage green", "dusky pink", "navy", "mustard"),
    ),
)

PROBE41_POLAR = (
    Polar(
        statement="The Alder Street flat comes furnished.",
        opposite="We've taken the furniture out of the Alder Street flat, it's let unfurnished now.",
        restatement="The flat on Alder Street is let with furniture included.",
        question="Is the Alder Street flat furnished?",
    ),
    Polar(
        statement="Pets are allowed in the Alder Street flat.",
        opposite="The landlord's said no more pets at the Alder Street flat.",
        restatement="Tenants in the flat on Alder Street are permitted to keep animals.",
        question="Are pets allowed in the Alder Street flat?",
    ),
    Polar(
        statement="Maisie is allergic to peanuts.",
        opposite="Maisie's outgrown her peanut allergy, the clinic says she can eat them now.",
        restatement="Peanuts give Maisie an allergic reaction.",
        question="Is Maisie allergic to peanuts?",
    ),
    Polar(
        statement="Pickle is an indoor cat.",
        opposite="We've started letting Pickle go outside.",
        restatement="Pickle never goes out of the house.",
        question="Is Pickle an indoor cat?",
    ),
    Polar(
        statement="The Corsa is on a finance agreement.",
        opposite="Paid off the Corsa's finance last month, it's all ours now.",
        restatement="We're still paying the Corsa off on finance.",
        question="Is the Corsa still on finance?",
    ),
    Polar(
        statement="Kingsmead Chess Club takes junior members.",
        opposite="Kingsmead chess has stopped taking under-16s, something to do with insurance.",
        restatement="Kids can join Kingsmead Chess Club too.",
        question="Can juniors join Kingsmead Chess Club?",
    ),
    Polar(
        statement="The Atlas server is on a UPS.",
        opposite="Took Atlas off the UPS, the battery died and we haven't replaced it.",
        restatement="Atlas is plugged into the uninterruptible power supply.",
        question="Is the Atlas server connected to a UPS?",
    ),
    Polar(
        statement="Hollyhock Flowers delivers on Sundays.",
        opposite="Hollyhock's stopped doing Sunday deliveries.",
        restatement="You can get a Sunday delivery from Hollyhock Flowers.",
        question="Does Hollyhock Flowers deliver on Sundays?",
    ),
)

PROBE41_NEAR_MISSES = (
    ("Maisie's shoe size is 11.", "Maisie's reading level is 11."),
    ("The Corsa's MOT is due on 4 June.", "The Corsa's insurance renews on 4 June."),
    ("Rent for the Alder Street flat is £950.", "The deposit for the Alder Street flat is £950."),
    ("The Alder Street flat is in council tax band C.", "The Alder Street flat has an energy rating of C."),
    ("Pickle's microchip number is 985112004417362.", "Pickle's pet insurance policy number is 985112004417630."),
    ("Pickle's flea treatment is due on 12 March.", "Pickle's booster jab is due on 12 March."),
    ("- Corsa rear tyres: 29 psi", "- Corsa front tyres: 32 psi"),
    ("Maisie's teacher is Mrs Okafor.", "Maisie's headteacher is Mrs Achebe."),
    (
        "The treasurer of Kingsmead Chess Club is Helen Ward.",
        "The captain of Kingsmead Chess Club's first team is Helen Ward.",
    ),
    (
        "Kingsmead Chess Club's adult subscription is £45 a year.",
        "Kingsmead Chess Club's junior subscription is £20 a year.",
    ),
    ("The Atlas server's IP address is 192.168.1.20.", "The Atlas server's default gateway is 192.168.1.1."),
    ("atlas nightly backup runs at 2:00am", "atlas weekly reboot runs at 3:00am"),
    (
        "Hollyhock Flowers gets a 15% trade discount from the sundries supplier.",
        "Hollyhock Flowers gets a 15% trade discount from the rose wholesaler.",
    ),
    ("Hollyhock's rose delivery comes on Mondays.", "Hollyhock's foliage delivery comes on Thursdays."),
)

PROBE41_LOOKALIKES = (
    ("When is the Corsa's MOT due?", "The Corsa's MOT is due on 4 June.", "The Corsa's road tax runs out on 1 July."),
    ("Who insures the Corsa?", "The Corsa is insured with Admiral.", "The Corsa's breakdown cover is with the RAC."),
    (
        "How much is the monthly rent on the Alder Street flat?",
        "Rent for the Alder Street flat is £950 a month.",
        "The service charge on the Alder Street flat is £120 a month.",
    ),
    (
        "Who is the tenant in the Alder Street flat?",
        "The tenant in the Alder Street flat is Priya Nair.",
        "The guarantor for the Alder Street flat is Raj Nair.",
    ),
    ("What shoe size is Maisie?", "Maisie's shoe size is 11.", "Maisie wears age 7-8 in school jumpers."),
    (
        "Who is Maisie's teacher?",
        "Maisie's teacher this year is Mrs Okafor.",
        "Maisie's teaching assistant is Mr Shah.",
    ),
    ("Which vet is Pickle registered with?", "Pickle's vet is Riverside Vets.", "Pickle's insurance is with Petplan."),
    ("How much does Pickle weigh?", "Pickle weighs 4.2 kg.", "Pickle gets 60 g of dry food a day."),
    (
        "Which night does Kingsmead Chess Club meet?",
        "Kingsmead Chess Club meets on Tuesday evenings.",
        "Kingsmead Chess Club's league matches are on Thursday evenings.",
    ),
    (
        "What is the Atlas server's IP address?",
        "- atlas IP: 192.168.1.20",
        "- atlas backup target: 192.168.1.50",
    ),
    (
        "Who owns the Atlas server?",
        "The Atlas server belongs to Dev in IT.",
        "Faults on the Atlas server get reported to Karen at the help desk.",
    ),
    (
        "Who supplies roses to Hollyhock Flowers?",
        "Hollyhock Flowers gets its roses from Van Vliet.",
        "Hollyhock Flowers gets its gypsophila from Zest Flowers.",
    ),
)
