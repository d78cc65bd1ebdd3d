"""A thirty-seventh set of wordings for bench/truth.py (``probe37``), written by an author who saw neither the code
nor the other sets: schedules, hours, timetables and rotas differing by day, season, person or kind; chat and notes.
"""

from truth_scenarios import Family, Polar

PROBE37_FAMILIES = (
    Family(
        first="The Elm Street pharmacy opens at {v} on weekdays.",
        update="The Elm Street pharmacy has changed its weekday opening time, it's now {v}.",
        restatement="Monday to Friday, the chemist on Elm Street unlocks its doors at {v}.",
        question="How early can I pick up a prescription from Elm Street on a weekday?",
        values=("9am", "8:30am", "8am", "7:45am"),
    ),
    Family(
        first="elm st pharmacy, saturdays: shuts at {v}",
        update="The Elm Street pharmacy is short-staffed, so from next month it'll close at {v} on Saturdays.",
        restatement="On a Saturday the chemist on Elm Street locks up at {v}.",
        question="What time do I need to get to the Elm Street chemist by on a Saturday?",
        values=("4pm", "1pm", "5:30pm", "2:30pm"),
    ),
    Family(
        first="Lane swimming at Millbrook pool is from {v} on weekday mornings.",
        update="Millbrook have shuffled the timetable: weekday early lane swim now starts at {v}.",
        restatement="Weekday mornings, the lanes at Millbrook open for lengths at {v}.",
        question="When can I do lengths at Millbrook before work?",
        values=("6:30am", "7am", "6am", "6:45am"),
    ),
    Family(
        first="millbrook family swim (sun): {v}",
        update="They've changed Sunday family swim at Millbrook to {v}.",
        restatement="On Sundays, Millbrook pool sets aside {v} for families with kids.",
        question="When can we take the children splashing about at Millbrook on a Sunday?",
        values=("2pm to 4pm", "1pm to 3pm", "10am to noon", "3pm to 5pm"),
    ),
    Family(
        first="During term time Nora goes to bed at {v}.",
        update="Now she's started Year 4, Nora's school-night bedtime is {v}.",
        restatement="On school nights we get Nora tucked in by {v}.",
        question="What time does Nora have to be in bed when there's school the next day?",
        values=("7:30pm", "8pm", "7:45pm", "8:15pm"),
    ),
    Family(
        first="In the school holidays, Nora gets dropped at holiday club at {v}.",
        update="Holiday club have moved their drop-off to {v} this summer, so Nora goes in then.",
        restatement="Over the holidays Nora's drop-off at the club is {v}.",
        question="What time do I need to have Nora at holiday club?",
        values=("8:45am", "9:15am", "8:15am", "9:30am"),
    ),
    Family(
        first="The first 42 on weekdays leaves Castle Square at {v}.",
        update="The council's new timetable has the first weekday 42 leaving Castle Square at {v}.",
        restatement="Monday to Friday, the earliest number 42 pulls out of Castle Square at {v}.",
        question="How early does the 42 start running from Castle Square on a workday?",
        values=("6:10am", "5:55am", "6:25am", "6:05am"),
    ),
    Family(
        first="42 bus sundays: every {v}",
        update="Due to driver shortages, the 42 on Sundays is only every {v} now.",
        restatement="On a Sunday you get a 42 once every {v}.",
        question="How long might I wait for a 42 on a Sunday?",
        values=("70 minutes", "40 minutes", "half hour", "25 minutes"),
    ),
    Family(
        first="In summer, Ironworks Gym opens at {v}.",
        update="Ironworks Gym's summer opening time has moved to {v}.",
        restatement="From June to August the doors at Ironworks open at {v}.",
        question="How early can I get a workout in at Ironworks during the warmer months?",
        values=("5am", "5:30am", "6am", "4:30am"),
    ),
    Family(
        first="ironworks winter hours - closes {v}",
        update="To save on heating, Ironworks now closes at {v} during the winter.",
        restatement="In the colder months, Ironworks kicks everyone out at {v}.",
        question="How late is the gym open in winter?",
        values=("10pm", "9pm", "11pm", "9:30pm"),
    ),
    Family(
        first="On the support rota, {v} is on call for week 12.",
        update="There was a clash, so week 12 on-call has been swapped to {v}.",
        restatement="{v} holds the pager during week 12.",
        question="Who do I ring if something breaks in week 12?",
        values=("Priya", "Tomasz", "Delphine", "Kwame"),
    ),
    Family(
        first="week 13 on-call: {v}",
        update="Just saw the updated rota - {v} is covering week 13 instead.",
        restatement="{v} is the person carrying the pager through week 13.",
        question="Whose turn is it to be on call in week 13?",
        values=("Sunil", "Marguerite", "Bogdan", "Ines"),
    ),
    Family(
        first="Mum's morning dose of metformin is {v}.",
        update="The GP has changed Mum's morning metformin to {v}.",
        restatement="With breakfast, Mum takes {v} of metformin.",
        question="What's Mum's metformin dose first thing in the day?",
        values=("500mg", "850mg", "1000mg", "750mg"),
    ),
    Family(
        first="mum evening metformin: {v}",
        update="After her medication review, Mum's evening metformin is now {v}.",
        restatement="With her evening meal Mum swallows {v} of metformin.",
        question="How many metformin pills does Mum have at night?",
        values=("one tablet", "two tablets", "half a tablet", "three tablets"),
    ),
    Family(
        first="Our recycling gets picked up every {v}.",
        update="The council has moved recycling collection on our street to {v}.",
        restatement="The blue recycling bin needs to go out for {v}'s collection.",
        question="Which day do the recycling lorries come round?",
        values=("Tuesday", "Thursday", "Monday", "Friday"),
    ),
    Family(
        first="general waste (black bin): every {v}",
        update="With the new council contract, the black bin is only emptied every {v}.",
        restatement="The black general waste bin gets collected once every {v}.",
        question="How often is the rubbish bin emptied?",
        values=("two weeks", "three weeks", "10 days", "four weeks"),
    ),
    Family(
        first="Dr Okafor does surgeries at the Riverside clinic on {v}.",
        update="Dr Okafor's days at Riverside have changed - she's there on {v} now.",
        restatement="If you want Dr Okafor, Riverside clinic books her on {v}.",
        question="Which days can I see Dr Okafor at Riverside?",
        values=("Mondays and Wednesdays", "Tuesdays and Thursdays", "Mondays and Fridays", "Wednesdays and Fridays"),
    ),
    Family(
        first="dr lindqvist @ riverside: {v} only",
        update="The Riverside receptionist says Dr Lindqvist has switched to {v}.",
        restatement="Dr Lindqvist only sees patients at Riverside on {v}.",
        question="When is Dr Lindqvist in at the Riverside clinic?",
        values=("Friday mornings", "Thursday afternoons", "Tuesday mornings", "Monday afternoons"),
    ),
    Family(
        first="Central Library's late-night opening is on {v}, until 8pm.",
        update="Central Library has moved its late opening to {v}.",
        restatement="The one evening Central Library stays open till 8 is {v}.",
        question="Which evening can I get to the library after work?",
        values=("Thursday", "Tuesday", "Wednesday", "Monday"),
    ),
    Family(
        first="Nora's Saturday swimming lessons at Millbrook cost {v} a term.",
        update="Millbrook's new price list has Nora's Saturday lessons at {v} a term.",
        restatement="We pay {v} per term for Nora's Saturday swim lessons.",
        question="How much are Nora's swimming lessons each term?",
        values=("£64", "£72", "£58", "£80"),
    ),
    Family(
        first="The Tuesday spin class at Ironworks is taken by {v}.",
        update="Ironworks have a new instructor on Tuesday spin: {v}.",
        restatement="{v} leads spin at Ironworks on Tuesday evenings.",
        question="Who teaches the Tuesday cycling session at the gym?",
        values=("Marcus", "Leonie", "Anneke", "Dev"),
    ),
    Family(
        first="nora half-term starts {v}",
        update="The school has moved February half-term; it now starts on {v}.",
        restatement="Nora's February break from school begins on {v}.",
        question="When does Nora's half-term holiday begin?",
        values=("14 February", "17 February", "21 February", "10 February"),
    ),
    Family(
        first="The ice cream kiosk in Victoria Park opens for the season in {v}.",
        update="Because of the weather, the Victoria Park kiosk is opening in {v} this year.",
        restatement="Victoria Park's ice cream hut starts trading each year in {v}.",
        question="When does the park's ice cream stand reopen?",
        values=("April", "May", "March", "June"),
    ),
    Family(
        first="Aquafit at Millbrook runs {v} times a week.",
        update="Millbrook has redone the class timetable, and aquafit is now on {v} times a week.",
        restatement="There are {v} aquafit sessions at Millbrook each week.",
        question="How many aquafit classes does Millbrook put on weekly?",
        values=("three", "four", "two", "five"),
    ),
)

PROBE37_POLAR = (
    Polar(
        statement="The Elm Street pharmacy is open on bank holidays.",
        opposite="The Elm Street pharmacy doesn't open on bank holidays any more.",
        restatement="You can still get prescriptions from Elm Street on a bank holiday Monday.",
        question="Can I go to the Elm Street chemist on a bank holiday?",
    ),
    Polar(
        statement="The 42 bus runs on Christmas Day.",
        opposite="There's no 42 service at all on Christmas Day.",
        restatement="Buses on the 42 route still operate on 25 December.",
        question="Is the 42 running on Christmas Day?",
    ),
    Polar(
        statement="Family swim at Millbrook has to be booked in advance.",
        opposite="You can just turn up for family swim at Millbrook now, no booking needed.",
        restatement="Family swim slots at Millbrook must be reserved ahead of time.",
        question="Do we need to book before going to family swim?",
    ),
    Polar(
        statement="Nora takes the school bus during term time.",
        opposite="Nora has stopped taking the school bus; we drive her in every morning now.",
        restatement="On school days Nora rides the bus in.",
        question="Does Nora get the bus to school?",
    ),
    Polar(
        statement="Ironworks Gym is staffed at weekends.",
        opposite="Weekends at Ironworks are unstaffed now, keycard entry only.",
        restatement="There's someone on the desk at Ironworks on Saturdays and Sundays.",
        question="Will there be anyone working at the gym at the weekend?",
    ),
    Polar(
        statement="Recycling collection still goes ahead in bank holiday weeks.",
        opposite="bank holiday weeks: recycling pickup skipped",
        restatement="The recycling lorry comes as normal even when there's a bank holiday.",
        question="Do they collect the recycling when there's a bank holiday?",
    ),
    Polar(
        statement="Dr Okafor does phone appointments.",
        opposite="Dr Okafor has stopped offering phone appointments.",
        restatement="You can book Dr Okafor for a telephone consultation.",
        question="Can I speak to Dr Okafor over the phone instead of going in?",
    ),
    Polar(
        statement="Mum takes her evening tablets with food.",
        opposite="Mum's evening tablets should be taken on an empty stomach.",
        restatement="Mum has her night-time pills alongside her dinner.",
        question="Does Mum need to eat when she takes her evening pills?",
    ),
)

PROBE37_NEAR_MISSES = (
    (
        "The Elm Street pharmacy opens at 8:30am on weekdays.",
        "On Sundays the Elm Street pharmacy doesn't open until 11am.",
    ),
    (
        "Lane swim at Millbrook is 6:30 to 8:30 on weekday mornings.",
        "Family swim at Millbrook is 6:30 to 8:30 on Friday evenings.",
    ),
    ("Nora's term-time bedtime is 7:30pm.", "In the holidays Nora can stay up until 8:30pm."),
    (
        "The last 42 from Castle Square on weekdays is at 11:20pm.",
        "The last 42 from Castle Square on Sundays is at 9:40pm.",
    ),
    ("Ironworks Gym opens at 5:30am in summer.", "Ironworks Gym opens at 6:30am in winter."),
    ("Priya is on call in week 12.", "Priya is on call in week 15."),
    ("Mum's morning metformin is 850mg.", "Mum's evening metformin is 500mg."),
    ("Recycling is collected on Tuesdays.", "Garden waste is collected on Tuesdays."),
    (
        "Dr Okafor is at Riverside clinic on Monday mornings.",
        "Dr Lindqvist is at Riverside clinic on Monday afternoons.",
    ),
    ("Central Library opens at 9am on Saturdays.", "Northfield Library opens at 9am on Saturdays."),
    (
        "The 42 leaves Castle Square every 15 minutes at peak times.",
        "The 17 leaves Castle Square every 15 minutes at peak times.",
    ),
    (
        "Holiday club pick-up is at 5:30pm in the summer holidays.",
        "Holiday club pick-up is at 4pm during the Easter holidays.",
    ),
)

PROBE37_LOOKALIKES = (
    (
        "What time does the Elm Street pharmacy open on a Saturday?",
        "The Elm Street pharmacy opens at 10am on Saturdays.",
        "The Elm Street pharmacy opens at 8:30am on weekdays.",
    ),
    (
        "When is family swim at Millbrook on Sundays?",
        "Sunday family swim at Millbrook is 1pm to 3pm.",
        "Sunday lane swim at Millbrook is 8am to 10am.",
    ),
    (
        "What time does Nora go to bed during the holidays?",
        "In the school holidays Nora's bedtime is 8:30pm.",
        "In term time Nora's bedtime is 7:30pm.",
    ),
    (
        "When's the first 42 on a Sunday?",
        "The first Sunday 42 leaves Castle Square at 8:15am.",
        "The first Saturday 42 leaves Castle Square at 6:40am.",
    ),
    (
        "How late can I train at Ironworks in the winter?",
        "Ironworks closes at 9pm in winter.",
        "Ironworks closes at 11pm in summer.",
    ),
    ("Who's on call in week 14?", "Tomasz is on call for week 14.", "Delphine is on call for week 15."),
    (
        "How much metformin does Mum take in the evening?",
        "Mum takes 1000mg of metformin in the evening.",
        "Mum takes 500mg of metformin in the morning.",
    ),
    (
        "Which day is the garden waste picked up?",
        "Garden waste is collected on Fridays.",
        "Recycling is collected on Mondays.",
    ),
    (
        "When can I book in with Dr Lindqvist?",
        "Dr Lindqvist sees patients at Riverside on Thursday afternoons.",
        "Dr Okafor sees patients at Riverside on Tuesday mornings.",
    ),
    (
        "What are the gym's hours on a bank holiday?",
        "On bank holidays Ironworks is open 8am to 6pm.",
        "On Sundays Ironworks is open 7am to 9pm.",
    ),
)
