export * from './product.js';
export * from './constants.js';
export * from './messages.js';
export * from './validators.js';
export * from './access.js';
export * from './envelope.js';
export * from './endpoints/index.js';
export * from './rules.js';
