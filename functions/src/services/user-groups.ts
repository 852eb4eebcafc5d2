import type { User } from '#repositories/users';

/*
 * A user's groups: those administrators give them in the hub and those their single sign-on
 * provider named at their last sign-in through it. Classes name groups whose reviewers their
 * requests go to first; names compare without regard to case or Unicode form.
 */

const foldGroup = (name: string): string => name.normalize('NFKC').trim().toLowerCase();

/** The user's groups: hub groups and single sign-on groups together, each once. */
export const groupsOf = (user: Pick<User, 'hubGroups' | 'ssoGroups'>): string[] => [
  ...new Set([...(user.hubGroups ?? []), ...(user.ssoGroups ?? [])]),
];

/** Whether the user is in any of `groups`. */
export const isInAnyGroup = (user: Pick<User, 'hubGroups' | 'ssoGroups'>, groups: readonly string[]): boolean => {
  const wanted = new Set(groups.map(foldGroup));
  return groupsOf(user).some((group) => wanted.has(foldGroup(group)));
};

/** `assigned=me`: the requests assigned to a group `user` is in. */
export const keepAssignedTo = <T extends { assignedGroups?: string[] }>(
  user: Pick<User, 'hubGroups' | 'ssoGroups'>,
  requests: readonly T[],
): T[] => requests.filter((request) => request.assignedGroups?.length && isInAnyGroup(user, request.assignedGroups));
