import { describe, expect, it } from 'vitest';
import { classifyKeyword, isRevocation, keywordReply } from './keywords.js';

describe('SMS keywords', () => {
  it('knows every STOP, START and HELP word in any case, alone in the message', () => {
    for (const w of ['STOP', 'stop', ' Stop ', 'STOPALL', 'unsubscribe', 'Cancel', 'END', 'quit', 'Revoke', 'OPTOUT', 'stop.', 'STOP!']) {
      expect(classifyKeyword(w)).toBe('stop');
    }
    for (const w of ['START', 'unstop', 'Yes', 'yes!']) expect(classifyKeyword(w)).toBe('start');
    expect(classifyKeyword('help')).toBe('help');
    expect(classifyKeyword('HELP?')).toBe('help');
  });

  it('leaves ordinary messages alone, even when they contain a keyword', () => {
    for (const w of ['please stop by tomorrow', 'yes please come at 3', 'I need help with my sink', 'stopped', 'end of day', '', '   ']) {
      expect(classifyKeyword(w)).toBeNull();
    }
  });

  // Revocation by any reasonable means: the FCC's words with a few words around them, and common phrases.
  const REVOKES = [
    'OPT OUT',
    'opt-out',
    'Opt out please',
    'STOP ALL',
    'STOP STOP',
    'Stop!!!',
    'stop please',
    'Please stop, thank you',
    'stop it',
    'stop now',
    'Stop texting me',
    'stop sending me messages',
    'Stop these texts',
    'please stop the messages',
    'please remove me from your list',
    'Remove me',
    'remove my number from your list',
    'take me off your list',
    'do not text me again',
    'Please don’t text me',
    'DONT MESSAGE ME',
    'UNSUBSCRIBE ME',
    'Unsubscribe me from this',
    'unsub',
    'I want to opt out',
    'I would like to unsubscribe',
    'I don’t want any more texts',
    'no more texts please',
    'No more messages',
    'Cancel',
    'cancel please',
    'Quit',
    'I quit',
    'End',
    'revoke',
    'I revoke my consent',
    'withdraw my consent',
    'Leave me alone',
    'Wrong number',
    'Ｓｔｏｐ',
    'stöp',
    'Great job yesterday but please stop texting me',
    'Please stop texting me. I don’t want to cancel the service, just no texts',
  ];
  const KEEPS = [
    'Don’t stop, this is great!',
    'don\'t stop',
    'do not unsubscribe me',
    'please stop by tomorrow',
    'Can the tech stop at 3pm?',
    'The leak won’t stop',
    'I can’t stop smiling, great work',
    'end of day works',
    'cancel my appointment on Friday',
    'I need to cancel the appointment',
    'The drain stopped leaking',
    'Thank you!',
    'ok',
    'Remove the old water heater too',
    'Never stop being awesome',
    'what time does your day end?',
    'Start',
    'Is the quote final or can you text me the details?',
    'Please text me when you are on the way',
  ];

  it.each(REVOKES)('takes %j as a revocation', (text) => {
    expect(isRevocation(text)).toBe(true);
    expect(classifyKeyword(text)).toBe('stop');
  });

  it.each(KEEPS)('does not take %j as a revocation', (text) => {
    expect(isRevocation(text)).toBe(false);
    expect(classifyKeyword(text)).not.toBe('stop');
  });

  it('answers in the business’s name', () => {
    const business = { name: 'Demo Plumbing Austin', phone: '(512) 555-0100' };
    expect(keywordReply('stop', business)).toContain('unsubscribed from Demo Plumbing Austin');
    expect(keywordReply('stop', business)).toContain('START');
    expect(keywordReply('help', business)).toContain('(512) 555-0100');
    expect(keywordReply('start', business)).toContain('STOP');
  });
});
