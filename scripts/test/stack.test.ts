import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses';
import { useTestStack } from './stack.ts';

const stack = useTestStack();

// Clients built with no settings at all: everything comes from the environment, as in the functions.
describe('the test stack', () => {
  it('creates this file’s table with the real key schema, reachable through the environment', async () => {
    const client = new DynamoDBClient({});
    const { Table } = await client.send(new DescribeTableCommand({ TableName: stack.tableName }));
    expect(Table?.TableStatus).toBe('ACTIVE');
    expect(Table?.KeySchema?.map((key) => key.AttributeName)).toEqual(['pk', 'sk']);
    expect(Table?.GlobalSecondaryIndexes?.map((index) => index.IndexName).sort()).toEqual(['gsi1', 'gsi2']);

    const documents = DynamoDBDocumentClient.from(client);
    await documents.send(
      new PutCommand({ TableName: process.env.TABLE_NAME, Item: { pk: 'TEST#1', sk: 'META', name: 'relay' } }),
    );
    const { Item } = await documents.send(
      new GetCommand({ TableName: stack.tableName, Key: { pk: 'TEST#1', sk: 'META' } }),
    );
    expect(Item).toEqual({ pk: 'TEST#1', sk: 'META', name: 'relay' });
  });

  it('creates this file’s bucket and stores streamed uploads byte for byte', async () => {
    const s3 = new S3Client({ forcePathStyle: true });
    const parts = [Buffer.from('%PDF-1.7 '), Buffer.from([0, 1, 2, 255])];
    await s3.send(
      new PutObjectCommand({
        Bucket: process.env.BUCKET_NAME,
        Key: 'uploads/a.pdf',
        Body: Readable.from(parts),
        ContentLength: 13,
      }),
    );
    const object = await s3.send(new GetObjectCommand({ Bucket: stack.bucketName, Key: 'uploads/a.pdf' }));
    expect(Buffer.from(await object.Body!.transformToByteArray())).toEqual(Buffer.concat(parts));
  });

  it('reads back the emails this file sent through SES, by recipient', async () => {
    const ses = new SESClient({});
    const send = (source: string, to: string, subject: string) =>
      ses.send(
        new SendEmailCommand({
          Source: source,
          Destination: { ToAddresses: [to] },
          Message: {
            Subject: { Data: subject },
            Body: { Text: { Data: `Reset: ${stack.appUrl}/app/auth?token=abc` } },
          },
        }),
      );
    await send(process.env.MAIL_FROM!, 'Ada Lovelace <Ada@Example.com>', 'Reset your password');
    await send(process.env.MAIL_FROM!, 'grace@example.com', 'Invitation');
    await send('Someone Else <other@componenthub.local>', 'ada@example.com', 'Not from this file');

    const toAda = await stack.readEmails('ada@example.com');
    expect(toAda).toHaveLength(1);
    expect(toAda[0]).toMatchObject({
      subject: 'Reset your password',
      from: stack.mailFrom,
      body: { text: expect.stringContaining('/app/auth?token=abc') },
    });
    expect((await stack.readEmails()).map((email) => email.subject)).toEqual(['Reset your password', 'Invitation']);
    expect(await stack.readEmails('nobody@example.com')).toEqual([]);
  });
});
