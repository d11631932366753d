// What other areas use of the leaderboard: each campaign's figures in a range and the points they earn.
export { campaignStats } from './service.js';
export { campaignPoints, sumStats, type CampaignStats } from './points.js';
