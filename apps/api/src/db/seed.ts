import { createDb, type Db } from '../lib/db.js';
import { hashPassword } from '../lib/passwords.js';
import { drainClassificationQueue } from '../modules/review-topics/index.js';
import { localInsightsProvider } from '../providers/insights/local.js';
import { areaSeeders, type DemoIds } from './seeds/index.js';

export const DEMO_PASSWORD = 'demo1234';
const DAY = 24 * 60 * 60 * 1000;

/**
 * The demo data of the product decisions: an account with two locations (Austin with every add-on,
 * Dallas on a trial), a separate lite-trial account, and a support staff member. Runs only on an
 * empty database; returns false when there was already data.
 */
export async function seedDemo(db: Db, now = new Date()): Promise<boolean> {
  if ((await db.account.count()) > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const verified = now;

  await db.$transaction(async (tx) => {
    const demo = await tx.account.create({ data: { name: 'Demo Plumbing', successEmail: 'success@kudo.test' } });
    const austin = await tx.location.create({
      data: {
        accountId: demo.id,
        name: 'Demo Plumbing Austin',
        addressLine1: '1100 Congress Ave',
        addressLine2: 'Austin, TX 78701',
        timeZone: 'America/Chicago',
        twilioVerified: 'verified',
        hs10dlc: true,
        smsNumber: '+15125550100',
        pcheckCount: 0,
        enabledFeatures: ['kudo boost'],
        companyName: 'Demo Plumbing',
        companyAddress: '1100 Congress Ave',
        companyCity: 'Austin',
        companyState: 'TX',
        companyCountry: 'US',
        companyZipcode: '78701',
        companyPhoneNumber: '5125550100',
        companyWebUrl: 'https://demo-plumbing.example',
        crossSellEnabled: true,
        crossSellCustomerId: 'CL-10442',
      },
    });
    const dallas = await tx.location.create({
      data: {
        accountId: demo.id,
        name: 'Demo Plumbing Dallas',
        addressLine1: '2200 Ross Ave',
        addressLine2: 'Dallas, TX 75201',
        timeZone: 'America/Chicago',
        freeTrial: true,
        freeTrialType: 'mvo',
        trialEndsAt: new Date(now.getTime() + 9 * DAY - 60_000),
        pcheckCount: 25,
        hs10dlc: true,
        smsNumber: '+12145550100',
        companyName: 'Demo Plumbing',
        companyCity: 'Dallas',
        companyState: 'TX',
        companyCountry: 'US',
        companyZipcode: '75201',
      },
    });
    // Austin's subscription: the Pro plan and every add-on, paid yearly.
    await tx.subscription.create({
      data: {
        locationId: austin.id,
        status: 'active',
        addons: ['contact-card', 'employee-rewards', 'kudoPro', 'web-chat'],
        term: 'year',
        startedAt: new Date(now.getTime() - 400 * DAY),
        planCode: 'pro',
        currentPeriodEnd: new Date(now.getTime() + 330 * DAY),
      },
    });
    await tx.socialConnection.createMany({
      data: [
        { locationId: austin.id, provider: 'google', status: 'connected', name: 'Demo Plumbing Austin' },
        { locationId: austin.id, provider: 'facebook', status: 'connected', name: 'Demo Plumbing' },
        { locationId: dallas.id, provider: 'google', status: 'expired', name: 'Demo Plumbing Dallas' },
      ],
    });

    const user = (email: string, firstName: string, lastName: string, extra: { isPlatformStaff?: boolean } = {}) =>
      tx.user.create({
        data: { email, passwordHash, firstName, lastName, emailVerifiedAt: verified, phone: '', ...extra },
      });
    const owner = await user('owner@kudo.test', 'Olivia', 'Owens');
    const admin = await user('admin@kudo.test', 'Adam', 'Alvarez');
    const staff = await user('staff@kudo.test', 'Sam', 'Stone');
    const lite = await user('lite@kudo.test', 'Lena', 'Little');
    await user('support@kudo.test', 'Support', 'Team', { isPlatformStaff: true });

    await tx.membership.createMany({
      data: [
        { userId: owner.id, locationId: austin.id, role: 'Owner', accessType: 'Account' },
        { userId: owner.id, locationId: dallas.id, role: 'Owner', accessType: 'Account' },
        { userId: admin.id, locationId: austin.id, role: 'Admin' },
        {
          userId: staff.id,
          locationId: austin.id,
          role: 'User',
          permTwm: false,
          permSettings: false,
          permDispatch: true,
          permAnalytics: true,
        },
      ],
    });

    const liteAccount = await tx.account.create({ data: { name: 'Little Roofing' } });
    const liteLocation = await tx.location.create({
      data: {
        accountId: liteAccount.id,
        name: 'Little Roofing',
        addressLine1: '',
        addressLine2: '',
        freeTrial: true,
        freeTrialType: 'lite',
        trialEndsAt: new Date(now.getTime() + 14 * DAY - 60_000),
        pcheckCount: 10,
        companyName: 'Little Roofing',
      },
    });
    await tx.membership.create({
      data: { userId: lite.id, locationId: liteLocation.id, role: 'Owner', accessType: 'Account' },
    });

    const ids: DemoIds = {
      now,
      accountId: demo.id,
      austinId: austin.id,
      dallasId: dallas.id,
      liteAccountId: liteAccount.id,
      liteLocationId: liteLocation.id,
      users: { owner: owner.id, admin: admin.id, staff: staff.id, lite: lite.id },
    };
    for (const seed of areaSeeders) await seed(tx, ids);
  }, { timeout: 120_000 });
  // The demo's review texts are classified at once (locally, whatever classifier is configured), so Analyze shows
  // their topics and sentiment from the start.
  await drainClassificationQueue(db, localInsightsProvider(), { runMs: Number.POSITIVE_INFINITY });
  return true;
}

/** Entry for the `db:seed` command. */
export async function seedDemoData(url: string): Promise<boolean> {
  const db = createDb(url, 2);
  try {
    return await seedDemo(db);
  } finally {
    await db.$disconnect();
  }
}
