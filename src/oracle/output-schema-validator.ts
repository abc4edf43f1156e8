import { createRequire } from 'node:module';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { Ajv, ValidateFunction } from 'ajv';
import { ConfigError } from '../errors.js';
import type { JsonObject } from '../envelope/json-value.js';
import { validateDraft07Schema } from './generated/validate-draft07-schema.js';
import { validateDraft2020Schema } from './generated/validate-draft2020-schema.js';

/**
 * Both compile a tool's schema without checking it against its meta-schema: that check runs first,
 * with the validators compiled ahead of time, because compiling a meta-schema costs ~0.1 s of CPU
 * in every fresh VM context a mutant's copy runs in (docs/performance.md "Inside a copy").
 * scripts/meta-schema-validators.js generates those with these options.
 */
const OPTIONS = { strict: false, allErrors: false, validateFormats: false, validateSchema: false };
/** Constructed on first use: a suite that passes no `outputSchema` never builds Ajv. */
let ajv2020: Ajv2020 | undefined;
let ajv07: Ajv | undefined;

/**
 * Ajv is required on first use, not imported. Every test file that imports `envelope-mutants`
 * loads this module, and a mutant's copy runs in a fresh VM context: imported, Ajv's CommonJS
 * modules were compiled and evaluated in each; without that the rounds' workers spend 0.82× the
 * CPU on examples/mcp-client (docs/performance.md). Ajv keeps no state a test can see: each
 * context builds its own instances.
 */
const requireAjv = nodeCreateRequire()(import.meta.url);

/**
 * The worker's own `createRequire`, so Ajv loads once per process. In vitest's vm pools a module's
 * `node:module` is vitest's stand-in, whose `require` compiles every CommonJS module again in the
 * context that asks; `process.getBuiltinModule` (Node 20.16) returns Node's own. Outside a vm
 * pool both are the same function.
 */
function nodeCreateRequire(): typeof createRequire {
  // Absent before Node 20.16, which `engines` still allows: there the import is the only one.
  const node: Partial<Pick<NodeJS.Process, 'getBuiltinModule'>> = globalThis.process;
  return node.getBuiltinModule?.('node:module').createRequire ?? createRequire;
}

function newAjv2020(): Ajv2020 {
  const loaded = requireAjv('ajv/dist/2020.js') as { Ajv2020: typeof Ajv2020 };
  return new loaded.Ajv2020(OPTIONS);
}

function newAjv07(): Ajv {
  const loaded = requireAjv('ajv') as { Ajv: typeof Ajv };
  return new loaded.Ajv(OPTIONS);
}

/**
 * The meta-schemas compiled ahead of time, by the `$schema` that names them: the dialect's URI
 * (JSON Schema 2020-12 Core §8.1.1), with or without the empty fragment draft-07 wrote.
 */
const PRECOMPILED = new Map([
  ['https://json-schema.org/draft/2020-12/schema', validateDraft2020Schema],
  ['https://json-schema.org/draft/2020-12/schema#', validateDraft2020Schema],
  ['http://json-schema.org/draft-07/schema', validateDraft07Schema],
  ['http://json-schema.org/draft-07/schema#', validateDraft07Schema],
]);

const byText = new Map<string, ValidateFunction>();
/** Most suites pass the same schema object on every check: skip the JSON text for those. */
const byObject = new WeakMap<object, ValidateFunction>();

/**
 * The compiled validator of an `outputSchema`, compiled once per distinct schema (keyed by its
 * JSON text). A schema Ajv cannot compile is the project's mistake: `ConfigError`.
 *
 * @internal
 */
export function outputSchemaValidator(schema: JsonObject): ValidateFunction {
  const known = byObject.get(schema);
  if (known !== undefined) return known;
  const key = JSON.stringify(schema);
  const cached = byText.get(key);
  if (cached !== undefined) {
    byObject.set(schema, cached);
    return cached;
  }
  // MCP 2025-11-25 "Tools": an `outputSchema` without `$schema` is JSON Schema 2020-12; older
  // tools declare draft-07.
  const draft =
    typeof schema['$schema'] === 'string' && schema['$schema'].includes('draft-07')
      ? (ajv07 ??= newAjv07())
      : (ajv2020 ??= newAjv2020());
  let validate: ValidateFunction;
  try {
    checkMetaSchema(draft, schema);
    validate = draft.compile(schema);
  } catch (error) {
    // Ajv may come from the worker's realm (see `nodeCreateRequire`), where `instanceof Error`
    // does not hold: read the message by shape.
    const message = (error as { message?: unknown } | null)?.message;
    const why = typeof message === 'string' ? message : String(error);
    throw new ConfigError(
      `check context.outputSchema: not a valid JSON Schema (${why}). Pass the tool's outputSchema as listed by tools/list.`,
    );
  }
  // An `$async` schema compiles to a validator that returns a promise, which reads as a pass:
  // a tool schema has no business being asynchronous (MCP 2025-11-25 "Tools": plain JSON Schema).
  if ((validate as { $async?: unknown }).$async === true) {
    throw new ConfigError(
      'check context.outputSchema: "$async": true makes an asynchronous schema, which cannot judge a result. Remove "$async" from the tool\'s schema.',
    );
  }
  byText.set(key, validate);
  byObject.set(schema, validate);
  return validate;
}

/**
 * Throws what Ajv's own `compile` throws for a schema its meta-schema refuses (`schema is
 * invalid: data/type must be …`, from Ajv's `errorsText`). A `$schema` naming no precompiled
 * meta-schema (another draft, a non-string) goes to Ajv's `validateSchema`, which refuses it as
 * `compile` would, or checks it against a meta-schema it knows.
 */
function checkMetaSchema(draft: Ajv | Ajv2020, schema: JsonObject): void {
  const named = schema['$schema'];
  const precompiled =
    named === undefined
      ? validateDraft2020Schema
      : typeof named === 'string'
        ? PRECOMPILED.get(named)
        : undefined;
  if (precompiled === undefined) {
    // Throws Ajv's own message for a schema it refuses; a meta-schema is never asynchronous.
    void draft.validateSchema(schema, true);
    return;
  }
  if (!precompiled(schema)) {
    throw new Error(`schema is invalid: ${draft.errorsText(precompiled.errors)}`);
  }
}
