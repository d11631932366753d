import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { onUnauthorized } from '../lib/api';
import { setAuthFlag, watchAuthFlag } from '../lib/session/authFlag';
import { useEndLocalSession } from '../lib/session/hooks';
import { forgetUserData } from '../lib/session/queries';
import { ROUTES, routeForPath, type RouteDef } from './routes';

/** App-wide reactions to the session ending elsewhere: a 401 from any call, or a logout in another tab. */
export function AppRoot() {
  const queryClient = useQueryClient();
  const location = useLocation();
  const endLocalSession = useEndLocalSession();
  const here = useRef(location);
  here.current = location;

  useEffect(() => watchAuthFlag(queryClient), [queryClient]);

  useEffect(
    () =>
      onUnauthorized(() => {
        const { pathname, search } = here.current;
        const name = routeForPath(pathname);
        const def: RouteDef | null = name ? ROUTES[name] : null;
        // On a public screen there is nothing to leave: just forget the dead session.
        if (!def || def.access.kind === 'public') {
          setAuthFlag(queryClient, false);
          forgetUserData(queryClient);
          return;
        }
        endLocalSession({ from: `${pathname}${search}` });
      }),
    [queryClient, endLocalSession],
  );

  return <Outlet />;
}
