import type { AreaSeeder } from './types.js';
import { seedCard } from './card.js';
import { seedCampaigns } from './campaigns.js';
import { seedGeneral } from './general.js';
import { seedInbox } from './inbox.js';
import { seedNotify } from './notify.js';
import { seedSocial } from './social.js';
import { seedSocialReviews } from './social-reviews.js';
import { seedWidget } from './widget.js';
import { seedAnalytics } from './analytics.js';
import { seedReports } from './reports.js';
import { seedLogs } from './logs.js';

export type { AreaSeeder, DemoIds } from './types.js';

/** Each product area's demo data, seeded in this order inside the demo's transaction. */
export const areaSeeders: readonly AreaSeeder[] = [
  seedGeneral,
  seedCampaigns,
  seedWidget,
  seedCard,
  seedNotify,
  seedSocial,
  seedAnalytics,
  seedSocialReviews,
  seedInbox,
  seedReports,
  seedLogs,
];
