// `envelope-mutants/node`: the Node-side API — run the harness, load its config, read and combine
// reports, fuzz a decoder. Kept apart from the main barrel because it loads vitest/node, which must
// never be imported inside a test worker.
export { runMutation } from './vitest-adapter/run-mutation.js';
export type { RunMutationOptions } from './vitest-adapter/run-mutation.js';
export type { Reporter } from './engine/reporter.js';
export { loadConfig } from './config/load-config.js';
export type { ResolvedConfig } from './config/resolved-config.js';
export { scoresOf } from './report/scores.js';
export type { Scores } from './report/scores.js';
export { writeReports } from './report/write-reports.js';
export { readReport } from './report/read-report.js';
export { mergeReports } from './report/merge-reports.js';
export { fuzzDecoder } from './fuzz/fuzz-decoder.js';
export type { FuzzOptions } from './fuzz/fuzz-decoder.js';
export type { Decoder, DecoderSession, DecodedOutcome } from './fuzz/decoder.js';
export type { FuzzReport } from './fuzz/fuzz-report.js';
export { mcpSdkDecoder } from './fuzz/mcp-sdk-decoder.js';
export { fuzzSdkHttp } from './fuzz/http/fuzz-sdk-http.js';
export type { HttpFuzzOptions, HttpFuzzReport } from './fuzz/http/fuzz-sdk-http.js';
export type { MutationRun } from './mutant/mutation-run.js';
export { ruleFromFailureMessage } from './oracle/attribute-failure.js';
export { readStrykerReport } from './stryker/read-stryker-report.js';
export { attributeCodeMutants } from './stryker/attribute-code-mutants.js';
export { mergeStrykerReport } from './stryker/merge-stryker-report.js';
export { diffReports } from './report/diff-reports.js';
