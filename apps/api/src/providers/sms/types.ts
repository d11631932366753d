export interface SmsMessage {
  /** E.164, e.g. +15125550100. */
  to: string;
  body: string;
  /** What the delivery log keeps instead of the body, when the body carries a secret (a sign-in's password). */
  logBody?: string;
  mediaUrl?: string;
  locationId?: number | null;
  /**
   * What the message is for, beyond the channel-wide STOP: `dispatch` (bios, pulseChecks) or `messaging`
   * (conversations). An opt-out of that scope blocks it too.
   */
  scope?: 'dispatch' | 'messaging';
  /** The location's own sender, when it has one (filled in by the sending path from the location). */
  from?: string;
  messagingServiceSid?: string;
  /** What sends it and for which campaign, as the logs show it (see `LogTag` in lib/mail.ts). */
  app?: string;
  campaignId?: number | null;
  /** The caller looked the location's sender up already (bulk sends do, once per batch): the path does not again. */
  senderKnown?: boolean;
}

export interface SmsProvider {
  readonly kind: 'local' | 'twilio';
  /** The provider's id of the message and, when it knows it, the number it was sent from. */
  send(message: SmsMessage): Promise<SmsSent>;
  /** Several messages at once, each settled as `send` would answer it (the local outbox writes them in one statement). */
  sendMany?(messages: SmsMessage[]): Promise<PromiseSettledResult<SmsSent>[]>;
}

export interface SmsSent {
  id: string;
  from?: string;
  /** The delivery log row written for it (the sending path fills it in). */
  logId?: number;
}
