import { z } from 'zod';
import { MSG } from '../messages.js';
import { RULES } from '../rules.js';
import { idSchema, isValidEmail, phoneSchema } from '../validators.js';
import { defineEndpoint } from './define.js';

/** The feedback moods a notification is about. */
export const SENTIMENTS = ['positive', 'neutral', 'negative'] as const;
export type Sentiment = (typeof SENTIMENTS)[number];
/** The moods that may also alert a mobile number by SMS. */
export const SMS_SENTIMENTS = ['neutral', 'negative'] as const;
export type SmsSentiment = (typeof SMS_SENTIMENTS)[number];

/** Minutes an escalation contact waits before being alerted; 5 is preselected. */
export const ESCALATION_DELAYS = [1, 5, 10, 15, 20, 25, 30] as const;
export const DEFAULT_ESCALATION_DELAY = 5;
/** Minutes before the second auto-reply. */
export const AUTO_REPLY_DELAYS = [1, 2, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60] as const;
export const AUTO_REPLY_TEXT_MAX = 480;

export const PHONE_VERIFICATION = {
  codeDigits: 6,
  codeMinutes: 10,
  maxAttempts: 5,
  /** Codes a location may have texted per window. */
  sendsPerWindow: 5,
  windowMinutes: 10,
  /** How long a verified number may still be saved as an SMS alert number. */
  validForMinutes: 30,
} as const;

const sentiment = z.enum(SENTIMENTS, { error: MSG.sentimentInvalid });
const smsSentiment = z.enum(SMS_SENTIMENTS, { error: MSG.notifySmsSentiment });
const email = z
  .string({ error: MSG.validEmail })
  .trim()
  .toLowerCase()
  .refine(isValidEmail, { error: MSG.validEmail });
const id = idSchema(MSG.notFound, true);
const phoneOrEmpty = phoneSchema(MSG.validPhone, { e164: true, optional: true });
const phone = phoneOrEmpty.refine((v) => v !== '', { error: MSG.validPhone });

const notificationEmail = z.object({ email: z.string(), id: z.number().int(), verified: z.boolean() });
const notificationSms = z.object({ phoneNumber: z.string(), id: z.number().int() });

export const loadNotifications = defineEndpoint({
  id: 'E065',
  method: 'GET',
  path: '/settings/dispatch/notification/load',
  summary: 'The notification emails of each sentiment and the SMS numbers of neutral and negative feedback.',
  access: { kind: 'location', rule: RULES.settingsDispatch },
  response: z.object({
    positive: z.object({ email: z.array(notificationEmail) }),
    neutral: z.object({ email: z.array(notificationEmail), sms: notificationSms.nullable() }),
    negative: z.object({ email: z.array(notificationEmail), sms: notificationSms.nullable() }),
  }),
});
export type NotificationsData = z.infer<typeof loadNotifications.response>;
export type NotificationEmailItem = z.infer<typeof notificationEmail>;

export const removeNotificationEmail = defineEndpoint({
  id: 'E066',
  method: 'POST',
  path: '/settings/manage/kudo-notifications/remove-email',
  summary: 'Stop notifying an email about feedback of a sentiment.',
  access: { kind: 'location', rule: RULES.settingsDispatch },
  body: z.object({ email: z.string().max(254).optional(), id, sentiment }),
  response: z.null(),
});

export const deleteNotificationVerification = defineEndpoint({
  id: 'E067',
  method: 'POST',
  path: '/settings/manage/kudo-notifications/delete-verification',
  summary: 'Withdraw an email that has not been verified yet; its emailed link stops working.',
  access: { kind: 'location', rule: RULES.settingsDispatch },
  body: z.object({ email, sentiment }),
  response: z.null(),
});

export const addNotificationEmail = defineEndpoint({
  id: 'E068',
  method: 'POST',
  path: '/settings/manage/kudo-notifications/add-email',
  summary: 'Add an email to a sentiment and send it a verification link (positive feedback allows one email).',
  access: { kind: 'location', rule: RULES.settingsDispatch },
  body: z.object({ email, sentiment }),
  response: notificationEmail,
});

export const resendNotificationVerification = defineEndpoint({
  id: 'E069',
  method: 'POST',
  path: '/settings/manage/kudo-notifications/resend-verification',
  summary: 'Send a fresh verification link to an email that has not been verified yet.',
  access: { kind: 'location', rule: RULES.settingsDispatch },
  body: z.object({ email, sentiment }),
  response: z.null(),
});

export const updateNotificationSms = defineEndpoint({
  id: 'E070',
  method: 'POST',
  path: '/settings/manage/kudo-notifications/update-sms',
  summary:
    'Set or clear the SMS alert number of neutral or negative feedback. A number must have been verified by this location in the last 30 minutes, or already be the other sentiment’s number.',
  access: { kind: 'location', rule: RULES.settingsDispatch },
  body: z.object({
    phone_number: phoneOrEmpty.nullable().transform((v) => v ?? ''),
    id: id.nullable().optional(),
    sentiment: smsSentiment,
  }),
  response: notificationSms.nullable(),
});

export const sendPhoneCode = defineEndpoint({
  id: 'E071',
  method: 'POST',
  path: '/verification/phone/token',
  summary: 'Text a 6-digit code to a phone number (valid 10 minutes, 5 tries); answers the key to verify it with.',
  access: { kind: 'location', rule: RULES.settings },
  body: z.object({ phone_number: phone }),
  response: z.object({ verification_key: z.string() }),
});

export const checkPhoneCode = defineEndpoint({
  id: 'E072',
  method: 'POST',
  path: '/verification/phone/token/:key',
  summary: 'Check the texted code; a match verifies the number for this location and clears the key.',
  access: { kind: 'location', rule: RULES.settings },
  params: z.object({ key: z.string().min(16).max(200) }),
  body: z.object({
    auth: z
      .string({ error: MSG.phoneCodeFormat })
      .trim()
      .regex(/^\d{6}$/, { error: MSG.phoneCodeFormat }),
    phone_number: phone,
  }),
  response: z.object({ valid: z.literal(true) }),
});

// Messaging settings › notifications (escalation contacts).

const escalationContact = z.object({
  contact_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone_number: z.string(),
  delay: z.number().int(),
});
export type EscalationContactItem = z.infer<typeof escalationContact>;

const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .nullable()
    .optional()
    .transform((v) => (v ?? '').trim());
const delay = z.coerce
  .number({ error: MSG.escalationDelay })
  .refine((v) => (ESCALATION_DELAYS as readonly number[]).includes(v), { error: MSG.escalationDelay });

/** A contact's fields as typed: email and phone may be empty, but not both (checked by the server). */
const escalationFields = {
  email: optionalText(254),
  phone_number: optionalText(40),
  delay: delay.optional().default(DEFAULT_ESCALATION_DELAY),
};

export const fetchEscalation = defineEndpoint({
  id: 'E084',
  method: 'POST',
  path: '/kudo-pro/escalation-policy/fetch',
  summary: 'The escalation contacts, oldest first.',
  access: { kind: 'location', rule: RULES.settingsMessaging },
  response: z.array(escalationContact),
});

export const updateEscalation = defineEndpoint({
  id: 'E085',
  method: 'POST',
  path: '/kudo-pro/escalation-policy/update',
  summary: 'Save an edited escalation contact: a name and a valid phone or email.',
  access: { kind: 'location', rule: RULES.settingsMessaging },
  body: z.object({
    contact_id: id,
    name: z
      .string({ error: MSG.escalationName })
      .trim()
      .min(1, { error: MSG.escalationName })
      .max(100, { error: MSG.escalationName }),
    ...escalationFields,
  }),
  response: escalationContact,
});

export const deleteEscalation = defineEndpoint({
  id: 'E086',
  method: 'POST',
  path: '/kudo-pro/escalation-policy/delete',
  summary: 'Remove an escalation contact.',
  access: { kind: 'location', rule: RULES.settingsMessaging },
  body: z.object({ contact_id: id }),
  response: z.null(),
});

export const addEscalation = defineEndpoint({
  id: 'E087',
  method: 'POST',
  path: '/kudo-pro/escalation-policy/add',
  summary: 'Add an escalation contact: a valid phone or email (not already in the list), an optional name and a delay.',
  access: { kind: 'location', rule: RULES.settingsMessaging },
  body: z.object({ name: optionalText(100), ...escalationFields }),
  response: escalationContact,
});

// Messaging settings › auto-reply.

const replyText = z
  .string()
  .max(AUTO_REPLY_TEXT_MAX, { error: MSG.autoReplyTextMax })
  .transform((v) => v.trim());

const autoReply = z.object({
  firstReply: z.object({ text: z.string(), enable: z.boolean() }),
  secondReply: z.object({ text: z.string(), enable: z.boolean(), delay: z.number().int() }),
});
export type AutoReplyData = z.infer<typeof autoReply>;

export const loadAutoReply = defineEndpoint({
  id: 'E088',
  method: 'GET',
  path: '/settings/messaging/auto-reply/load',
  summary: 'The first and second automatic replies to an inbound customer message.',
  access: { kind: 'location', rule: RULES.settingsMessaging },
  response: autoReply,
});

const enableFlag = z.union([z.boolean(), z.literal(0), z.literal(1)]).transform(Boolean);

export const saveAutoReply = defineEndpoint({
  id: 'E089',
  method: 'POST',
  path: '/kudo-pro/manage-auto-reply-settings',
  summary: 'Save both automatic replies; an enabled reply needs a text.',
  access: { kind: 'location', rule: RULES.settingsMessaging },
  body: z
    .object({
      firstReply: z.object({ text: replyText, enable: enableFlag }),
      secondReply: z.object({
        text: replyText,
        enable: enableFlag,
        delay: z.coerce
          .number({ error: MSG.autoReplyDelay })
          .refine((v) => (AUTO_REPLY_DELAYS as readonly number[]).includes(v), { error: MSG.autoReplyDelay }),
      }),
    })
    .superRefine((v, ctx) => {
      if (v.firstReply.enable && !v.firstReply.text)
        ctx.addIssue({ code: 'custom', message: MSG.autoReplyTextRequired, path: ['firstReply', 'text'] });
      if (v.secondReply.enable && !v.secondReply.text)
        ctx.addIssue({ code: 'custom', message: MSG.autoReplyTextRequired, path: ['secondReply', 'text'] });
    }),
  response: autoReply,
});
