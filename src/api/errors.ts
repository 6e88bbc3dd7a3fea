import { HTTPError, TimeoutError } from 'ky';

/** The HTTP status of a failed ky call, or undefined when no response arrived. */
export function httpStatus(error: unknown): number | undefined {
  return error instanceof HTTPError ? error.response.status : undefined;
}

/**
 * The server's Russian `{detail}` of a failed ky call, or `fallback`. Reads a clone, so the body
 * stays readable for anyone else.
 */
export async function errorDetail(error: unknown, fallback?: string): Promise<string | undefined> {
  if (!(error instanceof HTTPError)) return fallback;
  try {
    const body: unknown = await error.response.clone().json();
    if (body && typeof body === 'object' && 'detail' in body) {
      const detail = (body as { detail: unknown }).detail;
      if (typeof detail === 'string' && detail.trim()) return detail;
    }
  } catch {
    /* not JSON */
  }
  return fallback;
}

/** True when the request never got an answer (offline, DNS, CORS, timeout). */
export function isNetworkError(error: unknown): boolean {
  if (error instanceof TimeoutError) return true;
  if (error instanceof HTTPError) return false;
  return error instanceof TypeError || (error instanceof Error && error.name === 'AbortError');
}

/** The auth machine's failure kinds: no answer (network), 401/403 (auth), anything else (other). */
export function authFailureKind(error: unknown): 'network' | 'auth' | 'other' {
  if (isNetworkError(error)) return 'network';
  const status = httpStatus(error);
  return status === 401 || status === 403 ? 'auth' : 'other';
}
