/**
 * A construct id from a handler path, job name or label: its words joined in PascalCase
 * ('auth/login' -> 'AuthLogin', 'list-batch-parts' -> 'ListBatchParts'). Ids must stay the same
 * from one synth to the next, or CloudFormation replaces the resources.
 */
export const constructIdFor = (name: string): string =>
  name
    .split(/[^A-Za-z0-9]+/)
    .filter((part) => part.length > 0)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
