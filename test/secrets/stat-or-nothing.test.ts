import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { statOrNothing } from '../../src/secrets/stat-or-nothing.js';

const root = mkdtempSync(path.join(tmpdir(), 'stat-or-nothing-'));
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('statOrNothing', () => {
  it('should give nothing where no file can be, and what is there otherwise', () => {
    writeFileSync(path.join(root, 'file'), '');
    expect(statOrNothing(path.join(root, 'missing'))).toBeUndefined();
    expect(statOrNothing(path.join(root, 'file', 'below'))).toBeUndefined();
    expect(statOrNothing(path.join(root, 'x'.repeat(300)))).toBeUndefined();
    expect(statOrNothing(`${root}/a\u0000b`)).toBeUndefined();
    expect(statOrNothing(path.join(root, 'file'))?.isFile()).toBe(true);
    expect(statOrNothing(root)?.isDirectory()).toBe(true);
  });
});
