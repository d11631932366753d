/** What other areas use of onboarding: the business details kept for the carrier (10DLC) registration. */
export { carrierDetailsView, storeCarrierDetails } from './carrier.js';
