import { describe, expect, it } from 'vitest';
import { formatSse, parseSse } from '../../src/http/sse.js';

describe('parseSse and formatSse', () => {
  it('should read events with their id, event name and multi-line data', () => {
    const text = ': comment\nid: 1\nevent: message\ndata: {"a":\ndata: 1}\n\nretry: 10\ndata: x\n';

    expect(parseSse(text)).toEqual([
      { id: '1', event: 'message', data: '{"a":\n1}' },
      { data: 'x' },
    ]);
  });

  it('should keep a priming event (an id and empty data) and round-trip through formatSse', () => {
    const events = [
      { id: 'p0', data: '' },
      { event: 'message', data: '{"jsonrpc":"2.0"}' },
    ];

    expect(parseSse(formatSse(events))).toEqual(events);
    expect(parseSse('id: 7\ndata:\r\n\r\n')).toEqual([{ id: '7', data: '' }]);
  });
});
