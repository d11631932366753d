// What other areas use of the account area: the days of trial left, and the upgrade request.
export { trialDaysLeft } from './service.js';
export { requestUpgrade } from './service.js';
