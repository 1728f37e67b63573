/** Versioned workflow definitions: create (validated by the engine), read, list. */
export { createDefinition } from "./create-definition";
export { findDefinition, getDefinitionOrThrow, listDefinitionVersions, listDefinitionVersionsPage, listLatestDefinitions } from "./get-definition";
export { listDefinitionsPage, DEFINITIONS_PAGE_BYTES } from "./list-definitions";
export { toDefinitionResponse, type DefinitionResponse } from "./definition-response";
