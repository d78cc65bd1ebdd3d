"""A twenty-first set of wordings for bench/truth.py (``probe21``), written by an author who saw neither the code
nor the other sets: dairy farm, print shop, public library, dance school, taxi driving, vineyard, scout troop,
coworking space.
"""

from truth_scenarios import Family, Polar

PROBE21_FAMILIES = (
    # dairy farm
    Family(
        first="Morning milking on the farm starts at {v}.",
        update="Since the new parlour went in, morning milking starts at {v} instead.",
        restatement="We start the morning milk at {v} every day.",
        question="What time does morning milking start on the farm?",
        values=("4:30 am", "5:00 am", "5:45 am", "6:15 am"),
    ),
    Family(
        first="We're milking {v} cows on the farm at the moment.",
        update="Between the autumn sale and the heifers coming into milk, the herd we milk is {v} cows.",
        restatement="The milking herd stands at {v} head.",
        question="How many cows are being milked on the farm?",
        values=("142", "128", "117", "135"),
    ),
    Family(
        first="The dairy co-op pays us {v} per litre of milk.",
        update="Got the letter from the co-op: from next month they'll pay {v} a litre.",
        restatement="Our milk goes to the co-op at {v} per litre.",
        question="What price per litre does the co-op pay for our milk?",
        values=("38p", "41p", "36.5p", "43p"),
    ),
    # print shop
    Family(
        first="Big banner jobs in the shop go through the {v}.",
        update="We retired the old machine, so banners are printed on the {v} these days.",
        restatement="Anything banner-sized gets run on the {v}.",
        question="Which printer handles the banner jobs?",
        values=("HP DesignJet Z9+", "Canon imagePROGRAF TM-300", "Epson SureColor P9500", "Roland TrueVIS VG3"),
    ),
    Family(
        first="Our standard pull-up banner is {v}.",
        update="Customers kept asking for something different, so the standard pull-up banner we sell is {v} now.",
        restatement="When someone orders a pull-up banner without giving a size, they get {v}.",
        question="What size is the print shop's standard pull-up banner?",
        values=("85 x 200 cm", "100 x 200 cm", "120 x 200 cm", "80 x 210 cm"),
    ),
    Family(
        first="Standard turnaround for business card orders is {v}.",
        update="From Monday the counter staff have been told to quote {v} for business cards.",
        restatement="Business cards usually take {v} from proof approval to collection.",
        question="What is the turnaround for business card orders?",
        values=("3 working days", "2 working days", "5 working days", "24 hours"),
    ),
    # public library
    Family(
        first="Overdue library books cost {v} a day.",
        update="The council reviewed its charges and the overdue fine went to {v} per day.",
        restatement="For each day a book is late you pay {v}.",
        question="How much is the daily fine for an overdue library book?",
        values=("20p", "25p", "10p", "15p"),
    ),
    Family(
        first="Library members can borrow up to {v} items at once.",
        update="Good news for readers: the borrowing cap per card has been set at {v} items.",
        restatement="The most you can have out on one library card is {v} items.",
        question="How many items can a library member borrow at once?",
        values=("12", "15", "20", "8"),
    ),
    Family(
        first="{v} runs the Eastgate branch library.",
        update="After the staff reshuffle, the Eastgate branch is managed by {v}.",
        restatement="The person in charge at Eastgate library is {v}.",
        question="Who manages the Eastgate branch library?",
        values=("Margaret Oyelaran", "Tom Beckett", "Priya Nandakumar", "Leo Fischer"),
    ),
    # dance school
    Family(
        first="Beginners' salsa is on {v} evenings.",
        update="The hall isn't free on our old night anymore, so beginners' salsa moves to {v} evenings.",
        restatement="If you're new to salsa, come along on a {v} evening.",
        question="Which evening is the beginners' salsa class?",
        values=("Tuesday", "Thursday", "Wednesday", "Monday"),
    ),
    Family(
        first="A ten-week term of ballroom classes costs {v}.",
        update="For the newsletter: ballroom terms will be {v} from September, since the hall rent went up.",
        restatement="Ten weeks of ballroom will set you back {v}.",
        question="How much does a ten-week ballroom term cost?",
        values=("£95", "£110", "£120", "£135"),
    ),
    Family(
        first="The dance school's end-of-year showcase is at {v}.",
        update="We lost our booking, so the showcase will be held at {v} instead.",
        restatement="Our venue for the end-of-year showcase is {v}.",
        question="Where is the dance school's end-of-year showcase?",
        values=("the Corn Exchange", "St Mary's Hall", "the Riverside Arts Centre", "the Grange Community Centre"),
    ),
    # taxi driving
    Family(
        first="My taxi badge number is {v}.",
        update="The council reissued my badge at renewal, and the number on it is {v}.",
        restatement="Badge number on my private hire licence: {v}.",
        question="What is my taxi badge number?",
        values=("PH-40217", "PH-38851", "PH-41902", "PH-29376"),
    ),
    Family(
        first="The flat fare from town to the airport is {v}.",
        update="The firm's put the airport flat fare up to {v} because of fuel costs.",
        restatement="Town to the airport is a flat {v}.",
        question="What's the flat fare from town to the airport?",
        values=("£45", "£48", "£52", "£55"),
    ),
    Family(
        first="My current cab is a {v} Toyota Prius.",
        update="Traded the car in last week - I'm driving a {v} Toyota Prius now.",
        restatement="Look out for a {v} Prius; that's my cab.",
        question="What colour is my cab?",
        values=("silver", "black", "white", "dark blue"),
    ),
    # vineyard
    Family(
        first="Grape harvest at the vineyard starts on {v}.",
        update="The weather has thrown the schedule out, and we now reckon picking begins on {v}.",
        restatement="We start picking the grapes on {v}.",
        question="When does the grape harvest start?",
        values=("14 September", "21 September", "28 September", "3 October"),
    ),
    Family(
        first="Our Pinot Noir came in at {v} alcohol.",
        update="The lab retested the Pinot Noir, so the label has to read {v} now.",
        restatement="The Pinot Noir is {v} ABV.",
        question="What is the alcohol level of our Pinot Noir?",
        values=("12.5%", "13%", "13.5%", "12%"),
    ),
    Family(
        first="The tasting room shuts at {v} on weekends.",
        update="For the new season we're keeping the tasting room open until {v} at weekends.",
        restatement="Weekend visitors can taste until {v}, which is when we lock up.",
        question="What time does the tasting room close on weekends?",
        values=("5 pm", "6 pm", "4:30 pm", "7 pm"),
    ),
    # scout troop
    Family(
        first="Scout troop meetings are held in {v}.",
        update="Change of plan for the troop: from next week we meet in {v}.",
        restatement="Our weekly troop meetings happen in {v}.",
        question="Where does the scout troop meet?",
        values=(
            "the church hall on Mill Lane",
            "the cricket pavilion",
            "the Scout hut behind the rec",
            "the village hall in Ashby",
        ),
    ),
    Family(
        first="{v} scouts are signed up for summer camp.",
        update="A few more forms came back, bringing the summer camp list to {v} scouts.",
        restatement="The summer camp headcount is {v} scouts.",
        question="How many scouts are going to summer camp?",
        values=("18", "23", "27", "31"),
    ),
    # coworking space
    Family(
        first="The guest Wi-Fi password at the coworking space is {v}.",
        update="IT rotated the guest Wi-Fi password; it's {v} from today.",
        restatement="Guests log on to the coworking Wi-Fi with {v}.",
        question="What is the guest Wi-Fi password at the coworking space?",
        values=("OpenPlan#77", "BrightDesk-19", "CoffeeAndCode3", "Hotdesk!88"),
    ),
    Family(
        first="A hot desk day pass at the coworking space is {v}.",
        update="Starting next month, hot desk day passes will cost {v}.",
        restatement="You can grab a hot desk for the day for {v}.",
        question="How much is a hot desk day pass?",
        values=("€25", "€28", "€30", "€32"),
    ),
)

PROBE21_POLAR = (
    # dairy farm
    Polar(
        statement="The farm is certified organic.",
        opposite="We dropped the organic certification this spring; the inspection fees were more than it paid back.",
        restatement="Our milk is produced under organic certification.",
        question="Is the farm certified organic?",
    ),
    # print shop
    Polar(
        statement="The print shop is open on Saturdays.",
        opposite="We've stopped opening at weekends - Saturday trade wasn't worth the staff cost.",
        restatement="You can come into the print shop on a Saturday.",
        question="Is the print shop open on Saturdays?",
    ),
    # public library
    Polar(
        statement="Photocopying is free for library members.",
        opposite="Members now have to pay 10p a sheet at the library photocopier.",
        restatement="Members can use the library photocopier at no charge.",
        question="Is photocopying free for library members?",
    ),
    # dance school
    Polar(
        statement="The dance school offers new students a free trial lesson.",
        opposite="The dance school scrapped its trial lessons; the first class is paid like any other.",
        restatement="New students get their first lesson free at the dance school.",
        question="Does the dance school offer a free trial lesson?",
    ),
    # taxi driving
    Polar(
        statement="I take card payments in my cab.",
        opposite="The card reader died and I'm cash only until further notice.",
        restatement="Passengers can pay by card in my taxi.",
        question="Can passengers pay by card in my cab?",
    ),
    # vineyard
    Polar(
        statement="The vineyard irrigates its vines.",
        opposite="We pulled the drip lines out over winter; the vines are dry-farmed from this season.",
        restatement="Our vines get watered through a drip system.",
        question="Are the vines at the vineyard irrigated?",
    ),
    # scout troop
    Polar(
        statement="Our scout troop has a waiting list.",
        opposite="With two new leaders on board we've cleared the backlog, and every child who applied has a place.",
        restatement="More kids want to join the troop than we have places for, so some have to wait.",
        question="Does the scout troop have a waiting list?",
    ),
    # coworking space
    Polar(
        statement="Members can use the coworking space 24 hours a day.",
        opposite="Building management has started locking the coworking floor at 10 pm every night.",
        restatement="Members can get into the coworking space around the clock.",
        question="Is the coworking space open 24 hours for members?",
    ),
)

PROBE21_NEAR_MISSES = (
    ("Morning milking starts at 5 am.", "Evening milking starts at 4 pm."),
    (
        "The co-op pays us 38p a litre for our milk.",
        "The farm next door gets 41p a litre from the cheese maker they supply.",
    ),
    (
        "We bought a Canon plotter for the banner work in March.",
        "The print shop now has a second laminator as well, bought in May.",
    ),
    ("Business cards take 3 working days.", "Flyers take 5 working days."),
    (
        "Library members can borrow up to 12 items at once.",
        "Members can also have up to 6 reservations open at a time.",
    ),
    ("Priya runs the Eastgate branch library.", "Priya has a new deputy at Eastgate, a recent hire called Sam."),
    ("Beginners' salsa is on Tuesday evenings.", "There's now an improvers' salsa class on Thursday evenings too."),
    ("I drive a silver Prius for my taxi work.", "My wife has just bought herself a black Prius."),
    ("The Pinot Noir harvest starts on 14 September.", "The Chardonnay gets picked from 21 September."),
    (
        "The scout troop meets in the church hall on Mill Lane.",
        "The Cubs, who are a separate section, have moved their meetings to the cricket pavilion.",
    ),
    ("The guest Wi-Fi password is OpenPlan#77.", "The staff Wi-Fi has a new password, BrightDesk-19."),
    ("A hot desk day pass is €25.", "A fixed desk at the coworking space now costs €300 a month."),
)

PROBE21_LOOKALIKES = (
    (
        "How many cows are we milking?",
        "We're milking 142 cows.",
        "We now have 38 young heifers being reared for the herd.",
    ),
    (
        "Which printer does the banner jobs?",
        "Banners are printed on the HP DesignJet Z9+.",
        "Posters up to A2 have moved onto the new Epson SureColor P900.",
    ),
    (
        "What time does the library close on weekdays?",
        "The library closes at 7 pm on weekdays.",
        "On Saturdays the library now shuts at 1 pm.",
    ),
    (
        "How much is a ten-week ballroom term?",
        "A ten-week ballroom term costs £110.",
        "The new six-week tango block costs £70.",
    ),
    (
        "What's the flat fare to the airport?",
        "The flat fare to the airport is £48.",
        "The firm has changed the flat fare to the train station to £15.",
    ),
    (
        "When does the grape harvest start?",
        "Grape picking starts on 21 September.",
        "Bottling of last year's wine has been moved to 2 June.",
    ),
    (
        "Where does the scout troop meet?",
        "The scout troop meets in the church hall on Mill Lane.",
        "This year's summer camp will be at Broadstone Woods.",
    ),
    (
        "How many scouts are going to summer camp?",
        "23 scouts are signed up for summer camp.",
        "Only 9 parents have volunteered to help at camp so far.",
    ),
    (
        "What is the guest Wi-Fi password at the coworking space?",
        "The guest Wi-Fi password is Hotdesk!88.",
        "The new code for the front door keypad is 4471.",
    ),
    (
        "What is my taxi badge number?",
        "My private hire badge number is PH-40217.",
        "My new cab's registration plate is KX21 LMP.",
    ),
)
