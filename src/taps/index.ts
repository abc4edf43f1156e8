// The taps: the only code of the library that runs inside the user's test workers.
export { tapMessage } from './tap-message.js';
export type { TapSite } from './tap-message.js';
