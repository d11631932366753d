// What other areas use of the public API: registering their own calls of version 1 with its key check and error shape.
export { ApiError, v1ErrorHandler, v1Route, type ApiCtx } from './v1.js';
// Field-service jobs become review requests of their own source, sent by the same schedule and send path.
export { recordReviewRequest, sendIfDue } from './review-requests.js';
