"""A sixteenth set of wordings for bench/truth.py (``probe16``), written by an author who saw neither the code nor
the other sets: data science, beekeeping, a teenager, photo bookings, diabetes, a choir, sysadmin, commuting.
"""

from truth_scenarios import Family, Polar

PROBE16_FAMILIES = (
    # a data scientist's experiments and infrastructure
    Family(
        first="The nightly training job for the churn model runs on a GPU with {v} of memory.",
        update=("We moved the churn model's nightly training onto the new cluster, where the GPU has {v} of memory."),
        restatement="Each night the churn model is trained on a card carrying {v} of VRAM.",
        question="How much GPU memory does the churn model train on?",
        values=("24 GB", "40 GB", "48 GB", "80 GB"),
    ),
    Family(
        first="Our experiment tracking server runs MLflow {v}.",
        update="After the security advisory, Priya upgraded the tracking server to MLflow {v} over the weekend.",
        restatement="The MLflow release installed on the box that logs our experiments is {v}.",
        question="Which version of MLflow is the tracking server on?",
        values=("2.9.2", "2.11.3", "2.12.1", "2.14.0"),
    ),
    Family(
        first="The new ranking model gets {v} of traffic in the A/B test.",
        update="Early metrics looked healthy, so we ramped the ranking experiment's treatment arm to {v}.",
        restatement="In the ranking A/B test, {v} of users are served by the new model.",
        question="What share of traffic is the new ranking model receiving?",
        values=("10%", "20%", "25%", "50%"),
    ),
    # a beekeeper
    Family(
        first="I keep {v} hives at the orchard site.",
        update="Between the spring splits and one colony lost over winter, the orchard apiary now has {v} hives.",
        restatement="Out at the orchard there are {v} colonies of mine.",
        question="How many hives are at the orchard?",
        values=("six", "eight", "nine", "eleven"),
    ),
    Family(
        first="I treat all the colonies for varroa mites in {v}.",
        update="The mite drop counts were high this summer, so the varroa treatment is going on in {v}.",
        restatement="{v} is the month when every colony gets its mite treatment.",
        question="When do my bees get their varroa treatment?",
        values=("August", "September", "July", "October"),
    ),
    # a parent of a teenager
    Family(
        first="Jake has basketball practice on {v} evenings.",
        update=(
            "Coach Reyes texted that the gym is double-booked, so practice is on {v} evenings "
            "for the rest of the season."
        ),
        restatement="Every {v} evening, Jake heads off to train with his basketball team.",
        question="Which night does Jake have basketball?",
        values=("Tuesday", "Wednesday", "Thursday", "Monday"),
    ),
    Family(
        first="Sophie's weekly allowance is {v}.",
        update="Since Sophie took over walking the dog, we give her {v} a week.",
        restatement="Each week Sophie gets {v} in pocket money from us.",
        question="What do we pay Sophie each week?",
        values=("$15", "$20", "$25", "$12"),
    ),
    # a freelance photographer's bookings
    Family(
        first="The Hartley wedding shoot is booked for {v}.",
        update="The Hartleys' venue flooded, and they've rebooked me for {v} at a different hall.",
        restatement="I'm photographing the Hartley wedding on {v}.",
        question="What date is the Hartley wedding I'm shooting?",
        values=("June 14", "June 21", "July 5", "August 2"),
    ),
    Family(
        first="Clients receive their edited gallery within {v} of the shoot.",
        update="With a second editor on board, I'm promising finished galleries in {v}.",
        restatement="After a session, it takes me no more than {v} to deliver the retouched photos.",
        question="How long do clients wait for their edited pictures?",
        values=("two weeks", "ten days", "three weeks", "five business days"),
    ),
    # someone managing their diabetes
    Family(
        first="I inject {v} of Lantus at bedtime.",
        update="Dr. Okafor looked at my fasting numbers and put my bedtime Lantus dose at {v}.",
        restatement="My long-acting insulin before sleep is {v} of Lantus.",
        question="How much Lantus do I take at night?",
        values=("18 units", "20 units", "22 units", "16 units"),
    ),
    Family(
        first="My target for blood sugar before meals is {v}.",
        update="At my review the diabetes nurse said to aim for {v} before eating from now on.",
        restatement="I try to keep my pre-meal glucose readings within {v}.",
        question="What range should my glucose be in before I eat?",
        values=("80 to 130 mg/dL", "90 to 130 mg/dL", "80 to 120 mg/dL", "100 to 140 mg/dL"),
    ),
    # a community choir organiser
    Family(
        first="The community choir rehearses at {v}.",
        update=("The roof repairs mean our usual room is off limits, so we're rehearsing at {v} until further notice."),
        restatement="Our weekly choir practice takes place at {v}.",
        question="Where does the choir practise?",
        values=(
            "St. Anne's church hall",
            "the Riverside Community Centre",
            "Kingsley Primary School",
            "the library annex",
        ),
    ),
    Family(
        first="{v} plays piano for the choir.",
        update="Our old pianist retired after the spring concert, and {v} has agreed to accompany us from September.",
        restatement="The choir's accompanist at the keyboard is {v}.",
        question="Who accompanies the choir on piano?",
        values=("Margaret Ellis", "Tom Baptiste", "Ines Kowalski", "Harold Finch"),
    ),
    Family(
        first="For concerts, the choir wears {v} scarves.",
        update="We voted at the AGM, and this year's concert scarves are {v}.",
        restatement="Every singer puts on a {v} scarf when we perform.",
        question="What colour are the choir's concert scarves?",
        values=("burgundy", "navy", "dark green", "gold"),
    ),
    # a sysadmin at a small company
    Family(
        first="The file server's nightly backup starts at {v}.",
        update=(
            "The backup kept colliding with the database maintenance window, "
            "so I rescheduled the file server job for {v}."
        ),
        restatement="Every night at {v} the backup of the file server kicks off.",
        question="When does the file server get backed up?",
        values=("1:00 am", "2:30 am", "11:45 pm", "3:15 am"),
    ),
    Family(
        first="Staff connect to the office network through {v}.",
        update="Heads up to remote users: from Monday you'll be getting into the office network with {v}.",
        restatement="{v} is the VPN everyone uses to reach the office from outside.",
        question="Which VPN do remote staff use?",
        values=("WireGuard", "OpenVPN", "Tailscale", "Cisco AnyConnect"),
    ),
    # a long-distance commuter
    Family(
        first="My morning train to Leeds leaves at {v}.",
        update="Under the December timetable, the Leeds train I catch departs at {v}.",
        restatement="Each weekday I board the {v} service to Leeds.",
        question="When does my usual train into Leeds depart?",
        values=("6:42 am", "6:55 am", "7:08 am", "6:30 am"),
    ),
    Family(
        first="I leave the car in the {v} car park at Hebden station.",
        update="They've shut my usual lot for resurfacing, so I'm parking in the {v} car park at Hebden station now.",
        restatement="At Hebden station, my car spends the day in the {v} lot.",
        question="Which car park do I use at the station?",
        values=("north", "east", "overflow", "west"),
    ),
)

PROBE16_POLAR = (
    Polar(
        "The fraud model is live in production",
        "We pulled the fraud model out of production",
        "Production transactions are being scored by the fraud model",
        "Is the fraud model deployed in production?",
    ),
    Polar(
        "The hive by the shed is queenright",
        "The hive by the shed has lost its queen",
        "There is a laying queen in the colony next to the shed",
        "Does the shed hive have a queen?",
    ),
    Polar(
        "Lily is allowed to drive the family car to school",
        "After the speeding ticket, Lily is banned from taking the car to school",
        "Lily has our permission to take the family car when she goes to school",
        "Can Lily drive the car to school?",
    ),
    Polar(
        "I'm taking bookings for December weddings",
        "My December calendar is closed to new wedding bookings",
        "Couples can still reserve me for a wedding in December",
        "Can couples book me for a December wedding?",
    ),
    Polar(
        "I take metformin with breakfast",
        "My doctor took me off metformin, so I don't have it with breakfast anymore",
        "Every morning my breakfast comes with a metformin tablet",
        "Do I take metformin in the morning?",
    ),
    Polar(
        "The choir is singing at the Christmas market this year",
        "The choir's Christmas market performance has been cancelled",
        "We have a slot to perform at this year's Christmas market",
        "Will the choir perform at the Christmas market?",
    ),
    Polar(
        "Two-factor authentication is enforced on company email accounts",
        "We turned off the two-factor requirement for company email",
        "Every company mailbox requires a second login factor",
        "Is two-factor authentication required for company email?",
    ),
    Polar(
        "My season pass is valid on the express trains",
        "My season pass can't be used on express trains since the fare change",
        "I can ride the fast services on my season ticket",
        "Does my pass cover the express trains?",
    ),
)

PROBE16_LOOKALIKES = (
    (
        "How many epochs does the image classifier train for?",
        "The image classifier trains for 40 epochs",
        "The text classifier we started last week trains for 12 epochs",
    ),
    (
        "How much honey did the orchard hives produce this year?",
        "The orchard hives gave 38 kg of honey this year",
        "The hives on the allotment produced 21 kg of honey this year",
    ),
    (
        "What is Jake's curfew on school nights?",
        "Jake has to be home by 9 pm on school nights",
        "Jake's sister Nora can stay out until 10 pm on school nights",
    ),
    (
        "What time does the Chen family portrait session start?",
        "The Chen family portrait session starts at 4 pm at Lakeside Park",
        "The Alvarez engagement shoot starts at 6 pm at the old mill",
    ),
    (
        "What is my insulin-to-carb ratio at breakfast?",
        "At breakfast I take 1 unit of insulin for every 8 grams of carbs",
        "My dinner ratio is 1 unit of insulin for every 12 grams of carbs",
    ),
    (
        "When is our choir's spring concert?",
        "Our choir's spring concert is on Saturday, April 26",
        "The children's choir is holding its spring showcase on Sunday, May 4",
    ),
    (
        "What is the IP address of the upstairs printer?",
        "The upstairs printer is at 192.168.1.40",
        "The new label printer in the warehouse got the address 192.168.1.57",
    ),
    (
        "When does our antivirus licence expire?",
        "Our antivirus licence runs out on March 31",
        "The firewall support contract expires on June 30",
    ),
    (
        "Which platform does my evening train home leave from?",
        "My evening train home leaves from platform 4",
        "The morning train into the city now departs from platform 9",
    ),
    (
        "How much does a day of parking cost at Hebden station?",
        "Daily parking at Hebden station costs $8",
        "The multi-storey next to the Leeds office charges $14 a day",
    ),
)
