// What other areas use of the social connections: marking a connection expired when its tokens are refused.
export { markConnectionExpired } from './connections.js';
