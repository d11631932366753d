import twilio from 'twilio';
import { twilioClientOptions } from '../sms/twilio.js';
import type { VoiceProvider } from './types.js';
import { escapeXml } from '../../lib/escape.js';

/** TwiML that reads the prompt and records up to two minutes, reporting the recording to the callback. */
export function recordTwiml(prompt: string, callbackUrl: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><Response><Say>${escapeXml(prompt)}</Say><Record maxLength="120" timeout="5" playBeep="true" trim="trim-silence" recordingStatusCallback="${escapeXml(callbackUrl)}" recordingStatusCallbackMethod="POST"/><Say>Thank you. Goodbye.</Say></Response>`;
}

/** Twilio Voice with the official SDK: calls from the account's number and records the customer's review. */
export function twilioVoiceProvider(options: { accountSid: string; authToken: string; from?: string; baseUrl?: string }): VoiceProvider {
  const client = twilio(options.accountSid, options.authToken, twilioClientOptions(options.baseUrl));
  return {
    kind: 'twilio',
    async call(call) {
      if (!options.from) throw new Error('Voice reviews need TWILIO_FROM_NUMBER, a number that can place calls.');
      const placed = await client.calls.create({ to: call.to, from: options.from, twiml: recordTwiml(call.prompt, call.recordingCallbackUrl) });
      return { id: placed.sid, recordingUrl: null };
    },
  };
}
