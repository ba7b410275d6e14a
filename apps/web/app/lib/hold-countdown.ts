import { useEffect, useState } from "react";

/**
 * How long a cart item still holds its places, as a countdown reads: "14:05", "0:09", "1:02:03"
 * past an hour; "0:00" once expired (the cart drops the item at that moment).
 */
export function holdRemaining(expiresAt: string, now: number): string {
  const total = Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, "0");
  return hours > 0
    ? `${hours}:${String(minutes).padStart(2, "0")}:${seconds}`
    : `${minutes}:${seconds}`;
}

/** Under two minutes left: the countdown asks for attention. */
export function holdEndingSoon(expiresAt: string, now: number): boolean {
  return Date.parse(expiresAt) - now < 2 * 60 * 1000;
}

/**
 * The current time, ticking every second while mounted; null on the server and before hydration
 * (a countdown rendered on the server would not match the browser's clock).
 */
export function useNow(): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
