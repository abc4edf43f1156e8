import { describe, expect, it } from 'vitest';
import { decodeResponse } from '../src/index.js';
import { expectDecoded } from './expect-decoded.js';
import { IN_FLIGHT, inFlightTable, wire } from './wire.js';

/** The ids still in flight once `settled` has been answered: the others must stay untouched. */
const othersThan = (...settled: number[]): number[] =>
  IN_FLIGHT.map((request) => request.requestId as number).filter((id) => !settled.includes(id));

describe('decodeResponse on well-formed failures', () => {
  it('should decode an unknown-tool -32602 error as a protocol error of its request', () => {
    // Arrange
    const inFlight = inFlightTable();
    // Act
    const decoded = decodeResponse(wire('protocol-error'), inFlight);
    // Assert
    expectDecoded(decoded, { settles: 41, layer: 'protocol' });
    if (decoded.kind !== 'protocol-error') return;
    expect(decoded.code, 'jsonrpc.error-code').toBe(-32602);
    expect(decoded.documented, 'jsonrpc.error-code').toBe(true);
    expect(decoded.message, 'jsonrpc.error-shape').toContain('Unknown tool');
    expect(inFlight.ids(), 'jsonrpc.id').toEqual(othersThan(41));
  });

  it('should decode an isError result as a tool error carrying its text and category', () => {
    const inFlight = inFlightTable();

    const decoded = decodeResponse(wire('tool-error'), inFlight);

    expectDecoded(decoded, { settles: 42, layer: 'tool' });
    if (decoded.kind !== 'tool-error') return;
    expect(decoded.text, 'mcp.content').toContain('Account is not eligible');
    expect(decoded.category, 'mcp.content').toBe('not-eligible');
    expect(inFlight.ids(), 'jsonrpc.id').toEqual(othersThan(42));
  });

  it('should decode an undocumented code as a protocol error flagged undocumented', () => {
    const inFlight = inFlightTable();

    const decoded = decodeResponse(wire('unknown-code'), inFlight);

    expectDecoded(decoded, { settles: 47, layer: 'protocol' });
    if (decoded.kind !== 'protocol-error') return;
    expect(decoded.code, 'jsonrpc.error-code').toBe(-32050);
    expect(decoded.documented, 'jsonrpc.error-code').toBe(false);
  });

  it.each([
    ['outcome-unknown', 48],
    ['provider-unavailable', 49],
  ] as const)('should decode the %s charge failure as a tool error', (name, requestId) => {
    const decoded = decodeResponse(wire(name), inFlightTable());

    expectDecoded(decoded, { settles: requestId, layer: 'tool' });
    expect(decoded.kind === 'tool-error' && decoded.category, 'mcp.content').toBe(name);
  });
});

describe('decodeResponse on broken responses', () => {
  it('should reject a response carrying both members, settling only its own request', () => {
    const inFlight = inFlightTable();

    const decoded = decodeResponse(wire('both-members'), inFlight);

    const problems = [{ rule: 'jsonrpc.members', reason: /both/ }] as const;
    expectDecoded(decoded, { settles: 43, layer: 'protocol', problems });
    expect(inFlight.ids(), 'jsonrpc.id').toEqual(othersThan(43));
  });

  it('should reject a response carrying neither member', () => {
    const decoded = decodeResponse(wire('neither-member'), inFlightTable());

    const problems = [{ rule: 'jsonrpc.members', reason: /neither/ }] as const;
    expectDecoded(decoded, { settles: 44, layer: null, problems });
  });

  it('should reject a response whose id answers nothing in flight, and settle nothing', () => {
    const inFlight = inFlightTable();

    const decoded = decodeResponse(wire('mismatched-id'), inFlight);

    expectDecoded(decoded, {
      settles: undefined,
      layer: 'success',
      problems: [{ rule: 'jsonrpc.id' }],
    });
    expect(decoded.kind === 'invalid' && decoded.receivedId, 'jsonrpc.id').toBe(99);
    expect(inFlight.ids(), 'jsonrpc.id').toEqual(othersThan());
  });

  it('should reject a tool failure whose content is not an array of blocks', () => {
    const decoded = decodeResponse(wire('invalid-content'), inFlightTable());

    const problems = [{ rule: 'mcp.content', reason: /not an array/ }] as const;
    expectDecoded(decoded, { settles: 46, layer: 'tool', problems });
  });

  it('should never take a result whose block is of no MCP content type for a success', () => {
    // Found by `fuzz` (no-false-success): a "video" block is a string type, but no content block.
    const raw = { jsonrpc: '2.0', id: 46, result: { content: [{ type: 'video', url: 'x' }] } };

    const decoded = decodeResponse(raw, inFlightTable());

    const problems = [{ rule: 'mcp.content', reason: /not an array/ }] as const;
    expectDecoded(decoded, { settles: 46, layer: 'success', problems });
  });
});
