"""A nineteenth set of wordings for bench/truth.py (``probe19``), written by an author who saw neither the code nor
the other sets: wedding planning, a child's primary school, owning and maintaining a car, coaching a youth football
team, office admin at a small architecture studio, wildlife photography as a hobby, running a yarn shop, and an
amateur astronomy society.
"""

from truth_scenarios import Family, Polar

PROBE19_FAMILIES = (
    # wedding planning
    Family(
        first="The wedding reception is at {v}.",
        update="We lost the booking, so the reception has moved to {v} instead.",
        restatement="We're holding the reception at {v} straight after the ceremony.",
        question="Where is the wedding reception?",
        values=("Hartwell Manor", "the Old Mill barn", "Castle Lodge Hotel", "Ferndale Golf Club"),
    ),
    Family(
        first="We've got {v} guests confirmed for the wedding.",
        update="After chasing the last RSVPs this week, we're at {v} confirmed guests.",
        restatement="The confirmed headcount for the wedding stands at {v}.",
        question="How many guests are confirmed for the wedding?",
        values=("84", "97", "103", "112"),
    ),
    Family(
        first="The bridesmaids are wearing {v} dresses.",
        update="Priya changed her mind about the bridesmaid dresses - they'll be {v}.",
        restatement="The bridesmaid dresses are in {v}.",
        question="What colour are the bridesmaid dresses?",
        values=("sage green", "dusty pink", "navy blue", "lilac"),
    ),
    # a child's primary school
    Family(
        first="Pickup at Maya's school is at {v}.",
        update="The school has moved afternoon pickup to {v} because of the new bus timetable.",
        restatement="Maya finishes and gets collected from school at {v}.",
        question="What time is pickup at Maya's school?",
        values=("3:15 pm", "3:30 pm", "2:50 pm", "3:05 pm"),
    ),
    Family(
        first="Ben's class teacher this year is {v}.",
        update="Got a letter home today: from Monday Ben's class will be taught by {v}.",
        restatement="{v} is the one teaching Ben's class this year.",
        question="Who is Ben's class teacher?",
        values=("Mrs Okonkwo", "Mr Fairley", "Ms Dunmore", "Mrs Castellano"),
    ),
    Family(
        first="The Year 4 trip to the science museum costs {v} per child.",
        update="The office sent round a revised price for the museum trip, it's {v} per child.",
        restatement="We have to pay {v} for each child going on the Year 4 museum trip.",
        question="How much does the Year 4 museum trip cost per child?",
        values=("£18", "£22.50", "£25", "£19.75"),
    ),
    # owning and maintaining a car
    Family(
        first="The car's next service is booked for {v}.",
        update="The garage rang to reschedule, so the car goes in for its service on {v} instead.",
        restatement="I'm taking the car in to be serviced on {v}.",
        question="When is the car's next service?",
        values=("14 March", "21 March", "2 April", "9 April"),
    ),
    Family(
        first="The front tyres should be kept at {v}.",
        update="The fitter said that with the new set of tyres the fronts want {v}.",
        restatement="Recommended pressure for the front tyres is {v}.",
        question="What pressure should the front tyres be at?",
        values=("32 psi", "35 psi", "33 psi", "36 psi"),
    ),
    Family(
        first="I take the car to {v} for repairs.",
        update="I've had enough of the old place, so repairs on the car get done at {v} from now on.",
        restatement="{v} is the garage that does all our car repairs.",
        question="Which garage repairs the car?",
        values=("Dave's Autos", "Kwik Fit on Mill Road", "Brennan Motors", "AutoCare Plus"),
    ),
    # coaching a youth football team
    Family(
        first="Under-10s training is on {v} evenings.",
        update="The pitch got double-booked, so under-10s training has been switched to {v} evenings.",
        restatement="The under-10s train every {v} evening.",
        question="Which evening do the under-10s train?",
        values=("Tuesday", "Wednesday", "Thursday", "Monday"),
    ),
    Family(
        first="Each half in the under-10s league lasts {v}.",
        update="The league has rewritten its rules for this season and halves are {v} long.",
        restatement="Under-10s league games are played in halves of {v}.",
        question="How long is each half in the under-10s league?",
        values=("20 minutes", "25 minutes", "30 minutes", "15 minutes"),
    ),
    Family(
        first="Our team captain this season is {v}.",
        update="We passed the armband on after half term, so {v} is captain now.",
        restatement="{v} wears the captain's armband for us this season.",
        question="Who is the team captain?",
        values=("Jayden", "Sofia", "Kai", "Amira"),
    ),
    # office admin at a small architecture studio
    Family(
        first="The client signed off revision {v} of the floor plans.",
        update="The client came back with more comments, and the approved floor plan set is revision {v} now.",
        restatement="Revision {v} is the floor plan set the client approved.",
        question="Which revision of the floor plans did the client approve?",
        values=("C2", "C3", "D1", "D4"),
    ),
    Family(
        first="We print the planning drawings at {v}.",
        update="The planning office asked for a different sheet size, so drawings go out at {v} going forward.",
        restatement="All the planning drawings are printed on {v} sheets.",
        question="What size are the planning drawings printed at?",
        values=("A1", "A0", "A2", "A3"),
    ),
    Family(
        first="Our fee on the Hollis Street project is {v} of construction cost.",
        update="Hannah renegotiated with the client yesterday; our Hollis Street fee is {v} of construction cost.",
        restatement="On Hollis Street we're charging {v} of the construction cost as our fee.",
        question="What is the studio's fee on the Hollis Street project?",
        values=("8%", "9.5%", "7.25%", "10%"),
    ),
    # wildlife photography as a hobby
    Family(
        first="My main camera is a {v}.",
        update="Sold my old body on eBay - I'm shooting with a {v} these days.",
        restatement="The {v} is the camera I use for nearly everything.",
        question="What is my main camera?",
        values=("Nikon Z6", "Canon R7", "Sony A7 IV", "Fujifilm X-T5"),
    ),
    Family(
        first="The camera is running firmware {v}.",
        update="Updated the camera last night, so it's on firmware {v}.",
        restatement="Firmware version {v} is what's installed on the camera.",
        question="What firmware version is the camera on?",
        values=("1.30", "1.41", "2.00", "2.10"),
    ),
    Family(
        first="I've booked {v} for the kingfisher shoot.",
        update="The reserve shut that hide for repairs, so I rebooked the kingfisher shoot in {v}.",
        restatement="For the kingfisher shoot I'll be sitting in {v}, that's the hide I reserved.",
        question="Which hide is booked for the kingfisher shoot?",
        values=("Reedbed Hide", "the Heron Hide", "the Lakeside hide", "Otter Pool Hide"),
    ),
    # running a yarn shop
    Family(
        first="Our merino DK comes from {v}.",
        update="The old supplier couldn't keep up with orders, so we get the merino DK from {v} now.",
        restatement="{v} supplies the merino DK we stock.",
        question="Who supplies the shop's merino DK?",
        values=("Hebridean Wool Co", "Drops", "West Yorkshire Spinners", "Baa Ram Ewe"),
    ),
    Family(
        first="A ball of the merino DK sells for {v}.",
        update="Put new price labels on the merino DK this morning: {v} a ball.",
        restatement="We charge {v} for each ball of merino DK.",
        question="How much is a ball of merino DK?",
        values=("£6.50", "£7.20", "£6.95", "£7.80"),
    ),
    # amateur astronomy society
    Family(
        first="The astronomy society's observing sessions are held at {v}.",
        update="The new housing estate ruined the dark skies, so observing sessions have moved to {v}.",
        restatement="We do the society's observing nights out at {v}.",
        question="Where does the astronomy society hold its observing sessions?",
        values=("Coldharbour Farm", "Black Down car park", "Kielder Forest", "Wilton Hill"),
    ),
    Family(
        first="The society's loan telescope has a {v} mirror.",
        update="Committee swapped the loan scope for a different one; it has a {v} mirror.",
        restatement="The mirror on the loan telescope is {v} across.",
        question="How big is the mirror on the society's loan telescope?",
        values=("200mm", "250mm", "150mm", "300mm"),
    ),
)

PROBE19_POLAR = (
    # wedding planning
    Polar(
        statement="The wedding ceremony will be outdoors in the garden.",
        opposite="The forecast looks grim, so we've decided to hold the ceremony in the chapel.",
        restatement="We're doing the ceremony outside, in the garden.",
        question="Is the wedding ceremony outdoors?",
    ),
    # a child's primary school
    Polar(
        statement="Maya has school dinners every day.",
        opposite="Maya kept refusing the school food, so we've started sending her in with a packed lunch.",
        restatement="Maya eats the hot lunch the school provides.",
        question="Does Maya have school dinners?",
    ),
    # owning and maintaining a car
    Polar(
        statement="The car is still under the manufacturer's warranty.",
        opposite="The warranty ran out last month, so any repairs come out of our own pocket.",
        restatement="The manufacturer's warranty still covers the car.",
        question="Is the car under warranty?",
    ),
    # coaching a youth football team
    Polar(
        statement="Parents are allowed to watch training from the touchline.",
        opposite="The club has asked parents to wait in the car park during training from now on.",
        restatement="Mums and dads can stand on the touchline and watch the kids train.",
        question="Can parents watch training?",
    ),
    # office admin at a small architecture studio
    Polar(
        statement="The studio is open on Saturdays.",
        opposite="Nobody was coming in at weekends, so the studio stays locked on Saturdays.",
        restatement="People can come into the studio on a Saturday.",
        question="Is the studio open on Saturdays?",
    ),
    # wildlife photography as a hobby
    Polar(
        statement="I shoot everything in RAW.",
        opposite="My cards kept filling up, so I've gone over to JPEG only.",
        restatement="All my photos are captured as RAW files.",
        question="Do I shoot in RAW?",
    ),
    # running a yarn shop
    Polar(
        statement="The yarn shop runs a beginners' knitting class.",
        opposite="Since Jo left there's nobody to teach it, so we've dropped the beginners' class.",
        restatement="There's a knitting class for beginners at the shop.",
        question="Does the yarn shop run a beginners' class?",
    ),
    # amateur astronomy society
    Polar(
        statement="The society's observatory dome is open to the public.",
        opposite="After the vandalism last spring, the committee made the observatory dome members-only.",
        restatement="Anyone from the public can visit the society's observatory dome.",
        question="Can the public visit the observatory dome?",
    ),
)

PROBE19_NEAR_MISSES = (
    ("Maya's parents' evening is on 12 November.", "Ben's parents' evening is on 19 November."),
    ("The wedding reception is at Hartwell Manor.", "The rehearsal dinner is at the Rose and Crown."),
    (
        "We've invited the Patels to the wedding.",
        "We also invited the Okonjo family - their invitation went out today.",
    ),
    ("The car's oil was last changed at 42,000 miles.", "The cambelt on the car needs changing at 60,000 miles."),
    ("Under-10s training is on Tuesday evenings.", "The under-12s have moved their training to Thursday evenings."),
    ("The studio door code is 4821.", "The code for the bike store behind the studio is 3310."),
    ("My main camera is a Nikon Z6.", "I just bought a DJI Mini 4 drone for aerial shots."),
    ("The yarn shop is closed on Mondays.", "The yarn shop now shuts at 4 pm on Sundays."),
    (
        "The astronomy society meets on the first Friday of the month.",
        "The society's committee meets on the third Wednesday.",
    ),
    ("Jayden is the team captain this season.", "Sofia has been made vice-captain this season."),
    ("The client approved revision C2 of the floor plans.", "The client approved revision B1 of the elevations."),
    ("Mrs Okonkwo is Ben's class teacher.", "Mr Fairley is taking over the after-school chess club Ben goes to."),
)

PROBE19_LOOKALIKES = (
    (
        "What time is pickup at Maya's school?",
        "Pickup at Maya's school is at 3:15 pm.",
        "After-school club pickup has moved to 5:30 pm.",
    ),
    (
        "Where is the wedding reception?",
        "Our wedding reception is at Hartwell Manor.",
        "My cousin Leah's wedding reception has been switched to the Grand Hotel.",
    ),
    (
        "When is the car's next service?",
        "My car's next service is booked for 14 March.",
        "Sarah's car is now booked in for its service on 2 April.",
    ),
    (
        "Which evening do the under-10s train?",
        "The under-10s train on Tuesday evenings.",
        "The under-8s have changed their training to Wednesday evenings.",
    ),
    (
        "What is the studio door code?",
        "The door code for the studio is 4821.",
        "The code for the stationery cupboard in the studio was changed to 7390.",
    ),
    (
        "What is my main camera?",
        "My main camera is a Nikon Z6.",
        "My backup camera is a Canon R7 now.",
    ),
    (
        "How much is a ball of merino DK?",
        "A ball of the merino DK sells for £6.50.",
        "The alpaca chunky has gone up to £9.80 a ball.",
    ),
    (
        "Where does the astronomy society hold its observing sessions?",
        "The astronomy society's observing sessions are held at Coldharbour Farm.",
        "The society's summer barbecue has moved to Wilton Hill this year.",
    ),
    (
        "Who is Ben's class teacher?",
        "Ben's class teacher is Mrs Okonkwo.",
        "Ben's sister Maya has a new class teacher, Mr Fairley.",
    ),
    (
        "What size are the planning drawings printed at?",
        "We print the planning drawings at A1.",
        "The client presentation boards get printed at A0 from now on.",
    ),
)
