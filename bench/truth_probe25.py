"""A twenty-fifth set of wordings for bench/truth.py (``probe25``), written by an author who saw neither the code
nor the other sets: a hospital ward's shift rota, a university research lab, a restaurant kitchen, a sailing club,
a household's bills and subscriptions, an amateur theatre production, a food truck, a home solar and battery setup.
"""

from truth_scenarios import Family, Polar

PROBE25_FAMILIES = (
    # hospital ward shift rota
    Family(
        first="The night shift on Ward 7 starts at {v}.",
        update="Heads up, they've moved handover again, so nights on Ward 7 begin at {v} from next week.",
        restatement="On Ward 7 we clock on for nights at {v}.",
        question="What time does the night shift on Ward 7 start?",
        values=("8pm", "9pm", "7:30pm", "10pm"),
    ),
    Family(
        first="{v} is the charge nurse on weekends.",
        update="Weekend charge nurse is {v} now.",
        restatement="At the weekend the nurse in charge of the ward is {v}.",
        question="Who is the weekend charge nurse?",
        values=("Marcus Obi", "Helen Tranter", "Dev Raman", "Siobhan Kelly"),
    ),
    Family(
        first="I'm rostered for {v} long days a month.",
        update="The new rota just landed and it's got me down for {v} long days a month, which is going to hurt.",
        restatement="Each month the rota puts me on {v} long days.",
        question="How many long days a month am I rostered for?",
        values=("six", "eight", "four", "ten"),
    ),
    # university research lab
    Family(
        first="Our lab has the confocal microscope booked on {v}.",
        update="The core facility reshuffled everyone's bookings and we've ended up with {v} on the confocal.",
        restatement="{v} is when the confocal is reserved for our group.",
        question="When does our lab have the confocal microscope booked?",
        values=("Tuesday mornings", "Thursday afternoons", "Monday evenings", "Friday mornings"),
    ),
    Family(
        first="Consumables get charged to grant code {v}.",
        update="Finance says the old grant has closed out, so from now on put consumables against {v}.",
        restatement="When you order pipette tips, gloves and the like, the code to use is {v}.",
        question="Which grant code do lab consumables get charged to?",
        values=("WT-2231", "BB/X0148", "NIH-R01-5567", "ERC-770912"),
    ),
    Family(
        first="The -80 freezer alarm is set to go off at {v}.",
        update="After three false alarms in one night I changed the -80's alarm threshold to {v}.",
        restatement="If the -80 warms up past {v}, the alarm trips.",
        question="At what temperature does the -80 freezer alarm go off?",
        values=("-70°C", "-65°C", "-60°C", "-72°C"),
    ),
    # restaurant kitchen
    Family(
        first="We get our fish from {v}.",
        update="Dropped the old fish supplier, they kept shorting the order. {v} starts delivering tomorrow.",
        restatement="All the fish for the kitchen comes in from {v}.",
        question="Who supplies our fish?",
        values=("Harbour Fresh", "Coastline Seafoods", "Marr & Sons", "Blue Keel Fisheries"),
    ),
    Family(
        first="The walk-in is kept at {v}.",
        update="The EHO had a word during the inspection, so we've set the walk-in to {v}.",
        restatement="We hold the walk-in fridge at {v}.",
        question="What temperature is the walk-in fridge kept at?",
        values=("3°C", "4°C", "2°C", "5°C"),
    ),
    Family(
        first="The set lunch is {v}.",
        update="From Monday the set lunch will cost {v}; new menus are at the printer.",
        restatement="Two courses at lunchtime will set you back {v}.",
        question="How much is the set lunch?",
        values=("£18.50", "£21", "£16.95", "£24"),
    ),
    # sailing club
    Family(
        first="{v} is the club commodore.",
        update="AGM was last night and we voted in {v} as commodore.",
        restatement="The person running the club as commodore is {v}.",
        question="Who is the sailing club's commodore?",
        values=("Gordon Fyfe", "Annabel Price", "Ravi Menon", "Tessa Lund"),
    ),
    Family(
        first="Saturday races start at {v}.",
        update="Because of the tides this season, the first gun on Saturdays goes at {v}.",
        restatement="On a Saturday the first start is {v}.",
        question="What time do the Saturday races start?",
        values=("10:30", "11:00", "1pm", "2:15pm"),
    ),
    Family(
        first="My mooring costs {v} a year.",
        update="Just paid the mooring renewal, {v} for the year.",
        restatement="I pay {v} annually to keep the boat on the mooring.",
        question="How much does my mooring cost a year?",
        values=("£640", "£720", "£580", "£810"),
    ),
    # household bills and subscriptions
    Family(
        first="Our gas and electric is with {v}.",
        update="We switched energy supplier, it's {v} now.",
        restatement="{v} is who we pay for gas and electricity.",
        question="Which energy supplier are we with?",
        values=("Octopus", "British Gas", "EDF", "Ovo"),
    ),
    Family(
        first="Council tax comes out at {v} a month.",
        update="The April letter came through and this year's council tax works out at {v} a month.",
        restatement="We're paying {v} monthly in council tax.",
        question="How much council tax do we pay a month?",
        values=("£168", "£182", "£155", "£197"),
    ),
    Family(
        first="The broadband bill goes out on the {v} of each month.",
        update="I rang them and got the broadband payment moved to the {v} so it lands after payday.",
        restatement="Every month on the {v}, the broadband direct debit leaves our account.",
        question="What day of the month is the broadband bill paid?",
        values=("1st", "15th", "28th", "5th"),
    ),
    # amateur theatre production
    Family(
        first="We're putting on {v} this spring.",
        update="Committee couldn't get the rights in time, so the spring show is {v} instead.",
        restatement="The spring production is going to be {v}.",
        question="What show are we doing this spring?",
        values=("Blithe Spirit", "Into the Woods", "The Crucible", "Noises Off"),
    ),
    Family(
        first="The show's being directed by {v}.",
        update="Our director had to pull out for work reasons; {v} has kindly stepped in.",
        restatement="{v} is the one directing the show.",
        question="Who is directing the show?",
        values=("Maureen Bell", "Colin Ashdown", "Fatima Rahman", "Jonty Hughes"),
    ),
    Family(
        first="Opening night is {v}.",
        update="The venue double-booked the hall, which pushes us to {v} for opening night.",
        restatement="Our first performance is on {v}.",
        question="When is opening night?",
        values=("Friday 14 March", "Thursday 20 March", "Saturday 5 April", "Wednesday 2 April"),
    ),
    # food truck
    Family(
        first="On weekdays we park the truck at {v}.",
        update="Weekday pitch is {v} from now on, way more office workers wandering past.",
        restatement="Monday to Friday, you'll find the truck at {v}.",
        question="Where does the truck park on weekdays?",
        values=("Canal Street", "the Science Park", "Market Square", "the station forecourt"),
    ),
    Family(
        first="The pulled pork burrito sells for {v}.",
        update="Pork costs have been all over the place, so I've repriced the pulled pork burrito at {v}.",
        restatement="We charge {v} for the pulled pork burrito.",
        question="How much is the pulled pork burrito?",
        values=("£8.50", "£9", "£7.95", "£10"),
    ),
    Family(
        first="The truck's gas safety certificate expires on {v}.",
        update="Gas engineer came out this morning; new cert runs until {v}.",
        restatement="Our gas safety cert is valid up to {v}.",
        question="When does the truck's gas safety certificate expire?",
        values=("3 June 2025", "17 November 2025", "30 January 2026", "8 May 2026"),
    ),
    # home solar and battery setup
    Family(
        first="Our solar array is {v}.",
        update="Once the roofers had redone the panels, the array came out at {v}.",
        restatement="The system on the roof is rated at {v} peak.",
        question="How big is our solar array?",
        values=("4.2 kWp", "6.4 kWp", "3.6 kWp", "8 kWp"),
    ),
    Family(
        first="The home battery is a {v}.",
        update="The old battery failed under warranty and the installer put in a {v} as the replacement.",
        restatement="For storage we've got a {v} in the garage.",
        question="What model is our home battery?",
        values=("Tesla Powerwall 2", "GivEnergy 9.5", "Powerwall 3", "SolarEdge Home Battery"),
    ),
    Family(
        first="We get {v} per kWh for exporting.",
        update="Export rate is {v} a unit as of this month.",
        restatement="Every kWh we send back to the grid earns us {v}.",
        question="How much do we get paid per kWh we export?",
        values=("15p", "4.1p", "12p", "7.5p"),
    ),
)

PROBE25_POLAR = (
    Polar(
        statement="I'm on the on-call list for bank holidays.",
        opposite="They took me off the bank holiday on-call list.",
        restatement="On bank holidays I'm one of the people who can get called in.",
        question="Am I on the bank holiday on-call list?",
    ),
    Polar(
        statement="The PCR machine in room 214 is working.",
        opposite="The PCR machine in 214 died this morning, the block won't heat up at all.",
        restatement="The thermocycler in room 214 is up and running fine.",
        question="Is the PCR machine in room 214 working?",
    ),
    Polar(
        statement="We're open for Sunday lunch.",
        opposite="Sundays we're shut now, the team needed a proper day off.",
        restatement="Sunday lunch service is running as usual.",
        question="Are we open for Sunday lunch?",
    ),
    Polar(
        statement="My boat is in the water at the club.",
        opposite="Hauled the boat out last weekend, she's on the hard for the winter.",
        restatement="The boat's afloat on her mooring.",
        question="Is my boat in the water?",
    ),
    Polar(
        statement="We still pay for Disney+.",
        opposite="Cancelled Disney+ yesterday, the kids never watched it.",
        restatement="The Disney+ subscription is still active and being billed.",
        question="Are we paying for Disney+?",
    ),
    Polar(
        statement="Tickets for the show are on sale.",
        opposite="We've pulled the tickets off sale until the venue mess is sorted.",
        restatement="People can already buy tickets for the show.",
        question="Are tickets on sale for the show?",
    ),
    Polar(
        statement="We take card payments at the truck.",
        opposite="Card reader's packed in, so it's cash only at the truck for now.",
        restatement="Customers can pay by card at the truck.",
        question="Can customers pay by card at the truck?",
    ),
    Polar(
        statement="The battery charges overnight from the grid on the cheap rate.",
        opposite="I've stopped the battery grid-charging at night; it only fills from the panels now.",
        restatement="Overnight the battery tops itself up from the grid at the off-peak price.",
        question="Does the battery charge overnight on the cheap rate?",
    ),
)

PROBE25_NEAR_MISSES = (
    ("Ward 7's night shift starts at 8pm.", "Ward 9's night shift starts at 9pm."),
    ("Marcus is charge nurse on weekends.", "Helen is charge nurse on weekdays."),
    ("The -80 freezer in room 214 alarms at -70°C.", "The -20 freezer in room 214 alarms at -15°C."),
    ("We get our fish from Harbour Fresh.", "We get our veg from Greenway Produce."),
    ("The walk-in fridge is kept at 3°C.", "The dessert fridge is kept at 5°C."),
    ("Saturday races start at 10:30.", "Sunday races start at 11:00."),
    ("The broadband bill goes out on the 1st.", "The mobile phone bill goes out on the 15th."),
    ("We pay £168 a month in council tax.", "We pay £45 a month for water."),
    ("Maureen is directing the spring show.", "Colin is directing the autumn panto."),
    ("The pulled pork burrito is £8.50.", "The halloumi burrito is £7.50."),
    ("The house battery is a Powerwall 2.", "The garage battery is a GivEnergy 5.2."),
    ("The front roof has twelve panels.", "The back roof has eight panels."),
)

PROBE25_LOOKALIKES = (
    (
        "What time does the night shift on Ward 7 start?",
        "Ward 7's night shift starts at 8pm.",
        "Ward 7's day shift starts at 7:30am.",
    ),
    (
        "Which grant code do lab consumables go on?",
        "Consumables get charged to WT-2231.",
        "Conference travel gets charged to BB/X0148.",
    ),
    (
        "When does our lab have the confocal microscope?",
        "Our confocal slot is Tuesday mornings.",
        "Our slot on the flow cytometer is Thursday afternoons.",
    ),
    (
        "Who supplies our fish?",
        "Our fish comes from Harbour Fresh.",
        "Our meat comes from Dalton's Butchers.",
    ),
    (
        "Who is the sailing club's commodore?",
        "Gordon Fyfe is the commodore.",
        "Annabel Price is the club treasurer.",
    ),
    (
        "How much does my mooring cost a year?",
        "My mooring is £640 a year.",
        "My club membership is £210 a year.",
    ),
    (
        "Which energy supplier are we with?",
        "Our gas and electric is with Octopus.",
        "Our broadband is with Virgin Media.",
    ),
    (
        "When is opening night?",
        "Opening night is Friday 14 March.",
        "The dress rehearsal is Wednesday 12 March.",
    ),
    (
        "Where does the truck park on weekdays?",
        "On weekdays we park the truck at Canal Street.",
        "On weekends we trade at the farmers' market.",
    ),
    (
        "How much do we get paid per kWh we export?",
        "Export pays us 15p per kWh.",
        "Importing from the grid costs us 24p per kWh at peak.",
    ),
)
