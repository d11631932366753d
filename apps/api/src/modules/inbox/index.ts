/** What other areas may use of the inbox: the way customers' texts (and their keyword answers) enter it. */
export { deliveryStatusChanged, recordInbound, recordKeywordReply } from './inbound.js';
/** The check of the transcripts export's stored days, for the derived stores' registry. */
export { staleStoredTranscriptDays } from './queries/index.js';
