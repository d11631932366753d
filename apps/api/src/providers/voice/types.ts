import type { ProvidedRoute } from '../served.js';

export interface VoiceCall {
  /** E.164. */
  to: string;
  locationId: number;
  /** What the customer hears before the beep. */
  prompt: string;
  /** Where the finished recording is reported (Twilio posts there; the local provider answers at once). */
  recordingCallbackUrl: string;
}

export interface VoiceProvider {
  readonly kind: 'local' | 'twilio';
  /** What the provider serves itself (the local stand-ins' files and pages); registered by the app. */
  readonly routes?: readonly ProvidedRoute[];
  /**
   * Calls the customer and records their review. A provider that records on the spot (local) answers the
   * recording's address; Twilio answers null and reports it to the callback later.
   */
  call(call: VoiceCall): Promise<{ id: string; recordingUrl: string | null }>;
}
