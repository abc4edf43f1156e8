// The taps: the only code of the library that runs inside the user's test workers.
export { tapMessage } from './tap-message.js';
export type { TapSite } from './tap-message.js';
export { tapDecision } from './tap-decision.js';
export { mutatingTransport } from './mutating-transport.js';
export { connectRaw } from './connect-raw.js';
export type { ConnectRawOptions, RawConnection } from './connect-raw.js';
export { mutatingFetch } from './mutating-fetch.js';
export type { FetchLike, HttpTap } from './mutating-fetch.js';
export { tapLog } from './tap-log.js';
export type { LogSite } from './tap-log.js';
export { tapStderr } from './tap-stderr.js';
export type { StderrSource, StderrTap, TapStderrOptions } from './tap-stderr.js';
