import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { onUnauthorized } from '../lib/api';
import { setAuthFlag, watchAuthFlag } from '../lib/session/authFlag';
import { useEndLocalSession } from '../lib/session/hooks';
import { forgetUserData } from '../lib/session/queries';
import { ROUTES, routeForPath, type RouteDef } from '../config/routes';

/** App-wide reactions to the session ending elsewhere: a 401 from any call, or a logout in another tab. */
export function AppRoot() {
  const queryClient = useQueryClient();
  const endLocalSession = useEndLocalSession();

  useEffect(() => watchAuthFlag(queryClient), [queryClient]);

  useEffect(() => {
    const stop = onUnauthorized(() => {
      // The browser router keeps window.location in step with the screen shown.
      const { pathname, search } = window.location;
      const name = routeForPath(pathname);
      const def: RouteDef | null = name ? ROUTES[name] : null;
      // On a public screen there is nothing to leave: just forget the dead session.
      if (!def || def.access.kind === 'public') {
        setAuthFlag(queryClient, false);
        forgetUserData(queryClient);
        return;
      }
      endLocalSession({ from: `${pathname}${search}` });
    });
    return () => {
      stop();
    };
  }, [queryClient, endLocalSession]);

  return <Outlet />;
}
