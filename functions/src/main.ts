import { loadConfig } from './config';
import { startBackend } from './backend';

/** The standalone server, for local and self-hosted use: the backend on a port. */
async function main(): Promise<void> {
  const config = loadConfig();
  const backend = await startBackend(config);

  let stopping = false;
  const shutdown = async (signal: string) => {
    // A second signal while stopping means: now.
    if (stopping) process.exit(1);
    stopping = true;
    backend.app.log.info({ signal }, 'shutting down: ending live streams, finishing requests in flight');
    const timer = setTimeout(() => {
      backend.app.log.error({ afterMs: config.shutdownTimeoutMs }, 'requests still running at the shutdown deadline; exiting anyway');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    await backend.close();
    clearTimeout(timer);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await backend.app.listen({ host: config.host, port: config.port });
}

main().catch((error: unknown) => {
  console.error('The backend could not start:', error);
  process.exit(1);
});
