import { describe, expect, it } from 'vitest';
import { oncePerTurn } from '../../src/taps/once-per-turn.js';

describe('oncePerTurn', () => {
  it('should run once for the calls of one turn, after them, and again in a later turn', async () => {
    // Arrange
    let runs = 0;
    const write = oncePerTurn(() => {
      runs += 1;
    });
    // Act
    write();
    write();
    write();
    const before = runs;
    await Promise.resolve();
    const afterOneTurn = runs;
    write();
    await Promise.resolve();
    // Assert
    expect(before).toBe(0);
    expect(afterOneTurn).toBe(1);
    expect(runs).toBe(2);
  });

  it('should run before the code that awaits after the calls goes on', async () => {
    // Arrange: a module's body taps, then its importer awaits the import.
    const order: string[] = [];
    const write = oncePerTurn(() => order.push('written'));
    // Act
    await (async () => {
      write();
      order.push('body done');
    })();
    order.push('importer goes on');
    // Assert
    expect(order).toEqual(['body done', 'written', 'importer goes on']);
  });
});
