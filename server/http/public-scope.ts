// Makes the scope that registers it public: its routes run without init-data auth, so there is no request.user
// and no per-user rate limit. Each route proves its caller another way — the bot webhook checks Telegram's
// X-Telegram-Bot-Api-Secret-Token before any work. No IP limit either: Telegram delivers updates in bursts from a
// few addresses, which an IP limit would throttle, and a forged call costs one constant-time comparison.
// The error handler, JSON parser and body limit are the root's, as everywhere.
import fp from 'fastify-plugin';

export default fp(
  async (scope) => {
    // The OpenAPI document requires X-Init-Data everywhere by default; these routes do not.
    scope.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, security: [] };
    });
  },
  { name: 'public-scope' },
);
