/**
 * Where the customer pages' calls live: the id, verb and path of each pulseCheck endpoint, apart from their
 * schemas (pulsecheck.ts spreads them into its definitions), so that the customer bundle can call them
 * without carrying the validation library.
 */
export const PULSECHECK_ROUTES = {
  sampleToken: { id: 'E157', method: 'GET', path: '/webapps/sample-pulsecheck/:campaignUID/token' },
  validateToken: { id: 'E158', method: 'GET', path: '/webapps/pulsecheck/:token/validate' },
  tokenCampaigns: { id: 'E159', method: 'GET', path: '/webapps/pulsecheck/:token/campaigns' },
  tokenCampaignLocation: { id: 'E160', method: 'GET', path: '/webapps/pulsecheck/:campaignUID/:token/location' },
  tokenLocation: { id: 'E161', method: 'GET', path: '/webapps/pulsecheck/:token/location' },
  submitStep: { id: 'E162', method: 'POST', path: '/kudo/application/pulsecheck/:campaignUID/:token/submit' },
  bioPage: { id: 'E164', method: 'GET', path: '/webapps/bio/:campaignUID' },
} as const;
