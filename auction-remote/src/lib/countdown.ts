import { useEffect, useState } from 'react';

export const CLOSED_TEXT = 'Auction closed';

const pad = (n: number): string => String(n).padStart(2, '0');

/** 'Ends in 2d 03:04:05' (days only when there are any), or 'Auction closed' once over. */
export function countdownText(endTime: string, now: number, closed = false): string {
  const end = Date.parse(endTime);
  if (closed || Number.isNaN(end) || end <= now) return CLOSED_TEXT;
  // Round up, so an open auction never reads 00:00:00.
  let seconds = Math.ceil((end - now) / 1000);
  const days = Math.floor(seconds / 86400);
  seconds -= days * 86400;
  const hours = Math.floor(seconds / 3600);
  seconds -= hours * 3600;
  const minutes = Math.floor(seconds / 60);
  seconds -= minutes * 60;
  return `Ends in ${days > 0 ? `${days}d ` : ''}${pad(hours)}:${pad(minutes)}:${pad(seconds)}`;
}

/** The current time, refreshed every `intervalMs` while `active`. */
export function useNow(active = true, intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return undefined;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [active, intervalMs]);
  return now;
}

/** The longest delay setTimeout takes (about 24.8 days); later ends are re-checked after it. */
const MAX_DELAY = 2 ** 31 - 1;

/** Whether the end time has passed; flips to true at the end without ticking every second. */
export function useHasEnded(endTime: string): boolean {
  const end = Date.parse(endTime);
  const [, recheck] = useState(0);
  const ended = !(end > Date.now());
  useEffect(() => {
    if (ended) return undefined;
    const timer = window.setTimeout(() => recheck((n) => n + 1), Math.min(end - Date.now() + 1, MAX_DELAY));
    return () => window.clearTimeout(timer);
  }, [end, ended]);
  return ended;
}

const DATE_TIME = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

/** '24 Nov 2025, 6:30 pm' in the viewer's time zone; the raw text if it is not a date. */
export function formatDateTime(value: string): string {
  const t = Date.parse(value);
  return Number.isNaN(t) ? value : DATE_TIME.format(t);
}
