import { describe, expect, it } from 'vitest';
import { MSG } from '@kudo/shared';
import { recordConsent } from '../../lib/consent.js';
import { json, loginAs } from '../../../test/helpers.js';
import { useDemoApp } from '../../../test/fixture.js';

describe('Operate › Contact Card (E108, E111)', () => {
  const t = useDemoApp();

  it("loads the card and texts it with the vCard link", async () => {
    const card = await t.db.contactCardSettings.findUniqueOrThrow({ where: { locationId: t.austinId } });
    const load = json(await t.owner.post('/api/dispatch/contact-card/load')).data;
    expect(load).toMatchObject({ ready: true, vcard_url: `http://kudo.test/api/public/contact-card/${card.cardKey}.vcf` });
    expect(load.preview).toContain('Alex');

    const res = await t.owner.post('/api/dispatch/contact-card', { isTest: false, name: 'Jo Smith', phoneNumber: '+15125550801' });
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe('Successfully sent a contact card to Jo Smith');
    const sms = await t.db.outboxMessage.findFirstOrThrow({ where: { to: '+15125550801' } });
    expect(sms.body).toContain(`/api/public/contact-card/${card.cardKey}.vcf`);
    expect(sms.body).toContain('Jo');
    expect(await t.db.contactCardSend.count({ where: { locationId: t.austinId, to: '+15125550801', status: 'sent' } })).toBe(1);

    const noName = await t.owner.post('/api/dispatch/contact-card', { isTest: true, phoneNumber: '5125550802' });
    expect(json(noName).message).toBe('Successfully sent a contact card to (512) 555-0802');
    expect(await t.db.contactCardSend.count({ where: { to: '+15125550802' } })).toBe(0);
  });

  it('refuses bad numbers and opted-out customers with clear messages', async () => {
    const bad = await t.owner.post('/api/dispatch/contact-card', { phoneNumber: '555' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toBe(MSG.consentPhoneRequired);
    await recordConsent(t.db, { locationId: t.austinId, channel: 'sms', address: '+15125550803', scope: 'all', action: 'opt_out', source: 'keyword' });
    const stopped = await t.owner.post('/api/dispatch/contact-card', { phoneNumber: '5125550803' });
    expect(stopped.statusCode).toBe(400);
    expect(await t.db.outboxMessage.count({ where: { to: '+15125550803' } })).toBe(0);
  });

  it('needs the contact-card add-on, the dispatch permission and a session', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/dispatch/contact-card/load' })).statusCode).toBe(401);
    const dallasOwner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Dallas');
    expect((await dallasOwner.post('/api/dispatch/contact-card', { phoneNumber: '5125550804' })).statusCode).toBe(403);
    const staffUser = await t.db.user.findUniqueOrThrow({ where: { email: 'staff@kudo.test' } });
    await t.db.membership.updateMany({ where: { userId: staffUser.id }, data: { permDispatch: false } });
    const staff = await loginAs(t.app, t.db, 'staff@kudo.test');
    expect((await staff.post('/api/dispatch/contact-card/load')).statusCode).toBe(403);
  });

  it('asks for the card to be set up first', async () => {
    await t.db.contactCardSettings.delete({ where: { locationId: t.austinId } });
    expect(json(await t.owner.post('/api/dispatch/contact-card/load')).data).toMatchObject({ ready: false, vcard_url: null });
    const res = await t.owner.post('/api/dispatch/contact-card', { phoneNumber: '5125550805' });
    expect(json(res).message).toBe(MSG.contactCardNotSetUp);
  });
});
