/** What other areas may use of the session area: inviting a user sends the same verification email. */
export { issueEmailVerification, type StartSession } from './service.js';
