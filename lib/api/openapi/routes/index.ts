import type { RouteGroup, RouteSpec } from "../../../api-contract/route-spec";
import { WEBHOOK_ROUTES } from "../../../webhooks/openapi-routes";
import { AUDIT_ROUTES } from "./audit-events";
import { BULK_OPERATION_ROUTES } from "./bulk-operations";
import { DEFINITION_ROUTES } from "./definitions";
import { DOCUMENT_ROUTES } from "./documents";
import { FILTER_ROUTES } from "./filters";
import { JOB_ROUTES } from "./jobs";
import { META_ROUTES } from "./meta";
import { NOTE_ROUTES } from "./notes";
import { SECRET_ROUTES } from "./secrets";
import { TEAM_ROUTES } from "./teams";
import { WORKFLOW_ROUTES } from "./workflows";

/** Every documented route group, in documentation order: each part of the service exports its own. */
export const ROUTE_GROUPS: RouteGroup[] = [WORKFLOW_ROUTES, DOCUMENT_ROUTES, NOTE_ROUTES, DEFINITION_ROUTES, FILTER_ROUTES, BULK_OPERATION_ROUTES, TEAM_ROUTES, SECRET_ROUTES, WEBHOOK_ROUTES, JOB_ROUTES, AUDIT_ROUTES, META_ROUTES];

/** One documented operation with the tag of its group. */
export type ApiRoute = RouteSpec & { tag: string };

/** Every endpoint under /api (v1 and health), in documentation order. */
export const API_ROUTES: ApiRoute[] = ROUTE_GROUPS.flatMap((group) => group.routes.map((route) => ({ ...route, tag: group.tag })));
