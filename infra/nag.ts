import { CfnResource, Validations, type PolicyValidationPluginReport } from 'aws-cdk-lib';
import { AwsSolutionsChecks, rules } from 'cdk-nag';
import type { IConstruct } from 'constructs';

/** One kind of IAM wildcard finding we accept, and why. */
export interface WildcardAcknowledgment {
  /** Matched against the finding, e.g. `Action::s3:GetObject*` or `Resource::<SiteBucket397A1860.Arn>/*`. */
  readonly finding: RegExp;
  readonly reason: string;
}

const wildcardAcknowledgments = new WeakMap<IConstruct, WildcardAcknowledgment[]>();

/**
 * Acknowledges AwsSolutions-IAM5 (wildcard permission) findings on the policies under `scope`,
 * but only those matching one of the patterns, each with its reason. Anything else still fails.
 *
 * Why patterns: cdk-nag 3 acknowledges a finding by its exact id, and some ids are only known
 * once the app is synthesized: a cross-stack ARN becomes `Resource::<Stack>:ExportsOutput...`,
 * and the CDK assets bucket's name holds the account and region when they are known. So the
 * patterns are registered here and matched by {@link ComponentHubNagChecks} at validation time.
 */
export const acknowledgeWildcards = (scope: IConstruct, acknowledgments: readonly WildcardAcknowledgment[]): void => {
  wildcardAcknowledgments.set(scope, [...(wildcardAcknowledgments.get(scope) ?? []), ...acknowledgments]);
};

const acknowledgmentsFor = (node: IConstruct): WildcardAcknowledgment[] =>
  node.node.scopes.flatMap((scope) => wildcardAcknowledgments.get(scope) ?? []);

const applyWildcardAcknowledgments = (root: IConstruct): void => {
  for (const node of root.node.findAll()) {
    if (!CfnResource.isCfnResource(node)) continue;
    const acknowledgments = acknowledgmentsFor(node);
    if (acknowledgments.length === 0) continue;
    const result: unknown = rules.iam.IAMNoWildcardPermissions(node);
    if (!Array.isArray(result)) continue;
    for (const finding of result as string[]) {
      const match = acknowledgments.find((ack) => ack.finding.test(finding));
      if (match) Validations.of(node).acknowledge({ id: `AwsSolutions-IAM5[${finding}]`, reason: match.reason });
    }
  }
};

/**
 * cdk-nag's AwsSolutions pack, plus the pattern acknowledgements above. cdk-nag 3 runs as a
 * policy-validation plugin after synthesis (not as an Aspect): `cdk synth` fails on an
 * unacknowledged error-level finding and prints the warnings.
 */
export class ComponentHubNagChecks extends AwsSolutionsChecks {
  override validateScope(scope: IConstruct): PolicyValidationPluginReport {
    applyWildcardAcknowledgments(scope);
    return super.validateScope(scope);
  }
}
