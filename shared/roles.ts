/**
 * The roles and what each passes, with no validation library: the SPA's shell checks roles on
 * every page, the sign-in page included, and should not carry zod for it.
 */

/** From least to most trusted: each role may do what the ones before it may. */
export const roles = ['user', 'librarian', 'admin'] as const;
export type Role = (typeof roles)[number];

/**
 * Whether someone of `role` passes a check asking for `needed`: a librarian does what a user
 * does and reviews, imports and curates the catalogue; an administrator passes every check.
 */
export const hasRole = (role: Role, needed: Role): boolean => roles.indexOf(role) >= roles.indexOf(needed);

/** Whether someone of `role` reviews requests and curates the catalogue (librarians and administrators). */
export const isReviewer = (role: Role): boolean => hasRole(role, 'librarian');
