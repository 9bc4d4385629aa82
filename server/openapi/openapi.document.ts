import * as z from 'zod/mini';
import { errorReplySchema } from '../../api/contract/envelope.ts';
import { errorCodesOf, type Operation, operationGroups, operations } from '../../api/contract/operations.ts';

/**
 * The OpenAPI 3.1 document of every /api call (spec §7), generated from the table of calls in
 * api/contract/operations.ts with zod's own JSON Schema output: nothing here restates a schema.
 * Schemas are written for the input side (`io: 'input'`): a request as the server accepts it, a reply
 * as the SPA accepts it (defaults optional, unknown fields allowed: the SPA's z.object drops them).
 * Refinements JSON Schema cannot say (a URL that parses, a whole number) stay as their base type.
 */

type JsonSchema = Record<string, unknown>;

function jsonSchemaOf(schema: z.ZodMiniType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'input',
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

/** The failure envelope with status.code narrowed to the backend codes this call documents. */
function errorSchemaOf(operation: Operation): JsonSchema {
  const schema = jsonSchemaOf(operation.errorReply ?? errorReplySchema);
  const properties = schema.properties as { status: { properties: Record<string, JsonSchema> } };
  properties.status.properties.code = { type: 'number', enum: [...new Set(errorCodesOf(operation))] };
  return schema;
}

const json = (schema: JsonSchema) => ({ 'application/json': { schema } });

function parametersOf(operation: Operation) {
  const query = operation.method === 'GET' ? jsonSchemaOf(operation.request) : undefined;
  if (!query) {
    // A POST's clientId travels in the query too (server/http/validate.ts postInput).
    const clientId = (jsonSchemaOf(operation.request).properties as Record<string, JsonSchema>).clientId;
    return [{ name: 'clientId', in: 'query', required: true, schema: clientId }];
  }
  const required = new Set((query.required as string[] | undefined) ?? []);
  return Object.entries((query.properties as Record<string, JsonSchema> | undefined) ?? {}).map(
    ([name, schema]) => ({
      name,
      in: 'query',
      required: required.has(name),
      ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
      schema,
    }),
  );
}

function responsesOf(operation: Operation) {
  const failure = {
    description: `The error envelope; status.code is one of ${errorCodesOf(operation).length} backend codes (spec §8).`,
    content: json(errorSchemaOf(operation)),
  };
  if (operation.reply === 'redirect') {
    // A navigation, not a call: the browser is shown a page when it cannot go on.
    const page = {
      description: 'An HTML page naming the problem.',
      content: { 'text/html': { schema: { type: 'string' } } },
    };
    return {
      302: {
        description: 'The browser goes on to the next step of the sign-in.',
        headers: { Location: { required: true, schema: { type: 'string' } } },
      },
      '4XX': page,
    };
  }
  const success = {
    description: 'Success: `{ status, data }`.',
    content: json(jsonSchemaOf(operation.reply)),
  };
  return { 200: success, '4XX': failure, '5XX': failure };
}

const operationIdOf = (operation: Operation) =>
  `${operation.method.toLowerCase()}${operation.path
    .replace(/^\/api/, '')
    .replace(/[^A-Za-z0-9]+(.)?/g, (_, next: string | undefined) => (next ?? '').toUpperCase())}`;

export function openApiDocument(serverUrl?: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of operations) {
    const entry = {
      operationId: operationIdOf(operation),
      summary: operation.summary,
      tags: [operation.group],
      parameters: parametersOf(operation),
      ...(operation.method === 'POST'
        ? { requestBody: { required: true, content: json(jsonSchemaOf(operation.request)) } }
        : {}),
      responses: responsesOf(operation),
    };
    paths[operation.path] = { ...paths[operation.path], [operation.method.toLowerCase()]: entry };
  }
  return {
    openapi: '3.1.1',
    info: {
      title: 'Foyer sign-in API',
      version: '1',
      description:
        'Every call the Foyer sign-in page makes (spec §7). Cookies carry the browser session; ' +
        'docs/integration.md says how a platform answers these calls from its own backend. ' +
        'The OAuth 2.0 and OpenID Connect endpoints are described by /.well-known/openid-configuration.',
    },
    ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
    tags: Object.entries(operationGroups).map(([name, group]) => ({ name, description: group.title })),
    paths,
  };
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>;
