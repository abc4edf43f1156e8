/**
 * The verdicts of `concurrent.spec.ts` (in the hostile-verdicts suite, and in the server project
 * of projects-disjoint), `<test name> / <mutator>` as `verdictTable` writes them: a test that
 * checks for no error kills the inserted error, one that checks for a result kills the dropped
 * result, and the test that checks nothing kills nothing. Taps filed under a neighbouring test
 * (concurrent tests run side by side) would move these kills.
 */
export function concurrentVerdicts(): Record<string, string> {
  const prefix = 'a client whose tests run concurrently > ';
  return {
    [`${prefix}should check that its response carries no error / drop-both-members`]: 'Survived',
    [`${prefix}should check that its response carries no error / insert-both-members`]:
      'Killed at jsonrpc.members',
    [`${prefix}should check that its response carries a result / drop-both-members`]:
      'Killed at jsonrpc.members',
    [`${prefix}should check that its response carries a result / insert-both-members`]: 'Survived',
    [`${prefix}should check nothing of its response / drop-both-members`]: 'Survived',
    [`${prefix}should check nothing of its response / insert-both-members`]: 'Survived',
  };
}
