"""A twentieth set of wordings for bench/truth.py (``probe20``), written by an author who saw neither the code nor
the other sets: chess club, pottery studio, warehouse logistics, hair salon, homebrewing, community radio,
volunteer fire brigade, law firm (paralegal work).
"""

from truth_scenarios import Family, Polar

PROBE20_FAMILIES = (
    # chess club
    Family(
        first="Our chess club meets every {v} evening in the back room of the library.",
        update="Club night has moved to {v} - the library let the back room to a yoga class on our old night.",
        restatement="Chess club is on {v} evenings, in the library's back room.",
        question="Which evening does the chess club meet?",
        values=("Tuesday", "Thursday", "Monday", "Wednesday"),
    ),
    Family(
        first="My rapid rating on the club ladder is {v}.",
        update="After the weekend tournament my rapid rating on the ladder went to {v}.",
        restatement="For rapid I'm sitting at {v} on the club ladder.",
        question="What is my rapid rating on the club ladder?",
        values=("1432", "1478", "1455", "1510"),
    ),
    Family(
        first="The annual membership fee for the chess club is {v}.",
        update="The AGM voted through a new subscription, so from January a year at the chess club costs {v}.",
        restatement="It's {v} a year to be a member of the chess club.",
        question="How much is the chess club's annual membership fee?",
        values=("£45", "£50", "£60", "£55"),
    ),
    # pottery studio
    Family(
        first="For glaze firings at the pottery studio, the kiln gets switched on at {v}.",
        update="Mira's rescheduled the glaze firings because of the electricity tariff; the kiln goes on at {v} now.",
        restatement="Glaze firings at the studio start at {v}, that's when the kiln is turned on.",
        question="What time is the studio kiln switched on for glaze firings?",
        values=("6:30 pm", "9 pm", "5 am", "10:15 pm"),
    ),
    Family(
        first="I'm glazing the wedding order of mugs in {v}.",
        update="The couple saw the test tiles and changed their minds, so the wedding mugs will be {v} instead.",
        restatement="For the wedding mugs I'm going with a {v} glaze.",
        question="What glaze colour am I using for the wedding mugs?",
        values=("celadon green", "tenmoku brown", "shino white", "cobalt blue"),
    ),
    Family(
        first="I buy my stoneware clay from {v}.",
        update="Switched clay suppliers last month - my stoneware comes from {v} these days, they deliver for free.",
        restatement="My stoneware clay is ordered from {v}.",
        question="Where do I buy my stoneware clay?",
        values=("Potclays", "Valentine Clays", "Scarva", "Bath Potters' Supplies"),
    ),
    # warehouse logistics
    Family(
        first="Pallets for the Northgate account are stored in aisle {v}.",
        update="The racking inspection meant clearing that aisle, so Northgate's pallets go in aisle {v} from now on.",
        restatement="If you're looking for Northgate stock, it's in aisle {v}.",
        question="Which aisle are the Northgate pallets stored in?",
        values=("14", "7B", "22", "3A"),
    ),
    Family(
        first="The cut-off for same-day dispatch at the warehouse is {v}.",
        update="The carrier changed their collection slot, so same-day dispatch closes at {v} starting Monday.",
        restatement="Orders need to be picked and packed by {v} if they're going out the same day.",
        question="What is the cut-off time for same-day dispatch?",
        values=("2 pm", "3:30 pm", "1 pm", "4 pm"),
    ),
    Family(
        first="Northgate orders go out in {v} boxes.",
        update="Northgate sent us a new packaging spec, so we're shipping their orders in {v} boxes instead.",
        restatement="We pack Northgate's orders into {v} cartons.",
        question="What size boxes do Northgate orders ship in?",
        values=("40x30x20 cm", "60x40x40 cm", "45x35x25 cm", "50x40x30 cm"),
    ),
    # hair salon
    Family(
        first="My colourist at the salon is {v}.",
        update="The salon reshuffled the team and {v} has taken over doing my colour.",
        restatement="I always get my colour done by {v} at the salon.",
        question="Who is my colourist at the salon?",
        values=("Jade", "Tomasz", "Priya", "Leon"),
    ),
    Family(
        first="A full head of highlights at the Market Street salon costs {v}.",
        update="Market Street put their prices up this spring - full highlights are {v} now.",
        restatement="Full highlights at the Market Street salon are {v}.",
        question="How much does a full head of highlights cost at the Market Street salon?",
        values=("£95", "£110", "£120", "£135"),
    ),
    Family(
        first="Stylists at the salon get {v} commission on retail product sales.",
        update="The owner told us at Tuesday's team meeting that commission on retail products is going to {v}.",
        restatement="On anything we sell off the retail shelf, stylists keep {v}.",
        question="What commission do stylists get on retail product sales?",
        values=("10%", "12%", "15%", "8%"),
    ),
    # homebrewing
    Family(
        first="My stout is fermenting at {v}.",
        update="I moved the stout fermenter into the utility room and it's holding steady at {v} there.",
        restatement="The stout's fermentation temperature is {v}.",
        question="What temperature is my stout fermenting at?",
        values=("18°C", "20°C", "19°C", "17°C"),
    ),
    Family(
        first="The next beer I'm brewing is a {v}.",
        update="Changed my plan for the next brew: I'm doing a {v} instead.",
        restatement="Next on my brewing list is a {v}.",
        question="What beer am I brewing next?",
        values=("saison", "brown porter", "West Coast IPA", "Czech pilsner"),
    ),
    Family(
        first="My brew day is planned for {v}.",
        update="The yeast order got mixed up, so I've rescheduled brew day to {v}.",
        restatement="I'm brewing on {v}, that's the day I've set aside for it.",
        question="When is my brew day?",
        values=("12 March", "19 March", "26 March", "2 April"),
    ),
    # community radio
    Family(
        first="My show on Harbour FM goes out at {v} on Saturdays.",
        update="The station redid the weekend schedule and my Saturday show is on at {v} now.",
        restatement="Saturdays at {v} - that's when my Harbour FM show airs.",
        question="What time does my Harbour FM show air on Saturdays?",
        values=("10 am", "8 pm", "noon", "7 am"),
    ),
    Family(
        first="Harbour FM broadcasts on {v} FM.",
        update="Ofcom approved the licence variation, so Harbour FM is switching to {v} FM next month.",
        restatement="You can tune in to Harbour FM on {v} FM.",
        question="What FM frequency does Harbour FM broadcast on?",
        values=("104.2", "97.6", "105.9", "99.1"),
    ),
    # volunteer fire brigade
    Family(
        first="Our volunteer fire brigade has {v} active members on the roster.",
        update="After this year's recruits and a couple of retirements, the roster stands at {v} active members.",
        restatement="There are {v} active volunteers on our brigade's roster.",
        question="How many active members are on the fire brigade's roster?",
        values=("23", "27", "31", "29"),
    ),
    Family(
        first="The brigade's target turnout time is {v} from the pager going off.",
        update="The service revised its standards, and we're now expected to turn out within {v} of the page.",
        restatement="We're supposed to be rolling out the door within {v} of being paged.",
        question="What is the brigade's target turnout time?",
        values=("6 minutes", "5 minutes", "4 minutes", "7 minutes"),
    ),
    # law firm (paralegal work)
    Family(
        first="The supervising partner on the Hallam file is {v}.",
        update="Since the department reshuffle, {v} has taken over as supervising partner on Hallam.",
        restatement="Hallam is supervised at partner level by {v}.",
        question="Who is the supervising partner on the Hallam file?",
        values=("Margaret Osei", "Julian Fairbairn", "Ruth Adeyemi", "Colin Marsh"),
    ),
    Family(
        first="The current draft of the Lindqvist share purchase agreement is {v}.",
        update="The buyer's solicitors sent back their markup, so we're working off {v} of the Lindqvist SPA now.",
        restatement="The latest Lindqvist SPA draft on the system is {v}.",
        question="Which draft of the Lindqvist share purchase agreement is current?",
        values=("v3.2", "v4.0", "v4.1", "v5.0"),
    ),
    Family(
        first="The court reference for Okafor v Brindley Haulage is {v}.",
        update="The claim was transferred to another court, which gave Okafor v Brindley Haulage reference {v}.",
        restatement="Okafor v Brindley Haulage is filed under claim number {v}.",
        question="What is the court reference for Okafor v Brindley Haulage?",
        values=("K30MA114", "F01BS482", "H72LV209", "J15CF356"),
    ),
)

PROBE20_POLAR = (
    # chess club
    Polar(
        statement="At the chess club you can keep your phone on you during games as long as it's on silent.",
        opposite="After the cheating row, everyone has to hand their phone in at the door before club games.",
        restatement="Phones are allowed in the chess club playing hall, provided they're silenced.",
        question="Are players allowed to keep their phones during chess club games?",
    ),
    # pottery studio
    Polar(
        statement="Members can come into the pottery studio for open practice at weekends.",
        opposite="The studio has dropped weekend open practice; Saturdays and Sundays are for paid workshops only.",
        restatement="On Saturdays and Sundays members are free to use the wheels for open practice.",
        question="Can members do open practice at the pottery studio at weekends?",
    ),
    # warehouse logistics
    Polar(
        statement="The warehouse runs a night shift.",
        opposite="Volumes fell off after Christmas and management cut the night shift - Friday was the last one.",
        restatement="We've got a crew working through the night at the warehouse.",
        question="Does the warehouse have a night shift?",
    ),
    # hair salon
    Polar(
        statement="The Market Street salon takes walk-in customers.",
        opposite="Market Street is appointment-only these days; they turned me away because I hadn't booked.",
        restatement="You don't have to book at the Market Street salon, you can just turn up.",
        question="Does the Market Street salon accept walk-ins?",
    ),
    # homebrewing
    Polar(
        statement="My saison is entered in the regional homebrew competition.",
        opposite="I've withdrawn the saison from the regional comp - the batch picked up an infection.",
        restatement="The saison's one of my entries for the regional homebrew competition.",
        question="Is my saison entered in the regional homebrew competition?",
    ),
    # community radio
    Polar(
        statement="Harbour FM streams live online as well as broadcasting on air.",
        opposite="Harbour FM has switched off its web stream because the music licensing got too expensive.",
        restatement="You can listen to Harbour FM over the internet, not just on a radio set.",
        question="Does Harbour FM have a live online stream?",
    ),
    # volunteer fire brigade
    Polar(
        statement="I'm on the brigade's on-call roster this month.",
        opposite="I broke my wrist on Sunday, so the officer in charge took me off call for the rest of the month.",
        restatement="This month I'm one of the brigade members on call.",
        question="Am I on call for the fire brigade this month?",
    ),
    # law firm (paralegal work)
    Polar(
        statement="The Okafor claim is going to trial.",
        opposite="Okafor and Brindley Haulage settled at mediation yesterday, so the trial is off.",
        restatement="The Okafor case is heading for a full trial.",
        question="Is the Okafor claim going to trial?",
    ),
)

PROBE20_NEAR_MISSES = (
    (
        "The chess club meets on Thursday evenings.",
        "The junior chess section now meets on Saturday mornings.",
    ),
    (
        "My rapid rating on the club ladder is 1478.",
        "My blitz rating on the club ladder is 1390.",
    ),
    (
        "The studio's big kiln is fired to cone 6.",
        "The new little test kiln at the studio goes up to cone 10.",
    ),
    (
        "Northgate's pallets are stored in aisle 14.",
        "Brightwell's pallets have moved into aisle 15, next to Northgate's.",
    ),
    (
        "Jade does my colour at the salon.",
        "Leon cuts my hair at the salon.",
    ),
    (
        "I brewed a saison on 12 March.",
        "I brewed a brown porter on 2 April.",
    ),
    (
        "My Saturday show on Harbour FM goes out at 10 am.",
        "I've also picked up a new Wednesday late show on Harbour FM at 11 pm.",
    ),
    (
        "The brigade has 27 active members on the roster.",
        "The brigade now has 6 members qualified as breathing apparatus wearers.",
    ),
    (
        "Margaret Osei is the supervising partner on the Hallam file.",
        "Julian Fairbairn is the supervising partner on the Lindqvist acquisition.",
    ),
    (
        "I buy my stoneware clay from Potclays.",
        "I've started buying my porcelain from Valentine Clays.",
    ),
    (
        "The cut-off for same-day dispatch is 3:30 pm.",
        "Returns have to be booked in by 11 am to get processed the same day.",
    ),
    (
        "The Market Street salon charges £110 for full highlights.",
        "The Market Street salon has brought in a new balayage service at £160.",
    ),
)

PROBE20_LOOKALIKES = (
    (
        "What evening does the chess club meet?",
        "The chess club meets on Tuesday evenings.",
        "The chess club committee meeting has moved to Monday evenings.",
    ),
    (
        "How much is the annual chess club membership?",
        "Annual membership of the chess club is £50.",
        "Entry to the club's summer rapidplay tournament is now £15.",
    ),
    (
        "What time is the kiln switched on for glaze firings?",
        "For glaze firings the kiln goes on at 9 pm.",
        "Bisque firings are now being started at 6 am.",
    ),
    (
        "What glaze colour am I using on the wedding mugs?",
        "The wedding mugs are getting a celadon green glaze.",
        "For the matching serving bowls the couple switched to tenmoku brown.",
    ),
    (
        "What is the weekday cut-off for same-day dispatch?",
        "On weekdays, orders must be packed by 2 pm to go out the same day.",
        "The Saturday dispatch cut-off has been changed to 11 am.",
    ),
    (
        "Who does my colour at the salon?",
        "Priya does my colour at the salon.",
        "My daughter's colour is done by Tomasz now.",
    ),
    (
        "What FM frequency does Harbour FM broadcast on?",
        "Harbour FM broadcasts on 104.2 FM.",
        "Our sister station Valley Sound has moved to 97.6 FM.",
    ),
    (
        "How many active members does our fire brigade have?",
        "Our brigade has 31 active members on the roster.",
        "The neighbouring brigade at Eastwick is down to 18 members now.",
    ),
    (
        "Who is the supervising partner on the Hallam divorce?",
        "Ruth Adeyemi is the supervising partner on the Hallam divorce.",
        "Colin Marsh has taken over as supervising partner on the Hallam property dispute.",
    ),
    (
        "When is my brew day?",
        "My brew day is set for 19 March.",
        "The homebrew club's group brew day has moved to 26 March.",
    ),
)
