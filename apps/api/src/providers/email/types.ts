export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers such as List-Unsubscribe. */
  headers?: Record<string, string>;
  /** The location the message is sent for, when there is one. */
  locationId?: number | null;
  /**
   * `customer` emails (bios, pulseChecks, reports to customers) obey the location's unsubscribes; staff
   * emails (verifications, alerts, reports to the team) are not marketing and always go.
   */
  audience?: 'customer' | 'staff';
  scope?: 'dispatch' | 'messaging';
}

export interface EmailProvider {
  readonly kind: 'local' | 'sendgrid';
  send(message: EmailMessage): Promise<{ id: string }>;
}
