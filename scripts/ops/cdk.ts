/**
 * `npm run deploy`, `npm run destroy`, `npm run deploy:localstack`: the CDK CLI with the stage and
 * region settled first (docs/DEPLOY.md).
 *
 *   npm run deploy [-- --stage prod --region eu-west-1 -c alarmEmail=ops@example.com ...]
 *   npm run destroy [-- --stage dev-alice]          dev stages only (`dev`, `dev-*`)
 *   npm run deploy:localstack                       into a running LocalStack through cdklocal
 *
 * Stage: `--stage`, else STAGE, else cdk.json's context (`dev`). Region: `--region`, else
 * CDK_DEFAULT_REGION / AWS_REGION (the profile's region). Every other argument goes to `cdk`
 * (`-c key=value`, `--require-approval never`, a stack name ...). Deploying builds the SPA first;
 * the Web stack uploads it and invalidates CloudFront's `/app/*`.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDevStage } from '../../infra/stacks/data-stack.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);

/** `--stage x` / `--stage=x` taken out of the arguments. */
const takeOption = (args: string[], name: string): string | undefined => {
  const index = args.findIndex((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`));
  if (index < 0) return undefined;
  const [arg] = args.splice(index, 1);
  if (arg!.includes('=')) return arg!.slice(name.length + 3);
  const [value] = args.splice(index, 1);
  if (!value) throw new Error(`--${name} needs a value`);
  return value;
};

const run = (command: string, args: string[], env: NodeJS.ProcessEnv = process.env): void => {
  console.log(`> ${path.basename(command)} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

const [mode, ...rest] = process.argv.slice(2);
const args = [...rest];
const cdkJson = JSON.parse(readFileSync(path.join(root, 'cdk.json'), 'utf8')) as { context: { stage?: string } };
const stage = takeOption(args, 'stage') ?? process.env.STAGE ?? cdkJson.context.stage ?? 'dev';
const region = takeOption(args, 'region') ?? process.env.CDK_DEFAULT_REGION ?? process.env.AWS_REGION;
const context = ['-c', `stage=${stage}`, ...(region ? ['-c', `region=${region}`] : [])];
const buildWeb = () => run(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/build-web.ts')]);

switch (mode) {
  case 'deploy':
    console.log(`Deploying stage '${stage}'${region ? ` to ${region}` : ''}.`);
    buildWeb();
    run(bin('cdk'), ['deploy', '--all', ...context, ...args]);
    break;
  case 'destroy':
    if (!isDevStage(stage)) {
      console.error(
        `Refusing to destroy stage '${stage}': only dev stages ('dev', 'dev-<name>') are destroyed by a command. ` +
          'Other stages keep their table and buckets (RemovalPolicy.RETAIN, deletion protection); see docs/OPERATIONS.md.',
      );
      process.exit(1);
    }
    run(bin('cdk'), ['destroy', '--all', ...context, ...args]);
    break;
  case 'localstack': {
    // cdklocal points the CDK CLI at LocalStack (AWS_ENDPOINT_URL, default http://localhost:4566);
    // context `localstack` gives the functions path-style S3 and LocalStack's endpoint.
    const env = {
      AWS_ACCESS_KEY_ID: 'test',
      AWS_SECRET_ACCESS_KEY: 'test',
      AWS_REGION: region ?? 'us-east-1',
      ...process.env,
    };
    const localContext = [...context, '-c', 'localstack=true', ...(region ? [] : ['-c', 'region=us-east-1'])];
    buildWeb();
    run(bin('cdklocal'), ['bootstrap', ...localContext], env);
    run(bin('cdklocal'), ['deploy', '--all', '--require-approval', 'never', ...localContext, ...args], env);
    break;
  }
  default:
    console.error(
      'Usage: tsx scripts/ops/cdk.ts deploy|destroy|localstack [--stage <stage>] [--region <region>] [cdk arguments]',
    );
    process.exit(1);
}
