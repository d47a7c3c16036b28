import { NotFoundException } from '@nestjs/common';
import { remoteNames, type RemoteName } from '@portfolio/contracts/remote-routes';

/** The section a path parameter names; anything else (a traversal, a typo) is a 404. Every endpoint under a section's name. */
export function sectionNamed(name: string): RemoteName {
  const found = remoteNames.find((remote) => remote === name);
  if (!found) throw new NotFoundException({ message: `There is no section called "${name.slice(0, 40)}".` });
  return found;
}
