import { describeValue, type DescribeOptions } from '../src/envelope/describe-value.js';

/** A value in a `replacement`: 30 characters of its JSON text, `absent` for a missing member. */
const SHOWN: DescribeOptions = { json: true, missing: 'absent', maxLength: 30 };

/** Short human text for a value in a `replacement`, e.g. `"41"`, `41`, `absent`, `{"code":-3…`. */
export function show(value: unknown): string {
  return describeValue(value, SHOWN);
}
