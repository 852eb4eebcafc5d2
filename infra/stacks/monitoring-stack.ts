import { Stack, Validations, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { Monitoring, type MonitoringProps } from '../constructs/monitoring.ts';

export type MonitoringStackProps = StackProps & MonitoringProps;

/**
 * Alarms, their SNS topic and the operations dashboard (see the Monitoring construct), in a stack
 * of their own: the API stack stays well below CloudFormation's 500 resources, and the alarms
 * name the API functions by their literal names, so no export ties a route's function to this
 * stack. Deployed after the stacks it watches.
 */
export class MonitoringStack extends Stack {
  readonly monitoring: Monitoring;

  constructor(scope: Construct, id: string, props: MonitoringStackProps) {
    super(scope, id, props);
    this.monitoring = new Monitoring(this, 'Monitoring', props);
    Validations.of(this.monitoring.topic).acknowledge({
      id: 'AwsSolutions-SNS2',
      reason:
        'Alarm notifications carry alarm names and states only, no data. CloudWatch alarms cannot publish to a ' +
        'topic encrypted with the AWS managed SNS key, and a customer managed key (with a key policy for ' +
        'CloudWatch) would cost more than the information is worth. The topic enforces TLS (SNS3).',
    });
  }
}
