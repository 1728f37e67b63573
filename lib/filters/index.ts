/** Filters: the where/select vocabulary over cases, compiled to parameterised SQL, and their storage. */
export { validateFilterQuery, compileFilterQuery, type CompiledFilter } from "./compile-filter-query";
export { runFilterQuery, type FilterPage, type RunFilterOptions } from "./run-filter-query";
export { filterMatch } from "./filter-match";
export { createFilter, listFilters, listFiltersPage, getFilterOrThrow, toFilterResponse, type FilterResponse, type NewFilterInput } from "./filter-store";
export { createFilterFor, updateFilterFor, type FilterPatch } from "./manage-filters";
export { FILTER_ENTITIES, type FilterEntity, type FilterQuery, type QueueAssignment } from "./types";
export type { FilterOrder } from "./cursor";
