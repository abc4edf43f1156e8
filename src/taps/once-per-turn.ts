/**
 * `run` at most once per turn of the microtask queue, however often the returned function is
 * called in that turn: the call that starts a turn queues `run`, the rest find it queued. For a
 * write that encodes everything seen so far, so that a burst of n sites costs one encoding, not n.
 */
export function oncePerTurn(run: () => void): () => void {
  let queued = false;
  return () => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      run();
    });
  };
}
