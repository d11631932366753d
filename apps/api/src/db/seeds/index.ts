import type { Prisma } from '../../generated/prisma/client.js';
import { seedCard } from './card.js';
import { seedCampaigns } from './campaigns.js';
import { seedGeneral } from './general.js';
import { seedNotify } from './notify.js';
import { seedSocial } from './social.js';
import { seedWidget } from './widget.js';

/** The ids of the demo's core rows, for the areas that seed their own data on top. */
export interface DemoIds {
  now: Date;
  accountId: number;
  austinId: number;
  dallasId: number;
  liteAccountId: number;
  liteLocationId: number;
  users: { owner: number; admin: number; staff: number; lite: number };
}

export type AreaSeeder = (tx: Prisma.TransactionClient, ids: DemoIds) => Promise<void>;

/** Each product area's demo data, seeded in this order inside the demo's transaction. */
export const areaSeeders: readonly AreaSeeder[] = [seedGeneral, seedCampaigns, seedWidget, seedCard, seedNotify, seedSocial];
