import { describe, expect, it } from 'vitest';
import { createTestApp, loginAs } from '../../test/helpers.js';

describe("customer emails carry the sending location's postal address", async () => {
  const t = await createTestApp();
  const austin = await t.db.location.findFirstOrThrow({ where: { name: 'Demo Plumbing Austin' } });
  const campaign = await t.db.campaign.findFirstOrThrow({ where: { locationId: austin.id, deletedAt: null, isDefault: false } });
  const owner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Austin');
  const send = async (kind: 'bio' | 'pcheck', to: string) => {
    const res = await owner.post(`/api/kudo-beta/dispatch/send-${kind}`, { campaign_uid: campaign.uid, customer_name: 'Pat Jones', customer_address: '1 Main St', customer_email: to, is_test: false });
    expect(res.statusCode).toBe(200);
    return t.db.outboxMessage.findFirstOrThrow({ where: { to }, orderBy: { id: 'desc' } });
  };
  const footerOf = (email: { body: string }) => /\n—\n(.*)\nUnsubscribe: /.exec(email.body)?.[1];

  it("puts the location's own address in pulseCheck and bio emails, not the company's", async () => {
    expect(austin).toMatchObject({ addressLine1: '1100 Congress Ave', addressLine2: 'Austin, TX 78701', companyAddress: '401 Congress Ave' });
    for (const kind of ['pcheck', 'bio'] as const) {
      const email = await send(kind, `${kind}-own@example.com`);
      expect(footerOf(email)).toBe('Demo Plumbing Austin, 1100 Congress Ave, Austin, TX 78701');
      expect(email.html).toContain('1100 Congress Ave, Austin, TX 78701');
      expect(email.body).not.toContain('401 Congress Ave');
    }
  });

  it('falls back to the company address when the location has none', async () => {
    await t.db.location.update({ where: { id: austin.id }, data: { addressLine1: '', addressLine2: ' ' } });
    for (const kind of ['pcheck', 'bio'] as const) {
      const email = await send(kind, `${kind}-company@example.com`);
      expect(footerOf(email)).toBe('Demo Plumbing Austin, 401 Congress Ave, Austin, TX 78701');
    }
  });
});
