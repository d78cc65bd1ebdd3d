"""A twenty-seventh set of wordings for bench/truth.py (``probe27``), written by an author who saw neither the code
nor the other sets: medication and doctors, diet, a new flat, a new job, kids and parents, the dog, travel, the car,
money and pension, friends, subscriptions, the gym and a choir.
"""

from truth_scenarios import Family, Polar

PROBE27_FAMILIES = (
    Family(
        first="Just so you have it somewhere: the GP started me on sertraline, {v} every morning with breakfast.",
        update=(
            "Had my six-week medication review yesterday and we agreed to change the sertraline, "
            "so it's {v} a day from now on. Still mornings."
        ),
        restatement="Note to self: sertraline is {v}, once daily, mornings.",
        question="What dose of sertraline am I on?",
        values=("50mg", "75mg", "100mg", "25mg"),
    ),
    Family(
        first="Our GP at the Elm Street practice is {v}, in case anything comes up with prescriptions.",
        update=(
            "The surgery merged with the one on Carlton Road and reshuffled everyone's lists. "
            "My named GP is {v} now, apparently."
        ),
        restatement="I'm registered with {v} at the surgery, fyi.",
        question="Who's my doctor at the surgery?",
        values=("Dr Hannah Reyes", "Dr Tomasz Wojcik", "Dr Priya Nair", "Dr Ewan MacLeod"),
    ),
    Family(
        first="Booked the dentist for {v} - check-up plus a scale and polish while I'm there.",
        update=(
            "Ugh, the dental receptionist rang because the hygienist is off sick that week, "
            "so my check-up has been moved to {v}."
        ),
        restatement="Dentist on {v}. Don't let me forget, they charge if you miss it.",
        question="When am I next seeing the dentist?",
        values=("14 March", "2 April", "19 May", "27 June"),
    ),
    Family(
        first="Heads up for meal planning: Sam's gone {v}, so any recipes you suggest need to work for that.",
        update=(
            "Sam saw the dietitian about the stomach stuff and has been put on a {v} diet instead, "
            "so we'll need to redo the weekly shop."
        ),
        restatement="Sam eats {v} - please keep that in mind for dinner ideas.",
        question="What sort of diet is Sam following?",
        values=("vegan", "pescatarian", "low-FODMAP", "gluten-free"),
    ),
    Family(
        first="Signed for the new flat! Rent is {v} a month, due on the 1st by standing order.",
        update="Renewal letter arrived. From the new tenancy year the rent will be {v} per month.",
        restatement="For the budget spreadsheet: the flat costs me {v} a month in rent.",
        question="How much is my rent?",
        values=("£1,150", "£1,240", "£1,325", "£1,080"),
    ),
    Family(
        first="The landlord at the new place is {v}. Lives two streets away, which is either handy or awful.",
        update=(
            "The building's been sold, so our landlord is {v} from here on - repairs and deposit questions "
            "all go through them now."
        ),
        restatement="{v} is the landlord, if I need to chase the boiler again.",
        question="Who owns the flat I rent?",
        values=("Mr Hargreaves", "Sunita Bhatt", "Colin Ferris", "Agnieszka Nowak"),
    ),
    Family(
        first="Bin day here is {v}. Recycling and general waste alternate weeks.",
        update=(
            "Council sent a leaflet round: they've changed the collection rounds and our bins are emptied on {v} now."
        ),
        restatement="{v} is when the bins get collected, so they go out the night before.",
        question="Which day do the bins get picked up?",
        values=("Monday", "Tuesday", "Thursday", "Friday"),
    ),
    Family(
        first="Got the keys! New address is {v}, so anything with the old one on it needs updating.",
        update=(
            "Well, the flat didn't work out with the damp, so we're off again. "
            "Post should go to {v} from the end of the month."
        ),
        restatement="Deliveries: I'm at {v}.",
        question="What's my home address at the moment?",
        values=("Flat 3, 14 Albion Road", "22B Marsh Lane", "7 Cedar Court, Hale Street", "41 Portland Terrace"),
    ),
    Family(
        first="First day at the new job done. My manager is {v} - seems decent, a bit intense about Jira tickets.",
        update="Reorg announced this morning. As of Monday I report to {v}.",
        restatement="My line manager is {v}, for anything that needs sign-off.",
        question="Who's my boss at work?",
        values=("Daniel Osei", "Marta Lindqvist", "Raj Patel", "Fiona Kerr"),
    ),
    Family(
        first="The written offer came through at {v} a year, which I'm pretty happy with.",
        update="Pay review letter's in: {v} base, backdated to April.",
        restatement="If the mortgage broker asks, my base salary is {v} annually.",
        question="What's my salary?",
        values=("£48,000", "£52,500", "£56,000", "£61,000"),
    ),
    Family(
        first="It's hybrid: two days in the office, {v}, and the rest from home.",
        update=(
            "The team voted to move our anchor days because half of us clashed with the school run, "
            "so I'm in on {v} going forward."
        ),
        restatement="Office days for me are {v}.",
        question="Which days am I expected in the office?",
        values=(
            "Tuesdays and Thursdays",
            "Mondays and Wednesdays",
            "Wednesdays and Fridays",
            "Mondays and Thursdays",
        ),
    ),
    Family(
        first="I'm getting the {v} train into town on office days, it's the only one where I get a seat.",
        update="New timetable started and my usual one's gone, annoyingly. I'll be on the {v} instead.",
        restatement="Office days = the {v} train from our station.",
        question="Which train do I take to work?",
        values=("7:42", "8:05", "7:18", "8:31"),
    ),
    Family(
        first="Leo's after-school club finishes at {v}, so one of us has to be at the gate by then.",
        update="Letter from school: they've changed the club hours and pickup for Leo is {v} starting next week.",
        restatement="On club days Leo needs collecting at {v}.",
        question="What time should I pick Leo up from his club?",
        values=("3:15pm", "4:30pm", "5:45pm", "6pm"),
    ),
    Family(
        first="Mum's new carer is called {v}; comes in weekday mornings to help with her tablets and breakfast.",
        update=(
            "The agency has swapped Mum's carer because the previous one moved to another area. "
            "Her regular is {v} now and Mum seems to like them."
        ),
        restatement="{v} is the carer who does Mum's mornings.",
        question="What's the name of the carer who looks after Mum?",
        values=("Bernadette", "Kofi", "Lindsay", "Marek"),
    ),
    Family(
        first="Biscuit is on {v} dry food - vet said to stick to one brand because of her tummy.",
        update="Switched Biscuit over to {v}; the last lot kept upsetting her stomach.",
        restatement="Dog food to reorder: {v}, Biscuit's usual.",
        question="What brand of food does Biscuit eat?",
        values=("Lily's Kitchen", "Burns", "Royal Canin", "Harringtons"),
    ),
    Family(
        first="Registered Biscuit with {v}, since it's walking distance from the flat.",
        update=(
            "Had enough of cancelled appointments at the old vet, so I've moved Biscuit to {v}. "
            "Records are being transferred over."
        ),
        restatement="Biscuit's vet is {v}.",
        question="Which vet practice is Biscuit with?",
        values=("Riverside Vets", "Parkview Veterinary Clinic", "Oakfield Animal Hospital", "Medivet Highbury"),
    ),
    Family(
        first="Lisbon's booked! Outbound flight is {v} on the Friday morning, bags included.",
        update="Airline cancelled our flight and rebooked us - for Lisbon we're now on {v}, same day, bit later.",
        restatement="Lisbon outbound: flight {v}.",
        question="What's the flight number for getting to Lisbon?",
        values=("TP1337", "BA500", "EZY8123", "FR1754"),
    ),
    Family(
        first="My Avios membership number is {v} - stick it on any BA booking you help with.",
        update=(
            "BA finally merged my two accounts after I complained. "
            "The membership number to use from now on is {v}; the other one's closed."
        ),
        restatement="Executive Club / Avios no. {v}.",
        question="What's my Avios number?",
        values=("48213907", "55190264", "30776451", "61928830"),
    ),
    Family(
        first="Car insurance is with {v}. Renewal comes round in October.",
        update="Went with {v} for the car this year - the comparison site saved me about ninety quid on the renewal.",
        restatement="The Golf is insured through {v}.",
        question="Who's my car insurer?",
        values=("Admiral", "Aviva", "Direct Line", "LV="),
    ),
    Family(
        first="I've set my workplace pension contribution at {v} of salary; the employer adds their bit on top.",
        update="Logged into the HR portal and changed my pension contribution. It's {v} of my pay now.",
        restatement="Pension: I put in {v} of my salary each month.",
        question="What percentage of my pay goes into my pension?",
        values=("5%", "6%", "8%", "10%"),
    ),
    Family(
        first="Now the knee's sorted I'm aiming for {v} gym sessions a week.",
        update="Being realistic with the new job, the plan is {v} gym sessions a week.",
        restatement="Gym target: {v} sessions per week.",
        question="How many times a week am I supposed to be going to the gym?",
        values=("two", "three", "four", "five"),
    ),
    Family(
        first="For presents: Jess loves {v}, a bottle of that never goes wrong.",
        update="Jess told me at dinner she's gone right off her old favourite and is all about {v} these days.",
        restatement="Jess's wine of choice is {v}.",
        question="What wine should I bring Jess?",
        values=("Malbec", "Sancerre", "Rioja", "Picpoul"),
    ),
    Family(
        first="We're on Netflix's {v} plan, which is fine for one telly.",
        update="Changed the Netflix subscription to {v} this month.",
        restatement="Netflix tier: {v}.",
        question="Which Netflix plan are we paying for?",
        values=("Standard with ads", "Standard", "Premium", "Basic"),
    ),
    Family(
        first="Joined the community choir! Rehearsals are Wednesday evenings at {v}.",
        update=("Choir has lost its old venue because of the roof repairs, so from this term we're rehearsing at {v}."),
        restatement="Choir practice is held at {v}.",
        question="Where does the choir rehearse?",
        values=(
            "St Aidan's church hall",
            "the Mill Road community centre",
            "the old library on Kent Street",
            "Hollins Primary School",
        ),
    ),
)

PROBE27_POLAR = (
    Polar(
        statement="I'm allergic to penicillin, so flag it if antibiotics ever come up.",
        opposite=(
            "Allergy clinic did the challenge test and I'm not actually allergic to penicillin - "
            "it was a label from when I was a kid. They're taking it off my record."
        ),
        restatement="Penicillin allergy - remember that one.",
        question="Am I allergic to penicillin?",
    ),
    Polar(
        statement="I pay for a monthly membership at the climbing centre.",
        opposite="Cancelled the climbing centre membership; I was going maybe once a month, not worth it.",
        restatement="I'm a member at the climbing wall, monthly direct debit.",
        question="Do I still have a climbing centre membership?",
    ),
    Polar(
        statement="Mum still drives herself to the shops and to church.",
        opposite="Mum has given up driving - she handed her licence back after the eye test.",
        restatement="Mum's still behind the wheel for her local trips.",
        question="Is Mum still driving?",
    ),
    Polar(
        statement="Leo has hot school dinners every day.",
        opposite="We've moved Leo onto packed lunches, he kept leaving the school food.",
        restatement="Leo eats the school's cooked lunch.",
        question="Does Leo have school dinners?",
    ),
    Polar(
        statement="I'm not drinking at the moment - GP said to avoid alcohol while the new meds settle in.",
        opposite="GP says I'm fine to have the odd glass of wine again, so I'm back on it in moderation.",
        restatement="Off the booze for now, doctor's orders.",
        question="Am I allowed to drink alcohol at the moment?",
    ),
    Polar(
        statement="Council tax for the flat goes out by direct debit.",
        opposite="I cancelled the council tax direct debit; I'm paying it by card online each month instead.",
        restatement="The council tax is on a direct debit.",
        question="Is my council tax paid by direct debit?",
    ),
    Polar(
        statement="Biscuit is covered by pet insurance.",
        opposite="I let Biscuit's pet insurance lapse when the premium doubled, so she's uninsured for now.",
        restatement="Biscuit has a lifetime pet insurance policy.",
        question="Is Biscuit insured?",
    ),
    Polar(
        statement="I've got Amazon Prime.",
        opposite="Cancelled Prime - I barely ordered anything and the price went up again.",
        restatement="I'm subscribed to Amazon Prime, so free next-day delivery.",
        question="Do I have Amazon Prime?",
    ),
)

PROBE27_NEAR_MISSES = (
    ("I take 500mg of metformin with breakfast.", "I take 1000mg of metformin with my evening meal."),
    (
        "My dentist is Dr Amir Haddad at Smile Studio.",
        "Leo's dentist is Dr Claire Benton at the children's clinic on Hope Street.",
    ),
    ("My passport expires in June 2029.", "Leo's passport expires in October 2026."),
    ("My Tesco Clubcard number ends in 4471.", "Sam's Tesco Clubcard number ends in 9902."),
    (
        "Biscuit's flea treatment is due on the 3rd of every month.",
        "Biscuit's worming tablet is due every three months.",
    ),
    ("Jess's birthday is 9 March.", "Jess's husband Tom has his birthday on 21 March."),
    ("Mum's GP is Dr Fielding at Brookside Surgery.", "Dad's GP is Dr Mensah at the Castle Street practice."),
    ("The broadband is with Virgin Media at £35 a month.", "My mobile contract is with Three at £18 a month."),
    ("My Monday spin class is at 6:30am.", "My Thursday spin class is at 7:15pm."),
    ("My current account is with Monzo.", "My cash ISA is with Nationwide."),
    ("The car's MOT is due on 14 November.", "The car's annual service is due on 2 February."),
    ("The landlord's phone number is 07700 900123.", "The letting agent's phone number is 07700 900456."),
)

PROBE27_LOOKALIKES = (
    (
        "What shoe size is Leo in?",
        "Leo's in a size 13 shoe now, kids' sizing.",
        "My sister's boy Arthur is in a size 11 shoe.",
    ),
    (
        "When is Mum's eye appointment?",
        "Mum's eye appointment is on 18 October at 10am.",
        "Dad's hearing test is on 22 October at 2pm.",
    ),
    (
        "What's the Wi-Fi called at the new flat?",
        "The Wi-Fi network at the new flat is HALEHOUSE-5G.",
        "The guest Wi-Fi at the office is called Kestrel-Guest.",
    ),
    (
        "Which seat have I got on the Lisbon flight?",
        "I'm in seat 14C on the Lisbon flight.",
        "Sam's in seat 22A on the Lisbon flight because we booked separately.",
    ),
    (
        "How much have I set aside for groceries each month?",
        "I've budgeted £320 a month for groceries.",
        "I've budgeted £120 a month for eating out.",
    ),
    (
        "What's my Duolingo username?",
        "My Duolingo username is kestrel_reads.",
        "Leo's Duolingo username is leo.dino.9.",
    ),
    (
        "How heavy is Biscuit?",
        "Biscuit weighed 14.2kg at the vet last week.",
        "My sister's dog Pepper weighs 9.8kg.",
    ),
    (
        "What time is my physio on Wednesday?",
        "My physio on Wednesday is at 4:40pm.",
        "Leo's orthodontist appointment on Wednesday is at 3:50pm.",
    ),
    (
        "Which parking bay is mine at the new flat?",
        "My car goes in bay 17 in the basement car park.",
        "Visitors to the flats have to use bay 31 by the bike store.",
    ),
    (
        "How much am I trying to save for the house deposit?",
        "I'm saving £25,000 for a house deposit.",
        "My sister is saving £12,000 for her wedding.",
    ),
)
