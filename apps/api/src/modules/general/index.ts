/** What other areas use of Logo & Color: which logo addresses a location may show. */
export { logoAllowed } from './branding.js';
