"""A thirty-fifth set of wordings for bench/truth.py (``probe35``), written by an author who saw neither the code nor
the other sets: terse notes-app / markdown scratch jottings by a dev/ops person, several look-alike notes per topic.
"""

from truth_scenarios import Family, Polar

PROBE35_FAMILIES = (
    # homelab
    Family(
        first="- homelab: backup target {v}",
        update="homelab backups now go to {v} (old box nearly full)",
        restatement="hl nightly backup dest = {v}",
        question="Where do the home server backups end up?",
        values=("nas02", "tank-b", "b2-hl-archive", "rsync.net"),
    ),
    Family(
        first="- homelab: kernel {v}",
        update="homelab kernel bumped to {v}",
        restatement="home server running linux {v}",
        question="Which kernel version is the homelab box on?",
        values=("6.8.12", "6.9.3", "6.10.7", "6.11.2"),
    ),
    Family(
        first="- homelab: ssh port {v}",
        update="hl sshd → {v}",
        restatement="ssh to the homelab on :{v}",
        question="What port do I ssh into at home?",
        values=("2222", "2200", "4422", "22022"),
    ),
    Family(
        first="- homelab: static ip {v}",
        update="homelab moved to {v} (dhcp reservation clash)",
        restatement="home server address is {v}",
        question="What IP has the homelab machine got?",
        values=("10.0.0.40", "10.0.0.17", "10.0.0.250", "10.0.0.63"),
    ),
    Family(
        first="- homelab: proxmox {v}",
        update="homelab PVE upgraded -> {v}",
        restatement="hypervisor on the home box: Proxmox VE {v}",
        question="What Proxmox release is the homelab running?",
        values=("8.1.4", "8.2.2", "8.2.7", "8.3.1"),
    ),
    # client project
    Family(
        first="halvorsen - staging host {v}",
        update="halvorsen staging switched to {v}",
        restatement="Halvorsen stg lives at {v}",
        question="What's the hostname for Halvorsen's staging env?",
        values=("stg1.halvorsen.dev", "stg-eu.halvorsen.dev", "preview.halvorsen.io", "halv-stage.fly.dev"),
    ),
    Family(
        first="halvorsen — PM contact: {v}",
        update="halvorsen: {v} is PM now (handover last wk)",
        restatement="project manager on the halvorsen side = {v}",
        question="Who do I talk to at Halvorsen about the project?",
        values=("Ingrid", "Tomasz", "Priya", "Oluwaseun"),
    ),
    Family(
        first="halvorsen rate: {v}/day",
        update="Halvorsen day rate {v} from next invoice",
        restatement="charging halvorsen {v} per day",
        question="How much am I billing Halvorsen daily?",
        values=("€650", "€700", "€725", "€780"),
    ),
    Family(
        first="halvorsen: deploys on {v}",
        update="halvorsen release day moved to {v}",
        restatement="Halvorsen prod pushes happen {v}",
        question="Which day do we ship to prod for Halvorsen?",
        values=("Tuesdays", "Thursdays", "Mondays", "Wednesdays"),
    ),
    Family(
        first="halvorsen: node {v}",
        update="halvorsen .nvmrc → {v}",
        restatement="Halvorsen repo pinned to Node {v}",
        question="What Node version does the Halvorsen codebase need?",
        values=("18.19.1", "20.11.0", "20.14.0", "22.3.0"),
    ),
    # allotment
    Family(
        first="allotment: gate padlock `{v}`",
        update="allotment gate code changed, now `{v}`",
        restatement="combo for the allotment gate is `{v}`",
        question="What's the code to get through the allotment gate?",
        values=("4417", "0932", "7781", "2605"),
    ),
    Family(
        first="allotment rent {v}/yr",
        update="Allotment rent {v} (committee put it up)",
        restatement="plot 14 costs {v} a year",
        question="How much is the allotment each year?",
        values=("£38", "£42", "£45.50", "£51"),
    ),
    Family(
        first="allotment - sec is {v}",
        update="new allotment secretary: {v}",
        restatement="{v} runs the allotment society admin",
        question="Who's the allotment association secretary?",
        values=("Maureen", "Dev Patel", "Joyce Amankwah", "Gareth"),
    ),
    Family(
        first="allotment: work party {v}",
        update="allotment work parties {v} from now on",
        restatement="plot working bee is {v}",
        question="When's the allotment group work session?",
        values=("Sat 10am", "Sun 9:30", "Sat 2pm", "Sun 11am"),
    ),
    # kid's school
    Family(
        first="maya school - teacher {v}",
        update="Maya's teacher now {v} (mat leave cover)",
        restatement="maya's class teacher = {v}",
        question="Who teaches Maya this year?",
        values=("Mrs Okafor", "Mr Lindqvist", "Ms Brennan", "Mrs Hale"),
    ),
    Family(
        first="maya: pickup {v}",
        update="maya pickup {v}",
        restatement="collect Maya from school at {v}",
        question="What time do I need to get Maya?",
        values=("15:15", "15:30", "14:50", "16:05"),
    ),
    Family(
        first="maya PE day: {v}",
        update="Maya PE switched to {v} — kit bag that day",
        restatement="maya has gym class on {v}",
        question="Which day does Maya need her PE kit?",
        values=("Wednesday", "Friday", "Monday", "Thursday"),
    ),
    Family(
        first="maya lunch money: {v}/week",
        update="school dinners for maya up to {v} a week",
        restatement="maya's lunches cost {v} weekly",
        question="How much is Maya's lunch each week?",
        values=("£11.50", "£12.75", "£13.20", "£14.10"),
    ),
    Family(
        first="maya class: {v}",
        update="maya → {v} class (new yr)",
        restatement="Maya is in {v} class",
        question="What's Maya's class called?",
        values=("Willow", "Rowan", "Hazel", "Cedar"),
    ),
    # band
    Family(
        first="band: rehearsal {v}",
        update="band practice moved to {v}",
        restatement="we rehearse {v}",
        question="When does the band practise?",
        values=("Thu 8pm", "Wed 7:30pm", "Tue 8pm", "Sun 6pm"),
    ),
    Family(
        first="band: practice room {v}",
        update="BAND room now {v} (cheaper)",
        restatement="rehearsals happen at {v}",
        question="Where does the band rehearse?",
        values=("Soundbase rm 4", "the Crypt", "Studio B", "Tom's garage"),
    ),
    Family(
        first="band — drums: {v}",
        update="new drummer {v}",
        restatement="{v} is on the kit for us",
        question="Who plays drums in the band?",
        values=("Kez", "Marcus", "Lena", "Bo"),
    ),
    Family(
        first="band next gig @ {v}",
        update="next show: {v}",
        restatement="band's upcoming gig is at {v}",
        question="Where are we playing next?",
        values=("The Fleece", "Night & Day", "The Lexington", "Bunker Bar"),
    ),
    Family(
        first="band tuning: {v}",
        update="band switched to {v} for the new set",
        restatement="guitars tuned to {v} for the band",
        question="What tuning is the band using?",
        values=("drop D", "E standard", "drop C", "open G"),
    ),
)

PROBE35_POLAR = (
    Polar(
        statement="homelab: offsite backups enabled",
        opposite="homelab offsite backup turned off (cost)",
        restatement="hl off-site copies are on",
        question="Are the home server backups going offsite?",
    ),
    Polar(
        statement="homelab: root ssh login disabled",
        opposite="homelab: root login over ssh re-enabled (migration)",
        restatement="hl sshd PermitRootLogin no",
        question="Can root log in over ssh on the homelab?",
    ),
    Polar(
        statement="halvorsen: inv 14 paid",
        opposite="halvorsen inv 14 still NOT paid — chase",
        restatement="Halvorsen settled invoice 14",
        question="Has Halvorsen paid invoice 14?",
    ),
    Polar(
        statement="halvorsen: contract auto-renews",
        opposite="halvorsen contract no longer auto-renews, need new SOW",
        restatement="Halvorsen agreement rolls over each year by itself",
        question="Does the Halvorsen contract renew on its own?",
    ),
    Polar(
        statement="allotment: hosepipe ban in force",
        opposite="allotment hosepipe ban lifted",
        restatement="no hoses allowed at the allotment rn",
        question="Is there a hose ban at the allotment?",
    ),
    Polar(
        statement="maya: allowed to walk home alone (form signed)",
        opposite="maya not allowed to walk home alone anymore",
        restatement="school ok'd maya walking home by herself",
        question="Can Maya walk home from school without an adult?",
    ),
    Polar(
        statement="band: bassist available for the 14th",
        opposite="bassist can't make the 14th after all",
        restatement="bass player confirmed free on the 14th",
        question="Is our bassist free for the 14th?",
    ),
    Polar(
        statement="band: PA included at the venue",
        opposite="venue has no PA — bring ours",
        restatement="venue provides the sound system",
        question="Do we need to bring our own PA to the gig?",
    ),
)

PROBE35_NEAR_MISSES = (
    ("- homelab: ssh port 2222", "- homelab: web ui port 8006"),
    ("- homelab: kernel 6.8.12", "- homelab: zfs 2.2.4"),
    ("- homelab: static ip 10.0.0.40", "- homelab: gateway 10.0.0.1"),
    ("halvorsen: node 20.11.0", "halvorsen: postgres 15.6"),
    ("halvorsen rate: €700/day", "halvorsen budget: €42k total"),
    ("halvorsen - staging host stg1.halvorsen.dev", "halvorsen - prod host app.halvorsen.dev"),
    ("allotment: gate padlock `4417`", "allotment: shed padlock `8830`"),
    ("allotment rent £42/yr", "allotment water charge £9/yr"),
    ("maya: pickup 15:15", "maya: drop-off 08:40"),
    ("maya PE day: Friday", "maya swimming day: Tuesday"),
    ("band: rehearsal Thu 8pm", "band: soundcheck Sat 6pm"),
    ("band — drums: Kez", "band — keys: Anouk"),
)

PROBE35_LOOKALIKES = (
    ("What's the ssh port on the home server?", "- homelab: ssh port 2222", "- pihole box: ssh port 2200"),
    ("Which Node version does Halvorsen use?", "halvorsen: node 20.11.0", "brightwater (client): node 18.19.1"),
    ("Who's Maya's teacher?", "maya school - teacher Mrs Okafor", "leo school - teacher Mr Daley"),
    ("What's the code for the allotment gate?", "allotment: gate padlock `4417`", "bike shed: padlock `6152`"),
    ("When does the band rehearse?", "band: rehearsal Thu 8pm", "choir: rehearsal Mon 7pm"),
    ("What kernel is the homelab on?", "- homelab: kernel 6.8.12", "- work laptop: kernel 6.5.0"),
    ("What's my day rate for Halvorsen?", "halvorsen rate: €700/day", "brightwater rate: €620/day"),
    ("What time do I collect Maya?", "maya: pickup 15:15", "leo: pickup 15:45"),
    ("Where's the band's next gig?", "band next gig @ The Fleece", "Kez's side project next gig @ The Louisiana"),
    ("How much is the allotment rent?", "allotment rent £42/yr", "garage rent £65/month"),
)
