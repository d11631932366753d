import { describe, expect, it } from 'vitest';
import { classifyKeyword, keywordReply } from './keywords.js';

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
    for (const w of ['please stop by tomorrow', 'yes please come at 3', 'I need help with my sink', 'stopped', 'end of day', '', '   ', 'STOP STOP']) {
      expect(classifyKeyword(w)).toBeNull();
    }
  });

  it('answers in the business’s name', () => {
    const business = { name: 'Demo Plumbing Austin', phone: '(512) 555-0100' };
    expect(keywordReply('stop', business)).toContain('unsubscribed from Demo Plumbing Austin');
    expect(keywordReply('stop', business)).toContain('START');
    expect(keywordReply('help', business)).toContain('(512) 555-0100');
    expect(keywordReply('start', business)).toContain('STOP');
  });
});
