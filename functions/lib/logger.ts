import { Logger } from '@aws-lambda-powertools/logger';

/** One structured JSON logger per function; the middleware adds the request id to every line. */
export const logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'taskflow' });
