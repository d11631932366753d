// What other areas use of social reviews: asking for a sync after a connection, and the credit counts that
// the leaderboard turns into points.
export { requestReviewSync } from './sync.js';
export { creditedReviewCounts } from './service.js';
export { CREDIT_POINTS } from './credit.js';
