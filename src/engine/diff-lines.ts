import { diffArrays } from 'diff';
import { commonEnds } from '../envelope/common-ends.js';

/**
 * The edits the diff tries on the changed stretch before it gives up: Myers' diff costs
 * O((N + M) · D). Past 500 edits no reader follows the diff line by line anyway.
 */
const MAX_EDITS = 500;
/**
 * Lines of the changed stretch times edits tried, so that a stretch of megabytes is bounded too:
 * jsdiff gave up on a 5 MB envelope changed every 50 lines (640,000 lines, 78 edits) in about 2 s
 * at 50 million, hence a fifth of that.
 */
const MAX_WORK = 10_000_000;

/**
 * A unified-style line diff (`  ` same, `- ` removed, `+ ` added) by jsdiff's Myers diff. The
 * lines both texts start and end with are set aside first, so the bound on the edits applies to
 * the changed stretch alone; a stretch that needs more edits than the bound allows is shown as
 * removed, then added.
 *
 * @internal
 */
export function diffLines(before: string, after: string): string[] {
  const a = before.split('\n');
  const b = after.split('\n');
  const { head: start, tail: end } = commonEnds(a, b);
  const same = (lines: readonly string[]): string[] => lines.map((line) => `  ${line}`);
  const middle = changedStretch(a.slice(start, a.length - end), b.slice(start, b.length - end));
  return [...same(a.slice(0, start)), ...middle, ...same(a.slice(a.length - end))];
}

function changedStretch(a: string[], b: string[]): string[] {
  const maxEditLength = Math.max(
    1,
    Math.min(MAX_EDITS, Math.floor(MAX_WORK / Math.max(1, a.length + b.length))),
  );
  const changes = diffArrays(a, b, { maxEditLength });
  if (changes === undefined) {
    return [...a.map((line) => `- ${line}`), ...b.map((line) => `+ ${line}`)];
  }
  return changes.flatMap((change) => {
    const mark = change.added ? '+ ' : change.removed ? '- ' : '  ';
    return change.value.map((line) => `${mark}${line}`);
  });
}
