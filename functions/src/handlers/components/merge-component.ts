import { componentIdSchema } from '#shared/schemas/component';
import { mergeInputSchema } from '#shared/schemas/duplicates';
import { httpHandler } from '#lib/http';
import { mergeComponents } from '#services/duplicates/merging';

export const handler = httpHandler({
  schema: { path: componentIdSchema, body: mergeInputSchema },
  handler: async ({ path, body, requireSession }) => mergeComponents(requireSession().user, path.id, body.intoId),
});
