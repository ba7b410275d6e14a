import type { CartItemView, CartView } from "@booking/contracts";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useLocation, useRevalidator } from "react-router";
import { api } from "./api";
import { stripLanguage } from "./links";
import { useRootData } from "./root-data";

/**
 * The customer's cart as the browser knows it (storefront.md §2 "Cart panel and drawer"): the one
 * the page carries (root data, read with the session: decision 0058) on mount and whenever the
 * loaders revalidate, read again with GET /api/carts/current after every cart mutation
 * (`refresh`). Only live items (expires_at in the future) are shown and counted; a timer drops an
 * item the moment it expires.
 */
export interface CartState {
  /** false until the first answer (and always for a visitor) */
  loaded: boolean;
  /** null without a customer or without an open cart */
  cart: CartView | null;
  /** live items in the panel's order: non-registrations first, then registrations by first date */
  items: CartItemView[];
  count: number;
  /** sum of the live items' prices and deposits */
  total: number;
  deposit: number;
  open: boolean;
  setOpen(open: boolean): void;
  /** reads the cart again; resolves once it is read */
  refresh(): Promise<void>;
  /**
   * Shows the cart a change answered (an add) without reading it again; the page's loaders,
   * which that change made stale (places left, estimates), run again when the panel closes on
   * this page (a navigation reads the next page's anyway).
   */
  adopt(cart: CartView | null): void;
}

const CartContext = createContext<CartState | null>(null);

export function useCart(): CartState {
  const state = useContext(CartContext);
  if (!state) throw new Error("useCart outside of CartProvider");
  return state;
}

function firstDateStart(item: CartItemView): number {
  const starts = item.availability_dates.map((entry) => Date.parse(entry.date.start_at));
  if (starts.length > 0) return Math.min(...starts);
  return item.availability ? Date.parse(item.availability.start_at) : Number.POSITIVE_INFINITY;
}

/** The items still alive at `now`, in the panel's order. */
export function liveItems(items: readonly CartItemView[], now: number): CartItemView[] {
  const live = items
    .map((item, index) => ({ item, index }))
    .filter(({ item }) => Date.parse(item.expires_at) > now);
  return live
    .sort((a, b) => {
      const aRegistration = a.item.type === "REGISTRATION" ? 1 : 0;
      const bRegistration = b.item.type === "REGISTRATION" ? 1 : 0;
      if (aRegistration !== bRegistration) return aRegistration - bRegistration;
      if (aRegistration === 1) {
        const diff = firstDateStart(a.item) - firstDateStart(b.item);
        if (diff !== 0) return diff;
      }
      return a.index - b.index;
    })
    .map(({ item }) => item);
}

/** The largest delay setTimeout accepts; a later expiry is re-checked when it fires. */
const MAX_TIMEOUT = 2_147_483_647;

export function CartProvider({ children }: { children: ReactNode }) {
  const root = useRootData();
  const customer = root?.kind === "storefront" ? root.shell.customer : null;
  const carried = root?.kind === "storefront" ? root.shell.cart : null;
  const loggedIn = customer !== null;
  const location = useLocation();
  const onCheckout = stripLanguage(location.pathname).startsWith("/checkout");

  const [cart, setCart] = useState<CartView | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [open, setOpen] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const request = useRef(0);

  const refresh = useCallback(async () => {
    const id = ++request.current;
    if (!loggedIn) {
      setCart(null);
      setLoaded(true);
      return;
    }
    try {
      const response = await api.currentCart();
      if (id !== request.current) return;
      setNow(Date.now());
      setCart(response.cart);
    } catch {
      // A failed read keeps what was shown; the next refresh tries again.
      if (id !== request.current) return;
    }
    setLoaded(true);
  }, [loggedIn]);

  /** A cart known without asking (carried by the root data, answered by a change), shown as is. */
  const show = useCallback((next: CartView | null) => {
    request.current += 1;
    setNow(Date.now());
    setCart(next);
    setLoaded(true);
  }, []);

  // On mount, on login or logout, and whenever the loaders revalidate (the root data changes):
  // the cart the root data carries, as read with it.
  useEffect(() => {
    void root;
    show(loggedIn && carried ? (JSON.parse(carried) as CartView) : null);
  }, [root, loggedIn, carried, show]);

  const items = useMemo(() => liveItems(cart?.items ?? [], now), [cart, now]);

  // The next expiry re-renders the list without the expired item.
  useEffect(() => {
    const next = Math.min(
      ...items.map((item) => Date.parse(item.expires_at)).filter((time) => time > now),
    );
    if (!Number.isFinite(next)) return;
    const timer = setTimeout(
      () => setNow(Date.now()),
      Math.min(next - Date.now() + 50, MAX_TIMEOUT),
    );
    return () => clearTimeout(timer);
  }, [items, now]);

  const count = items.length;
  // Opens when the live count rises (not on /checkout), closes when it reaches zero.
  // The first answer only sets the baseline: a page load with items does not open the panel.
  const previous = useRef<number | null>(null);
  useEffect(() => {
    if (!loaded) return;
    const before = previous.current;
    previous.current = count;
    if (before === null) return;
    if (count > before && !onCheckout) setOpen(true);
    if (count === 0 && before > 0) setOpen(false);
  }, [count, loaded, onCheckout]);

  // The page's data after an adopted change: read again when the panel closes on the page.
  const pageStale = useRef(false);
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const adopt = useCallback(
    (next: CartView | null) => {
      show(next);
      pageStale.current = true;
    },
    [show],
  );
  const changeOpen = useCallback((next: boolean) => {
    setOpen(next);
    if (!next && pageStale.current) {
      pageStale.current = false;
      void revalidate.current();
    }
  }, []);

  // Route changes close the panel (the next page comes with its own data).
  const [openedOn, setOpenedOn] = useState(location.pathname);
  if (openedOn !== location.pathname) {
    setOpenedOn(location.pathname);
    setOpen(false);
    pageStale.current = false;
  }

  const value = useMemo<CartState>(
    () => ({
      loaded,
      cart,
      items,
      count,
      total: items.reduce((sum, item) => sum + item.price, 0),
      deposit: items.reduce((sum, item) => sum + item.deposit, 0),
      open,
      setOpen: changeOpen,
      refresh,
      adopt,
    }),
    [loaded, cart, items, count, open, changeOpen, refresh, adopt],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}
