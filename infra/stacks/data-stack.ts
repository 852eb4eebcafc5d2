import { CfnOutput, Duration, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { tableDefinition } from '#repositories/table-definition';

export interface DataStackProps extends StackProps {
  /** Origins allowed to POST presigned uploads to the attachments bucket from the browser. */
  readonly uploadOrigins: readonly string[];
}

/**
 * The state: the single DynamoDB table and the attachments bucket. Both are retained when the
 * stack is deleted, and the table cannot be deleted while deletion protection is on.
 */
export class DataStack extends Stack {
  readonly table: Table;
  readonly attachmentsBucket: Bucket;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);

    const attribute = (name: string) => ({ name, type: AttributeType.STRING });

    this.table = new Table(this, 'Table', {
      partitionKey: attribute(tableDefinition.partitionKey),
      sortKey: attribute(tableDefinition.sortKey),
      billingMode: BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: tableDefinition.timeToLiveAttribute,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
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
    const accessLogsBucket = new Bucket(this, 'AccessLogsBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      lifecycleRules: [{ expiration: Duration.days(365) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(accessLogsBucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This bucket is the server access log target; logging it into itself would loop.',
    });

    this.attachmentsBucket = new Bucket(this, 'AttachmentsBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      versioned: true,
      serverAccessLogsBucket: accessLogsBucket,
      serverAccessLogsPrefix: 'attachments/',
      removalPolicy: RemovalPolicy.RETAIN,
      // The browser sends files straight to S3 with a presigned POST (Lambda takes at most 6 MB).
      cors: [
        {
          allowedOrigins: [...props.uploadOrigins],
          allowedMethods: [HttpMethods.POST],
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag', 'Location'],
          maxAge: 3000,
        },
      ],
      lifecycleRules: [
        { abortIncompleteMultipartUploadAfter: Duration.days(1) },
        // Versioning keeps a deleted or replaced file recoverable for a while, not forever.
        { noncurrentVersionExpiration: Duration.days(90) },
        // Presigned uploads never attached to a component (the API moves the ones it keeps).
        { prefix: 'uploads/', expiration: Duration.days(1), noncurrentVersionExpiration: Duration.days(1) },
      ],
    });

    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    new CfnOutput(this, 'AttachmentsBucketName', { value: this.attachmentsBucket.bucketName });
  }
}
