/**
 * The longest delay Node's timers take, 2^31 - 1 ms (about 24.8 days): a longer one fires at once,
 * with a TimeoutOverflowWarning. Budgets past it are "no budget", or are re-armed in steps.
 */
export const LONGEST_TIMER_MS = 2 ** 31 - 1;
