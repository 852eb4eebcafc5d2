import type { ClassListAnswer } from '#shared/class-list';
import { useApiQuery } from '#web/lib/api-query.ts';
import { CLASS_LIST_KEY } from '#web/lib/query-keys.ts';

/** GET /api/admin/classes: the class list with each class's parts, its likely variants and the changes waiting. */
export const useClassList = () => {
  const { data, error } = useApiQuery<ClassListAnswer>(CLASS_LIST_KEY);
  return { list: data, error };
};
