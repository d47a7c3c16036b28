import { remoteNames, type RemoteName } from '@portfolio/contracts/remote-routes';
import type { CreatedDeployToken } from '@portfolio/contracts/section-releases';
import { ownerApi } from './owner-api';
import { actionResult, type ActionResult } from './owner-calls';

export type TokenIntent = 'create-token' | 'revoke-token';

/** A token made: its secret comes back once, for the page to show once. */
export type TokenActionResult = ActionResult<TokenIntent> & { created?: CreatedDeployToken };

/** Creating and revoking deploy tokens, from the sections page's action. */
export async function tokenAction(intent: TokenIntent, field: (name: string) => string): Promise<TokenActionResult> {
  if (intent === 'revoke-token') {
    const id = Number(field('id'));
    if (!Number.isInteger(id)) return { intent, ok: false, message: 'Unknown token.', problems: [] };
    return actionResult(intent, () => ownerApi.revokeDeployToken(id));
  }
  const section = field('section') as RemoteName;
  const name = field('name').trim();
  if (!remoteNames.includes(section)) return { intent, ok: false, message: 'Pick a section.', problems: [] };
  if (!name) return { intent, ok: false, message: 'Name the token (who or what will use it).', problems: [] };
  let created: CreatedDeployToken | undefined;
  const result = await actionResult(intent, async () => {
    created = await ownerApi.createDeployToken({ section, name, mayPromote: field('mayPromote') === 'true' });
  });
  return result.ok ? { ...result, created } : result;
}
