import { Navigate, createBrowserRouter, type RouteObject } from 'react-router-dom';
import { NotFound } from '../components/NotFound';
import { AppRoot } from './AppRoot';
import { isBuilt, PAGES } from './pages';
import { RouteShell, type RouteHandle } from './RouteShell';
import { ROUTES, routeNames, type RouteDef, type RouteLayout } from '../config/routes';

const pathsOf = (def: RouteDef) => [def.path, ...(def.aliases ?? [])];

export function buildRoutes(): RouteObject[] {
  const framed: Record<RouteLayout, RouteObject[]> = { main: [], bare: [], none: [] };
  const redirects: RouteObject[] = [];
  for (const name of routeNames) {
    if (name === 'not-found' || !isBuilt(name)) continue;
    const def: RouteDef = ROUTES[name];
    const Page = PAGES[name];
    if (Page) {
      const handle: RouteHandle = { name };
      framed[def.layout].push(...pathsOf(def).map((path) => ({ path, handle, element: <Page /> })));
    } else if (def.redirectTo) {
      // A parent that only forwards: the target's own guard applies once there.
      const to = ROUTES[def.redirectTo].path;
      redirects.push(...pathsOf(def).map((path) => ({ path, element: <Navigate to={to} replace /> })));
    }
  }
  const notFound: RouteObject = { path: '*', handle: { name: 'not-found' } satisfies RouteHandle, element: <NotFound /> };
  return [
    {
      element: <AppRoot />,
      children: [
        ...redirects,
        { element: <RouteShell layout="main" />, children: framed.main },
        { element: <RouteShell layout="bare" />, children: [...framed.bare, notFound] },
        { element: <RouteShell layout="none" />, children: framed.none },
      ],
    },
  ];
}

export const createRouter = () => createBrowserRouter(buildRoutes());
