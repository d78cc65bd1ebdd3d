"""A fourteenth set of wordings for bench/truth.py (``probe14``), written by an author who saw neither the code nor
the other sets: a software consultant, household admin, a marathon runner, a small online shop, a dog owner,
a university lecturer, a wedding, and a hobby photographer.
"""

from truth_scenarios import Family, Polar

PROBE14_FAMILIES = (
    # software consultant: clients and tooling
    Family(
        first="I bill Halvorsen Logistics {v} an hour on their retainer.",
        update="Halvorsen signed the renewal this morning, and their rate from next month is {v} an hour.",
        restatement="Each hour of work I do for Halvorsen Logistics costs them {v}.",
        question="What hourly rate do I charge Halvorsen Logistics?",
        values=("$145", "$160", "$175", "$130"),
    ),
    Family(
        first="The Brightwater client's backend is pinned to Node {v}.",
        update="We finally got the upgrade through review, so Brightwater's backend runs on Node {v}.",
        restatement="Node {v} is the runtime version locked in for Brightwater's server code.",
        question="Which Node version does the Brightwater backend run on?",
        values=("18.19", "20.11", "22.3", "16.20"),
    ),
    # household admin: utilities, car, school
    Family(
        first="Our electricity bill goes out by direct debit on the {v} of every month.",
        update="Electricity direct debit is on the {v} now.",
        restatement="Each month, the power company takes its payment from our account on the {v}.",
        question="What day of the month is the electricity bill paid?",
        values=("3rd", "15th", "28th", "10th"),
    ),
    Family(
        first="Ella's school day ends at {v} on Wednesdays.",
        update="The school sent a letter about the new timetable: from next term, Ella finishes at {v} on Wednesdays.",
        restatement="On Wednesdays, Ella's classes let out at {v}.",
        question="When does Ella get out of school on a Wednesday?",
        values=("3:15 pm", "2:30 pm", "3:40 pm", "1:50 pm"),
    ),
    Family(
        first="The Skoda is booked in for its annual service on {v}.",
        update="The garage rang to say they're short a mechanic, so the Skoda's service got pushed to {v}.",
        restatement="{v} is the day our Skoda goes to the garage for its yearly check.",
        question="When is the Skoda's service?",
        values=("12 March", "19 March", "2 April", "27 February"),
    ),
    # marathon runner: nutrition and gear
    Family(
        first="In a marathon I take one energy gel every {v}.",
        update="My coach wants me fuelling more aggressively, so it's a gel every {v} from the next race on.",
        restatement="When I race 42 km, I space my gels {v} apart.",
        question="How often do I take a gel during a marathon?",
        values=("45 minutes", "30 minutes", "35 minutes", "40 minutes"),
    ),
    Family(
        first="My race-day shoes are the {v}.",
        update="Picked up a fresh pair at the expo, and I'll be racing in the {v} from here on.",
        restatement="For races, the shoe I lace up is the {v}.",
        question="Which shoes do I wear on race day?",
        values=("Nike Vaporfly 3", "Adidas Adios Pro 3", "Saucony Endorphin Pro 4", "ASICS Metaspeed Sky"),
    ),
    # small online shop: shipping, suppliers
    Family(
        first="Standard shipping in the shop costs {v} per order.",
        update="The courier put their prices up, so we're charging {v} for standard shipping starting Monday.",
        restatement="Customers who choose standard delivery at checkout pay {v} for it.",
        question="How much do we charge for standard shipping?",
        values=("$4.95", "$5.50", "$6.25", "$3.99"),
    ),
    Family(
        first="The ceramic mugs we sell are made by {v}.",
        update="We had too many chipped deliveries, so the mugs come from {v} now.",
        restatement="{v} is the pottery that supplies our ceramic mugs.",
        question="Who supplies the shop's ceramic mugs?",
        values=("Kilnworks", "Stoneleaf Pottery", "Redclay Studio", "Marrow and Glaze"),
    ),
    # dog owner: food, vet
    Family(
        first="Biscuit gets {v} of kibble at each meal.",
        update="The vet weighed Biscuit on Friday and wants his portions at {v} of kibble per meal.",
        restatement="Each of Biscuit's meals is {v} of dry food.",
        question="How much kibble does Biscuit eat per meal?",
        values=("150 grams", "120 grams", "130 grams", "175 grams"),
    ),
    Family(
        first="Biscuit's vet is {v} at the Riverside clinic.",
        update="Our old vet retired, and Biscuit is seeing {v} at Riverside instead.",
        restatement="At the Riverside clinic, the vet who looks after Biscuit is {v}.",
        question="Who is Biscuit's vet?",
        values=("Dr. Alvarez", "Dr. Whitcombe", "Dr. Nakamura", "Dr. Osei"),
    ),
    # university lecturer: office hours, grading, rooms
    Family(
        first="My office hours this semester are on {v} afternoons.",
        update="Too many students had a lab clash, so I've moved office hours to {v} afternoons.",
        restatement="Students who want to see me this semester can drop by my office on a {v} afternoon.",
        question="Which day do I hold office hours?",
        values=("Tuesday", "Thursday", "Monday", "Friday"),
    ),
    Family(
        first="The final exam is worth {v} of the grade in my Econometrics course.",
        update="After the curriculum review, the Econometrics final carries {v} of the grade.",
        restatement="In Econometrics, {v} of each student's mark comes from the final exam.",
        question="How much does the final exam count for in Econometrics?",
        values=("40%", "30%", "35%", "50%"),
    ),
    Family(
        first="My Statistics 201 lectures are held in room {v}.",
        update=(
            "Facilities emailed: the old projector is broken, so Statistics 201 is in room {v} for the rest of term."
        ),
        restatement="Students head to room {v} whenever Statistics 201 is on.",
        question="Where does Statistics 201 meet?",
        values=("B214", "C105", "A330", "D012"),
    ),
    # wedding planning: guest count, date
    Family(
        first="We're expecting {v} guests at the wedding.",
        update="The last RSVPs came in over the weekend, and the final guest count is {v}.",
        restatement="The wedding is being planned for {v} people on the guest list.",
        question="How many guests are coming to the wedding?",
        values=("120", "104", "96", "135"),
    ),
    Family(
        first="We're getting married in {v}.",
        update="The venue only had one free Saturday left this year, which means the wedding is in {v}.",
        restatement="{v} is the month of our wedding.",
        question="Which month is the wedding?",
        values=("June", "September", "May", "October"),
    ),
    # hobby photographer: software, lenses
    Family(
        first="I edit all my photos in {v}.",
        update="Cancelled the subscription last week and moved my whole catalogue into {v}.",
        restatement="{v} is the program I use to process my pictures.",
        question="What software do I edit my photos with?",
        values=("Lightroom Classic", "Capture One", "darktable", "DxO PhotoLab"),
    ),
    Family(
        first="My go-to lens for street photography is the {v}.",
        update="I sold the old lens at the club swap meet, so I shoot street with the {v} these days.",
        restatement="When I'm out doing street shots, the lens on my camera is usually the {v}.",
        question="Which lens do I use for street photography?",
        values=("35mm f/1.8", "28mm f/2.8", "50mm f/1.4", "23mm f/2"),
    ),
)

PROBE14_POLAR = (
    Polar(
        "I use GitHub Copilot in my editor for client work",
        "I've turned off GitHub Copilot for all client work",
        "My editor has Copilot running when I'm coding for clients",
        "Do I use Copilot when working on client code?",
    ),
    Polar(
        "Our car insurance includes breakdown cover",
        "Our car insurance doesn't cover breakdowns anymore",
        "If the car breaks down, our policy pays for the recovery",
        "Is breakdown cover part of our car insurance?",
    ),
    Polar(
        "I drink coffee on the morning of a race",
        "I quit coffee on race mornings",
        "A cup of coffee is part of my race-day breakfast",
        "Do I have coffee before a race?",
    ),
    Polar(
        "The shop ships orders internationally",
        "The shop has stopped shipping outside the country",
        "Customers abroad can order from the shop and get it delivered",
        "Does the shop deliver to other countries?",
    ),
    Polar(
        "Biscuit is allowed on the sofa",
        "Biscuit is banned from the sofa",
        "We let Biscuit climb up and lie on the couch",
        "Can Biscuit go on the sofa?",
    ),
    Polar(
        "My lectures are recorded and posted online",
        "I cancelled the lecture recordings this term",
        "Students can watch recordings of my lectures on the course website",
        "Are my lectures available as recordings?",
    ),
    Polar(
        "Children are invited to the wedding",
        "The wedding is adults only",
        "Kids are welcome at our wedding",
        "Can guests bring their children to the wedding?",
    ),
    Polar(
        "I always shoot in RAW format",
        "I never shoot RAW, only JPEG",
        "My camera saves every picture as a RAW file",
        "Do I shoot RAW?",
    ),
)

PROBE14_LOOKALIKES = (
    (
        "When does the Halvorsen contract end?",
        "The Halvorsen Logistics contract runs until 30 June",
        "The Brightwater contract runs until 31 August",
    ),
    (
        "How much is our monthly water bill?",
        "Our water bill is 38 pounds a month",
        "Our gas bill is 62 pounds a month",
    ),
    (
        "How far is my longest run before the marathon?",
        "My longest training run before the marathon is 32 km",
        "My longest run before the spring half marathon is 18 km",
    ),
    (
        "How many linen tote bags do we have in stock?",
        "We have 48 linen tote bags in stock",
        "We have 23 canvas tote bags in stock",
    ),
    (
        "Who walks Biscuit on weekdays?",
        "Sam walks Biscuit on weekday lunchtimes",
        "Jordan walks Biscuit on Saturday mornings",
    ),
    (
        "When are the Econometrics essays due?",
        "Econometrics essays are due on 14 November",
        "Statistics 201 problem sets are due on 21 November",
    ),
    (
        "What colour are the bridesmaids' dresses?",
        "The bridesmaids are wearing sage green dresses",
        "The groomsmen are wearing burgundy ties",
    ),
    (
        "How much does the caterer charge per head?",
        "The caterer charges 68 pounds per head for the wedding dinner",
        "The bar company charges 22 pounds per head for drinks",
    ),
    (
        "How much did my camera body cost?",
        "My Fujifilm X-T5 body cost 1,699 dollars",
        "My new Fujifilm 56mm lens cost 999 dollars",
    ),
    (
        "When does the camera club meet?",
        "The camera club meets on the first Thursday of each month",
        "The camera club's printing workshop runs on the third Tuesday of each month",
    ),
)
