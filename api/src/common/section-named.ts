import { NotFoundException } from '@nestjs/common';
import { remoteNames, type RemoteName } from '@portfolio/contracts/remote-routes';

/**
 * The section some untrusted text names (a path segment, a token's field, a command's argument), or null: the one
 * way the API reads a section's name.
 */
export const sectionNameOf = (text: unknown): RemoteName | null => remoteNames.find((name) => name === text) ?? null;

/** The section a path parameter names; anything else (a traversal, a typo) is a 404. Every endpoint under a section's name. */
export function sectionNamed(name: string): RemoteName {
  const found = sectionNameOf(name);
  if (!found) throw new NotFoundException({ message: `There is no section called "${name.slice(0, 40)}".` });
  return found;
}
