import type { JsonObject, JsonValue } from '../envelope/json-value.js';
import { outputSchemaValidator } from '../oracle/output-schema-validator.js';

/**
 * Whether a tool's JSON Schema accepts `value`, judged as the oracle judges `outputSchema`
 * (JSON Schema 2020-12 by default, draft-07 when declared; formats not validated). A schema Ajv
 * cannot compile accepts nothing: init then writes no case from it.
 */
export function schemaAccepts(schema: JsonObject, value: JsonValue): boolean {
  try {
    // A validator's result is typed boolean; `=== true` keeps any other value from a server's
    // schema (a promise, say) from reading as a pass.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-boolean-literal-compare
    return outputSchemaValidator(schema)(value) === true;
  } catch {
    return false;
  }
}
