import { buildApp } from './app';
import { ConfigError, loadConfig } from './config/env';

async function main(): Promise<void> {
  const config = loadConfig();
  const { server, servesWebApp } = await buildApp(config);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    server.log.info(`${signal} recibido: cerrando Holgura...`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await server.listen({ port: config.port, host: config.host });
  const address = server.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  const url = `http://localhost:${port}`;
  console.log(
    servesWebApp
      ? `\nHolgura está en marcha: abre ${url}\nDatos en ${config.dataDir}. Ctrl-C para detener.\n`
      : `\nAPI de Holgura en ${url}/api (sin la aplicación web compilada en ${config.webDistDir}).\n`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('No se pudo iniciar Holgura:', error);
  }
  process.exit(1);
});
