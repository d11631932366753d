import { Client } from '@sendgrid/client';
import { MailService } from '@sendgrid/mail';
import type { EmailMessage, EmailProvider } from './types.js';

export interface SendgridOptions {
  apiKey: string;
  from: string;
  /** Another API host (a regional endpoint, or a local test server). */
  baseUrl?: string;
}

/** Sends through SendGrid's v3 Mail Send API with the official SDK. */
export function sendgridEmailProvider(options: SendgridOptions): EmailProvider {
  const client = new Client();
  client.setApiKey(options.apiKey);
  if (options.baseUrl) client.setDefaultRequest('baseUrl', options.baseUrl);
  const mail = new MailService();
  mail.setClient(client);

  return {
    kind: 'sendgrid',
    async send(message: EmailMessage) {
      const [response] = await mail.send({
        to: message.to,
        from: options.from,
        subject: message.subject,
        text: message.text,
        html: message.html ?? undefined,
        headers: message.headers,
        customArgs: message.locationId ? { location_id: String(message.locationId) } : undefined,
        attachments: message.attachments?.map((a) => ({
          content: a.content.toString('base64'),
          filename: a.filename,
          type: a.contentType,
          ...(a.contentId ? { disposition: 'inline', content_id: a.contentId } : { disposition: 'attachment' }),
        })),
      });
      const id = response.headers['x-message-id'];
      return { id: typeof id === 'string' ? id : `sendgrid-${Date.now()}` };
    },
  };
}
