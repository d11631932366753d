// The campaign area's operations, by responsibility: the campaigns themselves, their links, the FieldOps invite,
// the default templates and the plan's limit.
export * from './crud.js';
export * from './fieldops.js';
export { fieldopsUsernameFor, newCampaignUid, newFieldopsPassword } from './ids.js';
export * from './social-media.js';
export * from './templates.js';
