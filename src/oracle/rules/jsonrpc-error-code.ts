import { isJsonObject } from '../../envelope/json-value.js';
import type { CodeDoc, Taxonomy } from '../../taxonomy/taxonomy.js';
import type { RuleInput } from '../rule-input.js';
import type { Violation } from '../violation.js';
import { violation } from '../violation-message.js';

const PATH = ['error', 'code'] as const;

/**
 * `jsonrpc.error-code`: the code is documented by the taxonomy and current under its profile
 * (a `legacy` code is one clients accept but a server must no longer send), and equals the code
 * the expectation names. Non-integer codes are `jsonrpc.error-shape`'s.
 */
export function jsonrpcErrorCode(
  { envelope, taxonomy, expected }: RuleInput,
  out: Violation[],
): void {
  const error = envelope['error'];
  if (!isJsonObject(error)) return;
  const code = error['code'];
  if (typeof code !== 'number' || !Number.isInteger(code)) return;
  if (expected.code !== undefined && code !== expected.code) {
    const why =
      expected.failureClass === undefined ? '' : ` for failure class ${expected.failureClass}`;
    out.push(violation('jsonrpc.error-code', PATH, `${expected.code}${why}`, String(code)));
    return;
  }
  const doc = taxonomy.codes.get(code);
  if (doc === undefined) {
    out.push(
      violation(
        'jsonrpc.error-code',
        PATH,
        `a code documented by ${taxonomy.profile.name} or the project`,
        `${code} (${undocumented(code, taxonomy)})`,
      ),
    );
  } else if (doc.status !== 'current') {
    out.push(
      violation(
        'jsonrpc.error-code',
        PATH,
        `a current code of ${taxonomy.profile.name}`,
        `${code} (${stale(doc, taxonomy)})`,
      ),
    );
  }
}

function undocumented(code: number, taxonomy: Taxonomy): string {
  const band = taxonomy.profile.reservedBands.find((b) => code >= b.min && code <= b.max);
  return band === undefined
    ? 'undocumented'
    : `undocumented, in ${band.min}..${band.max} reserved by ${band.owner}`;
}

function stale(doc: CodeDoc, taxonomy: Taxonomy): string {
  const instead = doc.replacedBy === undefined ? '' : `; send ${doc.replacedBy} instead`;
  if (doc.status === 'legacy') {
    return `"${doc.name}" is legacy under ${taxonomy.profile.name}: clients still accept it but a server must not send it${instead}`;
  }
  return `"${doc.name}" is retired under ${taxonomy.profile.name}${instead}`;
}
