import type { OpenAPIObject } from '@nestjs/swagger';
import { operationsOf, type DocumentedOperation } from '../../src/api-docs/api-document';

/** `GET /api/jobs/applications/:jobId|:applicationId` (the route table) and `GET /api/jobs/applications/{jobId}` (the document) alike. */
export const routeShape = (route: string) => route.replace(/:[\w|:]+|\{\w+\}/g, '{}');

/** The operation of the API document that a route of the route table is (a HEAD route: its GET's); none for a retired route. */
export function operationOfRoute(document: OpenAPIObject): (route: string) => DocumentedOperation | undefined {
  const byShape = new Map(operationsOf(document).map(({ method, path, operation }) => [routeShape(`${method.toUpperCase()} ${path}`), operation]));
  return (route) => byShape.get(routeShape(route.replace(/^HEAD /, 'GET ')));
}
