/** The carrier-standard SMS keywords: alone in a message (any case, stray punctuation ignored). */
export const STOP_KEYWORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT'] as const;
export const START_KEYWORDS = ['START', 'UNSTOP', 'YES'] as const;
export const HELP_KEYWORDS = ['HELP'] as const;

export type Keyword = 'stop' | 'start' | 'help';

export function classifyKeyword(body: string): Keyword | null {
  const word = body
    .trim()
    .replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '')
    .toUpperCase();
  if ((STOP_KEYWORDS as readonly string[]).includes(word)) return 'stop';
  if ((START_KEYWORDS as readonly string[]).includes(word)) return 'start';
  if ((HELP_KEYWORDS as readonly string[]).includes(word)) return 'help';
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
