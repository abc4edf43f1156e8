import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/errors.js';
import { getProfile } from '../../src/taxonomy/profiles/profiles.js';
import { kind, readProjectCodes } from '../../src/taxonomy/read-project-codes.js';
import type { Profile, ReservedBand } from '../../src/taxonomy/taxonomy.js';

const WHERE = 'taxonomy.codes';
const JSONRPC = getProfile('jsonrpc-2.0');

const code = (value: unknown) => ({ code: value, name: 'Quota exceeded', meaning: 'Over quota.' });

/** jsonrpc-2.0 with other reserved bands: a profile shape the readers must handle. */
const withBands = (...bands: ReservedBand[]): Profile => ({ ...JSONRPC, reservedBands: bands });

/** The ConfigError message `readProjectCodes` throws for `value` under `profile`. */
function messageFor(value: unknown, profile: Profile = JSONRPC): string {
  try {
    readProjectCodes(value, profile, WHERE);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('readProjectCodes accepted the value');
}

describe('readProjectCodes', () => {
  it('should read a free code as a current project code', () => {
    // Act
    const docs = readProjectCodes([code(-32001)], JSONRPC, WHERE);

    // Assert
    expect(docs).toStrictEqual([
      {
        code: -32001,
        name: 'Quota exceeded',
        meaning: 'Over quota.',
        status: 'current',
        source: 'project',
      },
    ]);
  });

  it.each([
    ['a string', '-32001', 'string "-32001"'],
    ['a boolean', false, 'boolean false'],
    ['missing', undefined, 'undefined'],
    ['a fraction', -32001.5, 'number -32001.5'],
  ])('should refuse a code that is %s', (_name, value, received) => {
    expect(messageFor([code(value)])).toBe(
      `taxonomy.codes[0].code: expected an integer but received ${received}. JSON-RPC 2.0 §5.1 error codes are integers.`,
    );
  });

  it('should name the profile when the code it documents has no reference', () => {
    // Arrange
    const profile: Profile = {
      ...JSONRPC,
      codes: [
        { code: -32001, name: 'Busy', meaning: 'Try later.', status: 'current', source: 'profile' },
      ],
    };

    // Act
    const message = messageFor([code(-32001)], profile);

    // Assert
    expect(message).toBe(
      'taxonomy.codes[0]: code -32001 is the jsonrpc-2.0 "Busy" of jsonrpc-2.0 and cannot be redefined. Pick a code in -32000..-32099 or outside -32768..-32000.',
    );
  });
});

describe('the free part of the server-error band in messages', () => {
  const rangeIn = (profile: Profile): string =>
    /Pick a code in (\S+) or outside/.exec(messageFor([code(-32603)], profile))?.[1] ?? '';

  it('should offer the whole band -32000..-32099 when no band is reserved', () => {
    expect(rangeIn(withBands())).toBe('-32000..-32099');
  });

  it('should stop just above a band whose lowest code is the first reserved one', () => {
    expect(rangeIn(withBands({ min: -32010, max: -32010, owner: 'X' }))).toBe('-32000..-32009');
  });

  it('should stop just above a band that starts inside the server-error band', () => {
    expect(rangeIn(withBands({ min: -32099, max: -32050, owner: 'X' }))).toBe('-32000..-32049');
  });

  it('should ignore a band that lies wholly above the server-error band', () => {
    expect(rangeIn(withBands({ min: -31900, max: -31800, owner: 'X' }))).toBe('-32000..-32099');
  });
});

describe('kind', () => {
  it('should show a string of up to 40 characters whole and cut a longer one', () => {
    expect(kind('x'.repeat(40))).toBe(`string "${'x'.repeat(40)}"`);
    expect(kind('x'.repeat(41))).toBe(`string "${'x'.repeat(40)}…"`);
  });

  it('should name the type of other values without their content', () => {
    expect([null, [1], 3, true, {}, undefined].map(kind)).toStrictEqual([
      'null',
      'an array',
      'number 3',
      'boolean true',
      'object',
      'undefined',
    ]);
  });
});
