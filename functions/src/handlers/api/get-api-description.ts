import description from '../../../../shared/api-description.json' with { type: 'json' };
import { httpHandler } from '#lib/http';

/**
 * The API description, built ahead from the handlers (`npm run openapi`): this function ships
 * the document, not the handlers it was made from.
 */
export const handler = httpHandler({ handler: async () => description });
