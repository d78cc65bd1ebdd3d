"""A forty-fourth set of wordings for bench/truth.py (``probe44``), written by an author who saw neither the code
nor the other sets: a remote worker's personal admin (banking and savings, tax and an accountant, a pension,
insurance, phone and broadband), a gym and a running club, an evening Spanish course, a shared house, and a pet
rabbit and its vet. A development set.
"""

from truth_scenarios import Family, Polar

PROBE44_FAMILIES = (
    # --- banking and savings ---
    Family(
        first="My easy-access savings account pays {v} interest.",
        update="annoying - the bank's cut the rate on the easy access saver to {v} after the base rate came down",
        restatement="- easy-access pot: earning {v} AER, variable",
        question="What interest rate am I getting on my easy-access savings?",
        values=("4.1%", "3.75%", "4.35%", "3.2%"),
    ),
    Family(
        first="On payday I transfer {v} into my savings account.",
        update="Since the pay rise I've bumped the monthly standing order to savings up to {v}.",
        restatement="standing order -> savings: {v} every month, goes out the day after salary lands",
        question="how much do I put away into savings each month?",
        values=("£250", "£400", "£325", "£150"),
    ),
    # --- tax and the accountant (three facts about the same accountant) ---
    Family(
        first="My accountant charges {v} to do my self-assessment tax return.",
        update="Hollins & Reed have put their fee for preparing my return up to {v} this year, blaming software costs.",
        restatement="tax return prep (accountant) = {v} flat fee",
        question="What does my accountant charge for doing the tax return?",
        values=("£350", "£420", "£295", "£480"),
    ),
    Family(
        first="The accountant who handles my taxes is {v} at Hollins & Reed.",
        update="my old accountant retired so Hollins & Reed have passed my file to {v}",
        restatement="- accountant contact (H&R): {v}",
        question="Who's my accountant now?",
        values=("Margaret Okonjo", "Tom Ashworth", "Gemma Lindqvist", "Dev Raman"),
    ),
    Family(
        first="I need to send my receipts and bank statements to the accountant by {v}.",
        update="accountant says she's away over new year so she wants all my paperwork in by {v} instead",
        restatement="tax docs -> accountant, deadline {v}. don't leave it late again!!",
        question="When's the deadline for getting my paperwork to the accountant?",
        values=("15 November", "1 December", "10 October", "20 November"),
    ),
    # --- pension ---
    Family(
        first="I pay {v} of my salary into my workplace pension.",
        update="Upping my pension contributions to {v} from next month - trying to catch up after the years I skipped.",
        restatement="pension: {v} of gross pay goes in each month (my share, not counting the employer bit)",
        question="What percentage of my salary am I putting into my pension?",
        values=("5%", "8%", "6.5%", "10%"),
    ),
    Family(
        first="My pension is invested in the {v} fund.",
        update="After reading about the fees I moved my pension out of the default option and into the {v} fund.",
        restatement="pension fund choice -> {v}",
        question="which fund is my pension money in?",
        values=("Global Equity Tracker", "Ethical Growth", "Lifestyle 2055", "Balanced Managed"),
    ),
    # --- insurance (three facts about the same contents policy) ---
    Family(
        first="The contents insurance costs {v} a year.",
        update="renewal letter came for the contents cover - they want {v} for the year now, apparently claims are up",
        restatement="- contents ins. premium: {v}/yr, paid annually by card",
        question="How much is my contents insurance per year?",
        values=("£138", "£164", "£119", "£187"),
    ),
    Family(
        first="The excess on my contents insurance policy is {v}.",
        update="To get the premium down I raised the voluntary excess on the contents cover to {v}.",
        restatement="if I ever claim on the contents policy I have to pay the first {v} myself",
        question="What's the excess on my contents insurance?",
        values=("£100", "£250", "£150", "£350"),
    ),
    Family(
        first="My contents insurance renews on {v}.",
        update="Switched to a new insurer for contents, so the policy now comes up for renewal on {v}.",
        restatement="contents policy - renewal date {v}, remember to shop around a few weeks before",
        question="When is my contents insurance up for renewal?",
        values=("14 April", "2 September", "23 June", "30 January"),
    ),
    # --- phone and broadband (two facts about the broadband, one about the mobile) ---
    Family(
        first="My broadband costs {v} a month.",
        update="rang the broadband people and threatened to leave, they knocked it down to {v} a month",
        restatement="- broadband: {v}/mo incl. line rental",
        question="How much am I paying for broadband each month?",
        values=("£32", "£27.50", "£38", "£24.99"),
    ),
    Family(
        first="My broadband contract ends in {v}.",
        update="Signed up to a fresh 18-month deal, so I'm tied in with the broadband provider until {v} now.",
        restatement="broadband minimum term is up {v} - free to switch after that",
        question="when does my broadband contract run out?",
        values=("March 2025", "November 2026", "August 2025", "June 2027"),
    ),
    Family(
        first="My SIM-only plan gives me {v} of mobile data a month.",
        update="Kept running out when tethering the laptop on trains, so I moved to a plan with {v} of data.",
        restatement="mobile: {v} data allowance per month",
        question="How much mobile data do I get each month?",
        values=("10GB", "30GB", "100GB", "5GB"),
    ),
    # --- gym ---
    Family(
        first="My spin class at the gym is on {v}.",
        update="fyi the gym's shuffled the timetable and moved my spin class to {v}",
        restatement="spin: {v}, 6.30pm, studio 2 - book the bike 48h ahead",
        question="Which day is my spin class?",
        values=("Tuesdays", "Thursdays", "Mondays", "Wednesdays"),
    ),
    Family(
        first="I pay {v} a month for my gym membership.",
        update="The gym's putting the monthly fee up to {v} now they've redone the changing rooms.",
        restatement="gym DD = {v}",
        question="how much does the gym cost me a month?",
        values=("£34.99", "£41", "£29.50", "£45"),
    ),
    # --- running club (two facts about the club) ---
    Family(
        first="The running club meets at {v} for the Sunday long run.",
        update="While the park car park is being resurfaced the club's starting the Sunday long run from {v}.",
        restatement="sun long run - meet at {v}, 8.30 sharp",
        question="Where does the running club meet for the Sunday long run?",
        values=("the bandstand", "Riverside Leisure Centre", "the Old Mill car park", "the lido gates"),
    ),
    Family(
        first="My 5k personal best is {v}.",
        update="knocked my 5k PB down to {v} at the club time trial last night!!",
        restatement="fastest 5k I've ever run: {v}",
        question="What's my 5k PB?",
        values=("24:12", "23:38", "25:05", "22:51"),
    ),
    # --- evening Spanish course (two facts about the same course) ---
    Family(
        first="My Spanish evening class starts at {v}.",
        update="The college has pushed the start of the Spanish class to {v} because the room is booked before us.",
        restatement="spanish kicks off {v} on the dot, don't be late, she locks the door",
        question="What time does my Spanish class start?",
        values=("6:30pm", "7pm", "7:15pm", "6pm"),
    ),
    Family(
        first="Our Spanish teacher is {v}.",
        update="we've got a new tutor for the rest of the Spanish course, {v}, since the old one's gone on leave",
        restatement="- spanish tutor: {v} (email via the college portal)",
        question="Who's teaching my Spanish class?",
        values=("Lucía Ferrer", "Marco Albéniz", "Inés Romero", "Pablo Cortés"),
    ),
    # --- shared house ---
    Family(
        first="My share of the rent on the house is {v} a month.",
        update="Landlord's raised the rent from next month, which takes my cut to {v}.",
        restatement="rent (my bit, split four ways): {v} pcm",
        question="How much rent do I pay each month?",
        values=("£625", "£660", "£590", "£700"),
    ),
    Family(
        first="{v} is on bathroom cleaning duty this month.",
        update="we redid the chore rota at the house meeting and the bathroom's now {v}'s job",
        restatement="chores - bathroom: {v} this month",
        question="Who's meant to be cleaning the bathroom this month?",
        values=("Jess", "Ollie", "Sam", "Kemi"),
    ),
    # --- the rabbit and the vet (three facts about Biscuit) ---
    Family(
        first="Our rabbit Biscuit is seen by {v} at Greenway Vets.",
        update="We've moved Biscuit over to {v}, the rabbit specialist who joined Greenway in the spring.",
        restatement="Biscuit's vet: {v} (Greenway)",
        question="Which vet looks after Biscuit?",
        values=("Dr Hallam", "Dr Okafor", "Dr Winslow", "Dr Baptiste"),
    ),
    Family(
        first="Biscuit weighed {v} at her last check-up.",
        update="vet put Biscuit on the scales again today - {v}, so the hay-only diet is doing its thing",
        restatement="rabbit weight (latest): {v}",
        question="How heavy is Biscuit?",
        values=("2.4kg", "2.1kg", "2.7kg", "1.9kg"),
    ),
    Family(
        first="Biscuit's next myxo/RHD booster is due on {v}.",
        update="There's been an RHD outbreak locally, so the vet has brought Biscuit's booster forward to {v}.",
        restatement="bunny jab due {v} - book it with Greenway",
        question="When is Biscuit due her next vaccination?",
        values=("12 May", "3 March", "28 July", "9 February"),
    ),
)

PROBE44_POLAR = (
    Polar(
        statement="My current account charges a monthly fee.",
        opposite="The bank scrapped the monthly fee on my current account when I switched to the app-only version.",
        restatement="I'm paying a monthly charge just to keep my current account open.",
        question="Is there a monthly fee on my current account?",
    ),
    Polar(
        statement="My pension contributions go through salary sacrifice.",
        opposite="work's stopped doing salary sacrifice, so my pension payments come out of my take-home pay now",
        restatement="pension is paid via salary sac, i.e. taken off before tax and NI",
        question="Are my pension contributions made through salary sacrifice?",
    ),
    Polar(
        statement="My contents policy covers my laptop when I take it out of the house.",
        opposite="I dropped the away-from-home cover on the contents policy to save money, so the laptop's not insured "
        "outside the house any more.",
        restatement="If I'm working from a café and the laptop gets nicked, the contents insurance pays out.",
        question="Is my laptop insured when I take it out of the house?",
    ),
    Polar(
        statement="My phone plan includes roaming in Europe at no extra cost.",
        opposite="the network has started charging £2.50 a day for roaming in Europe on my plan",
        restatement="- mobile: EU roaming included, nothing extra to pay",
        question="Is European roaming included on my phone plan?",
    ),
    Polar(
        statement="The gym is open 24 hours a day.",
        opposite="gym's ended the 24-hour opening because of staff shortages, it shuts at 11pm now",
        restatement="You can get into the gym at any time, day or night.",
        question="Is the gym open round the clock?",
    ),
    Polar(
        statement="The Spanish course has an exam at the end.",
        opposite="The college has dropped the final exam for the Spanish course - it's all coursework now.",
        restatement="spanish: there's a final test to pass once the course finishes",
        question="Is there an exam at the end of my Spanish course?",
    ),
    Polar(
        statement="Guests are allowed to stay over at the house on weeknights.",
        opposite="we agreed at the house meeting: no more overnight guests Mon-Thu, people need their sleep",
        restatement="The housemates are fine with people sleeping over during the week.",
        question="Can guests stay the night at the house on weeknights?",
    ),
    Polar(
        statement="Biscuit lives indoors.",
        opposite="Now it's warmer we've moved Biscuit out to a hutch and run in the garden.",
        restatement="the rabbit's a house bunny - she lives inside with us",
        question="Does Biscuit live indoors?",
    ),
)

PROBE44_NEAR_MISSES = (
    ("My cash ISA pays 4.2% interest.", "My regular saver pays 4.2% interest."),
    ("My tax code is 1257L.", "My tax code last year was 1257L."),
    ("Payment on account due 31 January: £1,200.", "Payment on account due 31 July: £1,200."),
    ("My workplace pension is with Northgate Life.", "The pension from my old job is with Northgate Life."),
    ("Travel insurance renews on 14 April.", "Pet insurance renews on 14 April."),
    ("My phone contract is £18 a month.", "Ollie's phone contract is £18 a month."),
    ("spin class is thursdays 6.30", "yoga class is thursdays 6.30"),
    ("Club track session is Tuesday at 7pm.", "Club hill session is Tuesday at 7pm."),
    ("My 5k PB is 23:38.", "Sam's 5k PB is 23:38."),
    ("Spanish homework due Monday.", "Spanish vocab test on Monday."),
    ("Jess pays the electricity bill for the house.", "Jess pays the water bill for the house."),
    ("Bins go out on Tuesday night.", "Recycling goes out on Tuesday night."),
    ("Biscuit had her nails clipped on 3 June.", "Biscuit had her teeth checked on 3 June."),
    ("Biscuit gets a tablespoon of pellets in the morning.", "Biscuit gets a handful of fresh herbs in the morning."),
)

PROBE44_LOOKALIKES = (
    (
        "What's the sort code for my savings account?",
        "Savings account sort code is 40-12-76.",
        "Savings account number is 51839026.",
    ),
    (
        "What's my tax code?",
        "My tax code is 1257L.",
        "My client reference at Hollins & Reed is HR-2291.",
    ),
    (
        "How much is in my pension pot?",
        "My pension pot was worth £38,400 at the last annual statement.",
        "The pension's annual management charge is 0.45%.",
    ),
    (
        "What's my contents insurance policy number?",
        "Contents insurance policy number: CT-558201.",
        "Contents insurance claims line: 0800 555 0193.",
    ),
    (
        "What's the admin password for the broadband router?",
        "The router admin password is tealkite42.",
        "The wifi network is called Larkspur_5G.",
    ),
    (
        "What's the PUK code for my SIM?",
        "My SIM's PUK code is 81726354.",
        "My voicemail PIN is 2209.",
    ),
    (
        "Which locker do I have at the gym?",
        "My gym locker is number 117.",
        "My gym membership number is GM-40871.",
    ),
    (
        "What pace is the running club's Thursday tempo run?",
        "Thursday tempo runs with the club are at 5:10/km.",
        "Thursday tempo runs with the club are 8km long.",
    ),
    (
        "What's the course code for my Spanish class?",
        "The Spanish course code is SPN-204E.",
        "The Spanish course fee was £245 for the year.",
    ),
    (
        "What's the door code for the house?",
        "The front door keypad code is 7391.",
        "The shed padlock code is 052.",
    ),
    (
        "What's the number for Greenway Vets?",
        "Greenway Vets: 01632 960482.",
        "Greenway Vets out-of-hours line: 01632 960999.",
    ),
    (
        "What's Biscuit's microchip number?",
        "Biscuit's microchip number is 985112004378221.",
        "Biscuit's pet insurance policy number is PR-66302.",
    ),
)
