// Loaded with `node --import` into each worker of a vmForks session the runner starts (the rounds
// and the pool check's vmForks runs; never the project's own pool), before vitest loads there:
// what it installs is in place before any test file imports a built-in module.
import timers from 'node:timers';
import timerPromises from 'node:timers/promises';
import { watchTimerModules } from './copy-timers.js';
import { installModuleCodeCache } from './module-code-cache.js';
import { watchPidNamedFiles } from './pid-named-files.js';
import { offerToCopies } from './process-state.js';

installModuleCodeCache();
watchPidNamedFiles();
watchTimerModules(timers, timerPromises);
offerToCopies();
