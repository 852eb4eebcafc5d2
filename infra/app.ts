/**
 * CDK entry point (`cdk.json` runs `npx tsx infra/app.ts`): `npm run synth`, `npm run deploy`.
 * Everything is in build-app.ts so the tests build exactly the same app.
 */
import { buildApp } from './build-app.ts';

buildApp().app.synth();
