import fs from 'node:fs';
import { Annotations, CfnOutput, Duration, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { HttpApi, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  AllowedMethods,
  CachePolicy,
  CachedMethods,
  Distribution,
  FunctionEventType,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestCookieBehavior,
  OriginRequestHeaderBehavior,
  OriginRequestPolicy,
  OriginRequestQueryStringBehavior,
  OriginSslPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
  type BehaviorOptions,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Bucket, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { ORIGIN_VERIFY_HEADER } from '#lib/edge';
import type { Construct } from 'constructs';
import { SiteRouterFunction } from '../constructs/site-router.ts';
import { acknowledgeWildcards } from '../nag.ts';
import { awsS3Origins, siteContentSecurityPolicy, siteHeaderSettings } from '../site-headers.ts';
import { logTargetBucket, privateBucket } from '../constructs/private-bucket.ts';

/**
 * The viewer headers the API reads, and CloudFront's viewer address. A list rather than "all
 * viewer headers" because CloudFront's headers can only be added to a list, and Host must not
 * be forwarded (API Gateway routes by its own). Cookies and query strings are forwarded whole.
 */
export const apiForwardedHeaders = [
  'Accept',
  'Content-Type',
  'Origin',
  'Referer',
  'User-Agent',
  'X-CSRF-Token',
  'Idempotency-Key',
  'CloudFront-Viewer-Address',
] as const;

export interface WebStackProps extends StackProps {
  /** `ComponentHub-<stage>`, for names people read in the console. */
  readonly namePrefix: string;
  /** The built SPA (`web/dist`); when it is missing the site's files are not deployed. */
  readonly webDistDir: string;
  /**
   * The public origin when a custom domain fronts the distribution (`https://hub.example.com`);
   * by default the distribution's own `https://dxxxx.cloudfront.net`.
   */
  readonly appUrl?: string;
  /** Steady-state requests per second the API accepts before answering 429. */
  readonly apiRateLimit?: number;
  readonly apiBurstLimit?: number;
  /** A dev stage: the site and log buckets are emptied and deleted with the stack (else retained). */
  readonly destroyWithStack?: boolean;
}

/**
 * The public edge: one CloudFront origin for the browser, serving the SPA from a private bucket
 * under `/app/*` and passing `/api/*` to the HTTP API, so cookies are first-party and no CORS
 * is needed.
 *
 * The HTTP API itself (the API object and its `$default` stage) lives here too, while its
 * functions and routes live in the API stack. That is deliberate: the functions need the site's
 * URL (APP_URL, for the links in reset and invite emails) and the distribution needs the API's
 * domain; with both in different stacks that would be a cycle. Routes attach to the API from the
 * API stack, and the auto-deploying stage publishes them.
 */
export class WebStack extends Stack {
  readonly httpApi: HttpApi;
  readonly distribution: Distribution;
  readonly siteBucket: Bucket;
  /**
   * The secret CloudFront sends to the API in `x-origin-verify`; the API functions refuse requests
   * without it, so nobody reaches them around the edge (and its viewer address can be trusted).
   */
  readonly originVerifySecret: Secret;
  /** `https://<domain>` without a trailing slash: what APP_URL and the upload CORS rule use. */
  readonly siteUrl: string;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);

    // ---- HTTP API (routes are added by the API stack) ----
    this.httpApi = new HttpApi(this, 'HttpApi', {
      apiName: `${props.namePrefix}-api`,
      description: 'Component Hub API; each route is one Lambda (see shared/routes.ts).',
      createDefaultStage: false,
    });
    const apiAccessLogs = new LogGroup(this, 'ApiAccessLogs', {
      retention: RetentionDays.THREE_MONTHS,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    new HttpStage(this, 'ApiDefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: props.apiRateLimit ?? 100, burstLimit: props.apiBurstLimit ?? 200 },
      accessLogSettings: {
        destination: new LogGroupLogDestination(apiAccessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            routeKey: '$context.routeKey',
            status: '$context.status',
            responseLength: '$context.responseLength',
            latency: '$context.responseLatency',
            integrationLatency: '$context.integrationLatency',
            integrationError: '$context.integrationErrorMessage',
            userAgent: '$context.identity.userAgent',
          }),
        ),
      },
    });
    const apiDomain = `${this.httpApi.apiId}.execute-api.${this.region}.${this.urlSuffix}`;

    // The execute-api endpoint cannot be switched off without a custom domain on the API, so the
    // functions refuse any request that lacks this secret instead (only CloudFront adds it).
    this.originVerifySecret = new Secret(this, 'OriginVerifySecret', {
      description: `${props.namePrefix}: the header value CloudFront adds to API requests (x-origin-verify)`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
    });
    Validations.of(this.originVerifySecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'CloudFront reads the value at deploy time (a dynamic reference in its origin header), so a rotation must ' +
        'redeploy the web stack; rotate by hand with `npm run deploy` (docs/OPERATIONS.md), not on a schedule.',
    });
    const apiOriginRequests = new OriginRequestPolicy(this, 'ApiOriginRequests', {
      comment: `${props.namePrefix}: what the API receives (its headers, cookies, query strings, the viewer address)`,
      headerBehavior: OriginRequestHeaderBehavior.allowList(...apiForwardedHeaders),
      cookieBehavior: OriginRequestCookieBehavior.all(),
      queryStringBehavior: OriginRequestQueryStringBehavior.all(),
    });

    // ---- Logs: CloudFront standard logs and the site bucket's server access logs ----
    // CloudFront logging supports SSE-S3 only (the baseline's), not SSE-KMS.
    const logsBucket = logTargetBucket(
      this,
      'LogsBucket',
      {
        // CloudFront standard logging writes with an ACL (awslogsdelivery), so ACLs must stay on.
        objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
        removalPolicy: props.destroyWithStack ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
        autoDeleteObjects: props.destroyWithStack === true,
      },
      'This bucket is the log target (CloudFront and S3 access logs); logging it into itself would loop.',
    );

    // ---- The SPA's files ----
    this.siteBucket = new Bucket(this, 'SiteBucket', {
      ...privateBucket,
      serverAccessLogsBucket: logsBucket,
      serverAccessLogsPrefix: 'site-bucket/',
      // Rebuilt from source on every deploy. A dev stage empties and deletes it with the stack;
      // elsewhere it is left behind (CloudFormation cannot delete a bucket with objects).
      removalPolicy: props.destroyWithStack ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
      autoDeleteObjects: props.destroyWithStack === true,
    });

    const router = new SiteRouterFunction(this, 'SiteRouter', {
      comment: `${props.namePrefix}: / -> /app/, SPA fallback to /app/index.html`,
    });
    const s3Origins = awsS3Origins(this.region, this.urlSuffix);
    // The settings are shared with the local server (site-headers.ts), so local runs see this policy.
    const siteHeaders = new ResponseHeadersPolicy(this, 'SiteSecurityHeaders', {
      comment: `${props.namePrefix}: security headers of the SPA`,
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: siteContentSecurityPolicy(s3Origins), override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: siteHeaderSettings.frameOption as HeadersFrameOption, override: true },
        referrerPolicy: {
          referrerPolicy: siteHeaderSettings.referrerPolicy as HeadersReferrerPolicy,
          override: true,
        },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.seconds(siteHeaderSettings.hstsMaxAgeSeconds),
          includeSubdomains: siteHeaderSettings.hstsIncludeSubdomains,
          override: true,
        },
        xssProtection: { protection: siteHeaderSettings.xssProtection, override: true },
      },
      customHeadersBehavior: {
        customHeaders: Object.entries(siteHeaderSettings.custom).map(([header, value]) => ({
          header,
          value,
          override: true,
        })),
      },
    });
    // The API sets its own headers (nosniff, no-store ...); the edge adds HSTS and fills gaps only.
    const apiHeaders = new ResponseHeadersPolicy(this, 'ApiSecurityHeaders', {
      comment: `${props.namePrefix}: security headers of the API`,
      securityHeadersBehavior: {
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: false },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.NO_REFERRER, override: false },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(730),
          includeSubdomains: true,
          override: true,
        },
      },
    });

    const siteBehavior: BehaviorOptions = {
      origin: S3BucketOrigin.withOriginAccessControl(this.siteBucket),
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
      cachedMethods: CachedMethods.CACHE_GET_HEAD,
      cachePolicy: CachePolicy.CACHING_OPTIMIZED,
      compress: true,
      responseHeadersPolicy: siteHeaders,
      functionAssociations: [{ function: router.function, eventType: FunctionEventType.VIEWER_REQUEST }],
    };

    this.distribution = new Distribution(this, 'Distribution', {
      comment: `${props.namePrefix}: the site (/app) and the API (/api)`,
      defaultBehavior: siteBehavior,
      additionalBehaviors: {
        '/app/*': siteBehavior,
        '/api/*': {
          origin: new HttpOrigin(apiDomain, {
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [OriginSslPolicy.TLS_V1_2],
            // A dynamic reference: CloudFormation puts the value in at deploy time, the template holds none.
            customHeaders: { [ORIGIN_VERIFY_HEADER]: this.originVerifySecret.secretValue.unsafeUnwrap() },
          }),
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          // Every answer depends on the session cookie: never cache; forward cookies, query
          // strings, the headers the API reads and the viewer's address (never Host).
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: apiOriginRequests,
          responseHeadersPolicy: apiHeaders,
          compress: true,
        },
      },
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: logsBucket,
      logFilePrefix: 'cloudfront/',
    });

    this.siteUrl = props.appUrl ?? `https://${this.distribution.distributionDomainName}`;

    Validations.of(this.distribution).acknowledge(
      {
        id: 'AwsSolutions-CFR4',
        reason:
          'No custom domain yet, so the distribution uses the default *.cloudfront.net certificate, whose ' +
          'minimum protocol cannot be raised. With a custom domain and ACM certificate set TLSv1.2_2021.',
      },
      {
        id: 'AwsSolutions-CFR1',
        reason: 'Internal tool used from wherever staff work; access is controlled by login, not by country.',
      },
      {
        id: 'AwsSolutions-CFR2',
        reason:
          'No WAF web ACL yet: the API authenticates every non-public route, throttles login and ' +
          'forgot-password per account and client, and the stage has a rate limit. Attach a WAF ' +
          '(us-east-1 web ACL) if the site is exposed beyond the company.',
      },
    );

    // ---- Deploy the built SPA under /app/ ----
    if (fs.existsSync(props.webDistDir)) {
      this.deploySite(props.webDistDir);
    } else {
      Annotations.of(this).addWarningV2(
        'component-hub:web-dist-missing',
        `${props.webDistDir} does not exist, so the site's files are not part of this synth. ` +
          'Run `npm run build:web` first (`npm run deploy` does).',
      );
    }

    new CfnOutput(this, 'SiteUrl', { value: `${this.siteUrl}/app/` });
    new CfnOutput(this, 'DistributionId', { value: this.distribution.distributionId });
    new CfnOutput(this, 'SiteBucketName', { value: this.siteBucket.bucketName });
    new CfnOutput(this, 'ApiEndpoint', { value: this.httpApi.apiEndpoint });
  }

  /**
   * Copies web/dist to `app/` in the site bucket with CDK's BucketDeployment, then invalidates
   * `/app/*`. Its Lambda gets a role and log group of ours (no AWSLambdaBasicExecutionRole);
   * the grants on that role are CDK's own and are acknowledged one kind at a time.
   */
  private deploySite(webDistDir: string): void {
    const logGroup = new LogGroup(this, 'DeploySiteLogs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const role = new Role(this, 'DeploySiteRole', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: 'CDK BucketDeployment: copies the built SPA into the site bucket',
    });
    role.addToPolicy(
      new PolicyStatement({
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: [logGroup.logGroupArn],
      }),
    );

    new BucketDeployment(this, 'DeploySite', {
      sources: [Source.asset(webDistDir)],
      destinationBucket: this.siteBucket,
      destinationKeyPrefix: 'app/',
      // Browsers revalidate every file (a cheap 304 when unchanged), so a deploy shows at once;
      // the invalidation clears CloudFront's copies.
      cacheControl: [CacheControl.noCache()],
      prune: true,
      distribution: this.distribution,
      distributionPaths: ['/app/*'],
      memoryLimit: 512,
      role,
      logGroup,
    });

    acknowledgeWildcards(role, [
      {
        finding: /^Action::s3:(GetObject|GetBucket|List|DeleteObject|Abort)\*$/,
        reason:
          "CDK BucketDeployment's own grants (read the uploaded asset, replace and prune the site's files); " +
          'aws-cdk-lib chooses these actions, and they are scoped to the two buckets below.',
      },
      {
        finding: /^Resource::<SiteBucket[0-9A-F]{8}\.Arn>\/\*$/,
        reason: 'The deployment writes and prunes objects anywhere in the site bucket, which holds nothing else.',
      },
      {
        finding: /^Resource::arn:<AWS::Partition>:s3:::cdk-[a-z0-9]+-assets-[^/]+\/\*$/,
        reason: "Reads the zipped site from the CDK bootstrap assets bucket (the asset's key is a content hash).",
      },
      {
        finding: /^Resource::\*$/,
        reason:
          'cloudfront:CreateInvalidation and GetInvalidation, which BucketDeployment grants on * to invalidate ' +
          '/app/* after a deploy.',
      },
    ]);

    const handler = this.node.children.find((child) => child.node.id.startsWith('Custom::CDKBucketDeployment'));
    if (!handler) throw new Error('BucketDeployment handler not found: aws-cdk-lib changed its construct ids');
    Validations.of(handler).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        "CDK BucketDeployment's handler: aws-cdk-lib picks its Python runtime and moves it with CDK upgrades; " +
        'it runs only during deploys and is not reachable from outside.',
    });
  }
}
