/** A definition whose `start` is one transition and nothing else: no plugin, no timer, no webhook. */
export const PLAIN_DEFINITION = {
  id: "bench_plain_transition",
  name: "Bench: one plain transition",
  definitionType: "statechart-json",
  definition: { id: "bench_plain_transition_v1", initial: "idle", states: { idle: { on: { start: "review" } }, review: { on: { approve: "done" } }, done: { type: "final" } } },
};
