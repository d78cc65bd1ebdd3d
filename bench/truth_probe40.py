"""A fortieth set of wordings for bench/truth.py (``probe40``), written by an author who saw neither the code
nor the other sets: a dental practice, a landlord's rental flats, a climbing gym, a school PTA, a food truck, a
photography studio, a family car and its insurance, as sentences, notes, chat and hearsay. Held out: only its
totals are looked at.
"""

from truth_scenarios import Family, Polar

PROBE40_FAMILIES = (
    # --- dental practice ---
    Family(
        first="Dr. Okafor's hygienist appointments are {v} long.",
        update="The practice has moved hygienist slots to {v} now that they've taken on a second hygienist.",
        restatement="A hygiene appointment with Dr. Okafor's team lasts {v}.",
        question="How long is a hygienist appointment at the dental practice?",
        values=("30 minutes", "45 minutes", "40 minutes", "50 minutes"),
    ),
    Family(
        first="At the dental practice, the autoclave gets serviced by {v}.",
        update="We've switched autoclave servicing to {v} after the last engineer missed two visits.",
        restatement="{v} is the company that looks after maintenance of our surgery's autoclave.",
        question="Who services the autoclave at the dental practice?",
        values=("Medisteril", "Henry Schein", "Dental Sky", "Eschmann"),
    ),
    Family(
        first="Priya says a check-up at the dental practice costs £{v} for private patients.",
        update="Private check-ups went up to £{v} in April, according to Priya.",
        restatement="Per Priya, private patients pay £{v} for a routine check-up at the dentist's.",
        question="How much does a private check-up cost at the dentist?",
        values=("65", "72", "79", "85"),
    ),
    # --- landlord's rental flats ---
    Family(
        first="Rent for Flat 2 at Harcourt Road is £{v} a month.",
        update="Since the lease renewal, the Flat 2 tenants at Harcourt Road pay £{v} monthly.",
        restatement="The monthly rent on Harcourt Road Flat 2 comes to £{v}.",
        question="What's the rent on Flat 2 at Harcourt Road?",
        values=("950", "995", "1,040", "1,085"),
    ),
    Family(
        first="the tenant in the basement flat is {v}",
        update="{v} moved into the basement flat last weekend.",
        restatement="{v} is the one renting the basement flat.",
        question="Who lives in the basement flat?",
        values=("Tomasz Nowak", "Aisha Bello", "Gareth Lloyd", "Mei Lin"),
    ),
    Family(
        first="- Harcourt Rd boiler: {v}",
        update="Harcourt Road got a new boiler in January, a {v}.",
        restatement="The boiler fitted at the Harcourt Road flats is a {v}.",
        question="What make is the boiler at Harcourt Road?",
        values=("Worcester Bosch", "Vaillant", "Ideal Logic", "Baxi"),
    ),
    Family(
        first="The letting agent takes {v} of the rent as commission.",
        update="After I renegotiated, the agent's cut is {v}.",
        restatement="Commission to the letting agent works out at {v} of each month's rent.",
        question="What percentage does the letting agent take?",
        values=("12%", "10%", "9%", "8.5%"),
    ),
    # --- climbing gym ---
    Family(
        first="Locker code at the climbing gym: {v}",
        update="They changed the locker code at the wall to {v}.",
        restatement="To open my locker at the climbing wall I punch in {v}.",
        question="What's my locker code at the climbing gym?",
        values=("4471", "9032", "1186", "5620"),
    ),
    Family(
        first="Jonas sets the new routes at the gym every {v}.",
        update="Since Jonas went part-time, the route reset at the gym happens on {v} instead.",
        restatement="Fresh routes go up at the gym each {v}; Jonas does them.",
        question="What day does the climbing gym reset its routes?",
        values=("Tuesday", "Thursday", "Monday", "Friday"),
    ),
    Family(
        first="Ten-visit pass at the climbing gym is £{v}.",
        update="gym put the 10-visit pass up to £{v} 😬",
        restatement="A bundle of ten climbing sessions costs £{v} at our wall.",
        question="How much is a ten-visit pass at the climbing gym?",
        values=("95", "105", "110", "120"),
    ),
    Family(
        first="The grade I'm working on at the climbing gym is {v}.",
        update="Finally sent my project, so I'm now trying {v} routes at the gym.",
        restatement="At the wall I'm currently projecting {v}.",
        question="What grade am I climbing at the gym?",
        values=("6a", "6b", "6b+", "6c"),
    ),
    # --- school PTA ---
    Family(
        first="The PTA treasurer is {v}.",
        update="{v} took over as PTA treasurer at the AGM.",
        restatement="{v} looks after the money for the parents' association.",
        question="Who is the PTA treasurer?",
        values=("Sandra Whitfield", "Kofi Mensah", "Louise Carter", "Rahul Desai"),
    ),
    Family(
        first="PTA meetings are in the school library at {v}.",
        update="We're starting PTA meetings at {v} from now on so working parents can make it.",
        restatement="The parents' association gets together in the library, kicking off at {v}.",
        question="What time do PTA meetings start?",
        values=("6:30pm", "7pm", "7:15pm", "7:30pm"),
    ),
    Family(
        first="Summer fair raffle tickets are {v} each.",
        update="The committee agreed raffle tickets for the summer fair will go for {v} apiece.",
        restatement="Each raffle ticket at the summer fair costs {v}.",
        question="How much are raffle tickets at the summer fair?",
        values=("£1", "£2", "£1.50", "£2.50"),
    ),
    Family(
        first="The PTA has raised £{v} so far for the new playground.",
        update="Running total for the playground fund is £{v} after the quiz night.",
        restatement="To date the parents' association has collected £{v} toward the playground.",
        question="How much has the PTA raised for the playground?",
        values=("3,200", "4,750", "6,100", "7,900"),
    ),
    # --- food truck ---
    Family(
        first="Our food truck's pitch on Saturdays is {v}.",
        update="We've moved the truck's Saturday pitch to {v}; the old spot was too quiet.",
        restatement="On Saturdays you'll find the truck parked at {v}.",
        question="Where does the food truck trade on Saturdays?",
        values=("Castle Street market", "the Riverside car park", "Queen's Square", "the university campus"),
    ),
    Family(
        first="The loaded fries on the truck menu cost £{v}.",
        update="loaded fries now £{v} (potato prices)",
        restatement="We charge £{v} for a portion of loaded fries from the van.",
        question="How much are the loaded fries at the food truck?",
        values=("6.50", "7", "7.50", "8"),
    ),
    Family(
        first="Deniz says the truck's gas bottles come from {v}.",
        update="Deniz switched our gas supplier to {v}, they deliver on Mondays.",
        restatement="According to Deniz, {v} supplies the propane for the truck.",
        question="Who supplies gas for the food truck?",
        values=("Calor", "Flogas", "Pitman's", "BOC"),
    ),
    Family(
        first="Street trading licence for the truck runs until {v}.",
        update="Council renewed the street trading licence, it's valid to {v}.",
        restatement="The truck's trading licence expires on {v}.",
        question="When does the food truck's trading licence expire?",
        values=("31 May 2025", "30 November 2025", "31 May 2026", "30 November 2026"),
    ),
    # --- photography studio ---
    Family(
        first="Studio hire at Lightbox costs £{v} per hour.",
        update="Lightbox raised their hourly studio rate to £{v} after refitting the cyc wall.",
        restatement="An hour in the Lightbox studio will set you back £{v}.",
        question="How much does it cost to hire the Lightbox studio per hour?",
        values=("40", "45", "55", "60"),
    ),
    Family(
        first="The backdrop I use for headshots is {v}.",
        update="Swapped the headshot backdrop to {v}, clients kept asking for something warmer.",
        restatement="My headshot clients get photographed against a {v} backdrop.",
        question="What colour backdrop do I use for headshots?",
        values=("mottled grey", "charcoal", "dusty blue", "warm beige"),
    ),
    Family(
        first="Client galleries stay online for {v} after delivery.",
        update="I've cut how long client galleries stay up to {v} because storage costs went up.",
        restatement="Once I deliver a shoot, the client's gallery is kept live for {v}.",
        question="How long do client photo galleries stay online?",
        values=("90 days", "60 days", "6 months", "30 days"),
    ),
    # --- family car and insurance ---
    Family(
        first="The Golf's insurance is with {v}.",
        update="Moved the car insurance to {v} at renewal, they were £80 cheaper.",
        restatement="{v} is who insures our Golf.",
        question="Who is our car insured with?",
        values=("Admiral", "Direct Line", "Aviva", "LV="),
    ),
    Family(
        first="We take the Golf to {v} for its service.",
        update="Since the old garage closed we've started using {v} for the Golf.",
        restatement="{v} does the servicing on our Golf.",
        question="Which garage services our car?",
        values=("Kwik Fit", "Halfords Autocentre", "Dave's Motors", "Pennine Garage"),
    ),
)

PROBE40_POLAR = (
    Polar(
        statement="The dental practice is taking on new NHS patients.",
        opposite="The dental practice has stopped accepting new NHS patients.",
        restatement="Our dentist's surgery is currently registering new NHS patients.",
        question="Is the dental practice accepting new NHS patients?",
    ),
    Polar(
        statement="Pets are allowed in the Harcourt Road flats.",
        opposite="We've banned pets at Harcourt Road since the carpet damage.",
        restatement="Tenants at Harcourt Road can keep a cat or a dog.",
        question="Can tenants keep pets at Harcourt Road?",
    ),
    Polar(
        statement="The Harcourt Road tenants pay for their own water.",
        opposite="Water is included in the rent at Harcourt Road now, I pay the bill myself.",
        restatement="Water bills at Harcourt Road are the tenants' responsibility.",
        question="Do the Harcourt Road tenants pay their own water bill?",
    ),
    Polar(
        statement="The auto-belay on the climbing gym's left wall is working.",
        opposite="The auto-belay on the left wall has been taped off as out of order.",
        restatement="You can use the auto-belay on the gym's left wall.",
        question="Is the left-wall auto-belay at the climbing gym usable?",
    ),
    Polar(
        statement="Parents can pay for PTA events by card.",
        opposite="The PTA got rid of the card reader, so it's cash only at events now.",
        restatement="The PTA accepts card payments at its events.",
        question="Can I pay by card at PTA events?",
    ),
    Polar(
        statement="The truck does a vegan option.",
        opposite="we dropped the vegan option from the truck menu, it wasn't selling",
        restatement="There's something vegan on the food truck's menu.",
        question="Does the food truck have a vegan option?",
    ),
    Polar(
        statement="I include the raw files when I deliver a shoot.",
        opposite="I no longer hand over raw files with client shoots.",
        restatement="Clients get the unedited RAW files along with their finished photos.",
        question="Do my photo clients get the raw files?",
    ),
    Polar(
        statement="The Golf's breakdown cover includes European travel.",
        opposite="We took European cover off the Golf's breakdown policy at renewal.",
        restatement="Our car's breakdown policy covers us if we break down in Europe.",
        question="Does our car's breakdown cover work in Europe?",
    ),
)

PROBE40_NEAR_MISSES = (
    ("The Tuesday beginners' bouldering session costs £12.", "The Thursday beginners' bouldering session costs £12."),
    (
        "Surgery 2 at the dental practice has the new X-ray unit.",
        "Surgery 3 at the dental practice has the new X-ray unit.",
    ),
    ("Flat 1 at Harcourt Road is on a twelve-month tenancy.", "Flat 3 at Harcourt Road is on a twelve-month tenancy."),
    ("The Year 3 class rep for the PTA is Joanne.", "The Year 4 class rep for the PTA is Joanne."),
    ("The truck's lamb wrap is £8.50.", "The truck's chicken wrap is £8.50."),
    ("Lightbox studio's small room has a white cyc wall.", "Lightbox studio's large room has a white cyc wall."),
    ("Our Golf's MOT is due in October.", "Our Fiesta's MOT is due in October."),
    ("Dr. Okafor works at the practice on Mondays.", "Dr. Haddad works at the practice on Mondays."),
    ("The front tyres on the Golf should be at 36 psi.", "The rear tyres on the Golf should be at 36 psi."),
    ("Deniz's shift on the truck starts at 11am on Fridays.", "Kemal's shift on the truck starts at 11am on Fridays."),
    (
        "The basement flat's smoke alarm was tested on 3 March.",
        "The top-floor flat's smoke alarm was tested on 3 March.",
    ),
    ("The PTA's Christmas fair is in the school hall.", "The PTA's spring fair is in the school hall."),
)

PROBE40_LOOKALIKES = (
    (
        "What's the code for the front door at Harcourt Road?",
        "The front door code at Harcourt Road is 4417.",
        "The bin store padlock at Harcourt Road is 2290.",
    ),
    (
        "When is Mum's next dentist appointment?",
        "Mum's next check-up at the dentist is on 14 May at 9:40.",
        "Dad's next check-up at the dentist is on 21 May at 10:20.",
    ),
    (
        "Which locker do I rent at the climbing gym?",
        "I rent locker 37 at the climbing gym.",
        "Sam rents locker 12 at the climbing gym.",
    ),
    (
        "Who chairs the PTA?",
        "Beth Morgan is chair of the PTA.",
        "Olu Adeyemi is chair of the school governors.",
    ),
    (
        "How much is the smash burger at the food truck?",
        "The smash burger on the truck is £9.",
        "The halloumi burger on the truck is £8.50.",
    ),
    (
        "What's the Wi-Fi password at the Lightbox studio?",
        "Lightbox studio Wi-Fi password: shutter88",
        "Wi-Fi password at the print lab: glossy1234",
    ),
    (
        "When does our car insurance renew?",
        "The Golf's insurance renews on 9 August.",
        "The house insurance renews on 22 September.",
    ),
    (
        "What's the registration number of our Golf?",
        "Our Golf's reg is KX19 PLM.",
        "Gran's Micra is reg LB66 TRW.",
    ),
    (
        "What's the hygienist called at the dental practice?",
        "The hygienist at the practice is called Marta.",
        "The practice manager at the dentist's is called Yvonne.",
    ),
    (
        "How much deposit did the basement flat tenant pay?",
        "The basement flat tenant paid a £1,100 deposit.",
        "The top-floor tenant paid a £1,250 deposit.",
    ),
)
