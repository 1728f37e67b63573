/** Request schemas: the single source for request validation and for the OpenAPI document. */
export { runRequestSchema, documentSchema, entitySchema, subscriptionSchema, workflowConfigSchema, type RunRequest, type WorkflowConfig } from "./run";
export { sendEventRequestSchema, type SendEventRequest } from "./send-event";
export { listWorkflowsQuerySchema, type ListWorkflowsQuery } from "./list-workflows";
export { createFilterRequestSchema, filterQuerySchema, filterCasesQuerySchema, listFiltersQuerySchema, queueAssignmentSchema, updateFilterRequestSchema, type CreateFilterRequest, type FilterCasesQuery, type ListFiltersQuery, type UpdateFilterRequest } from "./filters";
export { bindSecretRequestSchema, putSecretRequestSchema, secretNameSchema, listSecretsQuerySchema, SECRET_VALUE_MAX_BYTES, type PutSecretRequest, type ListSecretsQuery } from "./secrets";
export { createDefinitionRequestSchema, getDefinitionQuerySchema, listDefinitionsQuerySchema, listVersionsQuerySchema, type CreateDefinitionRequest, type ListDefinitionsQuery, type ListVersionsQuery } from "./definitions";
export { historyQuerySchema, type HistoryQuery } from "./history";
export { limitParam, longLimitParam, cursorParam } from "./common";
