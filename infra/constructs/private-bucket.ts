import { BlockPublicAccess, BucketEncryption, ObjectOwnership, type BucketProps } from 'aws-cdk-lib/aws-s3';

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
