import { loadConfig } from './config';
import { startBackend } from './backend';

/** The standalone server, for local and self-hosted use: the backend on a port. */
async function main(): Promise<void> {
  const config = loadConfig();
  const backend = await startBackend(config);

  const shutdown = async (signal: string) => {
    backend.app.log.info({ signal }, 'shutting down');
    await backend.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await backend.app.listen({ host: config.host, port: config.port });
}

main().catch((error: unknown) => {
  console.error('The backend could not start:', error);
  process.exit(1);
});
