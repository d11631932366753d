/** What other areas may use of the pulseCheck flow: a voice review's recording arriving from the phone provider. */
export { attachAudioReview } from './service.js';
