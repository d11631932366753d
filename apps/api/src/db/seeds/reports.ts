import { localDate } from '../../lib/quiet-hours.js';
import type { AreaSeeder } from './types.js';

const monthsBack = (first: string, n: number) => {
  const d = new Date(`${first}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - n);
  return d;
};

/**
 * Austin (employee rewards on) has its last two months closed: the older one fulfilled, the last one pending.
 * Their report files are built from the month's figures on first download (the seed has no file store).
 */
export const seedReports: AreaSeeder = async (tx, { now, austinId }) => {
  const location = await tx.location.findUniqueOrThrow({ where: { id: austinId }, select: { timeZone: true } });
  const thisMonth = `${localDate(now, location.timeZone).slice(0, 7)}-01`;
  const rows = [1, 2].map((n) => {
    const month = monthsBack(thisMonth, n);
    return {
      locationId: austinId,
      month,
      status: n === 2 ? 'fulfilled' : 'pending',
      reportKey: `kudo/reward-reports/${austinId}-${month.toISOString().slice(0, 7)}.xlsx`,
      createdAt: new Date(now.getTime() - (n - 1) * 30 * 86_400_000 - 86_400_000),
      ...(n === 2 ? { fulfilledAt: new Date(now.getTime() - 20 * 86_400_000) } : {}),
    };
  });
  await tx.rewardDistribution.createMany({ data: rows });
};
