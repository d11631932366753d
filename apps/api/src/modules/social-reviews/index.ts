// What other areas use of social reviews: asking for a sync after a connection, and the credit counts that
// the leaderboard turns into points, and a social review's fields as the lists show them.
export { requestReviewSync } from './sync.js';
export { creditedReviewCounts, socialReviewCore } from './service.js';
export { CREDIT_POINTS } from './credit.js';
