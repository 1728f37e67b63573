/** Request schemas: the single source for request validation and for the OpenAPI document. */
export { runRequestSchema, documentSchema, entitySchema, subscriptionSchema, workflowConfigSchema, type RunRequest, type WorkflowConfig } from "./run";
export { sendEventRequestSchema, type SendEventRequest } from "./send-event";
export { listWorkflowsQuerySchema, type ListWorkflowsQuery } from "./list-workflows";
export { createFilterRequestSchema, filterQuerySchema, filterCasesQuerySchema, type CreateFilterRequest, type FilterCasesQuery } from "./filters";
export { putSecretRequestSchema, secretNameSchema, SECRET_VALUE_MAX_BYTES, type PutSecretRequest } from "./secrets";
export { createDefinitionRequestSchema, getDefinitionQuerySchema, listDefinitionsQuerySchema, type CreateDefinitionRequest, type ListDefinitionsQuery } from "./definitions";
export { limitParam, cursorParam } from "./common";
