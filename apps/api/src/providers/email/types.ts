import type { EmailMessage } from '../../lib/mail.js';

export type { EmailAttachment, EmailMessage } from '../../lib/mail.js';

export interface EmailProvider {
  readonly kind: 'local' | 'sendgrid';
  send(message: EmailMessage): Promise<{ id: string }>;
}
