import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * false while the server renders and during hydration, true once the browser runs the app.
 * Submit buttons wait for it: a form sent before hydration would bypass the JSON API call.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
