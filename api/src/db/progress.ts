/** Takes a line at a time about what a long database step is doing (a start prints them). */
export type Report = (line: string) => void;

/** Time since `started` (a Date.now() value) as people read it: "3.2 s". */
export function secondsSince(started: number): string {
  return `${((Date.now() - started) / 1000).toFixed(1)} s`;
}
