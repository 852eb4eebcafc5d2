import { userGroupsSchema, userIdPathSchema } from '#shared/schemas/users';
import { httpHandler } from '#lib/http';
import { setUserGroups } from '#services/users';

export const handler = httpHandler({
  schema: { path: userIdPathSchema, body: userGroupsSchema },
  handler: async ({ path, body }) => setUserGroups(path.id, body.groups),
});
