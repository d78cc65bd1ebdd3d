"""The recall pipeline: understand the query, gather candidates from several signals, fuse, lift by
conversational neighbours, rescore with the seeds' factors, diversify, classify and explain. A choice
question ("which came first, A or B?") also searches each alternative and interleaves the rankings.

Each stage can be switched off (``RecallSettings``), which is how the benchmark's ablation is measured.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from functools import partial
from typing import Any

import numpy as np

from ..config import RecallSettings
from ..model import Hit, MemoryRecord, TypeRegistry
from ..providers.embedders import Embedder
from ..storage.base import REINSTATED_APART, Backend, Filters
from ..storage.vectors import one_blas_thread
from ..write.provenance import trust_factor
from ..write.versions import holds_kind
from . import scoring
from .candidate import Candidate
from .lineage import RetiredMeanings, lineage
from .newer import VERSION_DEPTH, newer_first
from .query import Query, analyse
from .signals import text_signals

W_LEXICAL, W_VECTOR = 0.7, 0.3  # lexical carries exact names and numbers; vectors carry paraphrase
# A reply two turns on still answers (question, aside, answer): on LoCoMo a window of 2 and weight 0.4 took
# R@10 from 0.702 to 0.723, up in every category, with LongMemEval unchanged (window 1, weight 0.3 before).
NEIGHBOUR_WINDOW = 2
NEIGHBOUR_WEIGHT = 0.4
SESSION_WEIGHT = 0.2  # the whole conversation a turn belongs to is context too (LoCoMo R@10 0.722 -> 0.735)
COVERAGE_WEIGHT = 0.3
RESCORE_DEPTH, RESCORE_MIN = 5, 60
MMR_LAMBDA = 0.7
MMR_OVERLAP = 0.6  # wordllama cosines of distinct facts on one topic sit below this
NEAR_DUPLICATE = 0.97
# A count ("how many...") adds up mentions that are usually told in different conversations, and a second
# mention of the same thing is an occurrence, not redundancy: such questions diversify by conversation.
CONVERSATION_REDUNDANCY = 0.3
TIME_WINDOW_BOOST = 1.3
ANSWER_TIE, ANSWER_DEPTH = 0.7, 3  # _answer_first: a hit within 0.7 of the first's score, among the first three
TAG_BOOST = 1.2
ARCHIVED = 0.85
WINDOW_BASE = 0.3  # a memory of the asked-about time is a weak match on its own...
URL_BASE = 1.0  # ...a memory citing the asked-about URL is a strong one
_NO_FILTERS = Filters()
# How many digits each signal keeps in hit.explain.
_DIGITS = {"fused": 4, "bm25": 3, "cosine": 3, "neighbour": 4, "session": 4, "match": 3, "relevance": 3}
# Structured matches carry their own relevance: citing the asked-about URL is a strong match on its own, an
# LLM search key a good one, being of the asked-about time a weak one (above the floor, below WARM).
_MATCHED_RELEVANCE = {"url": 0.5, "search": 0.4, "time": 0.2}
EXPANSION_RELEVANCE = 0.2  # a query word's synonym (the expansion table or the LLM), no word of the query itself


class _Signals(dict[str, dict[str, Any]]):
    """Each candidate's signals, made on first use: a search fuses a few hundred candidates and rescores
    sixty. Raw values: only the returned hits' are rounded (see Recall._hit)."""

    def __init__(
        self,
        fused: Mapping[str, float],
        extra: Mapping[str, tuple[str, float]],
        lexical: Mapping[str, float],
        vector: Mapping[str, float],
    ) -> None:
        super().__init__()
        self._sources = fused, extra, lexical, vector

    def __missing__(self, mid: str) -> dict[str, Any]:
        fused, extra, lexical, vector = self._sources
        found: dict[str, Any] = {"fused": fused[mid]}
        if mid in extra:
            found["matched"] = extra[mid][0]
        if mid in lexical:
            found["bm25"] = lexical[mid]
        if mid in vector:
            found["cosine"] = vector[mid]
        self[mid] = found
        return found


class Recall:
    def __init__(self, backend: Backend, embedder: Embedder, registry: TypeRegistry, settings: RecallSettings) -> None:
        self._settings = settings
        self._backend = backend
        self._embedder = embedder
        self._retired = RetiredMeanings(embedder)
        self._registry = registry

    # One BLAS thread: the products here are small or memory-bound, and a second thread woken on a busy
    # machine costs milliseconds per call (measured: a 2k-row GEMV at 19 ms p50 under load 6).
    @one_blas_thread()
    def search(
        self,
        agent_id: str,
        text: str,
        *,
        limit: int,
        now: datetime,
        filters: Filters,
        extra_terms: Sequence[str] = (),
        extra_matches: Mapping[str, tuple[str, float]] | None = None,
    ) -> list[Hit]:
        """``extra_terms`` / ``extra_matches``: the LLM layer's hook (tiermem.llm.service.recall_hint). Expansion
        terms join the lexical query only (rescoring measures the words the user typed); search-key matches
        are candidates like the structured ones, as (reason, base score)."""
        query = analyse(text, now)
        if extra_terms:
            query = replace(query, terms=tuple(dict.fromkeys([*query.terms, *extra_terms])))
        replaced: dict[str, list[MemoryRecord]] = {}  # filled by _ranked: what each candidate replaced
        ranked = partial(self._ranked, agent_id, limit=limit, now=now, filters=filters, replaced=replaced)
        hits = ranked(query, matches=extra_matches or {})
        if self._settings.question_forms and query.alternatives:
            sides = [ranked(analyse(side, now), alternative=side) for side in query.alternatives]
            hits = scoring.interleave([*sides, hits], limit, key=lambda hit: hit.memory.id)
        return _versions(hits, replaced, older=filters.include_superseded or query.past)

    def _ranked(
        self,
        agent_id: str,
        query: Query,
        *,
        limit: int,
        now: datetime,
        filters: Filters,
        replaced: dict[str, list[MemoryRecord]],
        matches: Mapping[str, tuple[str, float]] | None = None,
        alternative: str | None = None,
    ) -> list[Hit]:
        """One query through every stage; ``alternative``: the side of a choice this query searches. What
        each candidate replaced is added to ``replaced``."""
        qvec = self._embedder.embed([query.text])[0]
        depth = max(self._settings.candidates, limit * 4)
        fused, signals = self._candidates(agent_id, query, qvec, depth, filters, matches or {})
        if not fused:
            return []
        if self._settings.neighbours:
            self._lift_by_context(agent_id, fused, signals)
        # Rescoring factors are bounded multipliers, so only the head of the fused ranking can reach the top.
        head = sorted(fused, key=fused.__getitem__, reverse=True)[: max(limit * RESCORE_DEPTH, RESCORE_MIN)]
        records = self._backend.get_many(agent_id, head)
        # is_current: a memory forgotten by another process since the candidates were gathered
        pool = {
            mid: Candidate(records[mid], signals[mid], fused[mid])
            for mid in head
            if mid in records and records[mid].is_current
        }
        versions = lineage(self._backend, agent_id, list(pool))
        replaced.update(versions.replaced)
        if self._settings.newer_first:
            for mid, earlier in versions.earlier.items():
                pool[mid].earlier = earlier
        if self._settings.vector:
            self._measure_meaning(agent_id, pool, qvec)
        if self._settings.rescore:
            self._rescore(pool, query, now)
        ranked = sorted(pool.values(), key=lambda c: c.score, reverse=True)
        if self._settings.diversity:
            by_conversation = self._settings.question_forms and query.aggregate
            ranked = self._diversify(agent_id, ranked, limit, by_conversation=by_conversation)
        relevant = self._above_floor(ranked)
        ranked = _tiers_in_order(relevant[:limit])
        if self._settings.newer_first:
            apart = partial(self._reinstated_apart, agent_id)
            ranked = newer_first(_strong_first(ranked), query, apart, relevant[limit:])[:limit]
            ranked = _answer_first(ranked, query)
        if alternative is not None:
            for cand in ranked:
                cand.signals["alternative"] = alternative
        return [self._hit(c, tier) for c, tier in zip(ranked, _tiers(ranked), strict=True)]

    def _reinstated_apart(self, agent_id: str, newer: str, older: str) -> bool:
        """Whether ``older`` was taken for an old version of ``newer`` and reinstated by the user: two facts.
        Read from the newer memory's history, only when a newer-first rule would move it (rarely)."""
        return any(
            entry.action == REINSTATED_APART and entry.detail.get("id") == older
            for entry in self._backend.history(agent_id, newer)
        )

    def _above_floor(self, ranked: list[Candidate]) -> list[Candidate]:
        """Drop what does not match: hits whose own relevance is under the floor, unless the conversation they
        belong to matched (a reply next to the turn that matches); nothing at all when no hit clears it."""
        s = self._settings
        for cand in ranked:
            cand.signals["relevance"] = _relevance(cand.signals, words=s.rescore, meaning=s.vector)
        floor = self._settings.relevance_floor
        if floor <= 0 or not (s.rescore or s.vector):  # no signal that measures relevance ran: nothing to judge by
            return ranked
        if max((c.signals["relevance"] for c in ranked), default=0.0) < floor:
            return []
        return [
            c for c in ranked if c.signals["relevance"] >= floor or "neighbour" in c.signals or "session" in c.signals
        ]

    # --- stages -----------------------------------------------------------------------------------

    def _candidates(
        self,
        agent_id: str,
        query: Query,
        qvec: np.ndarray,
        depth: int,
        filters: Filters,
        matches: Mapping[str, tuple[str, float]],
    ) -> tuple[dict[str, float], dict[str, dict[str, Any]]]:
        """Fused scores of every candidate that passes the filters, and the signals behind each (made when
        first asked for: only the rescored head's are)."""
        s = self._settings
        lexical, vector = text_signals(
            self._backend, agent_id, query.terms, qvec, depth, words=s.lexical, meaning=s.vector
        )
        fused = scoring.combine(
            scoring.normalise(lexical),
            scoring.normalise_cosines(vector),
            W_LEXICAL if s.lexical else 0.0,
            W_VECTOR if s.vector else 0.0,
        )
        structured = self._structured(agent_id, query, depth)
        extra = {**matches, **structured}
        for mid, (_, base) in extra.items():
            fused[mid] = max(fused.get(mid, 0.0), base)
        # Lexical, vector, time-window and URL candidates are current memories of the agent already (the
        # Backend contract): with no other filter, only the LLM's search-key matches need the store's check.
        known = lexical.keys() | vector.keys() | structured.keys() if filters == _NO_FILTERS else set()
        allowed = known | self._backend.matching(agent_id, [m for m in fused if m not in known], filters)
        if len(allowed) < len(fused):
            fused = {mid: score for mid, score in fused.items() if mid in allowed}
        return fused, _Signals(dict(fused), extra, lexical, vector)

    def _structured(self, agent_id: str, query: Query, depth: int) -> dict[str, tuple[str, float]]:
        """Candidates no text signal finds: memories citing a URL of the query, memories of its time window."""
        found: dict[str, tuple[str, float]] = {}
        if query.window:
            window = query.window
            for mid in self._backend.in_window(agent_id, window.start, window.end, limit=depth):
                found[mid] = (f"time window '{window.phrase}'", WINDOW_BASE)
        for fragment in query.urls:
            for mid in self._backend.with_url(agent_id, fragment, limit=depth):
                found[mid] = (f"url {fragment}", URL_BASE)
        return found

    def _lift_by_context(self, agent_id: str, fused: dict[str, float], signals: dict[str, dict[str, Any]]) -> None:
        """Answers often sit next to the turn that matches the question, and in the conversation about it:
        a candidate shares some of the score of its best neighbour and of its session's best other turn."""
        base = dict(fused)
        placed = self._backend.placements(agent_id, list(base))
        for mid, (near, session) in scoring.conversation_context(placed, base, NEIGHBOUR_WINDOW).items():
            if near > 0:
                fused[mid] += NEIGHBOUR_WEIGHT * near
                signals[mid]["neighbour"] = near
            if session > 0:
                fused[mid] += SESSION_WEIGHT * session
                signals[mid]["session"] = session

    def _measure_meaning(self, agent_id: str, pool: dict[str, Candidate], qvec: np.ndarray) -> None:
        """The cosine of each pooled candidate the vector search did not bring (found by its words, its time or
        a URL), so that its relevance weighs both signals like the others' do. Not being among a big store's
        nearest few hundred is not a cosine of zero: the BM25 best match for a rare name in five years of notes
        was dropped under the relevance floor for it."""
        # With diversity on, the head of the ranking needs its vectors too: read them all in one call here
        # rather than twice (a round trip each on PostgreSQL).
        wanted = list(pool) if self._settings.diversity else [m for m, c in pool.items() if "cosine" not in c.signals]
        for mid, vec in self._backend.vectors_for(agent_id, wanted).items():
            cand = pool[mid]
            cand.vector = vec
            if "cosine" not in cand.signals:
                cand.signals["cosine"] = float(vec @ qvec)
        heirs = [c for c in pool.values() if c.earlier]
        if heirs:  # ... and in their meaning (a retired version's vector is gone from the store: embedded here)
            cosines = iter((self._retired.of([o.text for c in heirs for o in c.earlier]) @ qvec).tolist())
            for cand in heirs:
                cand.own_cosine = cand.signals.get("cosine", 0.0)
                best, old = max((next(cosines), o.id) for o in cand.earlier)
                if best > cand.signals.get("cosine", 0.0):
                    cand.signals["cosine"] = best
                    cand.signals["answers_for"] = old

    def _rescore(self, pool: dict[str, Candidate], query: Query, now: datetime) -> None:
        present = {mid: query.stems_in(c.record.text) for mid, c in pool.items()}
        own = {mid: set(present[mid]) for mid, c in pool.items() if c.earlier}  # before the versions' words join
        for mid, cand in pool.items():  # a memory answers in the words of the versions it replaced too
            for old in cand.earlier:
                more = query.stems_in(old.text) - present[mid]
                if more:
                    present[mid] |= more
                    cand.signals.setdefault("answers_for", old.id)
        df = Counter(s for stems in present.values() for s in stems)
        idf = {s: math.log(1 + len(pool) / df[s]) if df[s] else math.log(1 + len(pool)) for s in query.stems}
        floor, tau = self._settings.recency_floor, self._settings.recency_tau_days
        terms = set(query.terms)
        by_type: dict[str, float] = {}  # a search's candidates share a handful of types
        for mid, cand in pool.items():
            record, signals = cand.record, cand.signals
            match = scoring.coverage(query.stems, present[mid], idf)
            kind = by_type.get(record.type)
            if kind is None:
                kind = by_type[record.type] = scoring.type_factor(self._registry.resolve(record.type).recall_boost)
            factors = {
                "coverage": 1.0 + COVERAGE_WEIGHT * match,
                "importance": scoring.importance_factor(record.importance),
                "reinforcement": scoring.reinforcement_factor(record.access_count),
                "type": kind,
                "recency": scoring.recency(_age_days(record, now), floor, tau),
            }
            trust = trust_factor(record.source)  # web pages and tool output rank below the user's own words
            if trust != 1.0:
                factors["trust"] = trust
            if record.tier == "frozen":  # archived by the lifecycle: still found, behind what is in use
                factors["archived"] = ARCHIVED
            if query.window and query.window.contains(record.event_at or record.created_at):
                factors["time_window"] = TIME_WINDOW_BOOST
            if record.tags and terms & {t.lower() for t in record.tags}:
                factors["tags"] = TAG_BOOST
            if mid in own:
                # Its fused score is what its own text earned; through its versions it is as relevant as the
                # best of them, and it ranks so (the retired versions are out of the candidates' signals).
                alone = scoring.relevance(scoring.coverage(query.stems, own[mid], idf), cand.own_cosine)
                gained = scoring.relevance(match, signals.get("cosine", 0.0))
                if 0 < alone < gained:
                    factors["versions"] = gained / alone
            score = cand.score
            for value in factors.values():
                score *= value
            cand.score = score
            signals["match"] = match
            signals["factors"] = factors  # raw: only the returned hits' are rounded (see _hit)

    def _diversify(
        self, agent_id: str, ranked: list[Candidate], limit: int, *, by_conversation: bool
    ) -> list[Candidate]:
        """MMR over the head of the ranking; near-duplicates of an earlier pick go to the back.

        Redundancy is similarity of meaning, or, with ``by_conversation``, sharing a conversation."""
        head = ranked[: limit * 3]
        ids = [c.record.id for c in head]
        found = self._backend.vectors_for(agent_id, [c.record.id for c in head if c.vector is None])
        none = np.zeros(self._embedder.dims, dtype=np.float32)
        matrix = np.stack([c.vector if c.vector is not None else found.get(c.record.id, none) for c in head])
        sims = matrix @ matrix.T
        relevance = np.array([c.score for c in head])
        if by_conversation:
            placed = self._backend.placements(agent_id, ids)
            sessions = [placed[mid][1] if mid in placed else None for mid in ids]
            order = scoring.mmr(relevance, scoring.same_conversation(sessions, CONVERSATION_REDUNDANCY), MMR_LAMBDA)
        else:
            order = scoring.mmr(relevance, sims, MMR_LAMBDA, MMR_OVERLAP)
        kept: list[int] = []
        dropped: list[Candidate] = []
        rows = sims.tolist()  # the float32 values exactly, without a numpy call per comparison
        for i in order:
            if kept and max([rows[i][j] for j in kept]) >= NEAR_DUPLICATE:
                head[i].signals["near_duplicate"] = True
                dropped.append(head[i])
            else:
                kept.append(i)
        return [head[i] for i in kept] + dropped + ranked[limit * 3 :]

    def _hit(self, cand: Candidate, tier: str) -> Hit:
        explain = {k: round(v, _DIGITS[k]) if k in _DIGITS else v for k, v in cand.signals.items()}
        if "factors" in explain:
            explain["factors"] = {k: round(v, 3) for k, v in explain["factors"].items() if abs(v - 1.0) > 1e-3}
        own = scoring.recall_tier(cand.signals["relevance"])
        explain["tier_reason"] = scoring.TIER_WORDS[tier] + ("" if own == tier else " (in its conversation)")
        return Hit(cand.record, round(cand.score, 6), tier, explain)


def _strong_first(ranked: list[Candidate]) -> list[Candidate]:
    """The first place goes to a strong match (HOT on its own relevance) when one is among the first
    :data:`VERSION_DEPTH` hits: rank fusion can put a short text sharing one rare word of the question ("The
    conference room projector works", for "Where does Tomas work?") above the memory that answers it. Only the
    first place changes; which hits make the first k (k >= 5) never does."""
    if not ranked or scoring.recall_tier(ranked[0].signals["relevance"]) == "hot":
        return ranked
    strong = next(
        (i for i, c in enumerate(ranked[:VERSION_DEPTH]) if scoring.recall_tier(c.signals["relevance"]) == "hot"), None
    )
    if strong is None:
        return ranked
    ranked[strong].signals["above_weaker"] = ranked[0].record.id
    return [ranked[strong], *ranked[:strong], *ranked[strong + 1 :]]


def _tiers_in_order(ranked: list[Candidate]) -> list[Candidate]:
    """The hits in the order of their recall tiers (HOT, WARM, COLD), by score and diversity within each: a
    strong match stands above a partial or weak one, whatever the fused score or MMR made of it (MMR put the
    newer version of a fact, much like the old one it follows, below an unrelated weak hit). Not among a
    conversation's turns, whose tier is their session's and whose spread over sessions is what diversity is
    for (LongMemEval's judged part: turn recall_all@5 0.627 -> 0.552 when they were reordered too)."""
    if any(isinstance(c.record.source.get("session"), str) for c in ranked):
        return ranked
    rank = {"hot": 0, "warm": 1, "cold": 2}
    tiers = [rank[scoring.recall_tier(c.signals["relevance"])] for c in ranked]
    for i, cand in enumerate(ranked):
        passed = next((above for above, tier in zip(ranked[:i], tiers, strict=False) if tier > tiers[i]), None)
        if passed is not None:  # the first hit of a lower tier it now stands above: explained
            cand.signals["above_weaker"] = passed.record.id
    return [ranked[i] for i in sorted(range(len(ranked)), key=tiers.__getitem__)]


def _answer_first(ranked: list[Candidate], query: Query) -> list[Candidate]:
    """The first place goes to a hit holding a value of the kind the question asks for ("Who is the tenant in
    flat 1?": a name), when the first hit holds none and one of the next two does, scored at least
    :data:`ANSWER_TIE` of it and a fair match (WARM) of the question: a text sharing the question's words
    without its answer ("The tenant in flat 2 pays £850 a month") stands behind the one that has it ("Flat 1
    is let to Marcus Bell"). Never an older version above the newer one that was put first for it."""
    if not query.asks or len(ranked) < 2 or holds_kind(ranked[0].record.text, query.asks):
        return ranked
    top = ranked[0]
    for i, cand in enumerate(ranked[1:ANSWER_DEPTH], 1):
        if (
            top.signals.get("newer_than") != cand.record.id
            and cand.score >= ANSWER_TIE * top.score
            and cand.signals["relevance"] >= scoring.WARM_RELEVANCE
            and holds_kind(cand.record.text, query.asks)
        ):
            cand.signals["answers_kind"] = ", ".join(sorted(query.asks))
            return [cand, *ranked[:i], *ranked[i + 1 :]]
    return ranked


def _tiers(ranked: Sequence[Candidate]) -> list[str]:
    """Each hit's recall tier: by its own relevance, or, for a turn of a conversation, by the best relevance
    of another returned turn of it (the answer to a question is often a turn next to the one that matches
    it: on the LongMemEval dev subset this took evidence shown HOT from 0.76 to 0.83)."""
    best: dict[str, list[float]] = {}
    for cand in ranked:
        session = cand.record.source.get("session")
        if isinstance(session, str):
            best.setdefault(session, []).append(cand.signals["relevance"])
    tiers = []
    for cand in ranked:
        own = cand.signals["relevance"]
        session = cand.record.source.get("session")
        others = sorted(best.get(session, []) if isinstance(session, str) else [], reverse=True)
        other = (
            (others[1] if len(others) > 1 else 0.0) if others and others[0] == own else (others[0] if others else 0.0)
        )
        tiers.append(scoring.recall_tier(max(own, other)))
    return tiers


def _versions(hits: list[Hit], replaced: Mapping[str, list[MemoryRecord]], *, older: bool) -> list[Hit]:
    """Say what each hit replaced; with ``older`` (asked for, or a question about the past), put each
    replaced version right under the memory that replaced it, below it in score: a superseded memory
    never outranks its successor."""
    out: list[Hit] = []
    for hit in hits:
        olds = replaced.get(hit.memory.id, [])
        if olds:
            hit.explain["replaces"] = [{"id": o.id, "text": o.text[:160]} for o in olds]
        out.append(hit)
        if older:
            out += [_older_version(o, hit) for o in olds]
    return list({h.memory.id: h for h in reversed(out)}.values())[::-1]  # each once, at its first place


def _older_version(old: MemoryRecord, current: Hit) -> Hit:
    reason = f"an older version, replaced by {current.memory.id} on {old.valid_to:%Y-%m-%d}" if old.valid_to else ""
    explain = {"superseded_by": current.memory.id, "tier_reason": reason or "an older version"}
    return Hit(old, round(current.score * 0.9, 6), "cold", explain)


def _relevance(signals: Mapping[str, Any], *, words: bool, meaning: bool) -> float:
    """A hit's relevance from the signals that ran (with one switched off, the other alone measures it)."""
    match, cosine = signals.get("match", 0.0), signals.get("cosine", 0.0)
    own = scoring.relevance(match, cosine) if words and meaning else (match if words else cosine)
    matched = str(signals.get("matched", ""))
    extra = max((value for key, value in _MATCHED_RELEVANCE.items() if matched.startswith(key)), default=0.0)
    if words and signals.get("bm25", 0.0) > 0 and match <= 0:  # found by an expansion term, no query word
        extra = max(extra, EXPANSION_RELEVANCE)
    return max(own, extra)


def _age_days(record: MemoryRecord, now: datetime) -> float:
    return (now - (record.event_at or record.created_at)).total_seconds() / 86400
