/** Filters: the where/select vocabulary over cases, compiled to parameterised SQL, and their storage. */
export { validateFilterQuery, compileFilterQuery, type CompiledFilter } from "./compile-filter-query";
export { runFilterQuery, type FilterPage, type RunFilterOptions } from "./run-filter-query";
export { createFilter, listFilters, listFiltersPage, getFilterOrThrow, toFilterResponse, type FilterResponse } from "./filter-store";
export { FILTER_ENTITIES, type FilterEntity, type FilterQuery } from "./types";
export type { FilterOrder } from "./cursor";
