import type { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { routes } from '#shared/routes';
import { apiTemplate, buildTestApp } from './test-app.ts';

/*
 * The deployment's second-factor setting: context `secondFactorRequiredFor=admins` reaches every
 * route function (the check runs before any admin route), and a mistyped value stops the synth
 * rather than silently leaving administrators without the requirement.
 */
type Fn = { Properties: { Environment?: { Variables?: Record<string, string> } } };
const variablesOf = (template: Template) =>
  (Object.values(template.findResources('AWS::Lambda::Function')) as unknown as Fn[]).map(
    (fn) => fn.Properties.Environment?.Variables ?? {},
  );

describe('second factor setting', () => {
  it('sets SECOND_FACTOR_REQUIRED_FOR=admins on every route function when the context asks', () => {
    const required = variablesOf(apiTemplate(buildTestApp({ secondFactorRequiredFor: 'admins' }).api)).filter(
      (variables) => variables.SECOND_FACTOR_REQUIRED_FOR === 'admins',
    );
    expect(required.length).toBeGreaterThanOrEqual(routes.length);
    const optional = variablesOf(apiTemplate(buildTestApp().api));
    expect(optional.filter((variables) => 'SECOND_FACTOR_REQUIRED_FOR' in variables)).toEqual([]);
  });

  it('refuses a value it does not know', () => {
    expect(() => buildTestApp({ secondFactorRequiredFor: 'everyone' })).toThrow(/'optional' or 'admins'/);
  });
});
