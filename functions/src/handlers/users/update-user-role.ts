import { changeRoleSchema, userIdPathSchema } from '#shared/schemas/users';
import { httpHandler } from '#lib/http';
import { changeUserRole } from '#services/users';

export const handler = httpHandler({
  schema: { path: userIdPathSchema, body: changeRoleSchema },
  handler: async ({ path, body, requireSession }) => changeUserRole(requireSession().user, path.id, body.role),
});
