/** What other areas may use of Operate: the pulseCheck link's token and its lifetime. */
export { DISPATCH_TOKEN_DAYS, newDispatchToken } from './service.js';
