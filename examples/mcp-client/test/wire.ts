import { readFileSync } from 'node:fs';
import { tapMessage } from 'envelope-mutants';
import {
  createInFlightRequests,
  type InFlightRequests,
  type PendingRequest,
} from '../src/index.js';

/** The raw-wire fixtures in test/fixtures, by file name. */
export type FixtureName =
  | 'protocol-error'
  | 'tool-error'
  | 'both-members'
  | 'neither-member'
  | 'mismatched-id'
  | 'invalid-content'
  | 'unknown-code'
  | 'outcome-unknown'
  | 'provider-unavailable';

export const FIXTURE_NAMES: readonly FixtureName[] = [
  'protocol-error',
  'tool-error',
  'both-members',
  'neither-member',
  'mismatched-id',
  'invalid-content',
  'unknown-code',
  'outcome-unknown',
  'provider-unavailable',
];

/** Secrets no fixture may carry: fixtures are committed and published as CI evidence. */
export const CANARIES = ['CANARY-clientFixture01'] as const;

const call = (requestId: number, toolName: string, sideEffecting: boolean): PendingRequest => ({
  requestId,
  method: 'tools/call',
  toolName,
  sideEffecting,
  attempt: 1,
});

/** The requests the session has in flight when the fixtures arrive. */
export const IN_FLIGHT: readonly PendingRequest[] = [
  call(41, 'get_acount', false),
  call(42, 'charge_card', true),
  call(43, 'charge_card', true),
  call(44, 'get_account', false),
  call(45, 'charge_card', true),
  call(46, 'get_account', false),
  call(47, 'get_account', false),
  call(48, 'charge_card', true),
  call(49, 'charge_card', true),
];

/** A fresh in-flight table holding {@link IN_FLIGHT}. */
export function inFlightTable(): InFlightRequests {
  const table = createInFlightRequests();
  for (const request of IN_FLIGHT) table.track(request);
  return table;
}

/** A fixture exactly as committed. */
export function fixture(name: FixtureName): unknown {
  const text = readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8');
  return JSON.parse(text) as unknown;
}

/**
 * A fixture as the wire delivers it: a tap site, so a mutation run can hand the decoder a broken
 * variant instead. The key is stable, so every test reading this fixture covers the same site.
 */
export function wire(name: FixtureName): unknown {
  return tapMessage(fixture(name), {
    key: `fixture:${name}`,
    method: 'tools/call',
    inFlightIds: IN_FLIGHT.map((request) => request.requestId),
  });
}
