"""A thirty-sixth set of wordings for bench/truth.py (``probe36``), written by an author who saw neither the code
nor the other sets: full conversational sentences told to a chat assistant about family, home, health, travel, hobbies
and a small bakery, with many same-shaped facts about different family members or business attributes."""

from truth_scenarios import Family, Polar

PROBE36_FAMILIES = (
    Family(
        first="My daughter Maya's swimming lessons are on {v}s after school.",
        update="The leisure centre sent a letter: Maya swims on {v}s from now on.",
        restatement="Maya has her swim class every {v}.",
        question="What day does my daughter go swimming?",
        values=("Wednesday", "Thursday", "Monday", "Saturday"),
    ),
    Family(
        first="My son Leo has football training at {v} on Tuesdays.",
        update="Coach says Leo's Tuesday session kicks off at {v}.",
        restatement="Leo's Tuesday football practice starts at {v}.",
        question="What time do I need to get Leo to football?",
        values=("5:30pm", "6:15pm", "4:45pm", "7pm"),
    ),
    Family(
        first="The accountant who does the books for my bakery is {v}.",
        update="We switched accountants, so the bakery's books are handled by {v} now.",
        restatement="{v} looks after the bakery's accounts for us.",
        question="Who does the accounts for my business?",
        values=("Priya Nair", "Tom Whitfield", "Grace Okafor", "Daniel Brennan"),
    ),
    Family(
        first="The bakery's VAT number is {v}.",
        update="After we re-registered, HMRC issued the bakery a new VAT number: {v}.",
        restatement="For VAT purposes the bakery is registered under {v}.",
        question="What VAT number should go on the shop's invoices?",
        values=("GB 284 1937 55", "GB 361 0428 90", "GB 519 7724 13", "GB 742 3086 61"),
    ),
    Family(
        first="We drive a {v} as the family car.",
        update="We traded the old one in, so the family car is a {v} now.",
        restatement="Our main car at home is a {v}.",
        question="What car does our family drive?",
        values=("Skoda Octavia", "Kia Sportage", "Volvo XC60", "Honda Jazz"),
    ),
    Family(
        first="The bakery's delivery van is painted {v}.",
        update="We had the van resprayed {v} to match the new logo.",
        restatement="Our delivery van is {v} all over.",
        question="What colour is the van we use for deliveries?",
        values=("navy blue", "mustard yellow", "forest green", "burgundy"),
    ),
    Family(
        first="My GP is {v} at the Riverside surgery.",
        update="Since the clinic moved across town I've been assigned a new doctor, {v}.",
        restatement="When I book a doctor's appointment, I see {v}.",
        question="Which doctor am I registered with?",
        values=("Dr Helen Marsh", "Dr Samir Qureshi", "Dr Aoife Kelly", "Dr Robert Lim"),
    ),
    Family(
        first="I take {v} of levothyroxine every morning before breakfast.",
        update="My latest blood test came back, so the doctor changed my levothyroxine to {v} a day.",
        restatement="My daily thyroid tablet dose is {v}.",
        question="How much thyroid medication am I on?",
        values=("50 micrograms", "75 micrograms", "100 micrograms", "125 micrograms"),
    ),
    Family(
        first="My next dental check-up is on {v}.",
        update="The dentist's receptionist rang and moved my check-up to {v}.",
        restatement="I'm booked in to see the dentist on {v}.",
        question="When am I due at the dentist?",
        values=("14 March", "2 April", "19 May", "8 June"),
    ),
    Family(
        first="My husband Mark's physio sessions for his knee last {v}.",
        update="Now that he's further along, Mark's physio is {v} per visit.",
        restatement="Each of Mark's knee physio appointments runs for {v}.",
        question="How long is Mark's physio appointment?",
        values=("45 minutes", "an hour", "30 minutes", "90 minutes"),
    ),
    Family(
        first="This summer we're going on holiday to {v}.",
        update="Flights were too expensive, so we've booked {v} for the summer holiday instead.",
        restatement="Our summer family trip this year is to {v}.",
        question="Where are we off to on holiday this summer?",
        values=("Lisbon", "Crete", "the Lake District", "Dubrovnik"),
    ),
    Family(
        first="Our flight out leaves at {v} on the Saturday.",
        update="The airline emailed: departure is {v} now.",
        restatement="We take off at {v} on the day we fly out.",
        question="What time is our outbound flight?",
        values=("06:40", "11:15", "14:50", "19:05"),
    ),
    Family(
        first="We're staying at the {v} for the trip.",
        update="I cancelled the first booking and got us rooms at the {v}.",
        restatement="Our accommodation for the holiday is the {v}.",
        question="Which hotel are we booked into?",
        values=("Hotel Miramar", "Casa Azul", "Grand Harbour Inn", "Villa Rosa"),
    ),
    Family(
        first="While we're away, {v} is looking after the dog.",
        update="The first plan fell through, so {v} is taking the dog while we're gone.",
        restatement="The dog will stay with {v} while we're on holiday.",
        question="Who's minding the dog while we travel?",
        values=("our neighbour Janet", "my sister Claire", "Pawsome Pet Care", "my friend Omar"),
    ),
    Family(
        first="My choir rehearses at {v} on Monday evenings.",
        update="From next term, rehearsals are at {v}.",
        restatement="On Monday nights I sing with the choir at {v}.",
        question="Where does my choir practise?",
        values=(
            "St Mary's church hall",
            "the community centre",
            "Oakfield Primary School",
            "the Royal Oak function room",
        ),
    ),
    Family(
        first="Our allotment is plot {v} at the Greenway site.",
        update="The committee reallocated everyone and we're on plot {v} now.",
        restatement="I grow my vegetables on allotment plot {v}.",
        question="Which allotment plot is ours?",
        values=("14", "27", "9", "32"),
    ),
    Family(
        first="I pay {v} a month for my gym membership.",
        update="The gym put their prices up, it's {v} a month now.",
        restatement="My monthly gym fee comes to {v}.",
        question="How much is the gym costing me each month?",
        values=("£34.99", "£42", "£29.50", "£38"),
    ),
    Family(
        first="Our home broadband is with {v}.",
        update="When the contract ran out we switched to {v} for the internet.",
        restatement="The internet at home comes from {v}.",
        question="Who's our broadband provider?",
        values=("Virgin Media", "Plusnet", "Vodafone", "TalkTalk"),
    ),
    Family(
        first="The recycling bins get collected on {v} mornings.",
        update="The council sent a leaflet: recycling goes out for {v} collection from now on.",
        restatement="Recycling pick-up on our street is every {v}.",
        question="Which day should I put the recycling out?",
        values=("Tuesday", "Friday", "Wednesday", "Monday"),
    ),
    Family(
        first="There are {v} people on the payroll at the bakery.",
        update="After this round of hiring and leavers, the bakery has {v} employees.",
        restatement="The bakery's team is {v} people in total.",
        question="How many staff do I have at the shop?",
        values=("four", "nine", "twelve", "seven"),
    ),
    Family(
        first="We buy the bakery's flour from {v}.",
        update="{v} is our flour supplier now; the old one kept delivering late.",
        restatement="All of our flour is ordered from {v}.",
        question="Where do we get flour for the bakery?",
        values=("Shipton Mill", "Marriage's", "Wessex Mill", "Matthews Cotswold"),
    ),
    Family(
        first="The bakery's phone number is {v}.",
        update="We had a new line installed, so customers should call {v}.",
        restatement="Customers can ring the bakery on {v}.",
        question="What number do people dial to reach the shop?",
        values=("01632 960 418", "01632 960 772", "01632 961 205", "01632 962 390"),
    ),
    Family(
        first="We give regulars a {v} loyalty discount at the bakery.",
        update="They changed it at the team meeting: the loyalty card takes {v} off.",
        restatement="Loyalty card holders get {v} off their order.",
        question="How much off do regulars get with their card?",
        values=("10%", "15%", "12%", "20%"),
    ),
    Family(
        first="The bakery opens at {v} on weekdays.",
        update="It's {v} opening Monday to Friday now, to catch the commuters.",
        restatement="On weekdays we unlock the bakery doors at {v}.",
        question="What time does the shop open during the week?",
        values=("7am", "6:30am", "8am", "7:30am"),
    ),
)

PROBE36_POLAR = (
    Polar(
        statement="My son Leo is allergic to peanuts.",
        opposite="Leo had an allergy test and he isn't allergic to peanuts after all.",
        restatement="Leo can't eat peanuts because of his allergy.",
        question="Does Leo have a peanut allergy?",
    ),
    Polar(
        statement="The bakery is open on Sundays.",
        opposite="We've stopped opening the bakery on Sundays.",
        restatement="Customers can come to the bakery on a Sunday.",
        question="Is the shop open on Sundays?",
    ),
    Polar(
        statement="My husband Mark smokes.",
        opposite="Mark doesn't smoke any more; he quit in January.",
        restatement="Mark is a smoker.",
        question="Does Mark smoke?",
    ),
    Polar(
        statement="We need visas for the holiday.",
        opposite="Turns out we don't need visas for this trip at all.",
        restatement="Each of us has to have a visa for the trip.",
        question="Do we have to apply for visas before we travel?",
    ),
    Polar(
        statement="My daughter Maya is vegetarian.",
        opposite="Maya has started eating meat again.",
        restatement="Maya doesn't eat meat.",
        question="Is Maya a vegetarian?",
    ),
    Polar(
        statement="The bakery takes card payments.",
        opposite="The bakery is cash only now; we stopped taking cards.",
        restatement="Customers can pay by card at the bakery.",
        question="Can people pay with a card at the shop?",
    ),
    Polar(
        statement="Our house insurance includes accidental damage cover.",
        opposite="Accidental damage isn't covered under our house insurance any more.",
        restatement="The home insurance policy covers accidental damage.",
        question="Are we covered for accidental damage at home?",
    ),
    Polar(
        statement="My mum drives herself to her hospital appointments.",
        opposite="Mum can't drive to her appointments any more, so someone has to take her.",
        restatement="Mum gets herself to the hospital in her own car.",
        question="Can Mum still drive to her hospital appointments?",
    ),
)

PROBE36_NEAR_MISSES = (
    (
        "My daughter Maya's swimming lessons are on Wednesdays at 5.",
        "My son Leo's swimming lessons are on Fridays at 5.",
    ),
    ("The bakery's VAT number is GB 284 1937 55.", "The bakery's company number is 09876543."),
    ("My GP is Dr Helen Marsh at the Riverside surgery.", "Mark's GP is Dr Samir Qureshi at the Riverside surgery."),
    ("Our flight out leaves at 06:40 on the Saturday.", "Our flight home leaves at 21:30 on the Sunday."),
    (
        "The recycling bins get collected on Tuesday mornings.",
        "The general waste bins get collected on Friday mornings.",
    ),
    ("I pay £34.99 a month for my gym membership.", "I pay £18 a month for Maya's gym membership."),
    ("Leo has football training at 5:30pm on Tuesdays.", "Leo's football matches kick off at 10am on Saturdays."),
    ("The bakery opens at 7am on weekdays.", "The bakery closes at 4pm on weekdays."),
    ("We buy the bakery's flour from Shipton Mill.", "We buy the bakery's butter from Yeo Valley."),
    ("Mark's car is a red Kia Picanto.", "My car is a grey Volvo XC60."),
    ("I take 75 micrograms of levothyroxine every morning.", "I take 20mg of omeprazole every evening."),
    ("The bakery's phone number is 01632 960 418.", "The bakery's WhatsApp number for orders is 07700 900 312."),
)

PROBE36_LOOKALIKES = (
    (
        "What day is Maya's swimming?",
        "My daughter Maya's swimming lessons are on Wednesdays.",
        "My son Leo's swimming lessons are on Fridays.",
    ),
    (
        "What's the bakery's VAT number?",
        "The bakery's VAT number is GB 284 1937 55.",
        "The bakery's company registration number is 09876543.",
    ),
    ("Who is Mark's dentist?", "Mark's dentist is Dr Fiona Grant.", "My dentist is Dr Paul Adeyemi."),
    (
        "When does our flight home leave?",
        "Our return flight leaves at 21:30 on the Sunday.",
        "Our outbound flight leaves at 06:40 on the Saturday.",
    ),
    (
        "How much is Maya's ballet each term?",
        "Maya's ballet classes cost £120 a term.",
        "Leo's judo classes cost £95 a term.",
    ),
    (
        "What's the wifi password at home?",
        "The home wifi password is BlueHeron42.",
        "The bakery's wifi password is Sourdough2020.",
    ),
    ("When is Mum's birthday?", "My mum's birthday is on 12 October.", "My mother-in-law's birthday is on 3 November."),
    ("What colour is Mark's car?", "Mark's car is dark red.", "My car is metallic grey."),
    (
        "What time does the bakery close on Saturdays?",
        "On Saturdays the bakery closes at 2pm.",
        "On weekdays the bakery closes at 4pm.",
    ),
    (
        "Who's our plumber?",
        "Our plumber is Dave Collins from Collins Heating.",
        "Our electrician is Sam Reid from Brightwire Electrical.",
    ),
)
