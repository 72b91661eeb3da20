import type { FastifyInstance } from 'fastify';

/**
 * Runs a maintenance task at start and then every `intervalMs`, one run at a time. The timer
 * never keeps the process alive, and closing the app waits for a run in progress so the database
 * does not close under it. `task` resolves to a count that is logged when non-zero.
 */
export function registerPeriodicJob(
  app: FastifyInstance,
  job: { name: string; intervalMs: number; task: () => Promise<number> },
): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= job
      .task()
      .then((count) => {
        if (count > 0) app.log.info({ job: job.name, count }, 'periodic job done');
      })
      .catch((error: unknown) => app.log.error({ err: error, job: job.name }, 'periodic job failed'))
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, job.intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
