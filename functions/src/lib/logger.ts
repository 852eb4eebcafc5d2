import { Logger } from '@aws-lambda-powertools/logger';

/** One structured JSON logger per container. */
export const logger = new Logger({ serviceName: 'component-hub' });
