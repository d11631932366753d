export interface SmsMessage {
  /** E.164, e.g. +15125550100. */
  to: string;
  body: string;
  mediaUrl?: string;
  locationId?: number | null;
}

export interface SmsProvider {
  readonly kind: 'local' | 'twilio';
  send(message: SmsMessage): Promise<{ id: string }>;
}
