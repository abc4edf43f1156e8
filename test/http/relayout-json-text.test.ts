import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { jsonBodyText, type JsonLayout } from '../../src/http/http-exchange.js';
import { relayoutJsonText } from '../../src/http/relayout-json-text.js';

const PRETTY: JsonLayout = { indent: 2, before: '', after: '' };
const PADDED: JsonLayout = { indent: 0, before: '\r\n ', after: '\n\t' };

describe('relayoutJsonText', () => {
  test('should lay out any JSON text as JSON.stringify lays out its value', () => {
    const layouts = fc.record({
      indent: fc.integer({ min: 0, max: 4 }),
      before: fc.constantFrom('', ' ', '\r\n '),
      after: fc.constantFrom('', '\n\t'),
    });
    fc.assert(
      fc.property(fc.jsonValue(), layouts, fc.boolean(), (value, layout, spaced) => {
        // The text as a server may send it: compact, or already pretty-printed.
        const sent = JSON.stringify(value, null, spaced ? 3 : 0);
        expect(relayoutJsonText(sent, layout)).toBe(
          jsonBodyText({ value: value as never, layout }),
        );
      }),
    );
  });

  test('should keep the digits of a large integer and the form of every escape', () => {
    const sent =
      '{"id":12345678901234567891,"text":"caf\\u00e9 \\"quoted\\" \\\\","list":[ ],"n":1e400}';
    expect(relayoutJsonText(sent, PRETTY)).toBe(
      '{\n  "id": 12345678901234567891,\n  "text": "caf\\u00e9 \\"quoted\\" \\\\",\n  "list": [],\n  "n": 1e400\n}',
    );
    expect(relayoutJsonText(sent, PADDED)).toBe(
      '\r\n {"id":12345678901234567891,"text":"caf\\u00e9 \\"quoted\\" \\\\","list":[],"n":1e400}\n\t',
    );
    // Negative control: a parse and a write lose both.
    expect(jsonBodyText({ value: JSON.parse(sent) as never, layout: PADDED })).not.toContain(
      '12345678901234567891',
    );
  });
});
