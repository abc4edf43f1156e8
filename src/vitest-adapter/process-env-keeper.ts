/**
 * What `process.env` holds now, and how to put it back: variables added since are removed,
 * changed or removed ones get their value again.
 *
 * A project's `globalSetup` runs in the harness's own process, which outlives every run, where
 * the project's own `vitest run` ends with its run. A setup that exports its server's address
 * (`process.env.API_URL ??= …`) would hand every later run the address of the first run's server,
 * closed by its teardown; one that counts its runs there would count on.
 */
export function processEnvKeeper(): () => void {
  const kept = { ...process.env };
  return () => {
    for (const name of Object.keys(process.env)) {
      if (!(name in kept)) Reflect.deleteProperty(process.env, name);
    }
    for (const [name, value] of Object.entries(kept)) {
      if (value !== undefined && process.env[name] !== value) process.env[name] = value;
    }
  };
}
