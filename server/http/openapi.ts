// The OpenAPI document of every route registered after it, from the zod contracts, at GET /api/docs/json (no auth:
// it is registered beside the scopes, not in one). Routes declare their `{detail}` errors from contract/common.ts;
// transformObject emits the schemas with an id (Error) into components.schemas, where routes $ref them.
import swagger from '@fastify/swagger';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: { title: 'Wellbeing Mini App API', version: '1.0.0', description: 'Ошибки: { "detail": "<по-русски>" }' },
        components: {
          securitySchemes: { initData: { type: 'apiKey', in: 'header', name: 'X-Init-Data' } },
        },
        security: [{ initData: [] }], // the public scope's routes say `security: []`
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });
    app.get('/docs/json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi' },
);
