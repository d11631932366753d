/** What other areas use of campaigns: sign-up gives the new location its first campaign. */
export { newCampaignUid } from './ids.js';
