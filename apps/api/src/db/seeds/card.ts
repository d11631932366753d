import { CARD_DEFAULT_TEMPLATES } from '@kudo/shared';
import { newCardKey } from '../../modules/card/service.js';
import type { AreaSeeder } from './types.js';

/** Austin: a configured contact card sent after pulseChecks, its own texts, and employee rewards. Dallas: a card left off. */
export const seedCard: AreaSeeder = async (tx, { austinId, dallasId }) => {
  await tx.contactCardSettings.create({
    data: {
      locationId: austinId,
      cardKey: newCardKey(),
      enabled: true,
      delayTime: 3600,
      companyName: 'Demo Plumbing Austin',
      primaryPhoneNumber: '5125550100',
      smsPhoneNumber: '5125550123',
      phoneNumbers: ['5125550188', '5125550199'],
      emails: ['service@demoplumbing.test', 'billing@demoplumbing.test'],
      searchTerms: ['plumber', 'water heater', 'drain cleaning', 'emergency plumbing'],
      note: 'Open 7 days a week, 7am to 9pm. 24/7 emergency line: press 1 when you call the main number.',
    },
  });
  await tx.contactCardTemplate.createMany({
    data: CARD_DEFAULT_TEMPLATES.map((t) => ({
      locationId: austinId,
      category: t.category,
      commType: t.commType,
      templateName: t.templateName,
      smsBody:
        t.commType === 'hs-contact-card-after-pcheck'
          ? 'Thanks for your feedback, {customer_name}! Save {company_name} in your phone for next time: {card_link}'
          : t.smsBody,
    })),
  });
  await tx.employeeRewardsSettings.create({
    data: {
      locationId: austinId,
      startMonth: 1,
      perReviewBudget: 500,
      reportRecipients: ['owner@kudo.test', 'payroll@demoplumbing.test'],
      sources: ['google', 'facebook'],
    },
  });

  await tx.contactCardSettings.create({
    data: {
      locationId: dallasId,
      cardKey: newCardKey(),
      enabled: false,
      primaryPhoneNumber: '2145550100',
      emails: ['dallas@demoplumbing.test'],
      note: 'Serving Dallas since 2019.',
    },
  });
  await tx.employeeRewardsSettings.create({
    data: { locationId: dallasId, startMonth: 7, perReviewBudget: 250, reportRecipients: ['owner@kudo.test'], sources: ['google'] },
  });
};
