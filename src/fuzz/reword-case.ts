import * as fc from 'fast-check';
import { applyProseChange, proseChange, type ProseChange } from '../arbitraries/prose-change.js';
import { isJsonObject, type JsonPath, type JsonValue } from '../envelope/json-value.js';
import type { Delivery, FuzzCase, Rewording } from './fuzz-case.js';

/** One drawn prose change, for the `place`-th prose string of the case (modulo their number). */
export interface ProseEdit {
  readonly place: number;
  readonly change: ProseChange;
}

/**
 * The cases of `cases`, half of them with one to three prose changes for `prose-invariance`. The changes do
 * not shrink (`noShrink`): a counterexample of another property then shrinks along the same path
 * as without them; a prose counterexample is narrowed to its one decisive rewording afterwards.
 * A seed and path replay the same case with the same changes.
 */
export function withProseEdits(cases: fc.Arbitrary<FuzzCase>): fc.Arbitrary<FuzzCase> {
  const drawn = fc.array(fc.record({ place: fc.nat(), change: proseChange() }), {
    minLength: 1,
    maxLength: 3,
  });
  // Half the cases only: each one with prose is observed twice, and a session of a real client
  // (the SDK adapter's handshake) is what a fuzz run spends its time on.
  const edits = fc.noShrink(fc.oneof(fc.constant([]), drawn));
  return fc
    .tuple(cases, edits)
    .map(([fuzzCase, drawn]) =>
      fuzzCase.rewordings === undefined ? rewordCase(fuzzCase, drawn) : fuzzCase,
    );
}

/**
 * The case with `edits` resolved against its prose: `error.message` and the `text` of each text
 * block of `result.content`, in delivery order. Edits on one place compose; an edit that leaves
 * the text as it was is no rewording.
 */
export function rewordCase(fuzzCase: FuzzCase, edits: readonly ProseEdit[]): FuzzCase {
  const places = fuzzCase.deliveries.flatMap((delivery, index) =>
    prosePaths(delivery).map((path) => ({ delivery: index, path })),
  );
  const rewordings: Rewording[] = [];
  for (const edit of edits) {
    const place = places[edit.place % Math.max(places.length, 1)];
    if (place === undefined) break;
    const current =
      rewordings.find((r) => r.delivery === place.delivery && samePath(r.path, place.path))?.text ??
      textAt(fuzzCase.deliveries[place.delivery], place.path);
    const text = applyProseChange(current, edit.change);
    const others = rewordings.filter(
      (r) => r.delivery !== place.delivery || !samePath(r.path, place.path),
    );
    rewordings.length = 0;
    rewordings.push(...others, { ...place, change: edit.change.kind, text });
  }
  const changed = rewordings.filter(
    (r) => r.text !== textAt(fuzzCase.deliveries[r.delivery], r.path),
  );
  return { ...fuzzCase, rewordings: changed };
}

/** The case as it arrives with its rewordings applied (text and parsed value alike). */
export function rewordedDeliveries(fuzzCase: FuzzCase): Delivery[] {
  return fuzzCase.deliveries.map((delivery, index) => {
    const own = (fuzzCase.rewordings ?? []).filter((r) => r.delivery === index);
    if (own.length === 0 || delivery.envelope.value === undefined) return delivery;
    let value: JsonValue = delivery.envelope.value;
    for (const rewording of own) value = setAt(value, rewording.path, rewording.text);
    return { ...delivery, envelope: { text: JSON.stringify(value), value } };
  });
}

/**
 * The prose strings of one envelope. Only envelopes whose text is the JSON of their value: for
 * the others (text that is no JSON, duplicate members) a re-serialized text would change more
 * than the prose.
 */
function prosePaths(delivery: Delivery): JsonPath[] {
  const { value, text } = delivery.envelope;
  if (!isJsonObject(value) || JSON.stringify(value) !== text) return [];
  const paths: JsonPath[] = [];
  const error = value['error'];
  if (isJsonObject(error) && typeof error['message'] === 'string') {
    paths.push(['error', 'message']);
  }
  const result = value['result'];
  const content = isJsonObject(result) ? result['content'] : undefined;
  if (Array.isArray(content)) {
    for (const [index, block] of content.entries()) {
      if (isJsonObject(block) && block['type'] === 'text' && typeof block['text'] === 'string') {
        paths.push(['result', 'content', index, 'text']);
      }
    }
  }
  return paths;
}

function textAt(delivery: Delivery | undefined, path: JsonPath): string {
  let value: unknown = delivery?.envelope.value;
  for (const step of path) {
    value = isJsonObject(value) || Array.isArray(value) ? (value as never)[step] : undefined;
  }
  return typeof value === 'string' ? value : '';
}

/** A copy of `value` with the string at `path` replaced (member order kept). */
function setAt(value: JsonValue, path: JsonPath, text: string): JsonValue {
  const [step, ...rest] = path;
  if (step === undefined) return text;
  if (Array.isArray(value)) {
    return value.map((item: JsonValue, index) => (index === step ? setAt(item, rest, text) : item));
  }
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, member]) => [
      key,
      key === step ? setAt(member, rest, text) : member,
    ]),
  );
}

function samePath(a: JsonPath, b: JsonPath): boolean {
  return a.length === b.length && a.every((step, index) => step === b[index]);
}
