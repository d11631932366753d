/** What other areas may use of Operate: the pulseCheck link's token and its lifetime. */
export { DISPATCH_TOKEN_DAYS, newDispatchToken } from './service.js';
/** The inbox's Send Review Request sends a pulseCheck through the same path as Operate. */
export { senderOf, sendDispatch } from './service.js';
/** The inbox's Multiple Conversations reads its spreadsheet like the other bulk uploads. */
export { readUploadedSheet, type UploadedSheet } from './upload.js';
export { consentRows } from './consent-sheet.js';
/** Onboarding sends its contacts through the same bulk send, and reads its sheet with the same columns. */
export { rowsFromSheet, startBulkRows, type BulkRowInput } from './bulk.js';
/** The public API's review requests go out through the batched send bulk rows use. */
export { sendItems, smsSenderOf, type BatchItem, type ItemOutcome } from './batch-send.js';
export { prepareSends, sendContextOf, type DeliveryResult } from './service.js';
