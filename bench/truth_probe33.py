"""A thirty-third set of wordings for bench/truth.py (``probe33``), written by an author who saw neither the code
nor the other sets: terse scratchpad jottings for a busy person -- car, flat, side project, health, club, work team.
"""

from truth_scenarios import Family, Polar

PROBE33_FAMILIES = (
    # --- car ---
    Family(
        first="- car tyres {v}",
        update="- car tyres now {v}",
        restatement="car: pump tyres to {v} all round",
        question="What pressure should the car tyres be at?",
        values=("2.4 bar", "2.6 bar", "2.2 bar", "2.5 bar"),
    ),
    Family(
        first="- car MOT due {v}",
        update="car MOT → {v}",
        restatement="car MOT deadline {v}",
        question="When is the car's MOT due?",
        values=("14 Mar", "2 Apr", "19 Mar", "30 Apr"),
    ),
    Family(
        first="- car garage: {v}",
        update="car servicing → switched to {v}",
        restatement="- car goes to {v} for repairs",
        question="Which garage looks after the car?",
        values=("Hendry Motors", "Patel & Sons", "Kwik Fit Leyton", "AutoCare E17"),
    ),
    Family(
        first="- car parking permit {v}",
        update="car permit renewed, new no. {v}",
        restatement="car: resident permit #{v}",
        question="What's the car's parking permit number?",
        values=("WF-20871", "WF-33415", "WF-19022", "WF-40768"),
    ),
    # --- flat ---
    Family(
        first="- flat wifi pw {v}",
        update="flat wifi reset → {v}",
        restatement="flat wifi key: {v}",
        question="What's the wifi password at the flat?",
        values=("kettle-blue-41", "Moss7Harbour", "tinroof_2290", "quietfox88"),
    ),
    Family(
        first="- flat key safe {v}",
        update="flat key safe {v} (changed after cleaner left)",
        restatement="flat: lockbox by door, code {v}",
        question="What's the code for the flat's key safe?",
        values=("2958", "7140", "0366", "5821"),
    ),
    Family(
        first="- flat bin day {v}",
        update="flat bins now {v} (council change)",
        restatement="flat: bins collected {v} morning",
        question="What day are the flat's bins collected?",
        values=("Tue", "Thu", "Mon", "Wed"),
    ),
    Family(
        first="- flat rent {v}/mo",
        update="flat rent {v}/mo as of May",
        restatement="flat: {v} a month, standing order on the 1st",
        question="How much is the rent on the flat?",
        values=("£1,450", "£1,525", "£1,390", "£1,600"),
    ),
    # --- side project ---
    Family(
        first="- side proj: deploy `{v}`",
        update="side proj deploy cmd now `{v}`",
        restatement="side proj → ship with `{v}`",
        question="What command deploys the side project?",
        values=("fly deploy", "make ship", "./scripts/deploy.sh prod", "railway up"),
    ),
    Family(
        first="- side proj migrate: `{v}`",
        update="side proj: migrations via `{v}` from now",
        restatement="- side proj db schema changes → `{v}`",
        question="How are the side project's database migrations run?",
        values=("alembic upgrade head", "npm run db:migrate", "python manage.py migrate", "prisma migrate deploy"),
    ),
    Family(
        first="- side proj dev server :{v}",
        update="side proj dev port → {v} (clashed w/ docker)",
        restatement="side proj runs on localhost:{v} locally",
        question="Which port does the side project's dev server use?",
        values=("5173", "8080", "3000", "4200"),
    ),
    Family(
        first="- side proj node {v}",
        update="side proj bumped to node {v}",
        restatement="side proj: `.nvmrc` = {v}",
        question="Which Node version is the side project on?",
        values=("18.19", "20.11", "22.3", "20.9"),
    ),
    # --- health ---
    Family(
        first="- health: dentist → {v}",
        update="dentist → switched to {v}",
        restatement="- health teeth: {v}, Hoe St practice",
        question="Who is their dentist?",
        values=("Dr Okafor", "Dr Ali", "Dr Brennan", "Dr Lindqvist"),
    ),
    Family(
        first="- health GP {v}",
        update="health: GP now {v} (old one retired)",
        restatement="- health: registered w/ {v} at the surgery",
        question="Who is their GP?",
        values=("Dr Mensah", "Dr Hughes", "Dr Rao", "Dr Feld"),
    ),
    Family(
        first="- health: sertraline {v} daily",
        update="health sertraline → {v} per GP",
        restatement="- health meds: {v} sertraline each morning",
        question="What dose of sertraline are they on?",
        values=("50 mg", "100 mg", "75 mg", "25 mg"),
    ),
    Family(
        first="- health physio {v}",
        update="health physio moved to {v}",
        restatement="health: knee physio slot {v} weekly",
        question="When is their physio appointment?",
        values=("Wed 8:15", "Fri 17:30", "Mon 12:00", "Thu 7:45"),
    ),
    # --- club ---
    Family(
        first="- club fees {v}/qtr",
        update="club fees {v}/qtr from Jan",
        restatement="club: {v} a quarter, pay treasurer",
        question="How much are the club fees each quarter?",
        values=("£40", "£45", "£38", "£50"),
    ),
    Family(
        first="- club training {v}",
        update="club training moved to {v}",
        restatement="club: sessions {v} at the track",
        question="When is club training?",
        values=("Tue 7pm", "Thu 6:30pm", "Wed 7:30pm", "Mon 6pm"),
    ),
    Family(
        first="- club captain {v}",
        update="club: new captain {v} (AGM vote)",
        restatement="club — {v} is captain this season",
        question="Who is the club captain?",
        values=("Jess Moreau", "Dan Oyelaran", "Priya Nair", "Callum Reid"),
    ),
    Family(
        first="- club membership no. {v}",
        update="club renewed → member no. {v}",
        restatement="club: member #{v} (for race entries)",
        question="What's their club membership number?",
        values=("LVH-0412", "LVH-1187", "LVH-0930", "LVH-2265"),
    ),
    # --- work team ---
    Family(
        first="- team standup {v}",
        update="team standup now {v} (new PM)",
        restatement="team: daily sync at {v} on Meet",
        question="What time is the team standup?",
        values=("9:30", "10:15", "9:45", "10:00"),
    ),
    Family(
        first="- team manager → {v}",
        update="team: reporting to {v} after reorg",
        restatement="- team line mgr {v}",
        question="Who is their manager at work?",
        values=("Sarah Kim", "Marcus Webb", "Anita Kowalski", "Leon Fischer"),
    ),
    Family(
        first="- team release day {v}",
        update="team releases → {v} from next sprint",
        restatement="team: ship to prod on {v}",
        question="What day does the team release?",
        values=("Thu", "Tue", "Wed", "Fri"),
    ),
    Family(
        first="- team channel {v}",
        update="team channel renamed → {v}",
        restatement="- team: post blockers in {v}",
        question="Which Slack channel does the team use?",
        values=("#payments-core", "#plat-eng", "#checkout-squad", "#team-atlas"),
    ),
)

PROBE33_POLAR = (
    Polar(
        statement="- car insurance auto-renew ON",
        opposite="- car insurance auto-renew off (shopping around)",
        restatement="car: insurance set to renew itself",
        question="Is the car insurance set to auto-renew?",
    ),
    Polar(
        statement="- flat boiler fixed, heating working",
        opposite="- flat boiler dead again, no heating",
        restatement="flat: heating OK since engineer came",
        question="Is the heating at the flat working?",
    ),
    Polar(
        statement="- side proj: signups open",
        opposite="- side proj signups closed (spam)",
        restatement="side proj — anyone can register",
        question="Are signups open on the side project?",
    ),
    Polar(
        statement="- health: allergic to penicillin",
        opposite="- health: penicillin allergy ruled out, tested neg",
        restatement="health — NO penicillin, reacts badly",
        question="Are they allergic to penicillin?",
    ),
    Polar(
        statement="- club: entered Sat 10k",
        opposite="- club: pulled out of Sat 10k (knee)",
        restatement="club 10k Sat — signed up",
        question="Are they running the club 10k on Saturday?",
    ),
    Polar(
        statement="- team: WFH Fridays ok",
        opposite="- team: no more WFH Fri, office 5 days",
        restatement="team — Fridays remote allowed",
        question="Can they work from home on Fridays?",
    ),
    Polar(
        statement="- flat parcels → fine to leave w/ no. 12",
        opposite="- flat: DON'T leave parcels w/ no. 12",
        restatement="flat: neighbour at 12 happy to take deliveries",
        question="Can parcels be left with the neighbour at no. 12?",
    ),
    Polar(
        statement="- side proj Stripe in test mode",
        opposite="- side proj Stripe live, real charges",
        restatement="side proj payments: sandbox keys only",
        question="Is the side project's Stripe still in test mode?",
    ),
)

PROBE33_NEAR_MISSES = (
    ("- car tyres front 2.4 bar", "- car tyres rear 2.6 bar"),
    ("- car MOT due 14 Mar", "- car service due 14 Jun"),
    ("- flat key safe 2958", "- flat bike store code 7140"),
    ("- flat rent £1,450/mo", "- flat council tax £142/mo"),
    ("- side proj: deploy staging `fly deploy -a plantlog-stg`", "- side proj: deploy prod `fly deploy -a plantlog`"),
    ("- side proj dev server :5173", "- side proj db on :5432"),
    ("- health: dentist → Dr Okafor", "- health: hygienist → Jo Whitlock"),
    ("- health: sertraline 50 mg mornings", "- health: vit D 1000 IU mornings"),
    ("- club fees £40/qtr", "- club race entry £12/race"),
    ("- club training Tue 7pm, track", "- club long run Sun 9am, towpath"),
    ("- team standup 9:30", "- team retro Fri 16:00"),
    ("- team manager → Sarah Kim", "- team skip-level → Marcus Webb"),
)

PROBE33_LOOKALIKES = (
    ("What's the code for the bike lock?", "- bike lock code 4471", "- flat key safe 2958"),
    (
        "Where does the side project read its env vars from?",
        "- side proj env vars in `config/.env.local`",
        "- side proj logs in `var/log/plantlog.log`",
    ),
    ("When is the car's MOT due?", "- car MOT due 14 Mar", "- car tax renews 1 Mar"),
    ("Who is their dentist?", "- health: dentist → Dr Okafor", "- health GP Dr Mensah"),
    ("What time is club training?", "- club training Tue 7pm", "- club AGM Tue 8pm, clubhouse"),
    ("How do I run the side project's tests?", "- side proj tests: `pytest -q`", "- side proj lint: `ruff check .`"),
    ("What day are the bins collected at the flat?", "- flat bin day Wed", "- flat cleaner comes Thu"),
    ("Who's on call for the team this week?", "- team on-call this wk: Tomasz", "- team sprint demo this wk: Leon"),
    ("What pressure should the car tyres be at?", "- car tyres 2.4 bar", "- bike tyres 4.5 bar"),
    ("How much is a physio session?", "- health physio £55/session", "- health dentist check-up £28.50"),
)
