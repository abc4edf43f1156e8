import { expectEnvelope } from 'envelope-mutants/vitest';
import { describe, it } from 'vitest';
import { CANARIES, FIXTURE_NAMES, wire } from './wire.js';

// Fixtures are committed and shown as CI evidence: they hold sanitized envelopes only
// (envelope-mutants' docs/design.md "Sanitization").
describe('raw-wire fixtures', () => {
  it.each(FIXTURE_NAMES)('should keep %s free of secrets and internals', (name) => {
    expectEnvelope(wire(name)).toNotLeak(CANARIES);
  });
});
