/**
 * Pages outside the app (marketing site, legal, the partner's tool), in one place so a deployment
 * points them elsewhere by changing this file.
 */
const SITE = 'https://kudo.example';

export const EXTERNAL_LINKS = {
  privacyPolicy: `${SITE}/privacy`,
  terms: `${SITE}/terms`,
  referrals: `${SITE}/referrals`,
  support: `${SITE}/support`,
  marketplace: {
    customerRetention: `${SITE}/marketplace/customer-retention`,
    twoWayMessaging: `${SITE}/marketplace/lead-generation/two-way-messaging`,
    chatWidget: `${SITE}/marketplace/lead-generation/chat-widget`,
    marketing: `${SITE}/marketplace/marketing`,
    employeeRetention: `${SITE}/marketplace/employee-retention`,
  },
  tenDlc: {
    about: `${SITE}/help/10dlc`,
    register: `${SITE}/10dlc/register`,
  },
} as const;

/** The customer-retention partner's campaign manager, opened for the location's partner account. */
export function partnerCampaignsUrl(externalCustomerId: string | null): string {
  const base = 'https://partner.kudo.example/campaigns';
  return externalCustomerId ? `${base}?customer=${encodeURIComponent(externalCustomerId)}` : base;
}
