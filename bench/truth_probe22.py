"""A twenty-second set of wordings for bench/truth.py (``probe22``), written by an author who saw neither the code
nor the other sets: beekeeping, allotment gardening, a micro-bakery, youth football coaching, a holiday let, a
podcast, amateur astronomy and a community choir.
"""

from truth_scenarios import Family, Polar

PROBE22_FAMILIES = (
    # beekeeping
    Family(
        first="We keep the hives at {v}.",
        update="The landowner wanted the field back for his sheep, so I've moved all the hives over to {v}.",
        restatement="Our apiary sits at {v}.",
        question="Where are the beehives kept?",
        values=(
            "Hollins Farm",
            "the back of St Mary's churchyard",
            "Mrs Pengelly's orchard",
            "the allotment site on Crane Lane",
        ),
    ),
    Family(
        first="I treat the colonies for varroa with {v}.",
        update="After the mite count came back sky-high in August I gave up on the old stuff — it's {v} now.",
        restatement="Varroa treatment for the colonies is {v}.",
        question="What do I use to treat the bees for varroa?",
        values=("Apivar", "oxalic acid", "Api-Bioxal", "MAQS strips"),
    ),
    Family(
        first="We sell our honey at {v} a jar.",
        update="Honey's {v} a jar from now on.",
        restatement="A jar of our honey costs {v}.",
        question="How much is a jar of our honey?",
        values=("£6", "£7.50", "£8", "£9.25"),
    ),
    # allotment gardening
    Family(
        first="Our allotment is plot {v} at Fernhill.",
        update="We swapped with the Okafors because ours kept flooding every winter, so we're on plot {v} now.",
        restatement="At Fernhill we rent plot {v}.",
        question="Which plot number is our allotment?",
        values=("14", "27b", "3", "41"),
    ),
    Family(
        first="The allotment rent is {v} a year.",
        update="Got the renewal letter from the council this morning: the plot rent is {v} a year now.",
        restatement="We pay {v} annually for the plot.",
        question="How much is the allotment rent per year?",
        values=("£45", "£62", "£80", "£38.50"),
    ),
    Family(
        first="The site secretary at the allotments is {v}.",
        update="{v} took over as site secretary at the AGM on Sunday.",
        restatement="Anything for the allotment committee goes to {v}, our site secretary.",
        question="Who is the allotment site secretary?",
        values=("Dave Whitlock", "Priya Nair", "Maureen Foss", "Tom Ashby"),
    ),
    # micro-bakery
    Family(
        first="I start the first bake at {v}.",
        update="Since we took on the café order I've had to rejig my mornings, so the first bake starts at {v} now.",
        restatement="The first loaves go in at {v}.",
        question="What time does the first bake start?",
        values=("4am", "3:30am", "5:15am", "4:45am"),
    ),
    Family(
        first="All our bread flour comes from {v}.",
        update="The deliveries kept turning up late, so we switched the flour order over to {v}.",
        restatement="We buy our bread flour from {v}.",
        question="Who supplies our bread flour?",
        values=("Shipton Mill", "Wessex Mill", "Marriage's", "Gilchesters"),
    ),
    Family(
        first="The Corner Café takes {v} sourdough loaves from us every Friday.",
        update="Corner Café rang — they want {v} sourdoughs on Fridays going forward.",
        restatement="Every Friday we drop {v} sourdough loaves at the Corner Café.",
        question="How many sourdough loaves does the Corner Café order on Fridays?",
        values=("12", "20", "8", "15"),
    ),
    # youth football coaching
    Family(
        first="The under-11s train on {v}.",
        update="The pitch kept getting double-booked with the rugby lot, so training is {v} these days.",
        restatement="The under-11s have their training sessions on {v}.",
        question="When do the under-11s train?",
        values=("Tuesday evenings", "Thursday evenings", "Saturday mornings", "Wednesdays after school"),
    ),
    Family(
        first="{v} is captain of the under-11s this season.",
        update="We've been rotating the armband, and this month it's gone to {v}.",
        restatement="The under-11s are captained by {v}.",
        question="Who captains the under-11s?",
        values=("Alfie Brennan", "Maya Osei", "Charlie Ng", "Isla Doherty"),
    ),
    Family(
        first="Our home kit is {v}.",
        update="The new sponsor, Hartley's Garage, paid for a fresh set of shirts, so at home we play in {v} now.",
        restatement="At home the team turns out in {v}.",
        question="What colour is the home kit?",
        values=("red and black", "sky blue", "all yellow", "green and white hoops"),
    ),
    # holiday let
    Family(
        first="The key safe code at Gull Cottage is {v}.",
        update="Reset the key safe after the last guests left, new code's {v}.",
        restatement="Guests open the key box at Gull Cottage with {v}.",
        question="What's the code for the cottage key safe?",
        values=("4172", "0935", "2268", "7710"),
    ),
    Family(
        first="{v} does the changeovers at Gull Cottage.",
        update="Our old cleaner has retired to Spain, bless her, so the changeovers have been taken on by {v}.",
        restatement="Changeover cleans at Gull Cottage are handled by {v}.",
        question="Who cleans Gull Cottage between guests?",
        values=("Sandra Polglase", "Kernow Clean Co", "Jen from the village", "Marek Nowak"),
    ),
    Family(
        first="We charge {v} a night in peak season.",
        update=(
            "Had a proper look at what everyone else on the harbour charges "
            "and redid our prices — summer nights are {v} now."
        ),
        restatement="A night at the cottage in high season costs guests {v}.",
        question="What's the peak-season nightly rate?",
        values=("£145", "£180", "£210", "£165"),
    ),
    # podcast
    Family(
        first="New episodes go out every {v}.",
        update="Switching release day to {v}.",
        restatement="Our episodes are released on {v}s.",
        question="What day do new episodes come out?",
        values=("Monday", "Wednesday", "Friday", "Sunday"),
    ),
    Family(
        first="I record on a {v}.",
        update="Finally upgraded! The old mic's on eBay and I've been recording with a {v} since last week.",
        restatement="My recording mic is a {v}.",
        question="Which microphone do I record with?",
        values=("Shure SM7B", "Rode PodMic", "Blue Yeti", "Samson Q2U"),
    ),
    Family(
        first="The episodes are edited by {v}.",
        update="Neither of us had the time anymore, so we've handed the editing over to {v}.",
        restatement="Our editor is {v}.",
        question="Who edits the podcast episodes?",
        values=("Hannah Cole", "SoundBooth Studios", "my brother Rob", "Kofi Mensah"),
    ),
    # amateur astronomy
    Family(
        first="My main telescope is a {v}.",
        update="Sold my old scope at the star party and put the money towards a {v}, which is what I use now.",
        restatement="The scope I use most is a {v}.",
        question="What's my main telescope?",
        values=("Skywatcher 200P Dobsonian", "Celestron NexStar 8SE", "William Optics RedCat 51", "Meade LX90"),
    ),
    Family(
        first="I go observing at {v}.",
        update="The new retail park has wrecked the sky round here, so I drive out to {v} instead these days.",
        restatement="My dark-sky spot is {v}.",
        question="Where do I go to observe?",
        values=("Kielder", "Dunkery Beacon", "the top of Bredon Hill", "Galloway Forest Park"),
    ),
    Family(
        first="The astronomical society meets on the {v} of each month.",
        update="The hall's taken for bingo now, so the society has shifted its meetings to the {v} of the month.",
        restatement="Society meetings are held on the {v} of every month.",
        question="When does the astronomical society meet?",
        values=("first Tuesday", "second Thursday", "last Friday", "third Wednesday"),
    ),
    # community choir
    Family(
        first="Our musical director is {v}.",
        update="Since the old MD moved up to Leeds, {v} has stepped in to run the choir.",
        restatement="The choir is conducted by {v}.",
        question="Who's the choir's musical director?",
        values=("Gillian Rowe", "Oliver Marsh", "Dr Anita Sharma", "Ben Tuckwell"),
    ),
    Family(
        first="Choir rehearsals are in {v}.",
        update="They're redoing the roof where we used to meet, so we're rehearsing in {v} for the time being.",
        restatement="We rehearse in {v}.",
        question="Where does the choir rehearse?",
        values=("St Andrew's church hall", "the Quaker meeting house", "the school music room", "the Memorial Hall"),
    ),
    Family(
        first="The spring concert is on {v}.",
        update="The venue double-booked us, so the spring concert has been pushed to {v}.",
        restatement="We're singing the spring concert on {v}.",
        question="When is the spring concert?",
        values=("14 March", "22 March", "5 April", "29 March"),
    ),
)

PROBE22_POLAR = (
    # beekeeping
    Polar(
        statement="The hive by the hedge has a queen excluder in it.",
        opposite="I've pulled the queen excluder out of the hedge hive — they were refusing to go up into the super.",
        restatement="There's an excluder fitted in the hive by the hedge.",
        question="Does the hive by the hedge have a queen excluder in it?",
    ),
    # allotment gardening
    Polar(
        statement="We leave the allotment shed unlocked so the neighbours can borrow tools.",
        opposite="After the strimmer went missing we've started padlocking the shed.",
        restatement="The shed on our plot is left open for the neighbours.",
        question="Is our allotment shed left unlocked?",
    ),
    # micro-bakery
    Polar(
        statement="We do a gluten-free loaf on Saturdays.",
        opposite=(
            "Dropped the gluten-free loaf from the Saturday line-up; the cross-contamination risk wasn't worth it."
        ),
        restatement="On Saturdays there's a gluten-free loaf on offer.",
        question="Do we sell a gluten-free loaf on Saturdays?",
    ),
    # youth football coaching
    Polar(
        statement="Parents are allowed on the touchline during matches.",
        opposite="The league has banned parents from the touchline after last month's shouting match.",
        restatement="Mums and dads can stand along the touchline at games.",
        question="Can parents watch from the touchline during matches?",
    ),
    # holiday let
    Polar(
        statement="Dogs are welcome at Gull Cottage.",
        opposite="After the last spaniel chewed through the skirting boards, Gull Cottage has gone pet-free.",
        restatement="We take bookings from guests bringing dogs to Gull Cottage.",
        question="Do we allow dogs at Gull Cottage?",
    ),
    # podcast
    Polar(
        statement="The show has a Patreon.",
        opposite="We shut the Patreon down in March; hardly anyone was on it.",
        restatement="Listeners can support the podcast through Patreon.",
        question="Does the podcast have a Patreon?",
    ),
    # amateur astronomy
    Polar(
        statement="The motor on the observatory dome works.",
        opposite="The dome motor packed in last night, so we're back to pushing it round by hand.",
        restatement="The observatory dome rotates fine under power.",
        question="Is the observatory dome motor working?",
    ),
    # community choir
    Polar(
        statement="The choir is taking on new tenors.",
        opposite="We're full for tenors now, so that section's closed to newcomers.",
        restatement="We're recruiting tenors at the moment.",
        question="Is the choir accepting new tenors?",
    ),
)

PROBE22_NEAR_MISSES = (
    # beekeeping
    ("Hive two gave us 18 jars of honey this year.", "Hive five gave us 11 jars of honey this year."),
    ("The new queen in the hedge hive is marked blue.", "The new queen in the gate hive is marked white."),
    # allotment gardening
    ("We planted the broad beans in the top bed.", "We planted the garlic in the bottom bed."),
    # micro-bakery
    ("I bake the rye on Tuesdays.", "I bake the focaccia on Thursdays."),
    ("The Corner Café takes 12 sourdough loaves on Fridays.", "The Corner Café takes 6 rye loaves on Tuesdays."),
    # youth football coaching
    ("The under-11s' next away game is at Hartley Park.", "The under-9s' next away game is at Brook Lane."),
    ("Maya plays left back for the under-11s.", "Maya's brother Kwame plays in goal for the under-9s."),
    # holiday let
    (
        "The Hendersons have booked Gull Cottage for the first week of August.",
        "The Patels have booked Gull Cottage for the second week of August.",
    ),
    ("The cottage boiler was serviced in May.", "The cottage chimney was swept in October."),
    # podcast
    ("Episode 40 is an interview with a lighthouse keeper.", "Episode 41 is an interview with a falconer."),
    # amateur astronomy
    ("I photographed the Orion Nebula on Saturday night.", "I photographed the Andromeda Galaxy on Sunday night."),
    # community choir
    ("The altos are learning the Rutter this term.", "The basses are learning the Vaughan Williams this term."),
)

PROBE22_LOOKALIKES = (
    # beekeeping
    ("How much is a jar of our honey?", "A jar of our honey is £7.50.", "A tin of our beeswax polish is now £5."),
    # allotment gardening
    (
        "Who is the allotment site secretary?",
        "Priya Nair is the allotment site secretary.",
        "Tom Ashby has just become the allotment site treasurer.",
    ),
    # micro-bakery
    (
        "What time does the first bake start?",
        "I start the first bake at 4am.",
        "The café delivery run now starts at 7am.",
    ),
    (
        "How many sourdough loaves does the Corner Café order on Fridays?",
        "The Corner Café takes 20 sourdough loaves every Friday.",
        "The Corner Café now takes 10 croissants every Saturday.",
    ),
    # youth football coaching
    (
        "Who captains the under-11s?",
        "Isla Doherty captains the under-11s.",
        "Charlie Ng has been made captain of the under-9s.",
    ),
    ("What colour is the home kit?", "Our home kit is sky blue.", "Our away kit is all black now."),
    # holiday let
    (
        "What's the code for the cottage key safe?",
        "The key safe code at Gull Cottage is 4172.",
        "The padlock on the bike shed at Gull Cottage is now 3390.",
    ),
    # podcast
    (
        "What day do new episodes come out?",
        "New podcast episodes go out every Wednesday.",
        "Our newsletter goes out every Friday from now on.",
    ),
    # amateur astronomy
    (
        "Where do I go to observe?",
        "I go observing at Kielder.",
        "My cousin Rhys has started observing up on the Brecon Beacons.",
    ),
    # community choir
    (
        "Who's the choir's musical director?",
        "Our musical director is Oliver Marsh.",
        "Dr Anita Sharma is our new accompanist.",
    ),
)
