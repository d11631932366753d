import type { AccessSubject } from '@kudo/shared';
import { canEnter } from '../../../config/menu';
import type { RouteName } from '../../../config/routes';

const CONNECT: RouteName = 'settings-general-connect-social-media';

/**
 * Where the ratings panel's Connect button leads: the settings screen that connects Google and Facebook,
 * for anyone who may open it. Onboarding's own connect step has no screen yet, so a free-trial user who
 * cannot open settings gets no button rather than a page that is not there.
 */
export function connectRoute(subject: AccessSubject): RouteName | null {
  return canEnter(CONNECT, subject) ? CONNECT : null;
}
