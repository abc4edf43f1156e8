// One measurement of bench/output-schema-cost.mjs, in a fresh process: the CPU time to load the
// oracle's `outputSchema` validator and judge one structured result against a small 2020-12
// schema. Prints `{ cpuMs, importMs, valid }` as one JSON line: all of it, and the part spent
// loading modules (Ajv's, and for `after` the oracle's and its generated meta-schema validators).
//   node bench/output-schema-cost/probe.mjs before|after
const variant = process.argv[2];
const SCHEMA = {
  type: 'object',
  properties: { total: { type: 'integer' }, items: { type: 'array', items: { type: 'string' } } },
  required: ['total', 'items'],
  additionalProperties: false,
};
const RESULT = { total: 2, items: ['a', 'b'] };

const cpuMs = (since) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};
const start = process.cpuUsage();
let imported;
let validate;
if (variant === 'before') {
  // The reference: the oracle before its meta-schemas were compiled ahead of time. Both Ajv
  // instances built on load, the 2020-12 meta-schema compiled to check the schema.
  const { Ajv2020 } = await import('ajv/dist/2020.js');
  const { Ajv } = await import('ajv');
  imported = cpuMs(start);
  const options = { strict: false, allErrors: false, validateFormats: false };
  const ajv2020 = new Ajv2020(options);
  new Ajv(options);
  validate = ajv2020.compile(SCHEMA);
} else if (variant === 'after') {
  const { outputSchemaValidator } =
    await import('../../dist/src/oracle/output-schema-validator.js');
  imported = cpuMs(start);
  validate = outputSchemaValidator(SCHEMA);
} else {
  throw new Error(`probe: expected "before" or "after", got ${variant}`);
}
const valid = validate(RESULT);
console.log(JSON.stringify({ cpuMs: cpuMs(start), importMs: imported, valid }));
