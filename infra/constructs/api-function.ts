import { Duration, Stack } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import {
  functionMemoryMb,
  functionTimeoutSeconds,
  needs as allNeeds,
  type Need,
  type RouteDefinition,
} from '#shared/routes';
import { AppFunction, functionEntry, physicalFunctionName, type FunctionResources } from './app-function.ts';

const knownNeeds: ReadonlySet<string> = new Set<string>(allNeeds);

/**
 * The route's `needs`, read defensively: the field is optional in the manifest. An unknown value
 * fails the synth rather than granting nothing.
 */
export const routeNeeds = (route: RouteDefinition): readonly Need[] => {
  if (!('needs' in route) || route.needs === undefined) return [];
  const needs: unknown = route.needs;
  if (!Array.isArray(needs)) throw new Error(`${route.handler}: 'needs' must be an array`);
  for (const need of needs) {
    if (typeof need !== 'string' || !knownNeeds.has(need)) {
      throw new Error(`${route.handler}: unknown need ${JSON.stringify(need)} (known: ${[...knownNeeds].join(', ')})`);
    }
  }
  return needs as Need[];
};

/** API Gateway gives up on an integration after 30 s; a route's function must stop before. */
const API_GATEWAY_LIMIT_SECONDS = 30;

export interface ApiFunctionProps {
  readonly route: RouteDefinition;
  /** APP_URL, MAIL_FROM, CSRF_SECRET_ARN ...: what every route's function is told. */
  readonly environment: Readonly<Record<string, string>>;
  readonly resources: FunctionResources;
  /** Memory and timeout instead of the manifest entry's (the search function, sized from the catalogue). */
  readonly sizing?: { readonly memoryMb: number; readonly timeoutSeconds: number };
}

/**
 * One API route's Lambda (the API stack makes one per entry of the route manifest): the app's
 * function with the memory and timeout its manifest entry asks for, bound to the entry's needs,
 * and a literal name the monitoring stack alarms on.
 */
export class ApiFunction extends AppFunction {
  readonly route: RouteDefinition;
  /** The function's name as a plain string (not a token): see {@link physicalFunctionName}. */
  readonly functionName: string;

  constructor(scope: Construct, id: string, props: ApiFunctionProps) {
    const { route } = props;
    const timeoutSeconds = props.sizing?.timeoutSeconds ?? functionTimeoutSeconds(route);
    if (timeoutSeconds >= API_GATEWAY_LIMIT_SECONDS)
      throw new Error(`${route.handler}: a timeout of ${timeoutSeconds} s outlasts API Gateway's 30 s`);
    const functionName = physicalFunctionName(Stack.of(scope).stackName, id);
    super(scope, id, {
      entry: functionEntry('route', route.handler),
      description: `${route.method} ${route.path} (${route.handler})`,
      roleDescription: `Component Hub ${route.method} ${route.path}`,
      functionName,
      memorySize: props.sizing?.memoryMb ?? functionMemoryMb(route),
      timeout: Duration.seconds(timeoutSeconds),
      environment: props.environment,
      resources: props.resources,
      needs: routeNeeds(route),
      kind: 'route',
    });
    this.route = route;
    this.functionName = functionName;
  }
}
