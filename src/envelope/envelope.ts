import type { JsonObject, JsonRpcId, JsonValue } from './json-value.js';

/** JSON-RPC 2.0 §4: a request carries an id; the server must answer it. */
export interface JsonRpcRequest {
  readonly jsonrpc: '2.0';
  readonly id: Exclude<JsonRpcId, null>;
  readonly method: string;
  readonly params?: JsonObject | readonly JsonValue[];
}

/** JSON-RPC 2.0 §4.1: a notification has no id and gets no response. */
export interface JsonRpcNotification {
  readonly jsonrpc: '2.0';
  readonly method: string;
  readonly params?: JsonObject | readonly JsonValue[];
}

/** JSON-RPC 2.0 §5.1: the error object. */
export interface JsonRpcErrorObject {
  readonly code: number;
  readonly message: string;
  readonly data?: JsonValue;
}

/** JSON-RPC 2.0 §5: a response carries exactly one of `result` / `error`. */
export interface JsonRpcSuccessResponse<R = JsonValue> {
  readonly jsonrpc: '2.0';
  readonly id: JsonRpcId;
  readonly result: R;
}

export interface JsonRpcErrorResponse {
  readonly jsonrpc: '2.0';
  readonly id: JsonRpcId;
  readonly error: JsonRpcErrorObject;
}

export type JsonRpcResponse = JsonRpcSuccessResponse | JsonRpcErrorResponse;
export type JsonRpcMessage = JsonRpcRequest | JsonRpcNotification | JsonRpcResponse;

/** MCP 2025-11-25 schema.ts `ContentBlock` (text, image, audio, resource_link, embedded resource). */
export type ContentBlock =
  | { readonly type: 'text'; readonly text: string; readonly _meta?: JsonObject }
  | { readonly type: 'image' | 'audio'; readonly data: string; readonly mimeType: string }
  | { readonly type: 'resource_link'; readonly uri: string; readonly name: string }
  | { readonly type: 'resource'; readonly resource: JsonObject };

/** MCP 2026-07-28: every result says whether it is final or asks the client to come back. */
export type ResultType = 'complete' | 'input_required';

/** MCP 2025-11-25 schema.ts `CallToolResult`; `resultType` from 2026-07-28. */
export interface CallToolResult {
  readonly content: readonly ContentBlock[];
  readonly structuredContent?: JsonObject;
  readonly isError?: boolean;
  readonly resultType?: ResultType;
  readonly _meta?: JsonObject;
}

/** Where a failure is reported (docs/design.md "Vocabulary"). */
export type Layer = 'protocol' | 'tool' | 'success';
