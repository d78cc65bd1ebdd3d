"""A tenth development set of wordings for bench/truth.py (``probe10``), written by an author who saw neither the
code nor the other sets: family travel, health, home and hobbies, software deploys, on-call, configs and repos,
and a café and bakery.
"""

from truth_scenarios import Family, Polar

PROBE10_FAMILIES = (
    Family(
        first="My sister's flight lands at {v}.",
        update="My sister just texted that her flight is delayed and now lands at {v}.",
        restatement="The plane carrying my sister is due to touch down at {v}.",
        question="What time does my sister's flight land?",
        values=("4:15 pm", "5:40 pm", "6:05 pm", "7:30 pm"),
    ),
    Family(
        first="The billing service is running version {v} in production.",
        update="We rolled the billing service forward this morning, so production is now on version {v}.",
        restatement="Production has version {v} of the billing service deployed.",
        question="Which version of the billing service is in production?",
        values=("2.4.1", "2.5.0", "2.5.3", "3.0.0"),
    ),
    Family(
        first="{v} is the primary on-call engineer this week.",
        update="There was a last-minute shift swap, so {v} is now primary on call for the rest of the week.",
        restatement="This week the primary on-call rotation is covered by {v}.",
        question="Who is the primary on-call engineer this week?",
        values=("Marcus", "Elena", "Tomasz", "Aisha"),
    ),
    Family(
        first="We feed our dog {v} kibble.",
        update="The vet suggested a change, so our dog has switched over to {v} kibble.",
        restatement="Our dog eats {v} kibble.",
        question="What brand of kibble does our dog eat?",
        values=("Purina", "Orijen", "Royal Canin", "Blue Buffalo"),
    ),
    Family(
        first="A large latte costs {v} at our café.",
        update="Because milk prices went up, we raised the price of a large latte to {v}.",
        restatement="At our café we charge {v} for a large latte.",
        question="How much does a large latte cost at our café?",
        values=("$4.50", "$4.75", "$5.00", "$5.25"),
    ),
    Family(
        first="The connection pool size for the orders database is set to {v}.",
        update="After last night's incident we bumped the orders database connection pool up to {v}.",
        restatement="The orders database uses a connection pool of {v}.",
        question="What is the connection pool size for the orders database?",
        values=("20", "40", "50", "80"),
    ),
    Family(
        first="We're painting the living room {v}.",
        update="We changed our minds at the hardware store and are going with {v} for the living room instead.",
        restatement="The living room is going to be painted {v}.",
        question="What color are we painting the living room?",
        values=("sage green", "navy blue", "warm gray", "terracotta"),
    ),
    Family(
        first="My doctor has me taking {v} of sertraline a day.",
        update="At my last checkup the doctor adjusted my sertraline dose to {v} daily.",
        restatement="My daily sertraline dose is {v}.",
        question="What is my daily dose of sertraline?",
        values=("25 mg", "50 mg", "75 mg", "100 mg"),
    ),
    Family(
        first="The default branch of the payments repo is {v}.",
        update="We renamed things during the migration, so the payments repo's default branch is now {v}.",
        restatement="In the payments repo, {v} is the default branch.",
        question="What is the default branch of the payments repo?",
        values=("master", "main", "develop", "trunk"),
    ),
    Family(
        first="Our book club meets on {v} evenings.",
        update="Since the library changed its hours, the book club has moved to {v} evenings.",
        restatement="{v} evenings are when our book club gets together.",
        question="Which evening does our book club meet?",
        values=("Monday", "Tuesday", "Wednesday", "Thursday"),
    ),
    Family(
        first="The bakery orders its flour from {v}.",
        update="Our old flour supplier kept missing deliveries, so the bakery now orders from {v}.",
        restatement="{v} supplies the flour for the bakery.",
        question="Who supplies the bakery's flour?",
        values=("Hartley Milling", "Greenfield Grain", "Oakbrook Farms", "Bellamy & Sons"),
    ),
    Family(
        first="This summer we're taking the kids to {v} for vacation.",
        update="The flights were too expensive, so we've decided on {v} for the summer vacation with the kids instead.",
        restatement="Our summer vacation with the kids will be in {v}.",
        question="Where are we taking the kids on summer vacation?",
        values=("Portugal", "Iceland", "Costa Rica", "Japan"),
    ),
    Family(
        first="The API gateway's request timeout is {v}.",
        update="Per the platform team's new guidance, the gateway's request timeout has been changed to {v}.",
        restatement="Requests through the API gateway time out after {v}.",
        question="What is the request timeout on the API gateway?",
        values=("30 seconds", "45 seconds", "60 seconds", "90 seconds"),
    ),
    Family(
        first="Our team tracks bugs in {v}.",
        update="Management signed a new contract, so the team has moved its bug tracking over to {v}.",
        restatement="Bug tracking for our team happens in {v}.",
        question="What tool does our team use to track bugs?",
        values=("Jira", "Linear", "GitHub Issues", "YouTrack"),
    ),
)

PROBE10_POLAR = (
    Polar(
        "Two-factor authentication is enabled on the admin dashboard",
        "Two-factor authentication on the admin dashboard is now disabled",
        "The admin dashboard has two-factor authentication turned on",
        "Is two-factor authentication enabled on the admin dashboard?",
    ),
    Polar(
        "My father still drives",
        "My father gave up driving last year",
        "My dad is still driving himself around",
        "Does my father still drive?",
    ),
    Polar(
        "The nightly backup job is running",
        "The nightly backup job has been paused since the migration",
        "The backup job still runs every night",
        "Is the nightly backup job running?",
    ),
    Polar(
        "Our shop accepts credit cards",
        "Our shop stopped taking credit cards and is cash only now",
        "Customers can pay by credit card at our shop",
        "Does our shop accept credit cards?",
    ),
    Polar(
        "The kitchen faucet leaks",
        "The plumber fixed the kitchen faucet, so it doesn't leak anymore",
        "There's a leak in the kitchen faucet",
        "Does the kitchen faucet leak?",
    ),
    Polar(
        "Maya is allergic to peanuts",
        "Maya's allergist confirmed she has outgrown her peanut allergy",
        "Peanuts give Maya an allergic reaction",
        "Is Maya allergic to peanuts?",
    ),
    Polar(
        "The staging environment is publicly accessible",
        "The staging environment was locked down and is no longer reachable from the public internet",
        "Anyone on the public internet can reach the staging environment",
        "Is the staging environment publicly accessible?",
    ),
    Polar(
        "My gym membership is set to auto-renew",
        "I turned off auto-renewal on my gym membership",
        "My gym membership renews automatically",
        "Does my gym membership auto-renew?",
    ),
)
