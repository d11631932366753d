// The FieldOps invite: a campaign's technician gets the app's sign-in by email and/or SMS.
import { bioPath, PRODUCT, toE164, type EndpointRequest, type campaignsApi } from '@kudo/shared';
import type { LocationCtx } from '../../http/context.js';
import { audit } from '../../lib/audit.js';
import { decryptSecret, encryptSecret } from '../../lib/crypto.js';
import type { Campaign } from '../../generated/prisma/client.js';
import { actionEmail } from '../../lib/mail.js';
import { fieldopsUsernameFor, newFieldopsPassword } from './ids.js';
import { findCampaign, isUniqueViolation } from './lookup.js';

/** The campaign's FieldOps sign-in, created the first time it is needed. */
async function fieldopsCredentials(ctx: LocationCtx, campaign: Campaign) {
  let username = campaign.fieldopsUsername;
  let password = campaign.fieldopsPasswordEnc ? decryptSecret(ctx.config, campaign.fieldopsPasswordEnc) : null;
  if (username && password) return { username, password };
  password ??= newFieldopsPassword();
  for (let attempt = 0; ; attempt++) {
    const candidate = username ?? fieldopsUsernameFor(campaign.name);
    try {
      await ctx.db.campaign.update({
        where: { id: campaign.id },
        data: { fieldopsUsername: candidate, fieldopsPasswordEnc: encryptSecret(ctx.config, password) },
      });
      username = candidate;
      return { username, password };
    } catch (error) {
      if (!isUniqueViolation(error) || username || attempt >= 4) throw error;
    }
  }
}

/** What the SMS log keeps in place of a FieldOps password: the text goes out whole, the log never holds it. */
export const HIDDEN_PASSWORD = '(not kept)';

export async function shareApp(ctx: LocationCtx, body: EndpointRequest<typeof campaignsApi.shareApp>['body']) {
  const campaign = await findCampaign(ctx, body.campaign);
  const { username, password } = await fieldopsCredentials(ctx, campaign);
  const location = await ctx.db.location.findUniqueOrThrow({ where: { id: ctx.location.locationId } });
  const company = location.companyName || location.name;
  const profileUrl = ctx.config.publicUrl + bioPath(campaign.uid);
  const app = `${PRODUCT.name} FieldOps`;
  if (body.email) {
    const { text, html } = actionEmail({
      greeting: `Hi ${campaign.name},`,
      intro: `${company} invited you to ${app}, the mobile app technicians use to send pulseChecks and their bio from the job. Install ${app} from your phone's app store and sign in with the username ${username} and the password ${password}.`,
      action: 'See your profile',
      url: profileUrl,
      outro: 'Keep these sign-in details private. If you did not expect this invitation, you can ignore this email.',
    });
    await ctx.providers.email.send({
      to: body.email,
      subject: `Your ${app} sign-in for ${company}`,
      text,
      html,
      locationId: location.id,
      app: 'fieldops',
      campaignId: campaign.id,
      template: 'fieldops-invite',
    });
  }
  if (body.phone_number) {
    const invitation = (secret: string) =>
      `${company} invited you to ${app}. Install the app and sign in with username ${username} and password ${secret}. Your profile: ${profileUrl}`;
    await ctx.providers.sms.send({
      to: toE164(body.phone_number)!,
      body: invitation(password),
      logBody: invitation(HIDDEN_PASSWORD),
      locationId: location.id,
      app: 'fieldops',
      campaignId: campaign.id,
    });
  }
  await audit(ctx.db, {
    action: 'campaign.fieldops-invite',
    actorUserId: ctx.session.userId,
    accountId: ctx.location.accountId,
    locationId: location.id,
    ip: ctx.ip,
    details: { uid: campaign.uid, email: body.email || null, sms: Boolean(body.phone_number) },
  });
  return { email: Boolean(body.email), sms: Boolean(body.phone_number), fieldopsUsername: username };
}
