import { cleanName } from './users';

/** A person the product names: a staff member, an assignee, a payer. The e-mail is who signs in; the name is theirs to choose. */
export interface Person {
  name?: string | null;
  email: string;
}

/** How every screen, history line and e-mail names a person: their name as it reads (cleanName), or their e-mail when they have none. */
export function personName(person: Person): string {
  return cleanName(person.name ?? '') || person.email;
}

/**
 * A person with their e-mail beside the name, where who signed in matters (who made a change):
 * "Nico Alvarez (nico@example.com)"; just the e-mail when they have no name.
 */
export function personWithEmail(person: Person): string {
  const name = personName(person);
  return name === person.email ? name : `${name} (${person.email})`;
}
