// A call the server refused for the plan or today's allowance (HTTP 402 with a `code`: the diary's create, voice
// input). A module apart from errors.ts, which the app shell loads: only the screens that can be refused need it.
import type { HTTPError } from 'ky';
import type { DailyRefusal, DailyRefusalBody } from '../../contract/billing';
import { httpStatus } from './errors';

/** The machines read `refusal` (machines/billing/refusal-dialogs.ts refusalOf) and open the matching dialog. */
export class RefusedError extends Error {
  constructor(
    readonly refusal: DailyRefusal,
    detail: string,
  ) {
    super(detail);
    this.name = 'RefusedError';
  }
}

/** The RefusedError a failed ky call stands for (a 402 whose body has a `code`), or null. */
export async function refusedErrorOf(error: unknown): Promise<RefusedError | null> {
  if (httpStatus(error) !== 402) return null;
  try {
    const body = (await (error as HTTPError).response.clone().json()) as Partial<DailyRefusalBody>;
    return typeof body.code === 'string' ? new RefusedError(body.code, String(body.detail ?? '')) : null;
  } catch {
    return null;
  }
}
