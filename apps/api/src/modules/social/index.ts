// What other areas use of the social connections: marking a connection expired when its tokens are refused,
// and the place search (rate-limited per location).
export { markConnectionExpired } from './connections.js';
export { searchPlaces } from './places.js';
/** Sign-up connects the new location's Google profile or place, as the settings screen does. */
export { syncConnection } from './connections.js';
export { storePlace, toPlaceItem } from './places.js';
