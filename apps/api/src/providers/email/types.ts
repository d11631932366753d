export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers such as List-Unsubscribe. */
  headers?: Record<string, string>;
  /** The location the message is sent for, when there is one. */
  locationId?: number | null;
}

export interface EmailProvider {
  readonly kind: 'local' | 'sendgrid';
  send(message: EmailMessage): Promise<{ id: string }>;
}
