import { reconcileStorage } from '#services/reconciliation';

/**
 * Scheduled (the jobs stack's EventBridge rule): keeps the bucket and the table in step and
 * answers what it repaired and what needs a person (also in the function's log).
 */
export const handler = async () => {
  const { objectsChecked, rowsChecked, repaired, reported } = await reconcileStorage();
  return { objectsChecked, rowsChecked, repaired: repaired.length, reported };
};
