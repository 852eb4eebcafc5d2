import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach } from 'vitest';
import { resetClients } from '#lib/clients';
import { resetConfig } from '#lib/config';

/**
 * For offline tests of the reads and writes a repository builds: the configuration names a table
 * that exists nowhere, and the document client answers from a mock, emptied before each test.
 */
export const useOfflineDynamo = () => {
  const ddb = mockClient(DynamoDBDocumentClient);
  beforeEach(() => {
    process.env.TABLE_NAME = 'offline';
    resetConfig();
    resetClients();
    ddb.reset();
  });
  return ddb;
};
