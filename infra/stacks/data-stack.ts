import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Bucket, HttpMethods } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { tableDefinition } from '#repositories/table-definition';
import { logTargetBucket, privateBucket } from '../constructs/private-bucket.ts';

export interface DataStackProps extends StackProps {
  /** Origins allowed to POST presigned uploads to the attachments bucket from the browser. */
  readonly uploadOrigins: readonly string[];
  /**
   * A dev stage's data goes with its stack (`npm run destroy`): the table without deletion
   * protection and the buckets emptied and deleted. Every other stage keeps its data: the table
   * and the buckets are retained and the table cannot be deleted while deletion protection is on.
   */
  readonly destroyWithStack?: boolean;
}

/** Stages whose data may be destroyed with their stacks: `dev` and `dev-<name>`, nothing else. */
export const isDevStage = (stage: string): boolean => stage === 'dev' || stage.startsWith('dev-');

/**
 * The state: the single DynamoDB table (point-in-time recovery on) and the versioned attachments
 * bucket. Outside dev stages both are retained when the stack is deleted, and the table cannot be
 * deleted while deletion protection is on. Restore drill: docs/OPERATIONS.md.
 */
export class DataStack extends Stack {
  readonly table: Table;
  readonly attachmentsBucket: Bucket;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    const destroy = props.destroyWithStack === true;
    const removalPolicy = destroy ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN;

    const attribute = (name: string) => ({ name, type: AttributeType.STRING });

    this.table = new Table(this, 'Table', {
      partitionKey: attribute(tableDefinition.partitionKey),
      sortKey: attribute(tableDefinition.sortKey),
      billingMode: BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: tableDefinition.timeToLiveAttribute,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: !destroy,
      removalPolicy,
    });
    for (const index of tableDefinition.globalSecondaryIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: attribute(index.partitionKey),
        sortKey: attribute(index.sortKey),
        projectionType: ProjectionType.ALL,
      });
    }

    // Server access logs of the attachments bucket (who fetched or uploaded which file).
    const accessLogsBucket = logTargetBucket(
      this,
      'AccessLogsBucket',
      { removalPolicy, autoDeleteObjects: destroy },
      'This bucket is the server access log target; logging it into itself would loop.',
    );

    this.attachmentsBucket = new Bucket(this, 'AttachmentsBucket', {
      ...privateBucket,
      versioned: true,
      serverAccessLogsBucket: accessLogsBucket,
      serverAccessLogsPrefix: 'attachments/',
      removalPolicy,
      autoDeleteObjects: destroy,
      // The browser sends files straight to S3 with a presigned POST (Lambda takes at most 6 MB),
      // and the 3D viewer reads a model's bytes through its presigned GET address.
      cors: [
        {
          allowedOrigins: [...props.uploadOrigins],
          allowedMethods: [HttpMethods.POST, HttpMethods.GET],
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag', 'Location'],
          maxAge: 3000,
        },
      ],
      lifecycleRules: [
        { abortIncompleteMultipartUploadAfter: Duration.days(1) },
        // Versioning keeps a deleted or replaced file recoverable for 30 days, not forever.
        { noncurrentVersionExpiration: Duration.days(30), expiredObjectDeleteMarker: true },
        // Presigned uploads never attached to a component (the API moves the ones it keeps).
        { prefix: 'uploads/', expiration: Duration.days(1), noncurrentVersionExpiration: Duration.days(1) },
        // Excel imports' workbooks and previews, as long as the table keeps the import itself.
        { prefix: 'imports/', expiration: Duration.days(30), noncurrentVersionExpiration: Duration.days(1) },
        // Exports are fetched through a link that lives minutes: kept a day.
        { prefix: 'exports/', expiration: Duration.days(1), noncurrentVersionExpiration: Duration.days(1) },
      ],
    });

    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    new CfnOutput(this, 'AttachmentsBucketName', { value: this.attachmentsBucket.bucketName });
  }
}
