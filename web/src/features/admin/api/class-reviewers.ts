import type { ClassReviewers } from '#shared/schemas/classes';
import { api } from '#web/lib/api-client.ts';
import { useApiQuery } from '#web/lib/api-query.ts';

/** GET /api/admin/classes/reviewers: the classes that name reviewer groups. */
export const CLASS_REVIEWERS_KEY = '/admin/classes/reviewers';

export const useClassReviewers = () => {
  const { data, error, reload } = useApiQuery<ClassReviewers[]>(CLASS_REVIEWERS_KEY);
  return { reviewers: data, error, reload };
};

/** PUT /api/admin/classes/reviewers: the class's reviewer groups, replacing those it named (none: everyone reviews it alike). */
export const setClassReviewers = (className: string, groups: string[]) =>
  api.put<ClassReviewers>('/admin/classes/reviewers', { className, groups });
