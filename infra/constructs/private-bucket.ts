import { Duration, Validations } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership, type BucketProps } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';

/**
 * Where the app's buckets start from: no public access, TLS only, encrypted with S3-managed keys,
 * every object the bucket owner's (ACLs off).
 */
export const privateBucket = {
  blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
  enforceSSL: true,
  encryption: BucketEncryption.S3_MANAGED,
  objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
} as const satisfies BucketProps;

/**
 * A bucket that receives logs (S3 server access logs, CloudFront's): private, its logs kept a
 * year, and not logged itself (`reason` says so to cdk-nag), which would loop.
 */
export const logTargetBucket = (
  scope: Construct,
  id: string,
  props: Pick<BucketProps, 'objectOwnership' | 'removalPolicy' | 'autoDeleteObjects'>,
  reason: string,
): Bucket => {
  const bucket = new Bucket(scope, id, {
    ...privateBucket,
    lifecycleRules: [{ expiration: Duration.days(365) }],
    ...props,
  });
  Validations.of(bucket).acknowledge({ id: 'AwsSolutions-S1', reason });
  return bucket;
};
