import type { AreaSeeder } from './types.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * Notification contacts, escalation contacts and auto-replies. Austin has a full set (one address still
 * waiting for its verification); Dallas has a single negative-feedback email.
 */
export const seedNotify: AreaSeeder = async (tx, { austinId, dallasId, now }) => {
  const verifiedAgo = (days: number) => ({ verified: true, verifiedAt: new Date(now.getTime() - days * DAY) });
  await tx.notificationEmail.createMany({
    data: [
      { locationId: austinId, sentiment: 'positive', email: 'owner@kudo.test', ...verifiedAgo(120) },
      { locationId: austinId, sentiment: 'neutral', email: 'service@demoplumbing.test', ...verifiedAgo(90) },
      { locationId: austinId, sentiment: 'negative', email: 'owner@kudo.test', ...verifiedAgo(120) },
      {
        locationId: austinId,
        sentiment: 'negative',
        email: 'manager@demoplumbing.test',
        verified: false,
        // The emailed link of this pending address is not known to anyone: a resend issues a usable one.
        verificationTokenHash: 'seed-pending-negative-manager',
        verificationExpiresAt: new Date(now.getTime() + 5 * DAY),
      },
      { locationId: dallasId, sentiment: 'negative', email: 'owner@kudo.test', ...verifiedAgo(30) },
    ],
  });
  await tx.notificationSms.createMany({
    data: [
      { locationId: austinId, sentiment: 'neutral', phoneNumber: '+15125550142', verifiedAt: new Date(now.getTime() - 90 * DAY) },
      { locationId: austinId, sentiment: 'negative', phoneNumber: '+15125550142', verifiedAt: new Date(now.getTime() - 90 * DAY) },
    ],
  });
  await tx.escalationContact.createMany({
    data: [
      { locationId: austinId, name: 'Sam Rivera', email: 'sam.rivera@demoplumbing.test', phoneNumber: '+15125550177', delay: 5, createdAt: new Date(now.getTime() - 60 * DAY) },
      { locationId: austinId, name: 'Dana Whitfield', email: 'dana@demoplumbing.test', phoneNumber: '', delay: 15, createdAt: new Date(now.getTime() - 30 * DAY) },
    ],
  });
  await tx.autoReplySettings.create({
    data: {
      locationId: austinId,
      firstText: 'Thanks for reaching out to Demo Plumbing! A team member will text you back shortly.',
      firstEnabled: true,
      secondText: 'Sorry for the wait. We are helping other customers right now; for emergencies call (512) 555-0100.',
      secondEnabled: true,
      secondDelay: 10,
    },
  });
};
