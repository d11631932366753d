import type { Permission } from '@kudo/shared';

/** The names the screen gives the permission flags. */
export const PERMISSION_LABELS: Record<Permission, string> = {
  twm: 'Chat',
  dispatch: 'Operate',
  analytics: 'Analytics',
  settings: 'Settings',
};
