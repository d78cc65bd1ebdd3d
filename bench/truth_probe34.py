"""A thirty-fourth set of wordings for bench/truth.py (``probe34``), written by an author who saw neither the code
nor the other sets: a household assistant's terse phone-notes jottings on school, caravan, allotment, mum, dog, utils.
"""

from truth_scenarios import Family, Polar

PROBE34_FAMILIES = (
    # --- school ---
    Family(
        first="- school pickup {v}",
        update="school pickup now {v}",
        restatement="school: collect kids at {v}",
        question="What time is school pickup?",
        values=("3:15", "3:30", "2:50", "3:05"),
    ),
    Family(
        first="- school bkfst club drop-off {v}",
        update="school bkfst club drop-off changed to {v}",
        restatement="school: kids in at breakfast club by {v}",
        question="What time is breakfast club drop-off?",
        values=("7:45", "8:00", "7:50", "7:30"),
    ),
    Family(
        first="- school dinner money {v}/wk",
        update="school dinners → {v}/wk",
        restatement="school: lunches cost {v} a week",
        question="How much is school dinner money per week?",
        values=("£12.50", "£14.00", "£11.75", "£13.20"),
    ),
    Family(
        first="school: Maisie's class teacher Mrs {v}",
        update="school - new teacher for Maisie: Mrs {v}",
        restatement="- school: Mrs {v} has Maisie's class",
        question="Who is Maisie's class teacher?",
        values=("Okafor", "Brennan", "Whitlock", "Patel"),
    ),
    # --- caravan ---
    Family(
        first="- caravan pitch fee {v}/yr",
        update="caravan site fees from Mar: {v}/yr",
        restatement="caravan: pay the site {v} a year for the pitch",
        question="How much is the caravan's annual pitch fee?",
        values=("£2,950", "£3,120", "£2,780", "£3,400"),
    ),
    Family(
        first="- caravan insurance {v}",
        update="caravan ins renewed, {v}",
        restatement="caravan: cover costs {v} per year",
        question="What's the caravan insurance premium?",
        values=("£286", "£312", "£259", "£340"),
    ),
    Family(
        first="caravan: pitch no. {v}",
        update="caravan moved to pitch {v}",
        restatement="- caravan sits on {v}",
        question="What's the caravan's pitch number?",
        values=("B14", "C7", "A22", "D3"),
    ),
    Family(
        first="- caravan tyres {v} psi",
        update="caravan tyre pressure now {v} psi",
        restatement="caravan: pump tyres to {v}psi",
        question="What pressure do the caravan tyres need?",
        values=("65", "60", "58", "62"),
    ),
    # --- allotment ---
    Family(
        first="- allotment rent {v}/yr",
        update="allotment rent from Oct: {v}/yr",
        restatement="allotment: plot costs {v} a year",
        question="How much is the allotment rent?",
        values=("£48", "£55", "£62", "£40"),
    ),
    Family(
        first="- allotment gate code {v}",
        update="allotment padlock changed to {v}",
        restatement="allotment: gate combo {v}",
        question="What's the allotment gate code?",
        values=("4471", "2093", "8815", "6302"),
    ),
    Family(
        first="- allotment sec: {v}",
        update="allotment secretary now {v}",
        restatement="allotment: {v} is site secretary",
        question="Who is the allotment secretary?",
        values=("Bev Hollis", "Ray Dunn", "Sue Marsh", "Ken Abbott"),
    ),
    Family(
        first="allotment: plot {v}",
        update="allotment - swapped to plot {v}",
        restatement="- allotment: ours is no. {v}",
        question="What's our allotment plot number?",
        values=("14B", "22", "7A", "31"),
    ),
    # --- mum ---
    Family(
        first="mum's GP: Dr {v}",
        update="mum now sees Dr {v} at surgery",
        restatement="- mum: Dr {v} is her doctor",
        question="Who is mum's GP?",
        values=("Hale", "Osei", "Ferris", "Lambert"),
    ),
    Family(
        first="- mum carer visits {v}",
        update="mum's carer → {v}",
        restatement="mum: carer comes in at {v}",
        question="What time does mum's carer come?",
        values=("9:30", "10:00", "8:45", "11:15"),
    ),
    Family(
        first="- mum care agency {v}/wk",
        update="mum care invoice now {v}/wk",
        restatement="mum: agency charges {v} a week",
        question="How much does mum's care agency charge per week?",
        values=("£420", "£465", "£398", "£510"),
    ),
    Family(
        first="- mum prescription pickup {v}",
        update="mum meds collection moved to {v}",
        restatement="mum: get her repeat script on {v}",
        question="Which day do we collect mum's prescription?",
        values=("Mon", "Thurs", "Weds", "Fri"),
    ),
    # --- dog ---
    Family(
        first="- dog: flea tab every {v}",
        update="dog flea tab → every {v}",
        restatement="dog: give flea tablet once per {v}",
        question="How often does the dog get a flea tablet?",
        values=("4 wks", "6 wks", "8 wks", "12 wks"),
    ),
    Family(
        first="- dog food {v} am + pm",
        update="dog food changed to {v} per meal",
        restatement="dog: {v} kibble each feed",
        question="How much food does the dog get per meal?",
        values=("150g", "175g", "120g", "200g"),
    ),
    Family(
        first="- dog vet: {v}",
        update="dog registered w/ {v} now",
        restatement="dog: vet is {v}",
        question="Which vet is the dog with?",
        values=("Greenway Vets", "Abbey Vets", "Parkside Vet Clinic", "Hollybank Vets"),
    ),
    Family(
        first="- dog walker {v}/walk",
        update="dog walker new rate {v}/walk",
        restatement="dog: pay walker {v} per walk",
        question="How much does the dog walker charge per walk?",
        values=("£12", "£14", "£15", "£11"),
    ),
    # --- utils ---
    Family(
        first="- utils: broadband {v}/mo",
        update="utils: broadband new deal {v}/mo",
        restatement="utils - pay {v} monthly for broadband",
        question="What do we pay for broadband each month?",
        values=("£32.99", "£28.50", "£35.00", "£29.99"),
    ),
    Family(
        first="- utils: elec DD {v}/mo",
        update="utils elec DD → {v}",
        restatement="utils: electricity direct debit {v} a month",
        question="What's the monthly electricity direct debit?",
        values=("£118", "£134", "£96", "£142"),
    ),
    Family(
        first="- utils: water {v}/qtr",
        update="utils water from April {v}/qtr",
        restatement="utils: water bill {v} every 3 months",
        question="How much is the water bill per quarter?",
        values=("£96", "£104", "£88", "£112"),
    ),
    Family(
        first="- utils: wifi pw {v}",
        update="utils wifi pw changed to {v}",
        restatement="utils: wifi key {v}",
        question="What's the wifi password?",
        values=("Kestrel82!", "BlueDoor44", "Maple#2219", "otter-lamp-7"),
    ),
)

PROBE34_POLAR = (
    Polar(
        statement="- dog: insured w/ PetPlan",
        opposite="- dog: PetPlan cancelled, no insurance now",
        restatement="dog: has pet insurance (PetPlan)",
        question="Is the dog insured?",
    ),
    Polar(
        statement="- mum: manages stairs on her own",
        opposite="- mum: can't do stairs alone any more",
        restatement="mum: ok on stairs unaided",
        question="Can mum manage the stairs by herself?",
    ),
    Polar(
        statement="- caravan: winterised, water drained",
        opposite="caravan: de-winterised, water back on",
        restatement="caravan drained down for winter",
        question="Is the caravan winterised?",
    ),
    Polar(
        statement="- school: Alfie OK'd to walk home alone",
        opposite="school: Alfie NOT to walk home alone",
        restatement="school: Alfie can walk home by himself",
        question="Is Alfie allowed to walk home alone?",
    ),
    Polar(
        statement="- allotment: hosepipe ban on",
        opposite="allotment: hosepipe ban lifted",
        restatement="allotment - no hoses allowed currently",
        question="Is there a hosepipe ban at the allotment?",
    ),
    Polar(
        statement="- utils: broadband auto-renew ON",
        opposite="utils: broadband auto-renew switched off",
        restatement="utils: broadband set to renew automatically",
        question="Is the broadband set to auto-renew?",
    ),
    Polar(
        statement="- dog: fine off lead at park",
        opposite="dog: keep on lead at park from now",
        restatement="dog: ok to let off lead at the park",
        question="Can the dog go off lead at the park?",
    ),
    Polar(
        statement="- mum: meds in dosette box",
        opposite="mum: stopped using dosette box",
        restatement="mum: pills sorted in weekly dosette",
        question="Does mum use a dosette box?",
    ),
)

PROBE34_NEAR_MISSES = (
    ("- school pickup 3:15 Mon-Thu", "- school pickup Fri 2:30"),
    ("- dog: flea tab every 4 wks", "- dog: worming tab every 12 wks"),
    ("- caravan pitch fee £2,950/yr", "- caravan winter storage £420/yr"),
    ("mum's GP: Dr Hale", "mum's consultant: Dr Ferris"),
    ("- utils: elec DD £118/mo", "- utils: gas DD £74/mo"),
    ("- allotment gate code 4471", "- allotment shed padlock 1930"),
    ("- school: Maisie's teacher Mrs Okafor", "- school: Alfie's teacher Mr Lowe"),
    ("- dog food 150g am + pm", "- dog treats max 30g/day"),
    ("- mum carer visits 9:30", "- mum carer evening visit 6:15"),
    ("- utils: wifi pw Kestrel82!", "- utils: guest wifi pw Sparrow19"),
    ("- caravan tyres 65 psi", "- car tyres 38 psi when towing caravan"),
    ("- allotment rent £48/yr", "- allotment assoc. membership £5/yr"),
)

PROBE34_LOOKALIKES = (
    ("What time is school pickup on Fridays?", "- school: Fri pickup 2:30", "- school: Fri assembly 9:10"),
    (
        "How much is the Year 4 school trip?",
        "- school: Yr4 zoo trip £18.50, pay by 3rd",
        "- school: Yr4 class photos £12.99 if ordering",
    ),
    ("When is the dog's booster due?", "- dog: booster due 14 Mar", "- dog: flea tab due 3 Mar"),
    ("Who walks the dog on Tuesdays?", "- dog: Tues walker = Jade", "- dog: Thurs walker = Callum"),
    (
        "What's the caravan site office number?",
        "- caravan site office 01263 448120",
        "- caravan dealer (servicing) 01603 712955",
    ),
    (
        "What size gas bottle does the caravan take?",
        "- caravan gas: 6kg Calor propane",
        "- caravan battery: 110Ah leisure",
    ),
    ("When is the allotment AGM?", "- allotment AGM Sat 12 Apr, 10am", "- allotment seed swap Sat 5 Apr, 10am"),
    ("Which day does mum have her hair done?", "mum: hair appt Thurs 11am", "mum: chiropodist Weds 2pm"),
    (
        "What's the broadband account number?",
        "- utils: broadband acct no. 88412307",
        "- utils: elec meter serial 19K0442315",
    ),
    ("Who do we ring if the power goes off?", "- utils: power cut line 105", "- utils: gas emergency 0800 111 999"),
)
