// What this server can do, as GET /api/users/me said at sign-in (contract/users.ts `capabilities`). A server that
// says nothing (older than the field) is taken to do everything: its own answers still decide.
import type { AuthUser } from '../../machines/app/auth.machine';
import type { Capabilities } from '../../contract/users';

export function capabilitiesOf(user: AuthUser | null | undefined): Capabilities {
  const said = user?.capabilities as Partial<Capabilities> | undefined;
  return { voice_input: said?.voice_input !== false };
}
