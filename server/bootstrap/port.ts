import net from "node:net";

/** The port a server is told to listen on is taken (or not ours to take): it stops before touching any data. */
export class PortUnavailableError extends Error {
  constructor(
    readonly port: number,
    readonly code: string,
    command: string,
  ) {
    super(
      [
        code === "EACCES"
          ? `No se puede iniciar Aula: no tiene permiso para usar el puerto ${port}.`
          : `No se puede iniciar Aula: el puerto ${port} ya está en uso (¿otro Aula u otro programa?).`,
        "Detenga el otro programa o elija otro puerto, por ejemplo:",
        `  PORT=${port === 3001 ? 3002 : 3001} ${command}`,
        "No se modificó ningún dato.",
      ].join("\n"),
    );
    this.name = "PortUnavailableError";
  }
}

/** Whether `error` is a listen() refusal PortUnavailableError explains. */
export const isPortRefusal = (error: unknown): error is NodeJS.ErrnoException =>
  error instanceof Error && ["EADDRINUSE", "EACCES"].includes((error as NodeJS.ErrnoException).code ?? "");

/**
 * Refuses (PortUnavailableError) when `port` on `host` cannot be listened on, by listening on it for a moment:
 * checked before the data folder is locked, migrated or seeded, so a second start on a taken port changes
 * nothing. Port 0 (any free port) always passes. `command` is what to run again with another PORT.
 */
export async function assertPortAvailable(port: number, host: string, command: string): Promise<void> {
  if (port === 0) return;
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once("error", (error) => {
      if (isPortRefusal(error)) reject(new PortUnavailableError(port, error.code ?? "", command));
      else reject(error);
    });
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}
