import { useQueryClient } from '@tanstack/react-query';
import { MSG } from '@kudo/shared';
import { Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router-dom';
import { NotFound } from '../components/NotFound';
import { LoadingState } from '../components/States';
import { setAuthFlag } from '../lib/session/authFlag';
import { useSessionView } from '../lib/session/hooks';
import { forgetUserData } from '../lib/session/queries';
import { afterLoginTarget, decideRoute } from './guard';
import { MainLayout } from './layout/MainLayout';
import { pathFor, ROUTES, type ReturnState, type RouteDef, type RouteLayout, type RouteName } from '../config/routes';

export interface RouteHandle {
  name: RouteName;
}

function useCurrentRouteName(): RouteName {
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as RouteHandle | undefined;
  return handle?.name ?? 'not-found';
}

/**
 * The guard and the frame of every screen: decides from the route table and the session whether the
 * screen shows, waits, or sends the user elsewhere, then draws the screen in its layout.
 */
export function RouteShell({ layout }: { layout: RouteLayout }) {
  const name = useCurrentRouteName();
  const def: RouteDef = ROUTES[name];
  const session = useSessionView({ load: def.access.kind !== 'public' || def.access.guestOnly === true });
  const location = useLocation();
  const decision = decideRoute(name, def.access, session);
  const here = `${location.pathname}${location.search}${location.hash}`;
  const fallback = <LoadingState fullPage={layout !== 'main'} />;

  switch (decision.type) {
    case 'wait':
      return <LoadingState fullPage />;
    case 'login':
      if (decision.forget) return <ForgetSession />;
      return <Navigate to={pathFor('login')} replace state={{ from: here } satisfies ReturnState} />;
    case 'select-location':
      return <Navigate to={pathFor('select-location')} replace state={{ from: here } satisfies ReturnState} />;
    case 'leave': {
      const target = afterLoginTarget((location.state as ReturnState | null)?.from, session.status === 'located');
      return <Navigate to={target.path} replace state={target.from ? ({ from: target.from } satisfies ReturnState) : undefined} />;
    }
    case 'redirect':
      return <Navigate to={ROUTES[decision.to].path} replace />;
    case 'not-found':
      return layout === 'main' ? (
        <MainLayout routeName="not-found">
          <NotFound framed homePath={pathFor('dashboard')} />
        </MainLayout>
      ) : (
        <NotFound />
      );
    case 'render': {
      const content = (
        <Suspense fallback={fallback}>
          <Outlet />
        </Suspense>
      );
      return layout === 'main' ? <MainLayout routeName={name}>{content}</MainLayout> : content;
    }
  }
}

/**
 * A session whose data cannot be loaded is treated as gone: the flag goes off and the cache is dropped,
 * after which the guard sends the user to login with the reason.
 */
function ForgetSession() {
  const queryClient = useQueryClient();
  const location = useLocation();
  useEffect(() => {
    setAuthFlag(queryClient, false);
    forgetUserData(queryClient);
  }, [queryClient]);
  return (
    <Navigate
      to={pathFor('login')}
      replace
      state={{ from: `${location.pathname}${location.search}`, notice: MSG.couldNotFindLocations } satisfies ReturnState}
    />
  );
}
