import type { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { routes } from '#shared/routes';
import { apiTemplate, buildTestApp } from './test-app.ts';

/*
 * The deployment's four-eyes setting: on unless context `fourEyes=off`, which reaches every route
 * function as FOUR_EYES=off; a mistyped value stops the synth rather than silently turning it off.
 */
type Fn = { Properties: { Environment?: { Variables?: Record<string, string> } } };
const variablesOf = (template: Template) =>
  (Object.values(template.findResources('AWS::Lambda::Function')) as unknown as Fn[]).map(
    (fn) => fn.Properties.Environment?.Variables ?? {},
  );

describe('four eyes setting', () => {
  it('leaves FOUR_EYES unset, so on, by default and when the context says on', () => {
    for (const context of [{}, { fourEyes: 'on' }]) {
      const variables = variablesOf(apiTemplate(buildTestApp(context).api));
      expect(variables.filter((each) => 'FOUR_EYES' in each)).toEqual([]);
    }
  });

  it('sets FOUR_EYES=off on every route function when the context asks', () => {
    const off = variablesOf(apiTemplate(buildTestApp({ fourEyes: 'off' }).api)).filter(
      (variables) => variables.FOUR_EYES === 'off',
    );
    expect(off.length).toBeGreaterThanOrEqual(routes.length);
  });

  it('refuses a value it does not know', () => {
    expect(() => buildTestApp({ fourEyes: 'no' })).toThrow(/'on' or 'off'/);
  });
});
