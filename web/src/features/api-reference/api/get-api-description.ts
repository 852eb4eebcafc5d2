import type { Access } from '#shared/routes';
import { useApiQuery } from '#web/lib/api-query.ts';

/** The parts of a JSON Schema the reference shows. */
export interface JsonSchema {
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: boolean | JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  $ref?: string;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}

export interface MediaContent {
  schema?: JsonSchema;
}

export interface Response {
  description?: string;
  headers?: Record<string, { description?: string }>;
  content?: Record<string, MediaContent>;
  $ref?: string;
}

export interface Operation {
  operationId: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, MediaContent> };
  responses: Record<string, Response>;
  security?: Record<string, string[]>[];
  'x-access'?: Access;
}

/** An OpenAPI 3.1 document, as far as the reference reads it. */
export interface ApiDescription {
  openapi: string;
  info: { title: string; version: string; description?: string };
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components?: {
    schemas?: Record<string, JsonSchema>;
    responses?: Record<string, Response>;
  };
}

/** Where scripts fetch the description from; the page offers the same address to download. */
export const API_DESCRIPTION_URL = '/api/openapi.json';

/** GET /api/openapi.json: the API description the server ships. */
export const useApiDescription = () => {
  // It changes only with a new version of the app.
  const { data, error, isLoading, reload } = useApiQuery<ApiDescription>('/openapi.json', {
    revalidateOnFocus: false,
  });
  return { description: data, error, isLoading, reload };
};
