/**
 * The SMS keywords and consent revocations.
 *
 * START and HELP are the carrier-standard words, alone in a message (any case, stray punctuation ignored).
 * A revocation is wider: since April 2025 a customer may revoke consent "by any reasonable means", and a
 * reply made of one of the FCC's words (stop, quit, end, revoke, opt out, cancel, unsubscribe) counts even
 * with a few words around it. So a message is a revocation when, written plainly (lower case, accents and
 * punctuation gone), it is
 *  - one of those words with only courtesy words and words naming the messages around it
 *    ('STOP ALL', 'Unsubscribe me', 'please stop now, thanks', 'stop these texts'), or
 *  - a common revocation phrase anywhere in it ('stop texting me', 'remove me from your list',
 *    'do not text me again', 'no more texts', 'take me off your list', 'I want to opt out'),
 * and not a negated one ('Don't stop, this is great!', 'do not unsubscribe me').
 */
export const STOP_KEYWORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT'] as const;
export const START_KEYWORDS = ['START', 'UNSTOP', 'YES'] as const;
export const HELP_KEYWORDS = ['HELP'] as const;

export type Keyword = 'stop' | 'start' | 'help';

/** The FCC's revocation words, as they read once written plainly ("opt-out" → "opt out"). */
const REVOCATION_WORDS = new Set(['stop', 'stopall', 'unsubscribe', 'cancel', 'end', 'quit', 'revoke', 'optout', 'unsub', 'remove']);

/**
 * Words that may stand around a revocation word without changing what it says: courtesy, insistence,
 * and the messages themselves. Not "by", "at", "of", "my", "the", ...: 'stop by', 'end of day' and
 * 'cancel my appointment' say something else.
 */
const AROUND = new Set([
  'please', 'pls', 'plz', 'plese', 'kindly', 'now', 'right', 'immediately', 'asap', 'already', 'just', 'ok', 'okay',
  'thanks', 'thank', 'you', 'thx', 'ty', 'all', 'i', 'me', 'it', 'us', 'sir', 'maam', 'hi', 'hello', 'hey', 'and', 'them',
  'this', 'these', 'those', 'text', 'texts', 'texting', 'txt', 'txts', 'sms', 'message', 'messages', 'messaging', 'msg',
  'msgs', 'sending', 'contact', 'contacting', 'number', 'subscription', 'from', 'to', 'your', 'list', 'again',
  'anymore', 'more', 'no', 'for', 'good', 'forever', 'permanently',
]);

/** Phrases that revoke consent wherever they stand in a message (matched on the plain text). */
const REVOCATION_PHRASES: RegExp[] = [
  /\b(stop|quit|cease|end|halt|discontinue) (all |the |these |those |your |any )?(texting|texts?|txts?|txting|messaging|messages?|msgs?|sms|sending|contacting|spamming|emailing|calling)\b/,
  /\b(stop|quit|cease) (sending|contacting|bothering|spamming|harassing|emailing|calling) (me|us|this number|my number)\b/,
  /\b(remove|delete|take|unsubscribe|opt|drop|erase|get) (me|us|my (phone |cell |mobile )?number|this (phone )?number|my info(rmation)?|my contact( info)?) (off|from|out of|out)\b/,
  /\b(unsubscribe|opt out|optout|opt me out|unsubscribe me|opt us out)\b/,
  /\b(do not|dont|never|please dont|please do not) (text|txt|message|msg|sms|contact|send( me)?( any( more)?)? (texts?|messages?)|bother) (me|us|this number|my number)?\b/,
  /\bno (more|further) (texts?|txts?|messages?|msgs?|sms|contact|texting|messaging)\b/,
  /\b(i|we) (want|wish|would like|d like|need|am asking|m asking) to (unsubscribe|opt out|stop (receiving|getting)|be removed)\b/,
  /\b(i|we) (do not|dont|don t) want (any more|anymore|more|any|your|these|further) ?(texts?|messages?|msgs?|sms)\b/,
  /\b(revoke|withdraw|cancel) (my |our )?(consent|permission|subscription)\b/,
  /\bleave me alone\b/,
  /\bwrong number\b/,
];

/** Negations that turn a revocation word into its opposite when they stand right before it. */
const NEGATED = /\b(do not|dont|never|not|cant|cannot|wont|shouldnt|didnt|no need to) (please )?(ever )?(stop|quit|end|cancel|unsubscribe|opt out|optout|revoke|remove)\b/g;

/** The text as the rules read it: lower case, no accents, apostrophes dropped, other punctuation as spaces. */
export function plainText(body: string): string {
  return body
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’‘`´]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Whether a customer's text revokes consent to be texted (see the module's comment for the rule). */
export function isRevocation(body: string): boolean {
  // A negated word says nothing ('Don't stop, this is great!'); the rest of the message still may.
  const text = plainText(body).replace(NEGATED, ' ').replace(/ +/g, ' ').trim();
  if (!text) return false;
  const words = text.replace(/\bopt out\b/g, 'optout').split(' ');
  const core = words.filter((w) => !AROUND.has(w));
  if (core.length > 0 && core.length <= 2 && core.every((w) => REVOCATION_WORDS.has(w))) return true;
  // "stop" alone among the words around it: 'stop all', 'stop it please', 'no more texts stop'.
  if (core.length === 0 && words.some((w) => w === 'stop' || w === 'stopall')) return true;
  return REVOCATION_PHRASES.some((re) => re.test(text));
}

export function classifyKeyword(body: string): Keyword | null {
  const word = body
    .trim()
    .replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '')
    .toUpperCase();
  if ((START_KEYWORDS as readonly string[]).includes(word)) return 'start';
  if ((HELP_KEYWORDS as readonly string[]).includes(word)) return 'help';
  if ((STOP_KEYWORDS as readonly string[]).includes(word) || isRevocation(body)) return 'stop';
  return null;
}

/** The automatic answers, in the business's name. */
export function keywordReply(keyword: Keyword, business: { name: string; phone: string }): string {
  switch (keyword) {
    case 'stop':
      return `You have been unsubscribed from ${business.name} text messages and will receive no more. Reply START to resubscribe.`;
    case 'start':
      return `You have been resubscribed to ${business.name} text messages. Reply HELP for help or STOP to unsubscribe.`;
    case 'help':
      return `${business.name}: for help call ${business.phone}. Msg & data rates may apply. Reply STOP to unsubscribe.`;
  }
}
