import winkNLP, { type ItemSentence, type ItemToken, type WinkMethods } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import { REVIEW_TOPICS, type ReviewTopic, type TopicPolarity } from '@kudo/shared';
import { CUES, SPELLING, type Cue } from './lexicon.js';
import type { Classification, InsightsProvider } from './types.js';

/*
 * The local classifier: wink-nlp (its English model: tokens, sentences, lemmas, negation scope and a general
 * sentiment lexicon) and the trade's cues (lexicon.ts). A text is read clause by clause, a clause ending at a
 * sentence's end or a contrast ("but", "however", "although" …). Each clause's sentiment is wink's, moved by the
 * cues wink does not know ("late", "overcharged"); a topic takes its cue's polarity, or for a plain mention
 * ("the price was …") the sentiment of its clause. Contrast weighs as people write it: what follows "but" counts
 * more than what precedes it, a concession ("although …") less than the rest. A topic praised in one clause and
 * blamed in another is mixed (0).
 */

let nlp: WinkMethods | null = null;
/** The model is read on the first classification, not when the server starts. */
const reader = () => (nlp ??= winkNLP(model));

interface Token {
  /** Lower case. */
  n: string;
  /** The lemma, lower case. */
  l: string;
  /** The negation ("not", "never", "no", "n't" …) whose scope it is in, a few words after it; -1 for none. */
  negator: number;
  pos: string;
  /** The text it came from, after a space. */
  text: string;
}

interface Element {
  words: ReadonlySet<string>;
  prefixes: readonly string[];
  /** Up to three other tokens may stand before this one. */
  gap: boolean;
}

interface CompiledCue {
  cue: Cue;
  elements: readonly Element[];
}

const compile = (cue: Cue): CompiledCue => {
  const elements: Element[] = [];
  let gap = false;
  for (const part of cue.pattern.trim().split(/\s+/)) {
    if (part === '~') {
      gap = true;
      continue;
    }
    const alternatives = part.split('|');
    elements.push({
      words: new Set(alternatives.filter((w) => !w.endsWith('*'))),
      prefixes: alternatives.filter((w) => w.endsWith('*')).map((w) => w.slice(0, -1)),
      gap,
    });
    gap = false;
  }
  return { cue, elements };
};

/** Longest first, so that a phrase wins over the words in it. */
const COMPILED: readonly CompiledCue[] = CUES.map(compile).sort((a, b) => b.elements.length - a.elements.length);

/** Negations ("n't" reads as "not"). */
const NEGATORS = new Set(['not', 'never', 'no', 'nobody', 'nothing', 'none', 'neither', 'nor', 'without', 'hardly', 'cannot']);
/** A negation reaches this many words after it, within wink's scope (which runs to the punctuation). */
const NEGATION_REACH = 5;
const MENTION_NEGATION_REACH = 2;

const MAX_GAP = 3;
/** How much one cue moves its clause's sentiment, which wink scores from -1 to 1. */
const CUE_WEIGHT = 0.5;
/** A clause whose sentiment is at least this far from 0 gives its polarity to the plain mentions in it. */
const MENTION_THRESHOLD = 0.15;

/** Contrasts that start the clause that counts more ("…, but it works"). */
const BUT = new Set(['but', 'however', 'yet', 'except', 'although', 'though', 'whereas', 'unfortunately']);
/** Contrasts that start a concession, which counts less than the clause beside it ("although it was late, …"). */
const CONCESSION = new Set(['although', 'though', 'whereas']);

const elementMatches = (e: Element, t: Token) => e.words.has(t.n) || e.words.has(t.l) || e.prefixes.some((p) => t.n.startsWith(p));

interface Match {
  cue: Cue;
  negated: boolean;
}

/** The cues in a clause, longest first; a token belongs to one cue at most. */
function matchCues(tokens: readonly Token[]): { matches: Match[]; used: boolean[] } {
  const used = new Array<boolean>(tokens.length).fill(false);
  const found: Match[] = [];
  for (const { cue, elements } of COMPILED) {
    for (let start = 0; start < tokens.length; start++) {
      if (used[start] || !elementMatches(elements[0]!, tokens[start]!)) continue;
      const at = [start];
      let ok = true;
      for (let k = 1; k < elements.length && ok; k++) {
        const e = elements[k]!;
        const from = at[k - 1]! + 1;
        const to = Math.min(tokens.length - 1, from + (e.gap ? MAX_GAP : 0));
        ok = false;
        for (let j = from; j <= to; j++) {
          if (!used[j] && elementMatches(e, tokens[j]!)) {
            at.push(j);
            ok = true;
            break;
          }
          // The words between a cue's words never cross punctuation ("late, did not call").
          if (tokens[j]!.pos === 'PUNCT') break;
        }
      }
      if (!ok) continue;
      for (const j of at) used[j] = true;
      // A negation that a longer cue holds ("could not be happier") reaches no further. A plain mention is negated only
      // right after its negation ("nobody called", not "not what I would call professional").
      const negator = tokens[start]!.negator;
      const reach = cue.polarity === 0 || cue.polarity === null ? MENTION_NEGATION_REACH : NEGATION_REACH;
      const before = negator >= 0 && !used[negator] && start - negator <= reach;
      // A negation between the cue's words ("were not on time") negates it too.
      const inside = tokens.some((t, j) => j > start && j < at.at(-1)! && !at.includes(j) && NEGATORS.has(t.n));
      found.push({ cue, negated: before !== inside });
    }
  }
  return { matches: found, used };
}

/** wink's sentiment of a clause's words. */
const winkScore = (text: string): number => (text ? (reader().readDoc(text).out(reader().its.sentiment) as unknown as number) : 0);

const effective = (m: Match): TopicPolarity | null => {
  if (!m.negated) return m.cue.polarity;
  if (m.cue.negated !== undefined) return m.cue.negated;
  return m.cue.polarity === null || m.cue.polarity === 0 ? 0 : m.cue.polarity === 1 ? -1 : 1;
};

const sign = (x: number, threshold: number): TopicPolarity => (x >= threshold ? 1 : x <= -threshold ? -1 : 0);


interface Clause {
  tokens: Token[];
  /** A concession ("although …") counts half, the clause it concedes to half again as much. */
  weight: number;
  /** The clause after a "but": when it praises, it outweighs the clause before (see classifyText). */
  afterBut: boolean;
  /** Starts with "except": its plain mentions are the opposite of the clause before. */
  except: boolean;
}

const clause = (weight = 1, afterBut = false, except = false): Clause => ({ tokens: [], weight, afterBut, except });

/** A sentence's clauses, split at contrasts. */
function clausesOf(sentence: readonly Token[]): Clause[] {
  const clauses: Clause[] = [clause()];
  for (let i = 0; i < sentence.length; i++) {
    const t = sentence[i]!;
    const rest = sentence.slice(i + 1).some((x) => x.pos !== 'PUNCT');
    const current = clauses.at(-1)!;
    if (BUT.has(t.n) && rest && !(t.n === 'yet' && t.pos !== 'CCONJ')) {
      const concession = CONCESSION.has(t.n);
      if (current.tokens.length > 0) {
        if (concession) current.weight *= 1.5;
        clauses.push(concession ? clause(0.5) : clause(1, true, t.n === 'except'));
      } else if (concession) {
        // A sentence that opens with a concession: it runs to the first comma, the main clause follows.
        current.weight = 0.5;
        const comma = sentence.findIndex((x, j) => j > i && x.n === ',');
        if (comma > 0) {
          current.tokens.push(...sentence.slice(i + 1, comma));
          clauses.push(clause(1.5));
          i = comma;
        }
      }
      continue;
    }
    if (t.n === ';') {
      clauses.push(clause());
      continue;
    }
    current.tokens.push(t);
  }
  return clauses.filter((c) => c.tokens.some((t) => t.pos !== 'PUNCT'));
}

/** Hyphenated words apart ("no-show", "on-time"), common misspellings put right. */
function normalize(text: string): string {
  return text
    .replace(/(\p{L})-(\p{L})/gu, '$1 $2')
    .replace(/\p{L}+(?:'\p{L}+)?/gu, (word) => SPELLING[word.toLowerCase()] ?? word);
}


/**
 * Words a general lexicon scores that, in a home-services review, tell the trouble the customer called about ("the
 * pipe burst", "our heat died", "a hot day") rather than how the business did: left out of the clause's sentiment.
 */
const SITUATION = new Set([
  'problem', 'problems', 'issue', 'issues', 'die', 'died', 'dead', 'burst', 'emergency', 'emergencies', 'flood', 'flooded', 'flooding',
  'damage', 'damaged', 'clog', 'hot', 'cold', 'warm', 'freezing', 'heat', 'worried', 'worry', 'scared', 'afraid', 'sunny', 'storm',
  'storms', 'fire', 'crack', 'cracked', 'rotten', 'mold', 'trouble', 'stuck', 'need', 'needed', 'old', 'leaky', 'sewer', 'backup',
  'weather', 'pain',
]);

/** A clause's cues and sentiment: wink's for its other words, plus each cue's polarity. */
function scoreClause(tokens: readonly Token[]) {
  const { matches, used } = matchCues(tokens);
  const rest = tokens.filter((t, i) => !used[i] && !SITUATION.has(t.n) && !SITUATION.has(t.l));
  let score = winkScore(rest.map((t) => t.text).join('').trim());
  for (const m of matches) {
    const p = effective(m) ?? 0;
    score += CUE_WEIGHT * p * (p < 0 && m.cue.severe ? 2 : 1);
  }
  const judged = new Set(matches.filter((m) => m.cue.topic && m.cue.polarity !== 0 && effective(m) !== null).map((m) => m.cue.topic));
  return { matches, score, judged };
}

/** A text with something to classify: a letter or a digit. */
export const hasWords = (text: string) => /[\p{L}\p{N}]/u.test(text);

/** Reads a review's text; deterministic and in-process. */
export function classifyText(text: string): Classification {
  if (!hasWords(text)) return { score: null, topics: {} };
  const wink = reader();
  const its = wink.its;
  const doc = wink.readDoc(normalize(text));
  const sentences: Token[][] = [];
  doc.sentences().each((s: ItemSentence) => {
    const tokens: Token[] = [];
    let negator = -1;
    s.tokens().each((t: ItemToken) => {
      const n = String(t.out(its.normal)).toLowerCase();
      const i = tokens.length;
      const pos = String(t.out(its.pos));
      if (pos === 'PUNCT') negator = -1;
      // "not only", "didn't just": no negation.
      if (negator === i - 1 && (n === 'just' || n === 'only')) negator = -1;
      const inScope = negator >= 0 && i - negator <= NEGATION_REACH && (Boolean(t.out(its.negationFlag)) || NEGATORS.has(tokens[negator]!.n) || tokens[negator]!.n === 'wish');
      tokens.push({
        n,
        // wink's typings give the lemma helper a third parameter that `out` does not declare.
        l: String(t.out(its.lemma as unknown as typeof its.normal)).toLowerCase(),
        negator: inScope ? negator : -1,
        pos,
        text: ` ${t.out()}`,
      });
      // "Wish they had cleaned up" says they did not.
      if (NEGATORS.has(n) || (n === 'wish' && pos === 'VERB')) negator = i;
    });
    sentences.push(tokens);
  });

  let raw = 0;
  const polarities = new Map<ReviewTopic, TopicPolarity[]>();
  const note = (topic: ReviewTopic, polarity: TopicPolarity) => polarities.set(topic, [...(polarities.get(topic) ?? []), polarity]);
  for (const sentence of sentences) {
    const clauses = clausesOf(sentence).map((c) => ({ ...c, ...scoreClause(c.tokens) }));
    clauses.forEach((c, i) => {
      // "All great except the price": the exception says the opposite of what it is excepted from.
      if (c.except && c.score === 0) c.score = -(clauses[i - 1]?.score ?? 0);
    });
    clauses.forEach((c, i) => {
      // Praise after a "but" outweighs the complaint before it ("pricey but worth it"); a complaint after praise
      // weighs a little more than the praise ("good work, but late"): the reviewer's mixed feelings.
      const before = clauses[i + 1]?.afterBut && clauses[i + 1]!.score > 0 ? 0.5 : 1;
      const after = c.afterBut ? (c.score > 0 ? 1.5 : 1.25) : 1;
      raw += c.weight * before * after * c.score;
      const previous = clauses[i - 1]?.score ?? 0;
      for (const m of c.matches) {
        const topic = m.cue.topic;
        const p = effective(m);
        if (!topic || p === null) continue;
        if (m.cue.polarity !== 0 || p !== 0) note(topic, p);
        // A plain mention ("the price was …") takes its clause's sentiment, unless a cue of the clause judges the
        // topic; after "except" it takes the opposite of the clause before ("all great except the price").
        else if (!c.judged.has(topic)) note(topic, c.except ? (-sign(previous, MENTION_THRESHOLD) as TopicPolarity) : sign(c.score, MENTION_THRESHOLD));
      }
    });
  }
  const topics: Partial<Record<ReviewTopic, TopicPolarity>> = {};
  for (const topic of REVIEW_TOPICS) {
    const list = polarities.get(topic);
    if (!list) continue;
    const pos = list.includes(1);
    const neg = list.includes(-1);
    topics[topic] = pos && neg ? 0 : pos ? 1 : neg ? -1 : 0;
  }
  const score = Math.round((raw / Math.sqrt(raw * raw + 1)) * 1000) / 1000;
  return { score: Object.is(score, -0) ? 0 : score, topics };
}

/** The classifier that runs in-process: no outside service, no key. */
export function localInsightsProvider(): InsightsProvider {
  return { kind: 'local', classify: async (text) => ({ ...classifyText(text), by: 'local' }) };
}
