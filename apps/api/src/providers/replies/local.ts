import type { ReplyTone } from '@kudo/shared';
import type { ReplyRequest, ReplyWriter } from './types.js';

/*
 * The local reply writer: phrase banks keyed by the review's mood (its rating) and topics, in the location's tone.
 * Each choice is a hash of the request's seed (the review) and the slot, so a review always gets the same words and
 * two reviews rarely share a sentence, let alone a reply. No phrase offers anything, asks about the rating, admits
 * fault or promises an outcome; the only names are the reviewer's first name, the technician's and the business's.
 */

type Mood = 'positive' | 'mixed' | 'negative';

/** FNV-1a, 32 bits: a stable, well-spread number for a string. */
function fnv(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

const OPENERS: Record<Mood, Record<ReplyTone, { named: readonly string[]; unnamed: readonly string[] }>> = {
  positive: {
    friendly: {
      named: [
        'Thank you so much, {name}!',
        '{name}, thank you for the wonderful words!',
        'Thanks a million, {name}!',
        'What a great note to read, {name}. Thank you!',
        'We really appreciate you taking the time to write, {name}!',
        'Hi {name}, thank you for the kind words!',
      ],
      unnamed: ['Thank you so much for the wonderful words!', 'What a great note to read. Thank you!', 'Thanks a million for the kind words!', 'We really appreciate you taking the time to write!'],
    },
    professional: {
      named: ['Thank you for your feedback, {name}.', 'Dear {name}, thank you for sharing your experience.', '{name}, we appreciate you taking the time to share your thoughts.', 'Thank you for the kind words, {name}.'],
      unnamed: ['Thank you for your feedback.', 'Thank you for sharing your experience with us.', 'We appreciate you taking the time to share your thoughts.'],
    },
    brief: {
      named: ['Thanks, {name}!', 'Thank you, {name}!', 'Much appreciated, {name}!', '{name}, thank you!'],
      unnamed: ['Thank you!', 'Thanks so much!', 'Much appreciated!'],
    },
  },
  mixed: {
    friendly: {
      named: ['Thanks for the honest feedback, {name}.', '{name}, thank you for telling us how it went.', 'Thank you for sharing this, {name}.'],
      unnamed: ['Thanks for the honest feedback.', 'Thank you for telling us how it went.'],
    },
    professional: {
      named: ['Dear {name}, thank you for your feedback.', '{name}, thank you for sharing your experience with us.'],
      unnamed: ['Thank you for your feedback.', 'Thank you for sharing your experience with us.'],
    },
    brief: { named: ['Thanks for the feedback, {name}.', 'Thank you, {name}.'], unnamed: ['Thanks for the feedback.'] },
  },
  negative: {
    friendly: {
      named: ['{name}, thank you for letting us know about your experience.', 'Thank you for sharing this, {name}.', '{name}, we appreciate you taking the time to tell us about this.'],
      unnamed: ['Thank you for letting us know about your experience.', 'Thank you for taking the time to share this.'],
    },
    professional: {
      named: ['Dear {name}, thank you for your feedback.', '{name}, thank you for bringing this to our attention.'],
      unnamed: ['Thank you for your feedback.', 'Thank you for bringing this to our attention.'],
    },
    brief: { named: ['Thank you for the feedback, {name}.', '{name}, thank you for telling us.'], unnamed: ['Thank you for the feedback.'] },
  },
};

/** What a reviewer praised: one sentence per topic of theirs (keys of the review topics). */
const PRAISE: Record<string, readonly string[]> = {
  punctuality: ["We're glad our team arrived right on time.", 'Showing up when we say we will matters to us, so we are glad it showed.', 'Good to hear the timing worked out for you.'],
  price: ["We're glad you found the pricing fair.", 'Clear, upfront pricing is something we work hard at.', 'Good to hear the price felt right for the work.'],
  professionalism: [
    "It's great to hear the crew treated you and your home with respect.",
    "We're proud of our team's professionalism and glad it came through.",
    'Courtesy and know-how go a long way, and we are glad you noticed.',
  ],
  quality: ["We're happy the work was done right.", 'Doing the job well the first time is what we aim for.', "It's great to hear you're happy with the result."],
  cleanliness: ['Leaving your home as tidy as we found it matters to us.', "We're glad the cleanup stood out.", 'Good to hear the crew kept things neat.'],
  communication: ["We're glad we kept you informed along the way.", "Clear explanations are part of the job, and we're glad they helped.", 'Good to hear the updates made things easy.'],
  scheduling: ["We're glad getting an appointment was easy.", 'Happy we could fit you in when you needed us.', 'Good to hear booking the visit went smoothly.'],
};

/** What a reviewer complained about: empathy without fault or promise. */
const CONCERN: Record<string, readonly string[]> = {
  punctuality: ["We're sorry the timing of the visit let you down.", 'We know waiting on a technician is frustrating.'],
  price: ['We understand your concern about the cost.', "We hear you on the final bill, and we'd like to go over it with you."],
  professionalism: ["We're sorry the visit left you disappointed in how you were treated.", 'How our team treats you matters to us, and we are sorry this visit left you disappointed.'],
  quality: ["We're sorry to hear the work didn't meet your expectations.", "We understand how frustrating it is when a repair doesn't feel finished."],
  cleanliness: ['We understand how important a tidy home is after a visit.', "We're sorry the cleanup wasn't what you expected."],
  communication: ["We're sorry you didn't feel informed along the way.", "Staying in touch matters, and we're sorry it didn't feel that way."],
  scheduling: ["We're sorry getting an appointment was a hassle.", 'We know how frustrating scheduling trouble can be.'],
};

/** A topic as a few words, for a note on a complaint within a good review. */
const TOPIC_WORDS: Record<string, string> = {
  punctuality: 'timing',
  price: 'pricing',
  professionalism: 'how the crew came across',
  quality: 'the work itself',
  cleanliness: 'the cleanup',
  communication: 'keeping in touch',
  scheduling: 'scheduling',
};

const NOTED = ['Thank you as well for the note on {topic}; feedback like that helps us.', 'We also hear you on {topic}, and we appreciate you mentioning it.'];

const GLAD = [
  "We're so glad the visit went well.",
  "It's great to hear you had a good experience.",
  'Reviews like yours make our day.',
  "We're delighted you were happy with the service.",
  'It means a lot to hear this.',
];

const RATED: Record<'five' | 'four' | 'recommend', readonly string[]> = {
  five: ['We appreciate the five-star rating.', 'Thanks for the five stars!', 'Five stars from you means a lot.'],
  four: ['We appreciate the four-star rating.', 'Thank you for the four stars.'],
  recommend: ['Thank you for recommending {business}.', 'We appreciate the recommendation.'],
};

const FOUR_STARS = ["If anything could have gone better, we'd like to hear about it.", 'Any thoughts on what would have made the visit even better are welcome.'];

const TECHNICIAN = ['{tech} will be glad to hear it.', 'Your kind words are going straight to {tech}.', '{tech} is a big part of our team, and this means a lot.', "We're lucky to have {tech} on the team."];

const MIXED = ["We're glad parts of the visit went well, and we hear that not everything did.", 'We appreciate hearing both what went well and what did not.'];

const SORRY = ["We're sorry the visit didn't meet your expectations.", "We're sorry to hear about your experience.", "This isn't the experience we want anyone to have."];

const SORRY_RATING = ["We're sorry your experience wasn't a good one.", "We're sorry to hear the visit wasn't what you hoped for."];

const INVITE = [
  "We'd like to hear more about what happened; please reach out to our office directly.",
  'Please contact our office directly so we can understand what happened.',
  "Your feedback matters to us, and we'd welcome a conversation; please reach out to our office directly.",
];

const CLOSERS: Record<ReplyTone, readonly string[]> = {
  friendly: ['We look forward to seeing you next time!', 'Thanks again for choosing {business}!', "We're here whenever you need us.", 'Have a wonderful day!'],
  professional: ['Thank you for choosing {business}.', 'We appreciate your business.', 'We look forward to serving you again.'],
  brief: [],
};

const moodOf = (r: Pick<ReplyRequest, 'rating'>): Mood => (r.rating >= 4 ? 'positive' : r.rating === 3 ? 'mixed' : 'negative');

/** The words a sentence leans on; a reply says each of them once ("We appreciate … We appreciate …" reads badly). */
const LEANS = ['appreciate', 'glad', 'thank', 'happy', 'great', 'good', 'sorry', 'understand', 'know', 'lucky', 'proud', 'means', 'hear'];
const leansOf = (sentence: string) => {
  const words = new Set(sentence.toLowerCase().replace(/\bthanks\b/g, 'thank').split(/[^a-z']+/));
  return LEANS.filter((w) => words.has(w));
};

/** The local writer's reply to a review: the same every time for the same request. */
export function composeReply(r: ReplyRequest): string {
  const seed = r.seed;
  const used = new Set<string>();
  /** The seed's phrase of the bank for this slot, or the next one that leans on no word said already. */
  const pick = (bank: readonly string[], slot: string): string => {
    const start = fnv(`${seed}|${slot}`) % bank.length;
    let chosen = bank[start]!;
    for (let i = 0; i < bank.length; i++) {
      const candidate = bank[(start + i) % bank.length]!;
      if (leansOf(candidate).every((w) => !used.has(w))) {
        chosen = candidate;
        break;
      }
    }
    for (const w of leansOf(chosen)) used.add(w);
    return chosen;
  };
  const fill = (s: string) =>
    s
      .replaceAll('{name}', r.firstName ?? '')
      .replaceAll('{tech}', r.technician ?? '')
      .replaceAll('{business}', r.business);
  const mood = moodOf(r);
  const brief = r.tone === 'brief';
  const hasText = r.text.trim() !== '';
  const known = r.topics.filter((t) => t.topic in PRAISE);
  // Topics in the order of the seed, so that two reviews praising the same things lead with different ones.
  const order = (list: typeof known) => [...list].sort((a, b) => fnv(`${seed}|${a.topic}`) - fnv(`${seed}|${b.topic}`));
  const praised = order(known.filter((t) => t.polarity > 0));
  const concerns = order(known.filter((t) => t.polarity < 0));

  const openers = OPENERS[mood][r.tone];
  const sentences: string[] = [pick(r.firstName ? openers.named : openers.unnamed, 'open')];
  const body: string[] = [];

  if (mood === 'positive') {
    for (const t of praised.slice(0, brief ? 1 : 2)) body.push(pick(PRAISE[t.topic]!, `praise-${t.topic}`));
    if (body.length === 0) {
      if (hasText) body.push(pick(GLAD, 'glad'));
      else body.push(pick(r.recommendation ? RATED.recommend : r.rating === 5 ? RATED.five : RATED.four, 'rated'));
    }
    if (!brief) {
      if (r.technician) body.push(pick(TECHNICIAN, 'tech'));
      const concern = concerns[0];
      if (concern) body.push(pick(NOTED, 'noted').replace('{topic}', TOPIC_WORDS[concern.topic]!));
      else if (r.rating === 4 && !r.recommendation) body.push(pick(FOUR_STARS, 'four'));
      const closer = CLOSERS[r.tone];
      if (closer.length) body.push(pick(closer, 'close'));
    }
  } else {
    if (mood === 'mixed' && !brief) {
      const good = praised[0];
      body.push(good ? pick(PRAISE[good.topic]!, `praise-${good.topic}`) : pick(MIXED, 'mixed'));
    }
    const heard = concerns.slice(0, brief ? 0 : 2).map((t) => pick(CONCERN[t.topic]!, `concern-${t.topic}`));
    if (heard.length) body.push(...heard);
    else if (mood === 'negative') body.push(pick(hasText ? SORRY : SORRY_RATING, 'sorry'));
    body.push(pick(INVITE, 'invite'));
  }

  sentences.push(...body);
  const text = [...new Set(sentences)].map(fill).join(' ');
  return r.signOff ? `${text}\n\n${r.signOff}` : text;
}

export function localReplyWriter(): ReplyWriter {
  return { kind: 'local', write: async (request) => ({ text: composeReply(request), by: 'local' }), local: composeReply };
}
