"""A thirty-eighth set of wordings for bench/truth.py (``probe38``), written by an author who saw neither the code
nor the other sets: pets, vehicles, travel bookings, subscriptions, accounts and household services; chat, notes
and reported messages.
"""

from truth_scenarios import Family, Polar

PROBE38_FAMILIES = (
    Family(
        first="Note: Biscuit (the cat) is registered with {v} for her jabs and check-ups.",
        update="We've moved Biscuit to a different practice - she's with {v} from now on.",
        restatement="The vet that looks after Biscuit is {v}.",
        question="Which vet practice does Biscuit go to?",
        values=(
            "Hollybank Vets",
            "Larkfield Veterinary Centre",
            "Orchard House Animal Clinic",
            "Pennywell Pet Surgery",
        ),
    ),
    Family(
        first="Rufus gets {v} of dry food a day, split between breakfast and dinner.",
        update="The vet wants Rufus slimmed down, so he's on {v} of kibble daily now.",
        restatement="Daily kibble ration for Rufus: {v}.",
        question="How much dry food should Rufus have each day?",
        values=("250 g", "310 g", "180 g", "275 g"),
    ),
    Family(
        first="The Golf's registration is {v}.",
        update="We put a private plate on the Golf, so it's {v} these days.",
        restatement="{v} is the reg on the VW Golf.",
        question="What's the number plate on the Golf?",
        values=("LK19 XRT", "BD68 WNP", "YA21 HZC", "GF17 OMV"),
    ),
    Family(
        first="MOT on the Transit van is due {v}.",
        update="Got a text from Halford Road Garage: the Transit passed, so its next MOT isn't due until {v}.",
        restatement="The van has to be MOT'd by {v} at the latest.",
        question="When does the Transit need its next MOT?",
        values=("14 March 2025", "2 September 2025", "28 November 2025", "19 June 2026"),
    ),
    Family(
        first="Our flight out to Lisbon on the 12th is {v}.",
        update="Got an email from the airline: they've cancelled our original flight and rebooked us onto {v} for the "
        "Lisbon leg.",
        restatement="For the trip out to Lisbon we're flying on {v}.",
        question="Which flight are we taking to get to Lisbon?",
        values=("TP1333", "BA500", "EZY8541", "FR7124"),
    ),
    Family(
        first="Booking ref for the Edinburgh hotel (the Carlton Terrace) is {v}.",
        update="Carlton Terrace sent over the Edinburgh reservation again - confirmation number {v}.",
        restatement="When we check in at the hotel in Edinburgh, quote {v} as the reference.",
        question="What's the confirmation code for our hotel in Edinburgh?",
        values=("HX4729QL", "EDN-55821", "K9PT3R", "RB0098231"),
    ),
    Family(
        first="Netflix is costing us {v} a month.",
        update="Netflix raised their prices again - it's {v} per month now.",
        restatement="We pay {v} every month for Netflix.",
        question="How much is the Netflix subscription each month?",
        values=("$15.49", "$17.99", "$22.99", "$6.99"),
    ),
    Family(
        first="Spotify gets charged to the Visa ending {v}.",
        update="Switched Spotify's payment method to the card ending in {v}.",
        restatement="The card Spotify bills is the one whose last four digits are {v}.",
        question="Which card is Spotify billed to?",
        values=("4417", "9082", "3365", "7150"),
    ),
    Family(
        first="Our broadband is with {v}.",
        update="We're switching internet providers - it'll be {v} from next Monday.",
        restatement="The home internet is supplied by {v}.",
        question="Who's our broadband provider?",
        values=("Virgin Media", "Hyperoptic", "Sky Broadband", "Community Fibre"),
    ),
    Family(
        first="Marta the cleaner comes every {v} morning.",
        update="Marta's changed her rota, she'll be doing our place on {v} mornings instead.",
        restatement="{v} morning is when Marta comes round to clean.",
        question="What day does Marta come to clean the house?",
        values=("Tuesday", "Thursday", "Friday", "Wednesday"),
    ),
    Family(
        first="Gardener's number: {v} (Dev, Greenthumb Gardens).",
        update="Dev from Greenthumb messaged to say he's got a new mobile - {v}.",
        restatement="You can reach Dev the gardener on {v}.",
        question="What's the phone number for Dev, our gardener?",
        values=("07700 900412", "07700 900873", "07700 900155", "07700 900638"),
    ),
    Family(
        first="The direct debit for Brightwater Energy goes out at {v} a month.",
        update="Brightwater reviewed our usage and the electricity direct debit is {v} from the next bill.",
        restatement="We pay Brightwater Energy {v} monthly for the electric.",
        question="How much is the monthly electricity direct debit?",
        values=("\u00a394", "\u00a3128", "\u00a376", "\u00a3112"),
    ),
    Family(
        first="The Yaris is insured with {v}.",
        update="Renewed the Yaris cover but went with {v} this year, they were cheaper.",
        restatement="Insurance on the Yaris is through {v}.",
        question="Which company is the Yaris insured with?",
        values=("Admiral", "Direct Line", "Aviva", "Churchill"),
    ),
    Family(
        first="Pepper's lunchtime dog walker is {v}.",
        update="We have a new walker for Pepper - {v} is taking over the midday walks starting this week.",
        restatement="{v} takes Pepper out for her walk in the middle of the day.",
        question="Who walks Pepper at lunchtime?",
        values=("Callum Reid", "Priya Shah", "Joanne Okafor", "Tomasz Nowak"),
    ),
    Family(
        first="The vet's office called: Mochi (the rabbit) should have {v} of Metacam once a day.",
        update="Mochi - Metacam {v}, once daily.",
        restatement="Mochi's daily dose of Metacam is {v}.",
        question="How much Metacam does the rabbit get each day?",
        values=("0.3 ml", "0.5 ml", "0.4 ml", "0.6 ml"),
    ),
    Family(
        first="We pick up the hire car in Mallorca from {v}.",
        update="Email from Sol Rent-a-Car: the pick-up point for our Mallorca car has moved to {v}.",
        restatement="The Mallorca rental is to be collected at {v}.",
        question="Where do we collect the rental car in Mallorca?",
        values=("Palma airport", "the Alcudia branch", "Port de Soller", "Cala Millor"),
    ),
    Family(
        first="Eurostar to Paris leaves St Pancras at {v} on Saturday.",
        update="Eurostar emailed - our Saturday train to Paris now departs at {v}.",
        restatement="Saturday's Paris train is the {v} out of St Pancras.",
        question="What time does our Eurostar to Paris go?",
        values=("07:01", "09:31", "11:04", "13:47"),
    ),
    Family(
        first="Username for the Severnside Water online account: {v}",
        update="I changed the Severnside Water login - the username's {v} now.",
        restatement="To sign in to our water account with Severnside, use the username {v}.",
        question="What username do I use for the water company website?",
        values=("hollis.home", "jhollis82", "hollisfamily_sw", "j.hollis.water"),
    ),
    Family(
        first="Boiler service booked for {v} with Apex Heating.",
        update="Apex Heating rang to move the boiler service - they're coming on {v} instead.",
        restatement="The Apex engineer is due to service the boiler on {v}.",
        question="When is the boiler getting serviced?",
        values=("Tuesday 4 February", "Friday 21 March", "Monday 9 June", "Thursday 16 October"),
    ),
    Family(
        first="Recycling pickup is every {v}.",
        update="The city changed the routes, so our recycling gets picked up on {v} starting next week.",
        restatement="{v} is recycling day on our street.",
        question="Which day does the recycling get collected?",
        values=("Monday", "Thursday", "Friday", "Wednesday"),
    ),
    Family(
        first="Josh keeps the Triumph in lock-up {v} at the Station Road garages.",
        update="Josh's Triumph is in lock-up {v} on Station Road - he took a bigger one.",
        restatement="The Triumph motorbike is stored in Station Road lock-up {v}.",
        question="Which lock-up is Josh's motorbike kept in?",
        values=("number 14", "number 7", "number 22", "number 31"),
    ),
    Family(
        first="The host for the St Ives cottage is {v} - message her if the key safe plays up.",
        update="The letting agency emailed: the St Ives cottage has changed hands, and our host is {v} now.",
        restatement="If anything goes wrong at the St Ives cottage, the person to contact is the host, {v}.",
        question="Who's the host for our holiday cottage in St Ives?",
        values=("Morwenna Tregear", "Lucy Penrose", "Denise Hartley", "Annie Kemp"),
    ),
    Family(
        first="Amazon Prime renews on {v} each year.",
        update="Prime lapsed and I re-joined, so the yearly renewal date is {v} now.",
        restatement="Our annual Amazon Prime membership comes up for renewal on {v}.",
        question="When does Amazon Prime renew?",
        values=("3 August", "17 November", "29 January", "11 May"),
    ),
    Family(
        first="Pepper's microchip number is {v}.",
        update="Pepper got re-chipped after the old one stopped reading; new chip number is {v}.",
        restatement="The microchip ID registered for Pepper is {v}.",
        question="What's Pepper's chip number?",
        values=("977200009876543", "985141000234567", "956000012345678", "900164001122334"),
    ),
)

PROBE38_POLAR = (
    Polar(
        statement="Biscuit is allowed upstairs at night.",
        opposite="Biscuit has to stay downstairs at night now - no more going up to the bedrooms.",
        restatement="At night Biscuit is free to roam upstairs.",
        question="Is Biscuit allowed upstairs at night?",
    ),
    Polar(
        statement="The Disney+ subscription is set to auto-renew.",
        opposite="I've turned off auto-renew on Disney+.",
        restatement="Disney+ will renew itself automatically when the term ends.",
        question="Will Disney+ renew automatically?",
    ),
    Polar(
        statement="The Yaris is covered for driving in Europe.",
        opposite="The Yaris insurance doesn't cover us for driving abroad.",
        restatement="We can take the Yaris over to France and still be insured.",
        question="Is the Yaris insured for driving in Europe?",
    ),
    Polar(
        statement="Our Lisbon flights include checked bags.",
        opposite="We've only got hand luggage on the Lisbon flights - no hold bags.",
        restatement="Checked luggage is included in the Lisbon booking.",
        question="Do our Lisbon flights come with checked baggage?",
    ),
    Polar(
        statement="The window cleaner has a key to the side gate.",
        opposite="We took the side-gate key back off the window cleaner.",
        restatement="The window cleaner can let himself in through the side gate with his own key.",
        question="Does the window cleaner have a key for the side gate?",
    ),
    Polar(
        statement="Two-factor authentication is switched on for the joint bank account.",
        opposite="2FA has been turned off on the joint account.",
        restatement="Logging in to the joint account needs a code sent to my phone.",
        question="Is two-factor turned on for the joint bank account?",
    ),
    Polar(
        statement="Pepper is up to date on her vaccinations.",
        opposite="Pepper's booster is overdue, so her vaccinations have lapsed.",
        restatement="Pepper's shots are all current.",
        question="Are Pepper's vaccinations up to date?",
    ),
    Polar(
        statement="We still get the Sunday paper delivered.",
        opposite="We cancelled the Sunday paper delivery.",
        restatement="The Sunday paper still lands on the doormat every week.",
        question="Are we still getting the Sunday paper delivered?",
    ),
)

# Pairs of DIFFERENT facts that look alike (same subject area, similar wording, different thing or case) which a
# memory system must keep as two separate facts (neither replaces the other).
PROBE38_NEAR_MISSES = (
    ("Biscuit's vet is Hollybank Vets.", "Pepper's vet is Larkfield Veterinary Centre."),
    ("The Golf's MOT is due on 14 March.", "The Transit van's MOT is due on 2 September."),
    ("Our outbound flight to Lisbon is TP1333.", "Our return flight from Lisbon is TP1360."),
    ("Netflix costs us $15.49 a month.", "Spotify costs us $16.99 a month."),
    (
        "My Spotify Premium renews on the 3rd of each month.",
        "My husband's Spotify Premium renews on the 19th of each month.",
    ),
    ("Rufus gets 250 g of dry food a day.", "Rufus gets 100 g of wet food a day."),
    ("The gardener charges \u00a335 a visit.", "The window cleaner charges \u00a335 a visit."),
    ("Check-in at the Edinburgh hotel is from 3 pm.", "Check-out at the Edinburgh hotel is by 11 am."),
    ("The electricity direct debit is \u00a394 a month.", "The gas direct debit is \u00a361 a month."),
    ("The Yaris is insured with Admiral.", "The Yaris has breakdown cover with the AA."),
    ("Mochi has 0.3 ml of Metacam once a day.", "Clover, our other rabbit, has 0.2 ml of Metacam once a day."),
    ("The Eurostar to Paris leaves at 07:01 on Saturday.", "The Eurostar back from Paris leaves at 18:13 on Tuesday."),
)

# (question, the fact that answers it, a DIFFERENT newer fact of the same kind stored after it that must NOT
# replace it and should not answer the question)
PROBE38_LOOKALIKES = (
    (
        "When does the Golf's MOT run out?",
        "The Golf's MOT is due on 14 March.",
        "Garage reminder: the Transit's MOT is due on 2 September.",
    ),
    (
        "What's our flight home from Lisbon?",
        "We're flying back from Lisbon on TP1360.",
        "We're flying out to Lisbon on TP1333.",
    ),
    (
        "How much is Spotify a month?",
        "Spotify is $11.99 a month.",
        "Netflix went up to $17.99 a month.",
    ),
    (
        "Who's the cat's vet?",
        "Biscuit the cat is registered at Hollybank Vets.",
        "Pepper the dog is now registered at Larkfield Veterinary Centre.",
    ),
    (
        "When does my Audible membership renew?",
        "My Audible membership renews on the 5th of the month.",
        "Tom's Audible membership renews on the 22nd of the month.",
    ),
    (
        "How much does the window cleaner charge?",
        "The window cleaner charges \u00a320 a visit.",
        "Dev the gardener charges \u00a335 a visit.",
    ),
    (
        "What's the gas direct debit?",
        "Gas direct debit is \u00a361 a month.",
        "Electricity direct debit is \u00a394 a month.",
    ),
    (
        "What's the booking reference for the Edinburgh hotel?",
        "The Edinburgh hotel booking ref is HX4729QL.",
        "The Glasgow hotel booking ref is GLW-30417.",
    ),
    (
        "How much wet food does Rufus get?",
        "Rufus has 100 g of wet food a day.",
        "Rufus has 250 g of dry food a day.",
    ),
    (
        "What's the reg on the van?",
        "The Transit van's reg is WU70 KDP.",
        "The Golf's reg is LK19 XRT.",
    ),
)
