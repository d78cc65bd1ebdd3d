"""A thirty-ninth set of wordings for bench/truth.py (``probe39``), written by an author who saw neither the code
nor the other sets: a bakery's wholesale trade, an indie podcast, a sailboat, elder care, homebrewing, a choir
and a novelist, as sentences, notes, chat and hearsay.
"""

from truth_scenarios import Family, Polar

PROBE39_FAMILIES = (
    # --- a small bakery's wholesale trade ---
    Family(
        first="The café on Mercer Street takes {v} sourdough loaves from us every Friday.",
        update="Mercer Street café bumped their Friday standing order, it's {v} sourdough loaves now.",
        restatement="Every Friday we drop off {v} sourdough loaves at the Mercer Street café.",
        question="How many sourdough loaves does the Mercer Street café get on Fridays?",
        values=("18", "24", "30", "36"),
    ),
    Family(
        first="- rye flour supplier: {v}",
        update="switched rye flour over to {v} after the last two sacks from the old supplier came in damp",
        restatement="We buy all of our rye flour from {v}.",
        question="Who do we get our rye flour from?",
        values=("Hollis Mill", "Ferncastle Grain", "Arden Farms Co-op", "Brightwater Milling"),
    ),
    Family(
        first="The deck oven's annual service is booked for {v}.",
        update="heads up: the oven technician had to reschedule, so the deck oven service is on {v} instead",
        restatement="{v} is the day the technician comes to service the deck oven.",
        question="When is the deck oven getting serviced?",
        values=("March 4", "March 11", "April 2", "April 17"),
    ),
    Family(
        first="We charge our wholesale accounts {v} per baguette.",
        update="Since butter and flour both went up again, wholesale baguettes will be {v} each from next month.",
        restatement="Wholesale customers pay {v} for each baguette they order.",
        question="What's our wholesale price for a baguette?",
        values=("$1.85", "$2.10", "$2.25", "$2.40"),
    ),
    # --- an indie podcast ---
    Family(
        first="Our podcast episodes go out every {v} at 6am.",
        update="Moved the release day to {v}, listeners told us that's when they have the longest commute.",
        restatement="New episodes drop on {v} mornings, six o'clock sharp.",
        question="Which day of the week do new podcast episodes come out?",
        values=("Monday", "Tuesday", "Wednesday", "Thursday"),
    ),
    Family(
        first="We edit the podcast in {v}.",
        update="Priya says she's moved the whole edit workflow into {v} and archived the old project files.",
        restatement="All of the podcast's editing gets done in {v}.",
        question="What software do we use to edit the show?",
        values=("Audacity", "Reaper", "Descript", "Hindenburg"),
    ),
    Family(
        first="- guest mic: {v}",
        update="guests are on a {v} now, the old one picked up way too much room noise",
        restatement="When guests come into the studio they record on the {v}.",
        question="Which microphone do our podcast guests use?",
        values=("Shure SM7B", "Rode PodMic", "Electro-Voice RE20", "Samson Q2U"),
    ),
    Family(
        first="Sponsor reads on the podcast cost {v} per episode.",
        update="btw we raised the sponsor rate to {v} an episode since our downloads roughly doubled",
        restatement="A single sponsor read in one episode goes for {v}.",
        question="How much do we charge a sponsor for one episode?",
        values=("$150", "$220", "$300", "$450"),
    ),
    # --- a sailboat owner ---
    Family(
        first="Our boat is kept in slip {v} at Harbor Point Marina.",
        update="The marina reshuffled everyone over the winter and we ended up in slip {v}.",
        restatement="You'll find the boat tied up at Harbor Point, slip {v}.",
        question="Which slip is our boat in at the marina?",
        values=("C-14", "D-7", "A-22", "F-3"),
    ),
    Family(
        first="The outboard needs an oil change every {v} engine hours.",
        update="Mechanic says that with the synthetic oil we can go {v} hours between oil changes on the outboard.",
        restatement="Oil changes on the outboard come due after {v} hours of running.",
        question="How often does the outboard motor need fresh oil?",
        values=("75", "100", "125", "200"),
    ),
    Family(
        first="We're repainting the hull {v} this spring.",
        update="Changed our minds about the hull, going with {v} instead (the sample looked better in daylight).",
        restatement="The new colour for the hull is {v}.",
        question="What colour is the hull being painted?",
        values=("navy blue", "forest green", "off-white", "burgundy"),
    ),
    Family(
        first="{v} is crewing with me for the Saturday races.",
        update="{v} is taking over as my crew for Saturday racing, since Tom's shoulder still hasn't healed.",
        restatement="On race Saturdays my crew is {v}.",
        question="Who sails as my crew in the Saturday races?",
        values=("Marcus", "Ingrid", "Dev", "Lucia"),
    ),
    # --- caring for elderly parents ---
    Family(
        first="Dad takes {v} of lisinopril every morning.",
        update="Dr. Okafor adjusted Dad's lisinopril after the last blood pressure check; he's on {v} in the mornings.",
        restatement="Each morning Dad swallows his {v} lisinopril tablet with breakfast.",
        question="What dose of lisinopril is Dad taking?",
        values=("5 mg", "10 mg", "20 mg", "40 mg"),
    ),
    Family(
        first="- Mom's physio: {v}",
        update="physio clinic moved Mom's weekly slot to {v}",
        restatement="Mom's physiotherapy appointment is every week at {v}.",
        question="When does Mom have her physio?",
        values=("Tue 10:00", "Wed 14:30", "Thu 9:15", "Fri 11:45"),
    ),
    Family(
        first="Dad's prescriptions get filled at {v}.",
        update="We transferred all of Dad's prescriptions to {v} because they'll deliver to the house.",
        restatement="{v} is the pharmacy that handles Dad's scripts.",
        question="Which pharmacy fills Dad's prescriptions?",
        values=("Walgreens on Elm", "CVS on 5th Avenue", "Rite Aid in Oakdale", "Costco Pharmacy"),
    ),
    Family(
        first="Rosa, Mom's home aide, charges {v} an hour.",
        update="Rosa's rate goes up to {v} an hour starting this month, which honestly is still fair.",
        restatement="We pay Rosa {v} for every hour she spends looking after Mom.",
        question="What's Rosa's hourly rate?",
        values=("$22", "$25", "$28", "$31"),
    ),
    # --- homebrewing ---
    Family(
        first="Fermenting the pale ale at {v}.",
        update="Dropped the pale ale fermentation temp to {v}, the last batch came out hot and solventy.",
        restatement="The pale ale sits in the fermentation chamber at a steady {v}.",
        question="What temperature is the pale ale fermented at?",
        values=("18°C", "19°C", "20°C", "21°C"),
    ),
    Family(
        first="I'm using {v} for the oatmeal stout.",
        update="Swapped the stout over to {v}; the homebrew shop was out of my usual strain.",
        restatement="The oatmeal stout gets pitched with {v}.",
        question="Which yeast goes into the oatmeal stout?",
        values=("Safale S-04", "Wyeast 1084", "WLP004", "Lallemand Nottingham"),
    ),
    # --- a community choir ---
    Family(
        first="Choir rehearsal is held in {v}.",
        update="Rehearsals have moved to {v} while the floor in the old space gets redone.",
        restatement="We practise in {v} each week.",
        question="Where does the choir rehearse?",
        values=("St. Anne's hall", "the library annex", "Room 204 at Lincoln High", "the Grange building"),
    ),
    Family(
        first="The choir's spring concert is on {v}.",
        update="Linda says the spring concert got pushed to {v}, the venue had double-booked us.",
        restatement="{v} is the date of our spring concert.",
        question="When is the choir's spring concert?",
        values=("May 9", "May 16", "May 23", "June 6"),
    ),
    Family(
        first="Choir dues are {v} per term.",
        update="The committee voted at the AGM to raise term dues to {v}.",
        restatement="Each singer pays {v} in dues every term.",
        question="How much are the choir dues for a term?",
        values=("£30", "£35", "£40", "£45"),
    ),
    # --- a novelist and her book ---
    Family(
        first="The latest manuscript draft lives at `{v}`.",
        update="Moved the manuscript to `{v}` so my editor can get at it too.",
        restatement="Open `{v}` if you need the current draft of the manuscript.",
        question="Where is the current manuscript draft saved?",
        values=(
            "~/Books/tidewater/draft3.docx",
            "~/Dropbox/tidewater/manuscript.docx",
            "/Volumes/Archive/tidewater_v4.docx",
            "~/Documents/novel/tidewater-final.docx",
        ),
    ),
    Family(
        first="My target length for the novel is {v} words.",
        update="My editor wants it tighter, so I'm cutting it down to {v} words.",
        restatement="I'm aiming for the finished novel to come in at about {v} words.",
        question="How long is the novel supposed to be?",
        values=("85,000", "90,000", "95,000", "110,000"),
    ),
    Family(
        first="The publishing contract gives me {v} royalties on ebook sales.",
        update="After my agent renegotiated, I get {v} on every ebook sold.",
        restatement="For each ebook that sells, {v} of the net comes to me as royalty.",
        question="What's my royalty rate on ebooks?",
        values=("25%", "35%", "40%", "50%"),
    ),
)

PROBE39_POLAR = (
    Polar(
        statement="We deliver bread to our farmers' market stall every Saturday.",
        opposite="We stopped doing the Saturday farmers' market, it wasn't worth the gas and the early start.",
        restatement="Saturdays we take loaves out to our stall at the farmers' market.",
        question="Do we still sell bread at the farmers' market on Saturdays?",
    ),
    Polar(
        statement="The podcast has a Patreon tier that gives early access to episodes.",
        opposite="We shut down the early-access Patreon tier, nobody was signing up for it.",
        restatement="Patrons can pay to hear our episodes before they go public.",
        question="Is there a Patreon tier for early access to episodes?",
    ),
    Polar(
        statement="The boat's bilge pump is set to run automatically.",
        opposite="Turned the bilge pump off auto, it's manual only since the float switch died.",
        restatement="The bilge pump kicks on by itself when water builds up in the bilge.",
        question="Does the bilge pump switch on by itself?",
    ),
    Polar(
        statement="Dad drives himself to his medical appointments.",
        opposite="Dad isn't driving anymore; the neurologist told him to hand over the keys.",
        restatement="Dad still takes the car to his doctor visits on his own.",
        question="Can Dad drive himself to appointments?",
    ),
    Polar(
        statement="Mom needs her walker to get around the house.",
        opposite="Mom doesn't need the walker indoors anymore, all that physio is paying off.",
        restatement="Around the house Mom gets about using a walker.",
        question="Does Mom use a walker at home?",
    ),
    Polar(
        statement="I dry hop the pale ale.",
        opposite="No more dry hopping on the pale ale, I want it clean and bitter.",
        restatement="The pale ale gets a second hop addition in the fermenter.",
        question="Is the pale ale dry hopped?",
    ),
    Polar(
        statement="The choir performs with a live pianist.",
        opposite="We've gone over to backing tracks, there's no pianist anymore.",
        restatement="A pianist accompanies the choir in person at our concerts.",
        question="Does the choir have a live pianist?",
    ),
    Polar(
        statement="My publisher is producing an audiobook edition of the novel.",
        opposite="The audiobook got cancelled, my publisher cut the budget for it.",
        restatement="There'll be an audio version of the book put out by my publisher.",
        question="Is there going to be an audiobook of my novel?",
    ),
)

PROBE39_NEAR_MISSES = (
    (
        "The Mercer Street café gets 24 sourdough loaves on Fridays.",
        "The Mercer Street café gets 24 sourdough loaves on Mondays.",
    ),
    (
        "Wholesale customers pay $2.25 for a baguette.",
        "Wholesale customers pay $2.25 for a croissant.",
    ),
    (
        "New podcast episodes are released on Tuesdays.",
        "New podcast episodes are recorded on Tuesdays.",
    ),
    (
        "Guests on the podcast record on the Shure SM7B.",
        "The host of the podcast records on the Shure SM7B.",
    ),
    (
        "Our boat is in slip C-14 at Harbor Point Marina.",
        "Our boat trailer is parked in space C-14 in the Harbor Point lot.",
    ),
    (
        "Dad takes 10 mg of lisinopril in the morning.",
        "Dad takes 10 mg of atorvastatin at night.",
    ),
    (
        "Mom has physio on Wednesday at 2:30pm.",
        "Mom has her hearing test on Wednesday at 2:30pm.",
    ),
    (
        "Rosa charges $25 an hour on weekdays.",
        "Rosa charges $32 an hour on weekends.",
    ),
    (
        "The pale ale ferments at 19°C.",
        "The oatmeal stout ferments at 19°C.",
    ),
    (
        "Choir rehearsal is Thursday at 7pm.",
        "The choir committee meets Thursday at 6pm.",
    ),
    (
        "My first novel pays 25% royalties on ebooks.",
        "My second novel pays 35% royalties on ebooks.",
    ),
    (
        "The outboard needs an oil change every 100 hours.",
        "The outboard needs a new water pump impeller every 300 hours.",
    ),
)

PROBE39_LOOKALIKES = (
    (
        "Where do we buy our rye flour?",
        "Our rye flour comes from Hollis Mill.",
        "Our spelt flour comes from Ferncastle Grain.",
    ),
    (
        "When's the deck oven being serviced?",
        "The deck oven service is booked for March 11.",
        "The walk-in fridge service is booked for April 2.",
    ),
    (
        "What do sponsors pay for a read on one podcast episode?",
        "A sponsor read on the podcast costs $300 per episode.",
        "A sponsor slot in our newsletter costs $180 per issue.",
    ),
    (
        "What colour are we painting the hull?",
        "We're painting the hull navy blue.",
        "We're painting the cabin interior off-white.",
    ),
    (
        "Who crews for me on Saturday race days?",
        "Ingrid crews for me in the Saturday races.",
        "Marcus crews for Jen in the Wednesday evening series.",
    ),
    (
        "Which pharmacy does Dad use?",
        "Dad's prescriptions are filled at CVS on 5th Avenue.",
        "Mom's prescriptions are filled at Costco Pharmacy.",
    ),
    (
        "What yeast is in the oatmeal stout?",
        "The oatmeal stout is pitched with Wyeast 1084.",
        "The dry cider is pitched with Lallemand EC-1118.",
    ),
    (
        "Where does the choir practise?",
        "The choir rehearses in St. Anne's hall.",
        "The youth orchestra rehearses in the library annex.",
    ),
    (
        "What word count am I aiming for with the novel?",
        "The novel's target length is 90,000 words.",
        "My short story for the anthology has to stay under 6,000 words.",
    ),
    (
        "What day do podcast episodes come out?",
        "New podcast episodes go out Wednesdays at 6am.",
        "The podcast newsletter goes out Fridays at 8am.",
    ),
)
