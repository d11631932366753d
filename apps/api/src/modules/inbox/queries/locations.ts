import type { Client } from './shared.js';

/** What the inbox reads of its location and its other areas' rows: the 10DLC status, the time zone, the campaign it texts. */
export const locationQueries = {
  /** The location's 10DLC registration status ('verified' once carriers accept its texts). */
  async carrierStatus(db: Client, locationId: number): Promise<string> {
    return (await db.location.findUniqueOrThrow({ where: { id: locationId }, select: { twilioVerified: true } })).twilioVerified;
  },

  async timeZone(db: Client, locationId: number): Promise<string> {
    return (await db.location.findUniqueOrThrow({ where: { id: locationId }, select: { timeZone: true } })).timeZone;
  },

  /** The uid of the campaign a review request from the inbox uses: the default one, else the oldest not deleted. */
  async reviewCampaignUid(db: Client, locationId: number): Promise<string | null> {
    const campaign = await db.campaign.findFirst({ where: { locationId, deletedAt: null }, orderBy: [{ isDefault: 'desc' }, { id: 'asc' }], select: { uid: true } });
    return campaign?.uid ?? null;
  },
};
