import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteName } from './routes';

/**
 * The screens built so far. A route of the table without an entry here is not rendered at all: its
 * path falls through to not-found until its area is built.
 */
export const PAGES: Partial<Record<RouteName, LazyExoticComponent<ComponentType>>> = {
  login: lazy(() => import('../features/session/pages/LoginPage')),
  'password-recovery': lazy(() => import('../features/session/pages/PasswordRecoveryPage')),
  'password-reset': lazy(() => import('../features/session/pages/PasswordResetPage')),
  'select-location': lazy(() => import('../features/session/pages/SelectLocationPage')),
  'magic-login': lazy(() => import('../features/session/pages/MagicLoginPage')),
  'email-verification': lazy(() => import('../features/session/pages/EmailVerificationPage')),
  'user-preferences': lazy(() => import('../features/session/pages/UserPreferencesPage')),
  dashboard: lazy(() => import('../features/dashboard/pages/DashboardPage')),
  'dev-outbox': lazy(() => import('../features/dev-outbox/pages/DevOutboxPage')),
  settings: lazy(() => import('../features/settings/SettingsIndexPage')),
};
