/** What other areas use of the account area: the days of trial left. */
export { trialDaysLeft } from './service.js';
