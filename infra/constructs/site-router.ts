import { Function as CloudFrontFunction, FunctionCode, FunctionRuntime } from 'aws-cdk-lib/aws-cloudfront';
import { Construct } from 'constructs';

/**
 * CloudFront Function (viewer request, cloudfront-js-2.0) in front of the SPA bucket:
 * - `/` and `/app` redirect to `/app/` (nothing links there with a query string);
 * - a path under `/app/` whose last segment has no file extension is a client-side route
 *   (`/app/components/12`, `/app/auth`), so it is served `/app/index.html` and the router in
 *   the browser takes over; files (`/app/assets/main-3F2A.js`) pass through unchanged.
 * Custom error responses cannot do this: they apply to the whole distribution and would turn
 * the API's 403 and 404 answers into the HTML page.
 *
 * Plain ES5-style JavaScript: the code runs in CloudFront's restricted runtime, not in Node.
 */
export const siteRouterCode = `
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (uri === '/' || uri === '/app') {
    return {
      statusCode: 302,
      statusDescription: 'Found',
      headers: {
        location: { value: '/app/' },
        'cache-control': { value: 'no-cache' }
      }
    };
  }
  if (uri.indexOf('/app/') === 0) {
    var lastSegment = uri.substring(uri.lastIndexOf('/') + 1);
    if (lastSegment.indexOf('.') === -1) {
      request.uri = '/app/index.html';
    }
  }
  return request;
}
`;

/** The SPA router as a CloudFront Function, to attach to the site's behaviours. */
export class SiteRouterFunction extends Construct {
  readonly function: CloudFrontFunction;

  constructor(scope: Construct, id: string, props: { readonly comment: string }) {
    super(scope, id);
    this.function = new CloudFrontFunction(this, 'Function', {
      code: FunctionCode.fromInline(siteRouterCode),
      runtime: FunctionRuntime.JS_2_0,
      comment: props.comment,
    });
  }
}
