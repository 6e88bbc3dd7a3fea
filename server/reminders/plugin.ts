// The reminder loop of this instance: every REMINDER_TICK_MS it sends what is due (scheduler.ts). Every instance
// on one PostgreSQL runs it — the claims share the work — and on PGlite the one process does. It starts when the
// app is ready, only when the bot can reach a Bot API (botOnline) and the tick is not 0, and a closing app waits
// for the tick in progress, so no claim is left half-handled by a clean shutdown. A drain (SIGTERM) stops the
// claiming at once: the tick in progress finishes what it claimed and claims nothing more.
import fp from 'fastify-plugin';
import { botOnline } from '../bot/service';
import { countReminders } from '../metrics/metrics';
import { runPlanEndNotices } from '../billing/service';
import { runDueReminders } from './scheduler';

export default fp(
  async (app) => {
    const tickMs = app.config.reminderTickMs;
    if (tickMs === 0 || !botOnline(app.config)) return;
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> = Promise.resolve();
    let closing = false;

    const tick = async () => {
      try {
        const deps = {
          db: app.database.db,
          bot: app.bot,
          config: app.config,
          log: app.log,
          now: () => new Date(),
          stop: app.drain.signal,
        };
        const report = await runDueReminders(deps);
        countReminders(report);
        if (Object.keys(report).length > 0) app.log.info({ reminders: report }, 'reminders: tick');
        // The bot's word before a paid plan ends shares the tick (server/billing/plan-end.ts).
        const notices = await runPlanEndNotices(deps);
        if (Object.keys(notices).length > 0) app.log.info({ planEnd: notices }, 'plan-end notices: tick');
      } catch (err) {
        app.log.error({ err }, 'reminders: tick failed'); // the database is away: the next tick tries again
      }
    };
    const schedule = () => {
      if (closing) return;
      timer = setTimeout(() => {
        running = tick().finally(schedule);
      }, tickMs);
      timer.unref();
    };

    const stop = () => {
      closing = true;
      clearTimeout(timer);
    };
    app.addHook('onReady', async () => schedule());
    app.drain.signal.addEventListener('abort', stop); // draining: no new claim (the tick in progress ends early)
    app.addHook('onClose', async () => {
      stop();
      await running;
    });
  },
  { name: 'reminders', dependencies: ['decorators', 'bot', 'drain'] },
);
