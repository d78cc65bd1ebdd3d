"""A seventh development set of wordings for bench/truth.py (``probe7``): household, health, travel and
operations facts; updates told as news ("turns out", "as of"), with the reason first, or as a plan now in force;
restatements that move the value to the front or name it as a label. Written before any change it led to; its
first run is the unseen figure (its VPN family, first written with only the region as the slot, which
the value check cannot see inside a host name, holds the whole host since; the decisions are the same).
"""

from truth_scenarios import Family, Polar

PROBE7_FAMILIES = (
    Family(
        first="The recycling is collected every {v}.",
        update="As of this month the recycling truck comes on {v} instead.",
        restatement="{v} is recycling collection day.",
        question="When is the recycling collected?",
        values=("Thursday", "Monday", "Friday", "Wednesday"),
    ),
    Family(
        first="Maya takes {v} mg of iron a day.",
        update="Her doctor lowered Maya's iron dose to {v} mg a day.",
        restatement="Every day Maya has {v} mg of iron.",
        question="How much iron does Maya take?",
        values=("65", "30", "45", "20"),
    ),
    Family(
        first="The load balancer health check runs every {v} seconds.",
        update="Turns out the health check on the load balancer fires every {v} seconds now.",
        restatement="Every {v} seconds the load balancer checks health.",
        question="How often does the load balancer health check run?",
        values=("10", "5", "30", "15"),
    ),
    Family(
        first="Our flight home lands at {v}.",
        update="The airline rescheduled our flight home, it now lands at {v}.",
        restatement="We land at {v} on the flight home.",
        question="When does our flight home land?",
        values=("6:40pm", "9:15pm", "4:05pm", "11:30pm"),
    ),
    Family(
        first="The team lunch budget is {v} per person.",
        update="Finance bumped the team lunch budget to {v} per person.",
        restatement="Each person gets {v} for team lunch.",
        question="What is the team lunch budget?",
        values=("$25", "$30", "$40", "$20"),
    ),
    Family(
        first="The VPN gateway is {v}.",
        update="IT moved the VPN gateway to {v} last week.",
        restatement="Connect the VPN to {v}.",
        question="What is the VPN gateway address?",
        values=("vpn.eu.example.com", "vpn.us.example.com", "vpn.ap.example.com", "vpn.ca.example.com"),
    ),
    Family(
        first="Leo's swim class is at the {v} pool.",
        update="Leo's swim class moved to the {v} pool this term.",
        restatement="Leo swims at the {v} pool for his class.",
        question="Where is Leo's swim class?",
        values=("Eastgate", "Riverside", "Northfield", "Parkview"),
    ),
    Family(
        first="The log archive keeps {v} months of logs.",
        update="To save costs the log archive now only keeps {v} months.",
        restatement="Logs stay in the archive for {v} months.",
        question="How long does the log archive keep logs?",
        values=("12", "6", "18", "3"),
    ),
    Family(
        first="My landlord is {v}.",
        update="The building was sold, my landlord is {v} now.",
        restatement="{v} is the one I rent from.",
        question="Who is my landlord?",
        values=("Mr. Patel", "Mrs. Novak", "Mr. Okafor", "Ms. Brandt"),
    ),
    Family(
        first="The printer on the second floor is a {v}.",
        update="They replaced the second floor printer with a {v}.",
        restatement="Upstairs on the second floor we print with a {v}.",
        question="Which printer is on the second floor?",
        values=("Brother HL-L2350", "Canon G7020", "Epson ET-4850", "HP M404"),
    ),
    Family(
        first="The cache entries expire after {v} minutes.",
        update="We shortened the cache expiry to {v} minutes after the stale-price bug.",
        restatement="After {v} minutes a cache entry expires.",
        question="When do cache entries expire?",
        values=("60", "15", "5", "30"),
    ),
    Family(
        first="The kids go to bed at {v}.",
        update="Since school started, bedtime for the kids is {v}.",
        restatement="Bedtime for the kids is at {v}.",
        question="When do the kids go to bed?",
        values=("8pm", "7:30pm", "8:30pm", "9pm"),
    ),
)

PROBE7_POLAR = (
    Polar(
        "Sara eats meat",
        "Sara gave up meat last year",
        "Sara is not a vegetarian",
        "Does Sara eat meat?",
    ),
    Polar(
        "The nightly job sends an email report",
        "The nightly job no longer sends an email report",
        "An email report goes out from the nightly job",
        "Does the nightly job send an email report?",
    ),
    Polar(
        "Two-factor login is required for admins",
        "Two-factor login is optional for admins now",
        "Admins must use two-factor login",
        "Is two-factor login required for admins?",
    ),
    Polar(
        "The balcony door is locked at night",
        "We leave the balcony door unlocked at night now",
        "At night the balcony door gets locked",
        "Is the balcony door locked at night?",
    ),
    Polar(
        "The API accepts XML payloads",
        "The API rejects XML payloads since v3",
        "XML payloads are accepted by the API",
        "Does the API accept XML payloads?",
    ),
    Polar(
        "My brother smokes",
        "My brother quit smoking in March",
        "My brother is a smoker",
        "Does my brother smoke?",
    ),
)
