"""A forty-second set of wordings for bench/truth.py (``probe42``), written by an author who saw neither the code
nor the other sets: a vet practice's rota and suppliers, household bills, a university lab, a grandparent's care,
an amateur football team and a self-hosted home server. A development set.
"""

from truth_scenarios import Family, Polar

PROBE42_FAMILIES = (
    # --- a small veterinary practice ---
    Family(
        first="- Saturday morning surgery at Brookside Vets: {v}",
        update="Rota for next month is out and the Saturday morning surgeries at Brookside are down to {v}.",
        restatement="On Saturday mornings it's {v} seeing the patients at Brookside.",
        question="Who covers the Saturday morning surgery at Brookside Vets?",
        values=("Dr Okafor", "Dr Lindqvist", "Dr Patel", "Dr Moreau"),
    ),
    Family(
        first="Brookside Vets orders its medicines and consumables from {v}.",
        update=(
            "After three late deliveries in a row the practice manager moved Brookside's "
            "wholesale account to {v}, who promise next-day drops."
        ),
        restatement="Our drugs and clinical supplies at Brookside come through {v}.",
        question="Which wholesaler does Brookside Vets order its medicines from?",
        values=("Covetrus", "MWI Animal Health", "NVS", "Centaur Services"),
    ),
    Family(
        first="standard consult at brookside is {v} atm",
        update="The new price list went up in reception: a standard consultation at Brookside is {v}.",
        restatement="If you just book a normal appointment with one of the vets at Brookside, it costs {v}.",
        question="How much is a standard consultation at Brookside?",
        values=("£48", "£52", "£55.50", "£59"),
    ),
    Family(
        first="- clinical waste collection (Brookside): every {v}",
        update=(
            "The waste contractor changed its routes, so Brookside's clinical waste gets collected on {v} from now on."
        ),
        restatement="The sharps bins and yellow bags at Brookside are picked up each {v}.",
        question="What day is Brookside's clinical waste collected?",
        values=("Tuesday", "Thursday", "Monday", "Friday"),
    ),
    # --- household utilities and bills ---
    Family(
        first="Our gas and electricity are both with {v}.",
        update="Got the welcome pack from {v} this morning for the gas and electric, first bill due next month.",
        restatement="{v} supplies the house with gas as well as electricity.",
        question="Who is our energy supplier?",
        values=("Octopus Energy", "British Gas", "EDF", "Ovo"),
    ),
    Family(
        first="- broadband DD: {v} a month",
        update="Rang Plusnet when the contract ended and agreed a new deal, so the broadband is {v} a month.",
        restatement="Every month {v} goes out of the joint account for the internet.",
        question="How much is the broadband direct debit each month?",
        values=("£32.99", "£27.50", "£38", "£24.99"),
    ),
    Family(
        first="elec meter reading {v}, sent to the supplier",
        update="Took a photo of the electricity meter this morning and it said {v}.",
        restatement="The last number I read off the electricity meter was {v}.",
        question="What was the latest electricity meter reading?",
        values=("48213", "48650", "49102", "49577"),
    ),
    Family(
        first="Council tax comes out on the {v} of each month.",
        update="Because my payday moved, I asked the council to take the council tax on the {v} instead.",
        restatement="The {v} of the month is when the council tax direct debit is taken.",
        question="On which day of the month is the council tax paid?",
        values=("1st", "15th", "28th", "10th"),
    ),
    # --- a university lab ---
    Family(
        first="The Hartley group's standing slot on the confocal is {v}.",
        update="Imaging facility emailed the timetable for this term: the Hartley group has the confocal {v}.",
        restatement="{v} are when the Hartley group gets to use the confocal microscope.",
        question="When is the Hartley group's slot on the confocal?",
        values=("Tuesday afternoons", "Thursday mornings", "Monday evenings", "Friday mornings"),
    ),
    Family(
        first="the analysis PC in room 2.14 runs MATLAB {v}",
        update="IT upgraded the analysis PC in 2.14 over the weekend, so scripts need to work with MATLAB {v}.",
        restatement="MATLAB on the room 2.14 analysis machine is version {v}.",
        question="Which MATLAB version is on the analysis PC in room 2.14?",
        values=("R2021b", "R2023a", "R2023b", "R2024a"),
    ),
    Family(
        first="- flow cytometer superuser: {v}",
        update=(
            "With the previous superuser away on leave, {v} is handling training and sign-offs for the flow cytometer."
        ),
        restatement=(
            "Anyone who wants to be signed off on the flow cytometer has to be trained by {v}, who's the superuser."
        ),
        question="Who is the superuser for the flow cytometer?",
        values=("Priya Nair", "Tomasz Wójcik", "Helen Achterberg", "Kwame Mensah"),
    ),
    Family(
        first="Raw microscopy data for the group lives under {v} on the cluster.",
        update="After the storage migration, save all raw microscopy files to {v} rather than the old directory.",
        restatement="On the cluster, {v} is where the group's raw imaging data is kept.",
        question="Where on the cluster is the group's raw microscopy data stored?",
        values=("`/data/hartley/raw`", "`/mnt/shared/hartley`", "`/scratch/hartley_lab`", "`/groups/hartley/data`"),
    ),
    # --- a grandparent's care arrangements ---
    Family(
        first="Grandad's morning carer is {v}.",
        update="Care agency rang to say {v} is doing Grandad's morning calls, starting Monday.",
        restatement="It's {v} who comes in to get Grandad up, washed and dressed each morning.",
        question="Who is Grandad's morning carer?",
        values=("Bernadette", "Olu", "Sandra", "Marek"),
    ),
    Family(
        first="- Grandad's evening tablets: {v}",
        update=(
            "The GP thought the blood pressure pills were making him dizzy at night, so Grandad "
            "takes his evening tablets at {v} from now on."
        ),
        restatement="Grandad has his evening meds at {v} with a glass of water.",
        question="What time does Grandad take his evening tablets?",
        values=("6pm", "8pm", "7:30pm", "9pm"),
    ),
    Family(
        first="grandad's named GP at Millbrook Surgery is {v}",
        update="Letter from Millbrook Surgery came today saying {v} is Grandad's usual doctor.",
        restatement="At Millbrook Surgery, Grandad is on the list of {v}, who's the one he normally sees.",
        question="Who is Grandad's named GP?",
        values=("Dr Heaney", "Dr Rasmussen", "Dr Adeyemi", "Dr Collins"),
    ),
    Family(
        first="Grandad's repeat prescriptions are collected from {v}.",
        update="The old chemist stopped doing deliveries, so we moved Grandad's repeats over to {v}.",
        restatement="{v} is the chemist that makes up Grandad's repeat prescriptions.",
        question="Which pharmacy handles Grandad's repeat prescriptions?",
        values=("Boots on Station Road", "Lloyds in the Co-op", "Rowlands Pharmacy", "Well Pharmacy on Market Street"),
    ),
    # --- an amateur football team ---
    Family(
        first="Our home games are at {v}.",
        update="The council's pitch allocation for the season came through and we've got {v} for home fixtures.",
        restatement="When we're the home side we play at {v}.",
        question="Where does the team play its home games?",
        values=("Riverside Rec", "Hollins Park pitch 3", "St Anne's School field", "Canal Lane 3G"),
    ),
    Family(
        first="- match subs: {v} per player",
        update="After the AGM vote, subs are {v} a game to cover pitch hire and the ref.",
        restatement="Everyone chips in {v} each time they play a match.",
        question="How much are the match subs per player?",
        values=("£6", "£7", "£8.50", "£5"),
    ),
    Family(
        first="sunday league kick offs are {v}",
        update="League sent out the fixtures and every Sunday game kicks off at {v}.",
        restatement="Sunday matches start at {v}, so be at the ground an hour before.",
        question="What time do our Sunday games kick off?",
        values=("10:30am", "11am", "10am", "1pm"),
    ),
    Family(
        first="The home shirts are {v}.",
        update="The new sponsor paid for a fresh kit, so we're in {v} at home this year.",
        restatement="We wear {v} shirts whenever we're playing at home.",
        question="What colour are the home shirts?",
        values=("claret", "sky blue", "bottle green", "amber"),
    ),
    # --- a self-hosted home server ---
    Family(
        first="- NAS static IP: {v}",
        update="Swapped the router for the ISP's new one and gave the NAS a DHCP reservation at {v}.",
        restatement="The NAS answers on {v} on the home network.",
        question="What is the NAS's IP address?",
        values=("192.168.1.20", "192.168.1.50", "10.0.0.12", "192.168.0.200"),
    ),
    Family(
        first="nextcloud listens on port {v}",
        update=(
            "Jellyfin was already grabbing the old one, so I put the Nextcloud container on port "
            "{v} and updated the proxy."
        ),
        restatement="To reach Nextcloud on the LAN you hit port {v}.",
        question="Which port is Nextcloud on?",
        values=("8080", "8443", "9000", "8181"),
    ),
    Family(
        first="The nightly restic backup runs at {v}.",
        update=(
            "Plex's library scan was clashing with restic, so the nightly backup job fires at {v} "
            "to keep out of its way."
        ),
        restatement="Every night at {v} the server kicks off its restic backup.",
        question="What time does the nightly backup run?",
        values=("3am", "1:30am", "4:15am", "midnight"),
    ),
    Family(
        first="The home server runs Proxmox VE {v}.",
        update="Spent Saturday evening doing the upgrade and the box is on Proxmox VE {v} at last.",
        restatement="Proxmox VE {v} is what's installed on the home server.",
        question="Which version of Proxmox is the home server on?",
        values=("7.4", "8.0", "8.1", "8.2"),
    ),
)

PROBE42_POLAR = (
    Polar(
        statement="Brookside Vets is open on Sundays.",
        opposite="We've stopped opening Brookside on Sundays; weekend cover ends at Saturday lunchtime.",
        restatement="Clients can bring their pets into Brookside on a Sunday.",
        question="Is Brookside Vets open on Sundays?",
    ),
    Polar(
        statement="Brookside treats exotic pets.",
        opposite="Since the exotics vet left, Brookside refers reptiles and birds to another practice.",
        restatement="Brookside will see reptiles, birds and other exotics.",
        question="Does Brookside treat exotic pets?",
    ),
    Polar(
        statement="The gas bill is paid by direct debit.",
        opposite="Cancelled the gas direct debit after the overcharge, so I pay it by card when the bill comes.",
        restatement="Gas payments come straight out of the bank account automatically.",
        question="Is the gas bill paid by direct debit?",
    ),
    Polar(
        statement="The lab's -80 freezer is on the backup generator circuit.",
        opposite="Estates rewired the basement and the -80 freezer isn't on the generator circuit any more.",
        restatement="If the mains power cuts out, the -80 freezer keeps running off the backup generator.",
        question="Is the -80 freezer on the backup generator?",
    ),
    Polar(
        statement="Grandad can manage the stairs on his own.",
        opposite="Since his fall in March, Grandad needs someone with him on the stairs.",
        restatement="Grandad gets up and down the stairs without any help.",
        question="Can Grandad manage the stairs on his own?",
    ),
    Polar(
        statement="Grandad still drives.",
        opposite="Grandad handed over his car keys after the eye test and doesn't drive any more.",
        restatement="Grandad gets himself about in his own car.",
        question="Does Grandad still drive?",
    ),
    Polar(
        statement="The team trains right through the winter.",
        opposite="no training over december and january this year, pitches are too waterlogged",
        restatement="Training carries on every week even in the winter months.",
        question="Does the team train in the winter?",
    ),
    Polar(
        statement="The home server can be reached from outside the house.",
        opposite="Closed all the port forwards on the router, so the server is only reachable from the home network.",
        restatement="I can get to the home server from anywhere over the internet.",
        question="Can the home server be reached from outside the house?",
    ),
)

PROBE42_NEAR_MISSES = (
    ("Brookside charges £18 to clip a dog's nails.", "Brookside charges £18 to microchip a puppy."),
    ("Sophie does the Monday night on-call at Brookside.", "Sophie does the Thursday night on-call at Brookside."),
    ("The water meter read 00417 on 3 May.", "The gas meter read 00417 on 3 May."),
    ("The broadband contract ends on 14 August.", "The home insurance renews on 14 August."),
    (
        "The router's admin password is on the sticker underneath it.",
        "The wifi password is on the sticker underneath the router.",
    ),
    (
        "The Hartley group has the confocal on Thursday mornings.",
        "The Hartley group has the plate reader on Thursday mornings.",
    ),
    ("The analysis PC in room 2.14 runs MATLAB R2023b.", "The analysis PC in room 2.16 runs MATLAB R2023b."),
    ("Priya Nair trains new users on the flow cytometer.", "Priya Nair trains new users on the cell sorter."),
    ("Grandad takes his statin at 8pm.", "Grandad takes his water tablet at 8am."),
    ("Grandad's flu jab is booked for 12 October.", "Grandad's eye test is booked for 12 October."),
    ("Match subs are £7 per player.", "Training subs are £7 per player."),
    ("Jordan is the club captain.", "Jordan is the club treasurer."),
    ("Jellyfin listens on port 8096.", "Jellyfin's HTTPS port is 8920."),
    ("The restic backup runs every night at 3am.", "The ZFS scrub runs on the first Sunday of the month at 3am."),
)

PROBE42_LOOKALIKES = (
    (
        "Which wholesaler supplies Brookside's medicines?",
        "Brookside gets its medicines from Covetrus.",
        "Brookside's prescription pet food comes from Royal Canin.",
    ),
    (
        "Who does the Saturday morning surgery at Brookside?",
        "Dr Okafor does the Saturday morning surgery at Brookside.",
        "Dr Patel does the Wednesday afternoon operating list at Brookside.",
    ),
    ("Who is our broadband provider?", "Our broadband is with Plusnet.", "Our mobile phones are on Vodafone."),
    (
        "What was the last gas meter reading?",
        "Gas meter read 03188 this morning.",
        "Water meter read 00562 this morning.",
    ),
    (
        "When is the Hartley group's confocal slot?",
        "The Hartley group has the confocal on Tuesday afternoons.",
        "The Hartley group's lab meeting is on Thursday mornings.",
    ),
    (
        "Which Python version is the default on the cluster?",
        "The cluster's default Python is 3.11.",
        "The cluster's default CUDA is 12.2.",
    ),
    ("Who is Grandad's morning carer?", "Bernadette is Grandad's morning carer.", "Grandad's district nurse is Olu."),
    (
        "Which pharmacy does Grandad's prescriptions?",
        "Grandad's prescriptions go through Boots on Station Road.",
        "Grandad gets his hearing aid batteries from Specsavers on the High Street.",
    ),
    (
        "Where does the team play home games?",
        "Our home games are at Riverside Rec.",
        "We train at the Moor Lane astro on Wednesday nights.",
    ),
    (
        "Who sponsors the team's shirts?",
        "The shirt sponsor is Kelly's Plumbing.",
        "The match ball sponsor this season is Dunn's Bakery.",
    ),
    (
        "What port does the Nextcloud web interface use?",
        "The Nextcloud web interface is on port 8080.",
        "Nextcloud's Postgres database listens on port 5432.",
    ),
    (
        "What time does the server's nightly backup run?",
        "The server's nightly backup starts at 3am.",
        "The server's automatic container updates run at 4am each night.",
    ),
)
