import { expectTypeOf, it } from "vitest";
import type { Describes } from "@/lib/api-contract/shapes";
import type { DefinitionResponse } from "@/lib/definitions/definition-response";
import type { listDefinitionVersionsPage } from "@/lib/definitions/get-definition";
import type { FilterPage, FilterResponse } from "@/lib/filters";
import type { SecretInfo } from "@/lib/secrets";
import type { HistoryEntry, runtimeHistoryPage } from "@/lib/runtime/history-view";
import type { RuntimeView } from "@/lib/runtime/runtime-view";
import type { JobView, listFailedJobs } from "@/lib/jobs/failed-jobs";
import type { listNotes, NoteView } from "@/lib/notes";
import type { DocumentAnswer, listDocumentVersions } from "@/lib/runtime/documents";
import type * as d from "./documents";
import type * as j from "./jobs";
import type * as n from "./notes";
import type * as r from "./responses";
import type * as rt from "./runtimes";

/*
 * The response schemas of the OpenAPI document describe what the handlers answer with: checked by the type
 * checker (`npm run typecheck`), here rather than in the schemas so that lib/api imports no domain module
 * for it. A field added to a view and not to its schema is a type error.
 */
type Answer<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;

it("response schemas describe the types the handlers answer with", () => {
  expectTypeOf<Describes<RuntimeView, typeof rt.runtimeResponseSchema>>().toEqualTypeOf<true>();
  expectTypeOf<Describes<{ data: RuntimeView[]; nextCursor: string | null }, typeof rt.runtimePageSchema>>().toEqualTypeOf<true>();
  expectTypeOf<Describes<HistoryEntry, typeof rt.historyEntrySchema>>().toEqualTypeOf<true>();
  expectTypeOf<Describes<Answer<typeof runtimeHistoryPage>, typeof rt.historyPageSchema>>().toEqualTypeOf<true>();
  // `definitionType` is a string in code; `statechart-json` is the only one a definition is created with.
  type StoredDefinition = Omit<DefinitionResponse, "definitionType"> & { definitionType: "statechart-json" };
  expectTypeOf<Describes<StoredDefinition, typeof r.definitionResponseSchema>>().toEqualTypeOf<true>();
  expectTypeOf<Describes<Answer<typeof listDefinitionVersionsPage>, typeof r.definitionVersionsResponseSchema>>().toEqualTypeOf<true>();
  expectTypeOf<Describes<FilterResponse, typeof r.filterResponseSchema>>().toEqualTypeOf<true>();
  expectTypeOf<Describes<FilterPage, typeof r.filterCasesResponseSchema>>().toEqualTypeOf<true>();
  expectTypeOf<Describes<SecretInfo, typeof r.secretInfoSchema>>().toEqualTypeOf<true>();
  expectTypeOf<Describes<DocumentAnswer, typeof d.documentChangeResponseSchema>>().toEqualTypeOf<true>();
  expectTypeOf<Describes<{ data: Answer<typeof listDocumentVersions> }, typeof d.documentVersionsResponseSchema>>().toEqualTypeOf<true>();
  expectTypeOf<Describes<NoteView, typeof n.noteSchema>>().toEqualTypeOf<true>();
  expectTypeOf<Describes<Answer<typeof listNotes>, typeof n.notePageSchema>>().toEqualTypeOf<true>();
  expectTypeOf<Describes<JobView, typeof j.jobSchema>>().toEqualTypeOf<true>();
  expectTypeOf<Describes<Answer<typeof listFailedJobs>, typeof j.jobPageSchema>>().toEqualTypeOf<true>();
});
