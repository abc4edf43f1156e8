import { ConfigError } from '../errors.js';

/**
 * The SDK's `Client` and `ResultSchema`, with the client transport `loadTransport` imports
 * (stdio, Streamable HTTP), or the `ConfigError` that says to install it. The SDK is a peer dependency: init loads
 * it only when it probes a server.
 */
export async function loadSdk<Transport>(where: string, loadTransport: () => Promise<Transport>) {
  try {
    const [client, types, Transport] = await Promise.all([
      import('@modelcontextprotocol/sdk/client/index.js'),
      import('@modelcontextprotocol/sdk/types.js'),
      loadTransport(),
    ]);
    return { Client: client.Client, ResultSchema: types.ResultSchema, Transport };
  } catch {
    throw sdkNotInstalled(where);
  }
}

/** The `ConfigError` of a project without the SDK, naming the command (`init --server`) and the install. */
function sdkNotInstalled(where: string): ConfigError {
  return new ConfigError(
    `${where}: @modelcontextprotocol/sdk is not installed. Run \`npm i -D @modelcontextprotocol/sdk\`: the generated suite connects with it.`,
  );
}
