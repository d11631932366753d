import type { Prisma } from '../../generated/prisma/client.js';

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
