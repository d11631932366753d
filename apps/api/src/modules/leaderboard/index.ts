// What other areas use of the leaderboard: its report range rule (the logs share it).
export { leaderboardRange } from './range.js';
