import type { ComponentType } from 'react';
import type { LazyRouteFunction, RouteObject } from 'react-router-dom';

/** What a route module (libs/brand-app/src/screens/…) exports: its screen as `Component`. */
export type ScreenModule<P extends object = object> = { Component: ComponentType<P> };

/** Set while the page reloads because a screen's code could not be fetched (see lazyScreen). */
export const SCREEN_RELOAD_KEY = 'crm:screen-reload';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Loads a route module. When the fetch fails (a release replaced the hashed files this page knows,
 * or the network dropped), the page reloads once to get the current files; if the module still
 * cannot be loaded after that, the error goes to the route's error screen.
 */
async function loadScreen<M>(load: () => Promise<M>): Promise<M> {
  const store = storage();
  try {
    const module = await load();
    store?.removeItem(SCREEN_RELOAD_KEY);
    return module;
  } catch (error) {
    if (store && store.getItem(SCREEN_RELOAD_KEY) === null) {
      store.setItem(SCREEN_RELOAD_KEY, window.location.href);
      window.location.reload();
      // The page is going away; the router keeps waiting instead of showing an error.
      return new Promise<M>(() => undefined);
    }
    store?.removeItem(SCREEN_RELOAD_KEY);
    throw error;
  }
}

/**
 * A route whose screen is loaded on demand, the one way every route of the brand apps is declared:
 * `{ path: 'import', lazy: lazyScreen(() => import('./screens/app/import')) }`. The router fetches
 * the module (and those of the routes above it, in parallel) before it shows the route: on the first
 * load the root's RoutePending stands in, on later navigations the screen in view stays under the
 * NavigationPending bar, and neither shows for a fast load. `props`, when given, are passed to the
 * screen (the frame gets the app's navigation). The modules live in screens/public (no login) and
 * screens/app (in the signed-in frame), which is how `npm run bundle:budget` knows each one's budget.
 */
export function lazyScreen<P extends object>(
  load: () => Promise<ScreenModule<P>>,
  props?: P,
): LazyRouteFunction<RouteObject> {
  return async () => {
    const { Component } = await loadScreen(load);
    return props ? { element: <Component {...props} /> } : { Component: Component as ComponentType };
  };
}
