/** What other areas may use of the contact card: its effective details and link, and the send after a pulseCheck. */
export { effectiveCard, vcardUrl } from './service.js';
export { queueCardAfterPulseCheck } from './sending.js';
