// A create's idempotency key: an RFC 4122 UUID, as crypto.randomUUID() makes them. A module without zod, so client
// code that checks a stored client id (the drafts) does not load the schemas.
export const CLIENT_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
