"""A thirteenth set of wordings for bench/truth.py (``probe13``), written by an author who saw neither the code nor
the other sets: a small restaurant, a band, a landlord, a cyclist, caring for a parent, a home lab, a food bank,
PhD lab work.
"""

from truth_scenarios import Family, Polar

PROBE13_FAMILIES = (
    # small restaurant owner
    Family(
        first="We get our fish delivered by {v}.",
        update="Their prices kept creeping up, so from next week the fish comes from {v} instead.",
        restatement="{v} is the supplier that brings in all the fish for the kitchen.",
        question="Which company supplies the restaurant's fish?",
        values=("Brixham Fish Co", "Atlantic Catch", "Harbour Fresh", "Mackie & Sons"),
    ),
    Family(
        first="This week's lunch special is {v}.",
        update="I rewrote the specials board this morning: the lunch special is {v} now.",
        restatement="For lunch this week we're featuring {v} as the special.",
        question="What's on the lunch special this week?",
        values=("mushroom risotto", "lamb tagine", "fish pie", "chicken katsu curry"),
    ),
    Family(
        first="{v} closes up the restaurant on Friday nights.",
        update="The team swapped rotas, so it'll be {v} locking up after the Friday dinner service.",
        restatement="The Friday late shift, including cashing up and closing, is covered by {v}.",
        question="Who is doing the Friday closing shift?",
        values=("Tomasz", "Priya", "Declan", "Ines"),
    ),
    # musician in a band
    Family(
        first="The band rehearses every {v} evening at the studio.",
        update="Since our drummer started night classes, practice has moved to {v} evenings.",
        restatement="{v} evenings are when we all meet at the studio to practise.",
        question="Which night does the band practise?",
        values=("Tuesday", "Thursday", "Wednesday", "Sunday"),
    ),
    Family(
        first="Our next gig is at {v} on the 21st.",
        update="Heads up: the promoter double-booked, so our show on the 21st is happening at {v}.",
        restatement="On the 21st we're playing a set at {v}.",
        question="Where is the band playing next?",
        values=("the Crown and Anchor", "the Leadmill", "Bar Loco", "the Railway Tavern"),
    ),
    # landlord with two rental flats
    Family(
        first="The tenant in flat 2 pays {v} a month in rent.",
        update="After the annual review, rent for flat 2 will be {v} a month from June.",
        restatement="Flat 2 brings in {v} every month.",
        question="How much is the monthly rent on flat 2?",
        values=("£850", "£895", "£920", "£875"),
    ),
    Family(
        first="Flat 1 is let to {v}.",
        update="The old tenancy in flat 1 ended last week and {v} has signed the new lease.",
        restatement="{v} is the person currently renting flat 1.",
        question="Who is the tenant in flat 1?",
        values=("Olivia Grant", "Marcus Bell", "Sanjay Mehta", "Hannah Cole"),
    ),
    # amateur cyclist training for a race
    Family(
        first="My training plan has me riding {v} a week right now.",
        update="Coach set my weekly volume at {v} for the next block.",
        restatement="Each week I'm supposed to cover {v} on the bike.",
        question="How far am I meant to ride each week?",
        values=("180 km", "220 km", "250 km", "200 km"),
    ),
    Family(
        first="I weighed in at {v} this morning.",
        update="Stepped on the scales after the long ride and I'm {v} now.",
        restatement="My current body weight is {v}.",
        question="How much do I weigh at the moment?",
        values=("74 kg", "72.5 kg", "71 kg", "73 kg"),
    ),
    # caring for an elderly parent
    Family(
        first="Mum takes {v} of amlodipine every morning.",
        update="The GP reviewed her blood pressure and changed Mum's amlodipine to {v} a day.",
        restatement="Each morning Mum's amlodipine dose is {v}.",
        question="What dose of amlodipine is Mum on?",
        values=("5 mg", "2.5 mg", "10 mg", "7.5 mg"),
    ),
    Family(
        first="Mum's morning carer arrives at {v}.",
        update="The care agency rang: from Monday the morning visit will be at {v}.",
        restatement="At {v} each day, the carer comes in to help Mum get up.",
        question="What time does the carer come in the morning?",
        values=("8:30 am", "9:15 am", "7:45 am", "10:00 am"),
    ),
    # home-lab / self-hosting hobbyist
    Family(
        first="The NAS sits at {v} on the home network.",
        update="I gave the NAS a static lease on the router, so it's reachable on {v} from now on.",
        restatement="To get to the NAS, point your browser at {v}.",
        question="What's the NAS's IP address?",
        values=("192.168.1.50", "192.168.1.20", "10.0.0.5", "192.168.50.10"),
    ),
    Family(
        first="My Nextcloud server is running version {v}.",
        update="Ran the upgrade last night; Nextcloud is on {v}.",
        restatement="The installed Nextcloud release is {v}.",
        question="Which version of Nextcloud is on the server?",
        values=("27.1.3", "28.0.1", "28.0.4", "29.0.0"),
    ),
    Family(
        first="Proxmox keeps backup snapshots for {v} before pruning them.",
        update="The backup disk was filling up, so I set the snapshot retention to {v}.",
        restatement="Old snapshots get deleted once they are {v} old.",
        question="How long are the backup snapshots kept?",
        values=("14 days", "30 days", "7 days", "60 days"),
    ),
    # volunteer coordinator at a food bank
    Family(
        first="We need {v} volunteers for the Saturday distribution.",
        update="With the school holidays bringing more families in, Saturday needs {v} people on the rota.",
        restatement="The Saturday food parcel shift takes {v} volunteers to run.",
        question="How many volunteers does the Saturday shift need?",
        values=("12", "15", "9", "18"),
    ),
    Family(
        first="Volunteers at the food bank wear {v} vests so clients can spot them.",
        update="The new batch of vests arrived and they're {v}, so that's what everyone wears from today.",
        restatement="You can recognise our volunteers by their {v} vests.",
        question="What colour vests do the food bank volunteers wear?",
        values=("orange", "yellow", "lime green", "blue"),
    ),
    # PhD student's lab work
    Family(
        first="My draft of chapter three is due to my supervisor on {v}.",
        update="Dr Okafor is away at a conference, so she's asked for the chapter three draft by {v}.",
        restatement="I have to hand chapter three to my supervisor by {v}.",
        question="When is the chapter three draft due?",
        values=("14 March", "2 April", "19 April", "6 May"),
    ),
    Family(
        first="I cast my gels at {v} agarose for the PCR products.",
        update="My supervisor said the bands looked smeared, so I'm switching the gels to {v} agarose.",
        restatement="The agarose concentration in my gels is {v}.",
        question="What percentage agarose are my gels?",
        values=("1%", "1.5%", "2%", "0.8%"),
    ),
)

PROBE13_POLAR = (
    Polar(
        "We serve Sunday brunch at the restaurant",
        "We've stopped doing Sunday brunch at the restaurant",
        "The restaurant offers a brunch menu on Sundays",
        "Does the restaurant still do Sunday brunch?",
    ),
    Polar(
        "Jake is the band's drummer",
        "Jake quit the band, so he isn't our drummer anymore",
        "Jake plays drums for us",
        "Is Jake still drumming in the band?",
    ),
    Polar(
        "Pets are allowed in flat 1",
        "Pets are banned in flat 1",
        "The tenant in flat 1 is permitted to keep animals",
        "Can the flat 1 tenant keep a pet?",
    ),
    Polar(
        "My race bike is set up tubeless",
        "I went back to inner tubes on my race bike",
        "I'm running the race bike's tyres without inner tubes",
        "Are the tyres on my race bike tubeless?",
    ),
    Polar(
        "Dad takes warfarin",
        "Dad's warfarin has been discontinued",
        "Dad is on warfarin as his blood thinner",
        "Is Dad taking warfarin?",
    ),
    Polar(
        "Remote SSH access to the home server is enabled",
        "I've disabled remote SSH access to the home server",
        "The home server accepts SSH logins from outside the house",
        "Can I SSH into the home server from outside?",
    ),
    Polar(
        "The food bank accepts donations of fresh produce",
        "The food bank no longer takes fresh produce donations",
        "People can donate fresh fruit and vegetables to the food bank",
        "Does the food bank take fresh produce?",
    ),
    Polar(
        "My ethics application has been approved",
        "My ethics application was rejected",
        "The ethics committee signed off on my application",
        "Has my ethics application been approved?",
    ),
)

PROBE13_LOOKALIKES = (
    # (a question, the fact that answers it, a NEWER DIFFERENT fact of the same kind that must NOT replace it)
    (
        "When does the vegetable delivery arrive?",
        "The vegetable delivery arrives at 6:30 am on weekdays",
        "The dairy delivery arrives at 7:15 am on weekdays",
    ),
    (
        "How much is the lamb shank on the menu?",
        "The lamb shank is £18.50 on the dinner menu",
        "The lamb burger is £14 on the lunch menu",
    ),
    (
        "How long is our set at the Leadmill?",
        "Our set at the Leadmill is 45 minutes",
        "The support band's set at the Leadmill is 30 minutes",
    ),
    (
        "When is the boiler in flat 2 being serviced?",
        "The boiler in flat 2 is being serviced on 12 April",
        "The gas safety check for flat 1 is on 20 April",
    ),
    (
        "How much was the deposit for flat 1?",
        "The deposit for flat 1 is £1,100",
        "The new tenant in flat 2 paid a £950 deposit",
    ),
    (
        "Which month is my target race?",
        "My target race, the Tour of the Peak, is in September",
        "The club's team time trial is in July",
    ),
    (
        "When is Mum's cardiology appointment?",
        "Mum's cardiology appointment is on Tuesday 9 May at 2 pm",
        "Mum's eye clinic appointment is on Thursday 18 May at 10 am",
    ),
    (
        "What port does Jellyfin run on?",
        "Jellyfin is served on port 8096",
        "I put Home Assistant on port 8123",
    ),
    (
        "What day do we collect the Tesco donations?",
        "We collect the Tesco donations every Monday",
        "The Co-op donation collection is on Wednesdays",
    ),
    (
        "Who is my second supervisor?",
        "My second supervisor is Dr Helen Marsh",
        "My lab mate's second supervisor is Dr Paul Reyes",
    ),
)
