import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const created: string[] = [];

/** A fresh project directory holding the given files (name → text). */
export function projectWith(files: Readonly<Record<string, string>>): string {
  const root = mkdtempSync(join(tmpdir(), 'envelope-mutants-config-'));
  created.push(root);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, name), text);
  return root;
}

/** A project whose `envelope-mutants.config.json` is `config`, serialised. */
export function projectWithJson(config: unknown): string {
  return projectWith({ 'envelope-mutants.config.json': JSON.stringify(config, null, 2) });
}

/** Deletes every project directory made so far (call it in `afterAll`). */
export function removeProjects(): void {
  for (const root of created.splice(0)) rmSync(root, { recursive: true, force: true });
}
