import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Code } from '@chakra-ui/react/code';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import type { JsonSchema } from '../api/get-api-description';

/** Looks a `$ref` up in the document's components. */
export type Resolve = (schema: JsonSchema) => JsonSchema;

/** Past this depth a nested object is named, not spelled out. */
const MAX_DEPTH = 4;

const isNull = (schema: JsonSchema) => schema.type === 'null';

/** A schema's type in words: `string`, `array of integer`, `number or string or null`. */
export const typeInWords = (schema: JsonSchema, resolve: Resolve): string => {
  const resolved = resolve(schema);
  const alternatives = resolved.anyOf ?? resolved.oneOf;
  if (alternatives) return alternatives.map((alternative) => typeInWords(alternative, resolve)).join(' or ');
  if (resolved.const !== undefined) return JSON.stringify(resolved.const);
  if (Array.isArray(resolved.type)) return resolved.type.join(' or ');
  if (resolved.type === 'array') return resolved.items ? `array of ${typeInWords(resolved.items, resolve)}` : 'array';
  if (resolved.type) return resolved.format ? `${resolved.type} (${resolved.format})` : resolved.type;
  if (resolved.properties) return 'object';
  return 'any';
};

/** What the schema allows beyond its type, in short words. */
const constraintsOf = (schema: JsonSchema): string[] => {
  const said: string[] = [];
  if (schema.enum) said.push(`one of ${schema.enum.map((value) => JSON.stringify(value)).join(', ')}`);
  if (schema.minLength !== undefined || schema.maxLength !== undefined)
    said.push(`${schema.minLength ?? 0} to ${schema.maxLength ?? '∞'} characters`);
  if (schema.minimum !== undefined) said.push(`at least ${schema.minimum}`);
  if (schema.maximum !== undefined) said.push(`at most ${schema.maximum}`);
  if (schema.minItems !== undefined) said.push(`at least ${schema.minItems} items`);
  if (schema.maxItems !== undefined) said.push(`at most ${schema.maxItems} items`);
  if (schema.pattern) said.push(`matches ${schema.pattern}`);
  if (schema.default !== undefined) said.push(`default ${JSON.stringify(schema.default)}`);
  return said;
};

/** The object a schema holds fields of, if any: itself, its array's items, or its one non-null alternative. */
const objectWithin = (schema: JsonSchema, resolve: Resolve): JsonSchema | undefined => {
  const resolved = resolve(schema);
  if (resolved.properties) return resolved;
  if (resolved.type === 'array' && resolved.items) return objectWithin(resolved.items, resolve);
  const alternatives = (resolved.anyOf ?? resolved.oneOf)?.filter((alternative) => !isNull(resolve(alternative)));
  return alternatives?.length === 1 ? objectWithin(alternatives[0]!, resolve) : undefined;
};

export interface FieldRow {
  name: string;
  schema: JsonSchema;
  required?: boolean;
  /** Where a parameter goes: path, query, header. */
  where?: string;
  description?: string;
}

/** Named values (parameters, an object's fields), one row each, nested objects below their field. */
export const FieldList = ({ rows, resolve, depth = 0 }: { rows: FieldRow[]; resolve: Resolve; depth?: number }) => (
  <Stack as="ul" gap="2" listStyleType="none" pl={depth > 0 ? '4' : '0'} borderLeftWidth={depth > 0 ? '2px' : '0'}>
    {rows.map((row) => {
      const schema = resolve(row.schema);
      const nested = depth < MAX_DEPTH ? objectWithin(schema, resolve) : undefined;
      const description = row.description ?? schema.description;
      const constraints = constraintsOf(schema);
      return (
        <Box as="li" key={`${row.where ?? ''}${row.name}`}>
          <HStack gap="2" wrap="wrap">
            <Code fontSize="sm" fontWeight="semibold">
              {row.name}
            </Code>
            <Text fontSize="sm" color="fg.muted">
              {typeInWords(schema, resolve)}
            </Text>
            {row.where && (
              <Badge size="sm" variant="outline">
                {row.where}
              </Badge>
            )}
            {row.required && (
              <Badge size="sm" colorPalette="orange" variant="subtle">
                required
              </Badge>
            )}
          </HStack>
          {description && <Text fontSize="sm">{description}</Text>}
          {constraints.length > 0 && (
            <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
              {constraints.join('; ')}
            </Text>
          )}
          {nested && <SchemaFields schema={nested} resolve={resolve} depth={depth + 1} />}
        </Box>
      );
    })}
  </Stack>
);

/** An object schema's fields. */
const SchemaFields = ({ schema, resolve, depth }: { schema: JsonSchema; resolve: Resolve; depth: number }) => {
  const required = new Set(schema.required ?? []);
  const rows = Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    schema: property,
    required: required.has(name),
  }));
  return rows.length > 0 ? <FieldList rows={rows} resolve={resolve} depth={depth} /> : null;
};

/** A body's schema: its fields when it is an object (or a list of them), else its type in words. */
export const SchemaView = ({ schema, resolve }: { schema: JsonSchema; resolve: Resolve }) => {
  const resolved = resolve(schema);
  const object = objectWithin(resolved, resolve);
  return (
    <Stack gap="2">
      {(!object || resolved.type === 'array') && (
        <Text fontSize="sm" color="fg.muted">
          {typeInWords(resolved, resolve)}
        </Text>
      )}
      {object && <SchemaFields schema={object} resolve={resolve} depth={0} />}
    </Stack>
  );
};
