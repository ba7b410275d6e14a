import { lazy, Suspense, useEffect, useState } from "react";
import {
  CONSOLE_TOAST_OFFSET,
  CONSOLE_TOAST_POSITION,
  markToasterMounted,
  onToastRequested,
  TOAST_DURATION,
  TOAST_GAP,
  TOAST_POSITION,
  TOAST_VISIBLE,
  toastRequested,
} from "../lib/toast";

const SonnerToaster = lazy(() => import("sonner").then((module) => ({ default: module.Toaster })));

/**
 * sonner's toaster, mounted in the browser: at once in the console (its pages call sonner
 * directly), on the storefront with the first toast asked for (lib/toast.ts), which it then
 * shows. Not server-rendered: it holds nothing before a toast.
 */
export function Toaster({ console }: { console: boolean }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (console || toastRequested()) {
      setShown(true);
      return;
    }
    return onToastRequested(() => setShown(true));
  }, [console]);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster
        position={console ? CONSOLE_TOAST_POSITION : TOAST_POSITION}
        offset={console ? CONSOLE_TOAST_OFFSET : undefined}
        mobileOffset={console ? CONSOLE_TOAST_OFFSET : undefined}
        visibleToasts={TOAST_VISIBLE}
        duration={TOAST_DURATION}
        gap={TOAST_GAP}
        richColors
        closeButton
      />
      <ToasterMounted />
    </Suspense>
  );
}

/**
 * Rendered after sonner's toaster: its effect runs after the toaster's own, which subscribes to
 * the toasts; from then on a toast asked for is shown (lib/toast.ts).
 */
function ToasterMounted() {
  useEffect(markToasterMounted, []);
  return null;
}
