import { LIMITS } from '@kudo/shared';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { AreaSeeder } from './types.js';

const DAY = 24 * 60 * 60 * 1000;

/** Austin's menu-bar colour and company details, as the branding screen shows them after seeding. */
export const AUSTIN_BRAND = {
  navBkgColor: '#1f4e79',
  companyName: 'Demo Plumbing Austin',
  companyAddress: '401 Congress Ave',
  companyCity: 'Austin',
  companyState: 'TX',
  companyCountry: 'United States',
  companyZipcode: '78701',
  companyPhoneNumber: '5125550100',
  companyWebUrl: 'https://demoplumbing.example.com',
};

/**
 * Settings › General: Austin's brand and company details, three more portal users (one deactivated, one
 * still to verify their email) and its report recipients (one pending verification); one for Dallas.
 */
export const seedGeneral: AreaSeeder = async (tx, ids) => {
  const { now, austinId, dallasId } = ids;
  const owner = await tx.user.findUniqueOrThrow({ where: { id: ids.users.owner }, select: { passwordHash: true } });
  const days = (n: number) => new Date(now.getTime() - n * DAY);

  await tx.location.update({
    where: { id: austinId },
    data: AUSTIN_BRAND,
  });

  const member = async (
    email: string,
    firstName: string,
    lastName: string,
    opts: { verified: boolean; active: boolean; twm: boolean; dispatch: boolean; analytics: boolean; settings: boolean; since: number },
  ) =>
    tx.user.create({
      data: {
        email,
        passwordHash: owner.passwordHash,
        firstName,
        lastName,
        emailVerifiedAt: opts.verified ? days(opts.since) : null,
        createdAt: days(opts.since),
        memberships: {
          create: {
            locationId: austinId,
            role: 'User',
            accessType: 'Location',
            active: opts.active,
            permTwm: opts.twm,
            permDispatch: opts.dispatch,
            permAnalytics: opts.analytics,
            permSettings: opts.settings,
            createdAt: days(opts.since),
          },
        },
      },
    });
  await member('maria.garcia@kudo.test', 'Maria', 'Garcia', {
    verified: true, active: true, twm: true, dispatch: true, analytics: true, settings: true, since: 210,
  });
  await member('tom.nguyen@kudo.test', 'Tom', 'Nguyen', {
    verified: true, active: false, twm: false, dispatch: true, analytics: false, settings: false, since: 320,
  });
  await member('jordan.lee@kudo.test', 'Jordan', 'Lee', {
    verified: false, active: true, twm: true, dispatch: true, analytics: true, settings: true, since: 2,
  });

  await tx.reportingRecipient.createMany({
    data: [
      { locationId: austinId, name: 'Olivia Owens', email: 'owner@kudo.test', weekly: true, monthly: true, verified: true, verifiedAt: days(300), createdAt: days(300) },
      { locationId: austinId, name: "Mark O'Brien", email: 'mark.obrien@example.com', weekly: true, monthly: false, verified: true, verifiedAt: days(120), createdAt: days(121) },
      {
        locationId: austinId,
        name: 'Priya Shah',
        email: 'priya.shah@example.com',
        weekly: false,
        monthly: true,
        verified: false,
        // A link nobody holds: the pending state shows, and Resend sends a working one.
        verificationTokenHash: hashToken(newToken()),
        verificationExpiresAt: new Date(days(1).getTime() + LIMITS.emailVerificationDays * DAY),
        verificationSentAt: days(1),
        createdAt: days(1),
      },
      { locationId: dallasId, name: 'Dana Brooks', email: 'dana.brooks@example.com', weekly: true, monthly: true, verified: true, verifiedAt: days(30), createdAt: days(30) },
    ],
  });
};
