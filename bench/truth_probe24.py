"""A twenty-fourth set of wordings for bench/truth.py (``probe24``), written by an author who saw neither the code
nor the other sets: a dental practice's front desk, a cycling club, a home network and smart-home setup, a small
vineyard, a freelance translator's business, a community library, a dog-walking business, and a family's rental car
and travel plans.
"""

from truth_scenarios import Family, Polar

PROBE24_FAMILIES = (
    # dental practice front desk
    Family(
        first="Our front desk opens at {v} on weekdays.",
        update="Starting next month the desk won't open until {v} — Dr. Patel wants the early slot for lab calls.",
        restatement="Monday to Friday, there's someone at reception from {v} onward.",
        question="What time does the front desk open on weekdays?",
        values=("7:30 am", "8:00 am", "8:15 am", "9:00 am"),
    ),
    Family(
        first="A standard cleaning with the hygienist costs {v} for patients without insurance.",
        update="We raised the uninsured cleaning price; it's {v} now.",
        restatement="If you're paying out of pocket, a routine hygiene visit runs {v}.",
        question="How much does an uninsured patient pay for a standard cleaning?",
        values=("$95", "$110", "$125", "$140"),
    ),
    Family(
        first="Insurance claims are handled by {v} at the front desk.",
        update="{v} took over the insurance claims after Marisol moved to scheduling.",
        restatement="When a claim gets rejected, the person at reception who sorts it out is {v}.",
        question="Who handles insurance claims at the front desk?",
        values=("Denise", "Omar", "Keiko", "Brett"),
    ),
    # cycling club
    Family(
        first="The Sunday group ride leaves from {v}.",
        update="Sunday rides start at {v} from now on — the old spot has no parking anymore.",
        restatement="We all gather at {v} before heading out on a Sunday.",
        question="Where does the Sunday group ride start from?",
        values=("the Old Mill car park", "Riverside Park gates", "Halford's Bakery", "the station clock tower"),
    ),
    Family(
        first="Club membership is {v} a year.",
        update="The AGM voted on the dues last night, so it'll be {v} for the year from January.",
        restatement="A year's membership in the club will set you back {v}.",
        question="How much is the annual club membership?",
        values=("£35", "£40", "£48", "£55"),
    ),
    Family(
        first="The B group rides at about {v} average.",
        update="After a few people got dropped last month, we settled on {v} as the B group's target pace.",
        restatement="If you ride with the Bs, expect to hold roughly {v} on the flat.",
        question="What pace does the B group ride at?",
        values=("24 km/h", "26 km/h", "27 km/h", "29 km/h"),
    ),
    # home network and smart home
    Family(
        first="The main router is the {v}.",
        update="I finally swapped out the old router — we're on the {v} now.",
        restatement="Everything in the house goes through the {v} in the hallway closet.",
        question="What router do we have?",
        values=("Netgear Orbi RBR750", "TP-Link Archer AX55", "ASUS RT-AX86U", "Eero Pro 6E"),
    ),
    Family(
        first="The thermostat drops to {v} at night.",
        update="Changed the overnight thermostat setting: {v}.",
        restatement="Once we're in bed, the heating keeps the house at {v}.",
        question="What's the thermostat set to at night?",
        values=("16°C", "17.5°C", "18°C", "19°C"),
    ),
    Family(
        first="Home Assistant lives at {v} on the local network.",
        update="After the router swap, Home Assistant ended up on {v}, so fix your bookmarks.",
        restatement="To get to the Home Assistant dashboard, point your browser at {v}.",
        question="What's the IP address of the Home Assistant server?",
        values=("192.168.1.20", "192.168.1.50", "192.168.0.10", "10.0.0.42"),
    ),
    # small vineyard
    Family(
        first="We're planning to start picking the Pinot on {v}.",
        update="Looks like the Pinot won't come in when we thought — we're aiming for {v} now.",
        restatement="Harvest for the Pinot Noir block is pencilled in for {v}.",
        question="When does the Pinot harvest start?",
        values=("September 14", "September 21", "September 28", "October 3"),
    ),
    Family(
        first="We have {v} of Chardonnay planted.",
        update="After pulling the diseased rows and replanting the east slope, the Chardonnay comes to {v}.",
        restatement="Chardonnay vines cover {v} of the property.",
        question="How much Chardonnay do we have planted?",
        values=("2 acres", "3.5 acres", "4 acres", "5 acres"),
    ),
    Family(
        first="Our rosé sells for {v} a bottle at the cellar door.",
        update="New price list went out this morning. Rosé: {v}.",
        restatement="Anyone buying the rosé in the tasting room pays {v} per bottle.",
        question="How much is a bottle of rosé at the cellar door?",
        values=("$22", "$24", "$26", "$29"),
    ),
    # freelance translator
    Family(
        first="I charge {v} per word for German to English.",
        update="From January, German into English goes to {v} a word — I haven't touched it in three years.",
        restatement="My per-word price for translating German into English is {v}.",
        question="What's my per-word rate for German to English?",
        values=("€0.10", "€0.12", "€0.14", "€0.15"),
    ),
    Family(
        first="I do all my translation work in {v}.",
        update="Switched CAT tools: everything's in {v} now, since my biggest agency insists on it.",
        restatement="{v} is the CAT tool I open for every job.",
        question="Which CAT tool do I use?",
        values=("Trados Studio 2022", "memoQ", "Phrase", "Wordfast Pro"),
    ),
    Family(
        first="My biggest client is {v}.",
        update="{v} overtook everyone else this quarter, so they're my main client at this point.",
        restatement="Most of the money I invoice goes to {v}.",
        question="Who is my biggest client?",
        values=("Lingotek Partners", "Alpha Lingua GmbH", "Meyer & Roth", "Kessler Medical"),
    ),
    # community library
    Family(
        first="On Saturdays the library closes at {v}.",
        update="Because of the budget cuts, we lock up at {v} on Saturdays now.",
        restatement="Saturday opening hours finish at {v}.",
        question="What time does the library close on Saturdays?",
        values=("1 pm", "3 pm", "4:30 pm", "5 pm"),
    ),
    Family(
        first="Overdue books cost {v} per day.",
        update="The board changed the late fee this week — {v} a day.",
        restatement="For every day a book comes back late, the borrower owes {v}.",
        question="How much is the daily overdue fine?",
        values=("10 cents", "15 cents", "25 cents", "50 cents"),
    ),
    Family(
        first="Children's story time is on {v} mornings.",
        update="Story time for the kids moved to {v} mornings so it doesn't clash with swim lessons.",
        restatement="The little ones come in for stories every {v} morning.",
        question="What day is children's story time?",
        values=("Tuesday", "Wednesday", "Thursday", "Saturday"),
    ),
    # dog-walking business
    Family(
        first="A half-hour walk is {v}.",
        update="Fuel and insurance both went up, so I'm charging {v} for a 30-minute walk.",
        restatement="Thirty minutes out with the dog costs clients {v}.",
        question="How much do I charge for a 30-minute walk?",
        values=("$20", "$22", "$25", "$28"),
    ),
    Family(
        first="I never take more than {v} dogs out at once.",
        update="The council brought in new rules for group walks, so my limit is {v} dogs at a time.",
        restatement="Each group walk is capped at {v} dogs.",
        question="What's the most dogs I walk at once?",
        values=("three", "four", "five", "six"),
    ),
    Family(
        first="The morning group walk goes to {v}.",
        update="Since the old field got fenced off, we've been doing mornings at {v}.",
        restatement="First thing in the day, I take the pack over to {v}.",
        question="Where does the morning group walk go?",
        values=("Beacon Hill Park", "Larkspur Meadow", "the reservoir trail", "Fenwick Common"),
    ),
    # family rental car and travel
    Family(
        first="We pick up the rental car at {v} on Friday.",
        update="The agency emailed — our Friday pickup got shifted to {v}.",
        restatement="The rental will be ready for us to collect Friday at {v}.",
        question="What time do we pick up the rental car?",
        values=("9:00 am", "10:30 am", "noon", "2:15 pm"),
    ),
    Family(
        first="They've given us a {v} for the trip.",
        update="They ran out of the car we booked, so we're getting a {v} instead.",
        restatement="Our rental for the holiday is a {v}.",
        question="What car are we renting for the trip?",
        values=("Toyota RAV4", "Honda Odyssey", "Kia Sorento", "Volkswagen Tiguan"),
    ),
    Family(
        first="We drop the car off at {v} at the end of the trip.",
        update="Changed the return so it's closer to our flight: the car goes back to {v}.",
        restatement="When we're done, the rental gets returned at {v}.",
        question="Where do we return the rental car?",
        values=("Denver airport", "the downtown Hertz office", "Boulder station", "Colorado Springs airport"),
    ),
)

PROBE24_POLAR = (
    Polar(
        statement="We accept walk-in emergency patients on Fridays.",
        opposite="Fridays are appointment-only now, even for emergencies.",
        restatement="On a Friday, someone with a dental emergency can just show up and we'll see them.",
        question="Do we take walk-in emergencies on Fridays?",
    ),
    Polar(
        statement="Helmets are mandatory on all club rides.",
        opposite="The committee dropped the helmet rule, so it's up to each rider now.",
        restatement="Nobody rides with the club without a helmet on.",
        question="Do riders have to wear a helmet on club rides?",
    ),
    Polar(
        statement="The guest Wi-Fi is switched on.",
        opposite="I turned off the guest network after the party.",
        restatement="Visitors can get online through the guest network.",
        question="Is the guest Wi-Fi on?",
    ),
    Polar(
        statement="The tasting room is open on Mondays.",
        opposite="We've started closing the tasting room on Mondays to give the staff a break.",
        restatement="Visitors can drop in for a tasting on a Monday.",
        question="Is the tasting room open on Mondays?",
    ),
    Polar(
        statement="I take on rush jobs with same-day turnaround.",
        opposite="Everything needs at least 48 hours from me now; I've had enough of same-day panics.",
        restatement="Clients who are in a hurry can get a translation back from me the same day.",
        question="Do I accept same-day rush jobs?",
    ),
    Polar(
        statement="Borrowers can renew books online.",
        opposite="Since the catalogue switch, renewals have to be done by phone or at the desk.",
        restatement="You can extend your loans through the library website.",
        question="Can borrowers renew books online?",
    ),
    Polar(
        statement="I walk dogs on Sundays.",
        opposite="Sundays are my day off now.",
        restatement="Clients can book me for walks on a Sunday.",
        question="Do I do walks on Sundays?",
    ),
    Polar(
        statement="Grandma is coming on the road trip with us.",
        opposite="Grandma's decided to stay home this time.",
        restatement="Grandma will be riding along with us on the trip.",
        question="Is Grandma coming on the road trip?",
    ),
)

PROBE24_NEAR_MISSES = (
    (
        "Dr. Patel's patients get reminder texts two days ahead.",
        "Dr. Hughes's patients get reminder calls the day before.",
    ),
    ("The Tuesday chain gang covers 40 km.", "The Thursday recovery ride covers 30 km."),
    ("Gareth leads the Saturday hill repeats.", "Priya leads the Wednesday evening social ride."),
    (
        "The living room lamps switch off automatically at 11 pm.",
        "The porch light switches off automatically at sunrise.",
    ),
    ("The kids' tablets lose internet access after 9 pm.", "The Xbox loses internet access after 10 pm."),
    ("The Merlot is aged in French oak for 18 months.", "The Syrah is aged in American oak for 12 months."),
    ("My invoices to German clients are in euros.", "My invoices to UK clients are in pounds."),
    ("Adult fiction loans last three weeks.", "DVD loans last one week."),
    ("The book sale is in the community hall in May.", "The author talk is in the reading room in June."),
    ("Biscuit gets picked up at 8 am.", "Luna gets picked up at 11 am."),
    ("Max's lockbox code is 4471.", "Bella's lockbox code is 9023."),
    ("Dad is the main driver on the rental agreement.", "Mom is listed as the additional driver on the rental."),
)

PROBE24_LOOKALIKES = (
    (
        "Which lab makes our crowns?",
        "Our crowns are made by Brightline Dental Lab.",
        "Our night guards are made by Coastal Ortho Supply.",
    ),
    (
        "Who is the club treasurer?",
        "Our treasurer is Joanne Whitfield.",
        "Our club secretary is Martin Oyelaran.",
    ),
    (
        "What's the password for the guest Wi-Fi?",
        "The guest Wi-Fi password is sunflower2024.",
        "The main Wi-Fi password is Tallow!Ridge88.",
    ),
    (
        "Who buys our surplus grapes?",
        "Our surplus grapes go to Ridgeback Cellars.",
        "Our grape pomace goes to Hilltop Compost.",
    ),
    (
        "What's my minimum fee per job?",
        "My minimum charge for any job is €40.",
        "My hourly rate for proofreading is €35.",
    ),
    (
        "Who runs the Thursday book club?",
        "The Thursday book club is run by Eleanor Voss.",
        "The Thursday knitting circle is run by Patty Greene.",
    ),
    (
        "Which vet do I call if Biscuit gets hurt?",
        "Biscuit's vet is Dr. Alvarez at Greenway Animal Clinic.",
        "Luna's vet is Dr. Kim at Harbor Pet Hospital.",
    ),
    (
        "How much do I charge for a drop-in cat visit?",
        "A drop-in cat visit costs $18.",
        "A puppy potty-break visit costs $15.",
    ),
    (
        "What's the confirmation number for the rental car?",
        "The rental car confirmation number is K7X-42Q9.",
        "The hotel confirmation number is 88310457.",
    ),
    (
        "When does our flight home leave?",
        "Our flight home leaves at 6:40 pm on the 19th.",
        "Our flight out leaves at 7:05 am on the 12th.",
    ),
)
