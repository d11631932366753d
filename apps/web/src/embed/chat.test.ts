import { describe, expect, it } from 'vitest';
import { INBOX_LIMITS, INBOX_MSG } from '@kudo/shared';
import { CHAT_MESSAGE_MAX, CHAT_TEXT, chatBody, chatPanelHtml, chatProblems, type ChatInput } from './chat';

const visitor = (over: Partial<ChatInput> = {}): ChatInput => ({
  name: 'Lee Visitor',
  phone: '(512) 555-9003',
  message: 'Do you fix tankless heaters?',
  consent: true,
  website: '',
  ...over,
});

describe('website chat', () => {
  it('speaks with the inbox’s own messages and limits', () => {
    expect(CHAT_TEXT.name).toBe(INBOX_MSG.chatName);
    expect(CHAT_TEXT.phone).toBe(INBOX_MSG.chatPhone);
    expect(CHAT_TEXT.message).toBe(INBOX_MSG.chatMessage);
    expect(CHAT_TEXT.consent).toBe(INBOX_MSG.chatConsent);
    expect(CHAT_MESSAGE_MAX).toBe(INBOX_LIMITS.chatMessageMax);
  });

  it('names every field that still needs the visitor', () => {
    expect(chatProblems(visitor())).toEqual({});
    expect(chatProblems(visitor({ name: '  ', phone: '555-12', message: '', consent: false }))).toEqual({
      name: INBOX_MSG.chatName,
      phone: INBOX_MSG.chatPhone,
      message: INBOX_MSG.chatMessage,
      consent: INBOX_MSG.chatConsent,
    });
    expect(chatProblems(visitor({ phone: '+44 20 7946 0958' })).phone).toBe(INBOX_MSG.chatPhone);
    expect(chatProblems(visitor({ message: 'x'.repeat(CHAT_MESSAGE_MAX + 1) })).message).toBe(INBOX_MSG.chatMessage);
  });

  it('posts the number in E.164, trimmed texts, the honeypot and how long the form was open', () => {
    expect(chatBody(visitor({ name: ' Lee ', website: 'spam' }), 3200.4)).toEqual({
      name: 'Lee',
      phone: '+15125559003',
      message: 'Do you fix tankless heaters?',
      consent: true,
      website: 'spam',
      elapsed: 3200,
    });
  });

  it('labels every control, hides the honeypot from people and escapes the business’s words', () => {
    const html = chatPanelHtml('Tom & <Sons>', 'Hi <b>there</b>');
    for (const id of ['name', 'phone', 'message', 'consent', 'website']) expect(html).toContain(`<label for="kc-${id}">`);
    expect(html).toContain('Text Tom &#38; &#60;Sons&#62;');
    expect(html).toContain('Hi &#60;b&#62;there&#60;/b&#62;');
    expect(html).toMatch(/<div class="hp" aria-hidden="true">.*tabindex="-1"/);
    expect(chatPanelHtml('Acme', '  ')).not.toContain('class="greet"');
  });
});
