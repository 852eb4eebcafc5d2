/** A Server-Timing header value from milliseconds per phase (`read;dur=12, parse;dur=40`). */
export const serverTiming = (timings: Readonly<Record<string, number>>): string =>
  Object.entries(timings)
    .map(([phase, ms]) => `${phase};dur=${Math.round(ms)}`)
    .join(', ');
