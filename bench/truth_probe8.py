"""An eighth development set of wordings for bench/truth.py (``probe8``): written after the changes probe7 led
to and before any change of its own, so its first run is the unseen figure of that session's work: school and
family logistics, money, a small web shop's operations; updates told as reminders, as decisions of someone
else, or with the old value named; restatements as instructions or with the value first.
"""

from truth_scenarios import Family, Polar

PROBE8_FAMILIES = (
    Family(
        first="Emma's piano lesson is on {v} afternoons.",
        update="Reminder: Emma's piano lesson has been moved to {v}.",
        restatement="On {v} afternoons Emma has her piano lesson.",
        question="When is Emma's piano lesson?",
        values=("Tuesday", "Thursday", "Wednesday", "Monday"),
    ),
    Family(
        first="The shop charges {v} for standard shipping.",
        update="We raised standard shipping to {v} because carrier rates went up.",
        restatement="Standard shipping costs customers {v}.",
        question="How much is standard shipping?",
        values=("$4.95", "$5.95", "$6.50", "$7.25"),
    ),
    Family(
        first="Our internet plan gives us {v} Mbps.",
        update="The provider upgraded our plan, we get {v} Mbps now.",
        restatement="We have a {v} Mbps internet connection.",
        question="How fast is our internet plan?",
        values=("100", "250", "500", "1000"),
    ),
    Family(
        first="The product photos are stored in the {v} folder.",
        update="Marta reorganised the drive; product photos now live in the {v} folder.",
        restatement="You'll find the product photos in the {v} folder.",
        question="Where are the product photos stored?",
        values=("Catalog", "Assets", "Media", "Shop Images"),
    ),
    Family(
        first="The orders database is backed up every {v} hours.",
        update="Ops decided to back up the orders database every {v} hours from now on.",
        restatement="Every {v} hours there is a backup of the orders database.",
        question="How often is the orders database backed up?",
        values=("6", "4", "12", "2"),
    ),
    Family(
        first="My gym membership costs {v} a month.",
        update="The gym put the price up, my membership is {v} a month now.",
        restatement="I pay {v} each month for the gym.",
        question="How much does my gym membership cost?",
        values=("$39", "$45", "$49", "$55"),
    ),
    Family(
        first="Oliver's best friend is {v}.",
        update="Oliver says his best friend is {v} these days.",
        restatement="{v} is Oliver's best friend.",
        question="Who is Oliver's best friend?",
        values=("Finn", "Jasper", "Theo", "Milo"),
    ),
    Family(
        first="The discount code for newsletter subscribers is {v}.",
        update="Marketing replaced the newsletter discount code with {v}.",
        restatement="Newsletter subscribers get a discount with the code {v}.",
        question="What is the newsletter discount code?",
        values=("WELCOME10", "HELLO15", "SPRING20", "THANKS5"),
    ),
    Family(
        first="The school bus picks the kids up at {v}.",
        update="The new bus schedule has the kids picked up at {v}.",
        restatement="At {v} the school bus comes for the kids.",
        question="When does the school bus pick up the kids?",
        values=("7:15am", "7:40am", "7:05am", "7:30am"),
    ),
    Family(
        first="Customer refunds are processed within {v} business days.",
        update="We now process customer refunds within {v} business days.",
        restatement="A refund reaches the customer within {v} business days.",
        question="How long do refunds take?",
        values=("5", "3", "7", "10"),
    ),
)

PROBE8_POLAR = (
    Polar(
        "The shop ships to Canada",
        "The shop no longer ships to Canada",
        "Canadian customers can get orders shipped",
        "Does the shop ship to Canada?",
    ),
    Polar(
        "Emma is allowed to walk to school alone",
        "Emma is not allowed to walk to school alone anymore",
        "Emma may walk to school on her own",
        "Can Emma walk to school alone?",
    ),
    Polar(
        "Guest checkout is enabled on the shop",
        "We disabled guest checkout on the shop",
        "Shoppers can check out as guests",
        "Is guest checkout enabled?",
    ),
    Polar(
        "The car is insured",
        "The car insurance lapsed, the car is uninsured",
        "We have insurance on the car",
        "Is the car insured?",
    ),
    Polar(
        "Oliver likes broccoli",
        "Oliver stopped liking broccoli",
        "Broccoli is something Oliver enjoys",
        "Does Oliver like broccoli?",
    ),
    Polar(
        "The newsletter goes out weekly",
        "The newsletter doesn't go out weekly anymore",
        "Every week we send the newsletter",
        "Does the newsletter go out weekly?",
    ),
)
