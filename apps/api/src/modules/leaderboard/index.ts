// What other areas use of the leaderboard: its report range rule (the logs share it), each campaign's figures
// in a range and the points they earn.
export { leaderboardRange } from './range.js';
export { campaignStats } from './service.js';
export { campaignPoints, sumStats, type CampaignStats } from './points.js';
