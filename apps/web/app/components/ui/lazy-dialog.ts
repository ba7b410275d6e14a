import { type RefObject, useRef, useState } from "react";

/**
 * A button opening a dialog whose module (Radix Dialog and the dialog's content) is downloaded
 * the first time it opens, or as soon as the pointer or the focus reaches the button, so that
 * pages do not download it up front (decision 0057). `mounted` stays true from the first opening
 * on, so that the dialog closes with its animation; `buttonProps` go on the opening button, and
 * the dialog gives the focus back to it on close (`focusBack`).
 */
export function useLazyDialog<E extends HTMLElement = HTMLButtonElement>(
  load: () => Promise<unknown>,
  open: boolean,
) {
  const button = useRef<E>(null);
  const [mounted, setMounted] = useState(open);
  if (open && !mounted) setMounted(true);
  const preload = () => void load();
  return {
    mounted,
    button,
    buttonProps: {
      ref: button,
      "aria-haspopup": "dialog" as const,
      "aria-expanded": open,
      onPointerEnter: preload,
      onFocus: preload,
    },
  };
}

/** Radix Dialog's onCloseAutoFocus for a dialog opened by a button outside of it. */
export function focusBack(button: RefObject<HTMLElement | null>) {
  return (event: Event) => {
    event.preventDefault();
    button.current?.focus();
  };
}
