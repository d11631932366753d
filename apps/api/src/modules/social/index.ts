// What other areas use of the social connections: marking a connection expired when its tokens are refused,
// and the place search (rate-limited per location).
export { markConnectionExpired } from './connections.js';
export { searchPlaces } from './places.js';
