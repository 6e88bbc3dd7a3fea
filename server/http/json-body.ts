// JSON bodies: an empty body is "no body", so POST /api/trial/activate may send Content-Type without one.
// Anything else goes to Fastify's own parser (prototype poisoning refused); a syntax error becomes a 400.
import fp from 'fastify-plugin';

export default fp(
  async (app) => {
    const defaultJson = app.getDefaultJsonParser('error', 'error');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
      defaultJson(request, body as string, done);
    });
  },
  { name: 'json-body' },
);
