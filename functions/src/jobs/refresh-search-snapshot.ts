import { refreshSearchSnapshot } from '#services/search/catalogue-search';

/**
 * Scheduled (the jobs stack's EventBridge rule, every minute): keeps the search snapshot in S3
 * as current as the change log, so no search request ever writes one and a cold search instance
 * catches up on at most a minute of changes. The container keeps its index between runs, so a
 * run reads only what changed since the last.
 */
export const handler = async () => refreshSearchSnapshot();
