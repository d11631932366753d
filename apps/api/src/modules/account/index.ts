// What other areas may use of the account area.
export { requestUpgrade } from './service.js';
