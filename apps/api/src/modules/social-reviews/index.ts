// What other areas use of social reviews: asking for a sync after a connection, and the credit counts that
// the leaderboard turns into points, a social review's fields as the lists show them, and the Google reply call
// with who posted it (review replies: a person's post and the automatic rules).
export { requestReviewSync } from './sync.js';
export { creditedReviewCounts, personPoster, postGoogleReply, socialReviewCore, type ReplyPoster } from './service.js';
export { CREDIT_POINTS } from './credit.js';
