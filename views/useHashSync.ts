import { useEffect, useRef } from 'react';
import { useHashLocation } from 'wouter/use-hash-location';
import { ownRouteOf, parseRoute, pathOf, type Route, routeOf } from '../machines/routes.ts';
import { useFocusOnArrival } from './RouteFocus.ts';
import { SignInActor } from './SignInActor.ts';
import { useActiveFlow } from './useActiveFlow.ts';

/**
 * Keeps the address and the machine in step. The hash is a pure function of state: when the machine
 * moves, the address follows; when the address moves (back, forward, typed), the machine is told with
 * `route.changed` and its guards decide. A refused route is replaced by the machine's own. Returns the
 * path of the screen shown (undefined while none is routed).
 */
export function useHashSync(): string | undefined {
  const actor = SignInActor.useActorRef();
  const ownPath = SignInActor.useSelector((snapshot) => pathOrUndefined(ownRouteOf(snapshot)));
  // A flow loaded as a chunk (two-factor) changes without the sign-in snapshot changing: follow it too.
  const flowPath = useActiveFlow((flow) => (flow ? pathOrUndefined(routeOf(flow)) : undefined));
  const routePath = ownPath ?? flowPath;
  const [location, navigate] = useHashLocation();
  const syncedPath = useRef<string | undefined>(undefined);
  const previousLocation = useRef(location);

  useEffect(() => {
    const addressMoved = previousLocation.current !== location;
    previousLocation.current = location;
    if (routePath === location) {
      syncedPath.current = routePath;
      return;
    }
    if (addressMoved) {
      actor.send({ type: 'route.changed', route: parseRoute(location) });
      const after = routeOf(actor.getSnapshot());
      // Refused: the address goes back to the screen the machine still shows.
      if (after && pathOf(after) !== location) navigate(pathOf(after), { replace: true });
      return;
    }
    if (routePath !== undefined && syncedPath.current !== routePath) {
      // The machine moved: a new history entry, except for the first screen, which replaces the boot address.
      navigate(routePath, { replace: syncedPath.current === undefined });
      syncedPath.current = routePath;
    }
  }, [actor, routePath, location, navigate]);
  return routePath;
}

const pathOrUndefined = (route: Route | undefined) => (route ? pathOf(route) : undefined);

/**
 * The sync as a component of its own, rendering nothing: the address is its state alone, so a hash
 * change re-renders this, not the page around it (views/App.tsx renders it beside the page). Each new
 * route also puts the focus in its page (views/RouteFocus.ts), here for every routed screen at once.
 */
export function HashSync(): null {
  useFocusOnArrival(useHashSync());
  return null;
}
