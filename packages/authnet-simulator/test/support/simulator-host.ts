import { type Backend, openTestDatabase, type TestDatabase } from '@vault/testing';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import {
  ACCEPT_JS_PATH,
  createSimulator,
  generateSimulatorCredentials,
  migrateSimulator,
  REQUEST_API_PATH,
  type Simulator,
  type SimulatorCredentials,
  type SimulatorOptions,
  simulatorPlugin,
} from '../../src/index';

/** Where the host mounts the simulator, as the API mounts it. */
export const SIMULATOR_PREFIX = '/sandbox/authnet';

export interface SimulatorHost {
  app: FastifyInstance;
  database: TestDatabase;
  simulator: Simulator;
  /** Fresh per host, as every install generates its own. */
  credentials: SimulatorCredentials;
  /** http://127.0.0.1:port, the host's origin. */
  baseUrl: string;
  /** The gateway endpoint (Authorize.Net's /xml/v1/request.api) as mounted here. */
  endpoint: string;
  /** The path of the simulator's Accept.js script, as a page of the host would load it. */
  acceptJsPath: string;
  close(): Promise<void>;
}

export interface SimulatorHostOptions {
  /** The host's guard on the fault controls; by default every caller is let through. */
  requireAdmin?: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** The simulator's settlement cut-off and clock (a test moves the clock to reach the 30- and 180-day limits). */
  simulator?: SimulatorOptions;
  /**
   * Migrate the app's own tables too (the default, as a host app has them). The simulator needs
   * only its own: a test of the simulator alone skips the app's migrations and starts faster.
   */
  appTables?: boolean;
}

/**
 * The simulator on a bare Fastify, listening on loopback, with its tables on a fresh database
 * (PGlite, or a schema of its own on real Postgres): what a host app does, without the app. The
 * body limit is the API's, so an oversized request meets the same limit as in production.
 */
export async function startSimulatorHost(backend: Backend, options: SimulatorHostOptions = {}): Promise<SimulatorHost> {
  const database = await openTestDatabase(backend, { migrate: options.appTables ?? true });
  const app = Fastify({ logger: false, bodyLimit: 64 * 1024 });
  try {
    await migrateSimulator(database);
    const credentials = generateSimulatorCredentials();
    const simulator = createSimulator(database, credentials, options.simulator);
    await app.register(simulatorPlugin, {
      prefix: SIMULATOR_PREFIX,
      simulator,
      requireAdmin: options.requireAdmin ?? (async () => {}),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    return {
      app,
      database,
      simulator,
      credentials,
      baseUrl,
      endpoint: `${baseUrl}${SIMULATOR_PREFIX}${REQUEST_API_PATH}`,
      acceptJsPath: `${SIMULATOR_PREFIX}${ACCEPT_JS_PATH}`,
      async close() {
        await app.close();
        await database.dispose();
      },
    };
  } catch (error) {
    await app.close();
    await database.dispose();
    throw error;
  }
}
