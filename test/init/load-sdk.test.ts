import { describe, expect, it } from 'vitest';
import { isConfigError } from '../../src/errors.js';
import { loadSdk } from '../../src/init/load-sdk.js';

describe('loadSdk', () => {
  it('should load the client, the result schema and the transport asked for', async () => {
    // Arrange
    const transport = { name: 'a transport' };
    // Act
    const sdk = await loadSdk('init --server', () => Promise.resolve(transport));
    // Assert
    expect(sdk.Transport).toBe(transport);
    expect(typeof sdk.Client).toBe('function');
    expect(sdk.ResultSchema.safeParse({}).success).toBe(true);
  });

  it('should name the command and the install when the SDK cannot be loaded', async () => {
    // Arrange
    const missing = () =>
      Promise.reject(new Error("Cannot find module '@modelcontextprotocol/sdk'"));
    // Act
    const error: unknown = await loadSdk('init --url', missing).catch((thrown: unknown) => thrown);
    // Assert
    expect(isConfigError(error)).toBe(true);
    expect((error as Error).message).toBe(
      'init --url: @modelcontextprotocol/sdk is not installed. Run `npm i -D @modelcontextprotocol/sdk`: the generated suite connects with it.',
    );
  });
});
