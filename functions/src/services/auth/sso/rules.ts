import type { Role } from '#shared/schemas/auth';
import { canonicalEmail } from '#shared/schemas/email';
import type { SsoSettings } from './settings';

/** The person an ID token describes, as far as the hub cares. */
export interface ProviderPerson {
  readonly issuer: string;
  readonly subject: string;
  /** In the hub's canonical form; undefined when the provider sent none, or one not in ASCII. */
  readonly email: string | undefined;
  readonly emailVerified: boolean;
  readonly name: string;
  readonly groups: readonly string[];
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/**
 * Reads the claims the hub uses from a validated ID token. An email counts as verified when the
 * provider says so (`email_verified`), or, for Microsoft Entra ID, which sends no such claim, when
 * it says the address's domain is verified by the tenant (`xms_edov`).
 */
export const personFromClaims = (claims: Record<string, unknown>, settings: SsoSettings): ProviderPerson => {
  const groups = claims[settings.groupsClaim];
  const raw = text(claims.email);
  const email = raw === undefined ? undefined : canonicalEmail(raw);
  return {
    issuer: String(claims.iss),
    subject: String(claims.sub),
    email,
    emailVerified: claims.email_verified === true || claims.xms_edov === true,
    name: text(claims.name) ?? '',
    groups: Array.isArray(groups)
      ? groups.filter((group): group is string => typeof group === 'string')
      : typeof groups === 'string'
        ? [groups]
        : [],
  };
};

const domainOf = (email: string): string => email.slice(email.lastIndexOf('@') + 1);

/**
 * May this person use the hub through single sign-on? Their verified email's domain is allowed,
 * or they are in an allowed group, a librarians group or an administrators group. Checked at
 * every sign-in, so someone taken out of the groups loses access at their next one.
 */
export const isAllowed = (person: ProviderPerson, settings: SsoSettings): boolean =>
  (person.email !== undefined && person.emailVerified && settings.allowedDomains.has(domainOf(person.email))) ||
  person.groups.some(
    (group) =>
      settings.allowedGroups.has(group) || settings.adminGroups.has(group) || settings.librarianGroups.has(group),
  );

/**
 * The role the provider's groups give: admin in an administrators group, else librarian in a
 * librarians group, else user. Undefined when neither kind of group is configured: roles are
 * then managed in the hub only.
 */
export const roleFromGroups = (person: ProviderPerson, settings: SsoSettings): Role | undefined => {
  if (settings.adminGroups.size === 0 && settings.librarianGroups.size === 0) return undefined;
  if (person.groups.some((group) => settings.adminGroups.has(group))) return 'admin';
  if (person.groups.some((group) => settings.librarianGroups.has(group))) return 'librarian';
  return 'user';
};
