/**
 * A duration for the console: `43s`, `3m 05s`; `8.4s` under ten seconds when `tenths` is set
 * (a run's time, where a tenth is worth reading; an ETA's is not).
 *
 * @internal
 */
export function formatDuration(ms: number, tenths = false): string {
  if (tenths && ms < 9_950) return `${(Math.max(0, ms) / 1000).toFixed(1)}s`;
  const seconds = Math.round(Math.max(0, ms) / 1000);
  if (seconds < 60) return `${seconds}s`;
  return `${Math.floor(seconds / 60)}m ${String(seconds % 60).padStart(2, '0')}s`;
}
