import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/errors.js';
import { readRetryTable } from '../../src/taxonomy/read-retry-table.js';

const WHERE = 'taxonomy.retryTable';

/** The ConfigError message `readRetryTable` throws for `value`. */
function messageFor(value: unknown): string {
  try {
    readRetryTable(value, WHERE);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('readRetryTable accepted the value');
}

describe('readRetryTable', () => {
  it('should read no rows when the key is absent', () => {
    // Act
    const rows = readRetryTable(undefined, WHERE);

    // Assert
    expect(rows).toStrictEqual([]);
  });

  it('should keep every FailureContext field of a row and its action, in order', () => {
    // Arrange
    const table = [
      {
        when: {
          kind: 'tool',
          failureClass: 'quota-exceeded',
          transient: false,
          sideEffectMayHaveOccurred: true,
          userActionRequired: false,
        },
        action: 'reconcile-side-effect',
      },
      { when: { kind: 'protocol' }, action: 'stop-protocol' },
      { when: {}, action: 'ask-user' },
    ];

    // Act
    const rows = readRetryTable(table, WHERE);

    // Assert
    expect(rows).toStrictEqual(table);
  });

  it('should refuse a table that is not an array, with an example row', () => {
    expect(messageFor({})).toBe(
      'taxonomy.retryTable: expected an array of {when, action} but received object. Write "retryTable": [{"when": {"transient": true}, "action": "retry-bounded"}].',
    );
    expect(messageFor(null)).toMatch(/^taxonomy\.retryTable: expected an array .* received null\./);
  });

  it('should refuse a row that is not an object, naming its index', () => {
    expect(messageFor([{ when: {}, action: 'ask-user' }, 7])).toBe(
      'taxonomy.retryTable[1]: expected an object {when, action} but received number 7. Give each row a when and an action.',
    );
    expect(messageFor([[]])).toMatch(/^taxonomy\.retryTable\[0\]: .* received an array\./);
  });

  it('should list the client actions and show the action received', () => {
    expect(messageFor([{ when: {}, action: 'panic' }])).toBe(
      'taxonomy.retryTable[0].action: expected one of stop-protocol, retry-bounded, ask-user, reconcile-side-effect, show-tool-error but received string "panic". Pick a client action.',
    );
    expect(messageFor([{ when: {} }])).toMatch(/received undefined\. Pick a client action\.$/);
  });

  it('should refuse a when that is not an object, and say {} matches everything', () => {
    expect(messageFor([{ action: 'ask-user' }])).toBe(
      'taxonomy.retryTable[0].when: expected an object of FailureContext fields but received undefined. Use {} to match every failure.',
    );
    expect(messageFor([{ when: ['transient'], action: 'ask-user' }])).toMatch(
      /^taxonomy\.retryTable\[0\]\.when: expected an object .* received an array\./,
    );
  });

  it('should list the FailureContext fields for an unknown when key', () => {
    expect(messageFor([{ when: { severity: 1 }, action: 'ask-user' }])).toBe(
      'taxonomy.retryTable[0].when.severity: not a FailureContext field. Use kind, failureClass, transient, sideEffectMayHaveOccurred, userActionRequired.',
    );
  });

  it.each(['protocol', 'tool'])('should accept the kind %s', (kind) => {
    expect(readRetryTable([{ when: { kind }, action: 'stop-protocol' }], WHERE)).toStrictEqual([
      { when: { kind }, action: 'stop-protocol' },
    ]);
  });

  it.each([
    ['kind', 'success', '"protocol" or "tool"', 'string "success"'],
    ['kind', '', '"protocol" or "tool"', 'string ""'],
    ['failureClass', 7, 'a string', 'number 7'],
    ['failureClass', true, 'a string', 'boolean true'],
    ['transient', 'yes', 'a boolean', 'string "yes"'],
    ['sideEffectMayHaveOccurred', 1, 'a boolean', 'number 1'],
    ['userActionRequired', null, 'a boolean', 'null'],
  ])('should refuse when.%s = %j, expecting %s', (key, value, wanted, received) => {
    expect(messageFor([{ when: { [key]: value }, action: 'ask-user' }])).toBe(
      `taxonomy.retryTable[0].when.${key}: expected ${wanted} but received ${received}. Fix the value.`,
    );
  });
});
